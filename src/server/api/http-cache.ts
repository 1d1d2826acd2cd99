/**
 * Cache headers of public API answers — cross-cutting edge code, not a feature.
 */
import type { Context } from "hono";

/**
 * Marks a public, user-independent GET answer as cacheable for a minute. The answer depends on the
 * language (Accept-Language, or the lang cookie when that header is absent), hence Vary.
 * app.ts only sets no-store when the handler set nothing.
 */
export function cachePublic(c: Context, maxAgeSeconds = 60): void {
  c.header("Cache-Control", `public, max-age=${maxAgeSeconds}`);
  c.header("Vary", "Accept-Language, Cookie");
}
