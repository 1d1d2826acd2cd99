/**
 * Points mall (rules in src/server/domain/points-mall/points-mall.ts; CONTRACT §6.5):
 *   GET  /integral/prodList?current&size → Page<PointsMallItemDto>        (public)
 *   GET  /integral/prodInfo?prodId=       → PointsMallDetailDto            (public)
 *   POST /p/score/submit {prodId, prodCount, addrId, remarks?} → ExchangeResultDto (login)
 * Refusals are A00001 with the message in the request's language.
 */
import { z } from "zod";
import { Hono } from "hono";
import { ResponseCode } from "../../lib/api-types.ts";
import { ID_MAX } from "../../lib/ids.ts";
import { intField } from "../../lib/validation.ts";
import { exchangeItem, pointsMallItem, pointsMallPage } from "../domain/points-mall/points-mall.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { parseOr, parseQuery, readObject, run } from "./kit.ts";

export const pointsMallRouter = new Hono<ApiEnv>();

const idRule = intField(1, ID_MAX);

const pageQuery = z.object({ current: z.string().optional(), size: z.string().optional() });
const prodIdQuery = z.object({ prodId: z.string().optional() });

const intParam = (v: string | undefined, dflt: number, max: number): number | null => {
  if (v === undefined || v === "") return dflt;
  return /^\d{1,6}$/.test(v) && Number(v) >= 1 && Number(v) <= max ? Number(v) : null;
};

pointsMallRouter.get("/integral/prodList", async (c) => {
  const q = parseQuery(c, pageQuery);
  const current = intParam(q.current, 1, 100000);
  const size = intParam(q.size, 20, 100);
  if (current === null || size === null)
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("api.invalidParam", { field: "current, size" }));
  return ok(c, await pointsMallPage(c.var.app.db, c.var.locale, current, size));
});

pointsMallRouter.get("/integral/prodInfo", async (c) => {
  const prodId = intParam(parseQuery(c, prodIdQuery).prodId, 0, 2_000_000_000);
  const item = prodId ? await pointsMallItem(c.var.app.db, c.var.locale, prodId) : null;
  if (!item) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("points.mall.notFound"));
  return ok(c, item);
});

pointsMallRouter.post("/p/score/submit", async (c) => {
  const body = await readObject(c);
  // the shared id rule: digits in one spelling, within the id columns' range ("0x10", " 5", true or
  // an object are not ids — Number() would read some of them as one, or throw)
  const prodId = parseOr(idRule, body.prodId, "points.mall.notFound");
  const addrId = parseOr(idRule, body.addrId, "submitOrder.noAddress");
  return run(c, () =>
    exchangeItem(
      c.var.app.db,
      {
        userId: c.var.userId,
        prodId,
        prodCount: body.prodCount,
        addrId,
        remarks: typeof body.remarks === "string" ? body.remarks : undefined,
      },
      new Date(),
    ),
  );
});
