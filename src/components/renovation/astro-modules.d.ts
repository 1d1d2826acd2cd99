/**
 * For plain `tsc` only: it cannot read .astro files, so imports of them in .ts files (the
 * container-API render tests, *.astro.test.ts) get this type. `astro check` resolves the real
 * components first and types their props; this wildcard never applies there.
 */
declare module "*.astro" {
  import type { AstroComponentFactory } from "astro/runtime/server/index.js";
  const Component: AstroComponentFactory;
  export default Component;
}
