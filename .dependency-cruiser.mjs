/**
 * Import rules of the code layout (docs/architecture.md "Code layout"). Checked by
 * `npm run check` (depcruise) and by tests/unit/architecture.test.ts in the test suite.
 */

/**
 * The feature folders of src/server/domain, bottom first: a feature imports only features listed
 * before it, so the folders form no cycle (docs/architecture.md "Code layout"). A lower feature
 * never imports a higher one back: where it must reach up (run a job, settle a payment, react to
 * an event) it offers a registry the higher one fills at load (registerJobHandler,
 * registerPaymentPurpose, registerOrderSettlement). A new folder takes its place here
 * (tests/unit/architecture.test.ts fails on a folder missing from the list).
 */
export const DOMAIN_FEATURES = [
  // what every feature shares, and the job runner (knows no job kinds)
  "kernel",
  "jobs",
  // places, files and the catalogue
  "address",
  "image",
  "upload",
  "flow-analysis",
  "catalog",
  "product",
  "shop",
  "renovation",
  "review",
  "collection",
  "footprint",
  "invoice",
  // money: payments, points and balance, prices and the offers that change them
  "payment",
  "points",
  "balance",
  "ledger",
  "pricing",
  "member",
  "coupon",
  "discount",
  "cart",
  // buying and what follows it
  "order",
  "refund",
  "flash-sale",
  "group-buy",
  "points-mall",
  // people: applications, accounts, merchants, chat
  "store-application",
  "account",
  "merchant",
  "chat",
  // what pages read, over every feature
  "content",
];

const domainFeatureOrder = DOMAIN_FEATURES.slice(0, -1).map((feature, i) => ({
  name: `domain-feature-order-${feature}`,
  severity: "error",
  comment: `Domain features import only features below them (DOMAIN_FEATURES): ${feature} may not import ${DOMAIN_FEATURES.slice(i + 1).join(", ")}. Move the shared piece down (kernel) or let the higher feature register with ${feature}.`,
  from: { path: `^src/server/domain/${feature}/` },
  to: { path: `^src/server/domain/(${DOMAIN_FEATURES.slice(i + 1).join("|")})/` },
}));

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
    {
      name: "pages-read-through-content",
      severity: "error",
      comment:
        'A page reads data through getAppContext().content (the read models, kept by tag; content.live, read on every render) and holds no database handle: it imports no database module (docs/architecture.md "How a page reads data").',
      from: { path: "^src/(pages|components|layouts)/" },
      to: {
        path: "^src/server/db/|(^|/)node_modules/(drizzle-orm|postgres|@electric-sql/pglite)/",
        dependencyTypesNot: ["type-only"],
      },
    },
    ...domainFeatureOrder,
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|\\.astro)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mjs", ".js"] },
  },
};
