/**
 * Signed preview links for renovations (docs/decisions.md "Merchant preview of decorations").
 * The merchant platform opens /select-decorate?renovationId=&sid=&token=… to preview a draft;
 * the token is `<expiresAt epoch seconds>.<base64url HMAC-SHA256>` over
 * "renovation-preview:<renovationId>:<shopId>:<expiresAt>" with PREVIEW_SECRET
 * (config.previewSecret). Valid one hour by default.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const PREVIEW_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A token is refused when it claims to be valid for longer than this (guards against forged far-future tokens with a leaked old secret). */
const MAX_TTL_MS = 24 * 60 * 60 * 1000;

function signature(secret: string, renovationId: number, shopId: number, expSeconds: number): Buffer {
  return createHmac("sha256", secret).update(`renovation-preview:${renovationId}:${shopId}:${expSeconds}`).digest();
}

/** A token for previewing renovation `renovationId` of shop `shopId` (0 = platform) until `expiresAt`. */
export function createPreviewToken(
  secret: string,
  renovationId: number,
  shopId: number,
  expiresAt: Date | number,
): string {
  if (!secret) throw new Error("preview secret is empty");
  const expSeconds = Math.floor((expiresAt instanceof Date ? expiresAt.getTime() : expiresAt) / 1000);
  return `${expSeconds}.${signature(secret, renovationId, shopId, expSeconds).toString("base64url")}`;
}

/** true when `token` was made with `secret` for this renovation and shop and has not expired at `now`. */
export function verifyPreviewToken(
  secret: string,
  token: string | null | undefined,
  renovationId: number,
  shopId: number,
  now: Date | number = Date.now(),
): boolean {
  if (!secret || typeof token !== "string") return false;
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!m) return false;
  const expSeconds = Number(m[1]);
  const nowMs = now instanceof Date ? now.getTime() : now;
  if (expSeconds * 1000 <= nowMs || expSeconds * 1000 - nowMs > MAX_TTL_MS) return false;
  const given = Buffer.from(m[2]!, "base64url");
  const expected = signature(secret, renovationId, shopId, expSeconds);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The preview URL path the merchant platform opens (valid for `ttlMs`, default one hour). */
export function previewPath(
  secret: string,
  renovationId: number,
  shopId: number,
  now: number = Date.now(),
  ttlMs: number = PREVIEW_TOKEN_TTL_MS,
): string {
  const token = createPreviewToken(secret, renovationId, shopId, now + ttlMs);
  return `/select-decorate?renovationId=${renovationId}&sid=${shopId}&token=${encodeURIComponent(token)}`;
}
