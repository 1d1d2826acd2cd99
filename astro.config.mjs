// @ts-check
import { defineConfig } from "astro/config";
import node from "@astrojs/node";
import react from "@astrojs/react";
import { astroCspDigests } from "./scripts/astro-csp-digests.mjs";
import { astroPageEncoding } from "./scripts/astro-page-encoding.mjs";

export default defineConfig({
  output: "server",
  // main.ts owns the http server; Astro renders pages behind it (middleware mode).
  // Pages render from in-memory read models: one string per page instead of a stream of small
  // chunks (each encoded on its own) renders uncached pages faster (docs/performance.md).
  adapter: node({ mode: "middleware", experimentalDisableStreaming: true }),
  integrations: [react()],
  // Astro's built-in i18n: zh is the default locale without a prefix; /zh-tw and /en.
  // Routing is "manual": src/middleware.ts maps /zh-tw/* and /en/* onto the same pages and
  // answers 404 for any other locale-looking prefix (e.g. /fr/list).
  i18n: {
    locales: ["zh", "zh-tw", "en"],
    defaultLocale: "zh",
    routing: "manual",
  },
  security: {
    // Astro hashes its own scripts and styles into a CSP <meta> on every page: no unsafe-inline scripts.
    csp: {
      directives: ["default-src 'self'", "img-src 'self' data: blob:", "connect-src 'self'", "font-src 'self' data:"],
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: "attribute" }] },
    },
    checkOrigin: true,
  },
  build: { inlineStylesheets: "never" },
  compressHTML: true,
  vite: {
    // A page's HTML is UTF-8-encoded in pieces, not as one large string (docs/performance.md "Encoding a page");
    // the digests of its inline scripts and styles for the CSP are made once per text, not per render.
    plugins: [astroPageEncoding(), astroCspDigests()],
    ssr: { external: ["@electric-sql/pglite", "postgres", "sharp"] },
  },
});
