/** Hot shops (CONTRACT §3.7). Head info: shop-index.ts; shop search: shop-list.ts. */
import { Hono } from "hono";
import { hotShopsQuery } from "../../lib/validation.ts";
import { getHotShops } from "../domain/shop/shop.ts";
import type { ApiEnv } from "./context.ts";
import { ok } from "./envelope.ts";
import { cachePublic } from "./http-cache.ts";
import { parseQuery } from "./validate.ts";

export const shopRouter = new Hono<ApiEnv>();

shopRouter.get("/shop/hotShops", async (c) => {
  const q = parseQuery(c, hotShopsQuery);
  cachePublic(c);
  return ok(c, await getHotShops(c.var.app.db, c.var.locale, q));
});
