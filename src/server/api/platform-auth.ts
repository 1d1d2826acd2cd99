/**
 * The platform API's check (docs/merchant-api.md "Platform API") — cross-cutting edge code, not a
 * feature: the platform routes of several features (store applications, coupons, ledger) use it.
 * `Authorization: <PLATFORM_API_TOKEN>` (a `Bearer ` prefix is accepted), compared in constant
 * time; a missing or wrong token, or none configured, answers A00004.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Context, Next } from "hono";
import { ResponseCode } from "../../lib/api-types.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError } from "./envelope.ts";
import { sentToken } from "./kit.ts";

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Constant-time comparison of the sent token with the configured one; "" (not configured) never matches. */
export function platformTokenOk(sent: string, expected: string): boolean {
  if (!expected || !sent) return false;
  return timingSafeEqual(digest(sent), digest(expected));
}

/** Middleware for /platform/* routes. */
export async function requirePlatform(c: Context<ApiEnv>, next: Next): Promise<void> {
  const sent = sentToken(c);
  if (!platformTokenOk(sent, c.var.app.config.platformApiToken))
    throw new ApiError(ResponseCode.UNAUTHORIZED, c.var.t("api.unauthorized"));
  await next();
}
