// @ts-check
/**
 * A build-time change to Astro's CSP hashing (docs/performance.md "Uncached renders").
 *
 * For the CSP <meta> of every page it renders, Astro hashes the page's inline scripts and styles
 * (`generateCspDigest` in astro/dist/core/encryption.js): about sixteen UTF-8 encodings and
 * SHA-256 digests per request of texts that are the same for every render of a build, ~2 % of the
 * CPU of a product page nobody asked for yet. The plugin keeps each text's digest (the promise,
 * so concurrent renders share one) in a map per algorithm, bounded: texts over 64 KB are not kept,
 * and the map starts over at 512 texts (server islands hash texts that differ per render). A
 * digest that fails is forgotten. It throws at build time when the code it rewrites is not found
 * (an Astro upgrade): tests/unit/astro-csp-digests.test.ts checks the installed Astro.
 */

import { astroRewritePlugin } from "./astro-rewrite-plugin.mjs";

const ENCRYPTION_FILE = /astro[\\/]dist[\\/]core[\\/]encryption\.js$/;
const DECLARE = "async function generateCspDigest(data, algorithm) {";

/** Texts kept per algorithm before the map starts over, and the longest text kept. */
export const CSP_DIGESTS_MAX = 512;
export const CSP_DIGEST_MAX_CHARS = 64 * 1024;

/**
 * Rewrites the source of Astro's encryption.js; throws when it does not hold the expected code.
 * @param {string} code
 * @returns {string}
 */
export function keepCspDigests(code) {
  if (!code.includes(DECLARE) || !/\bgenerateCspDigest,/.test(code))
    throw new Error(
      "astro-csp-digests: Astro's generateCspDigest is not what scripts/astro-csp-digests.mjs expects (an Astro upgrade?)",
    );
  return code.replace(
    DECLARE,
    `const keptCspDigests = new Map();
function generateCspDigest(data, algorithm) {
  if (typeof data !== "string" || data.length > ${CSP_DIGEST_MAX_CHARS}) return digestCspText(data, algorithm);
  let kept = keptCspDigests.get(algorithm);
  if (!kept) keptCspDigests.set(algorithm, (kept = new Map()));
  let digest = kept.get(data);
  if (digest === undefined) {
    if (kept.size >= ${CSP_DIGESTS_MAX}) kept.clear();
    digest = digestCspText(data, algorithm);
    kept.set(data, digest);
    const mine = digest;
    digest.catch(() => {
      if (kept.get(data) === mine) kept.delete(data);
    });
  }
  return digest;
}
async function digestCspText(data, algorithm) {`,
  );
}

/** @returns {import("vite").Plugin} */
export function astroCspDigests() {
  return astroRewritePlugin("mall:astro-csp-digests", [[ENCRYPTION_FILE, keepCspDigests]]);
}
