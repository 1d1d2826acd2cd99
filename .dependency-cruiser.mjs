/**
 * Import rules of the code layout (docs/architecture.md "Code layout"). Checked by
 * `npm run check` (depcruise) and by tests/unit/architecture.test.ts in the test suite.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import cycles: let the lower module offer a registry or a parameter instead.",
      from: { path: "^(src|scripts)/" },
      to: { circular: true },
    },
    {
      name: "browser-never-imports-server",
      severity: "error",
      comment:
        "Islands, browser client, stores and page scripts run in the browser: pure rules both sides need live in src/lib.",
      from: { path: "^src/(islands|client|stores|scripts)/" },
      to: { path: "^src/server/" },
    },
    {
      name: "islands-are-browser-code",
      comment:
        "Everything under src/islands runs in the browser: what a page computes for its island (props, resources) lives in src/components.",
      severity: "error",
      from: { path: "^src/islands/" },
      to: { path: "^src/(components|pages|layouts)/|^src/i18n/(index|island-resources)\\.ts$" },
    },
    {
      name: "lib-imports-neither-side",
      severity: "error",
      comment: "src/lib is shared by browser and server and imports from neither.",
      from: { path: "^src/lib/" },
      to: { path: "^src/(server|islands|client|stores|components|pages|layouts)/" },
    },
    {
      name: "server-never-imports-browser",
      severity: "error",
      comment: "The server does not depend on islands, the browser client or stores.",
      from: { path: "^src/server/" },
      to: { path: "^src/(islands|client|stores|scripts)/" },
    },
    {
      name: "domain-has-no-http",
      severity: "error",
      comment: "Business rules (src/server/domain) do not depend on the HTTP layer (api, http).",
      from: { path: "^src/server/domain/" },
      to: { path: "^src/server/(api|http)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|\\.astro)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mjs", ".js"] },
  },
};
