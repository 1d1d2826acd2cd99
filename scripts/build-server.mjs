// Bundles the server process (src/server/main.ts and what it imports from src/) into
// dist/node/ so `npm run serve` starts plain Node without a TypeScript loader. Packages stay
// external (resolved from node_modules at run time); code loaded on demand (the demo seed) is
// split into its own chunk so a normal start does not load it. The image thread's entry
// (src/server/domain/image/image-thread.ts) is bundled beside it as image-thread.mjs.
import { build } from "esbuild";

await build({
  entryPoints: { main: "src/server/main.ts", "image-thread": "src/server/domain/image/image-thread.ts" },
  outdir: "dist/node",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node22",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
});
