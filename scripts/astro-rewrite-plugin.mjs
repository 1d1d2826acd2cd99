// @ts-check
/**
 * A Vite plugin that rewrites files of Astro's own code at build time (scripts/astro-page-encoding.mjs,
 * scripts/astro-csp-digests.mjs): each rewrite names the file it applies to and a function of its
 * source that throws when the code is not what it expects (an Astro upgrade).
 */

/**
 * @param {string} name
 * @param {[RegExp, (code: string) => string][]} rewrites
 * @returns {import("vite").Plugin}
 */
export function astroRewritePlugin(name, rewrites) {
  return {
    name,
    enforce: "pre",
    transform(code, id) {
      const file = id.split("?")[0] ?? "";
      for (const [pattern, rewrite] of rewrites) if (pattern.test(file)) return { code: rewrite(code), map: null };
      return null;
    },
  };
}
