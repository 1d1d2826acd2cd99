/**
 * Merchant accounts (docs/merchant-api.md) for the seller platform and the ops CLI. Their own
 * token: `Authorization: <accessToken>` of session kind "merchant" (a buyer token is refused
 * here, and a merchant token is refused on /p/ paths, which need kind "user").
 *   POST /merchant/login {username, password}          → {accessToken, expiresIn, shopId}
 *   POST /merchant/logout                               → null (always; revokes the token sent)
 * Everything else under /merchant/ needs the token (requireMerchant, installed by app.ts; A00004
 * without it) and is scoped to the token's shop. Those routes live with their features: orders
 * (order/shop-orders.ts), refunds, reviews, invoices, coupons, discounts, flash sales, group buys, chat.
 */
import { Hono, type Context, type Next } from "hono";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { controlFreeString } from "../../lib/rule-schemas.ts";
import { merchantLogin, merchantLogout } from "../domain/merchant/merchant.ts";
import type { MerchantEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { clientIp, parseJson, run, sentToken } from "./kit.ts";

type C = Context<MerchantEnv>;

const loginRule = z.object({
  username: controlFreeString("merchant.usernameRequired")
    .trim()
    .min(1, "merchant.usernameRequired")
    .max(64, "merchant.wrongCredentials"),
  password: z
    .string({ error: "merchant.passwordRequired" })
    .min(1, "merchant.passwordRequired")
    .max(128, "merchant.wrongCredentials"),
});

const PUBLIC = /\/merchant\/(login|logout)$/;

/** Middleware for /merchant/*: the merchant token's shop and session, or A00004 (login and logout need none). */
export async function requireMerchant(c: C, next: Next): Promise<void> {
  if (PUBLIC.test(c.req.path)) return next();
  const session = await c.var.app.buyers.merchantSession(sentToken(c), new Date());
  if (!session) throw new ApiError(ResponseCode.UNAUTHORIZED, c.var.t("api.unauthorized"));
  c.set("shopId", session.shopId);
  c.set("merchantSessionId", session.sessionId);
  await next();
}

export const merchantRouter = new Hono<MerchantEnv>();

merchantRouter.post("/merchant/login", async (c) => {
  const input = await parseJson(c, loginRule, { labels: "merchant" });
  return run(c, () => merchantLogin(c.var.app.db, { ...input, ip: clientIp(c), now: new Date() }));
});

merchantRouter.post("/merchant/logout", async (c) => {
  await merchantLogout(c.var.app.db, sentToken(c), new Date());
  return ok(c, null);
});
