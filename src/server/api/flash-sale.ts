/**
 * Flash sale (CONTRACT §6.1; docs/flash-sale.md):
 *   GET  /seckill/sessions                    → FlashSessionDto[] (today and tomorrow)
 *   GET  /seckill/prod?seckillId=             → FlashActivityDto
 *   GET  /p/seckill/orderPath?seckillId=      → the buyer's order path (only while the activity runs)
 *   POST /p/seckill/{orderPath}/confirm       body {seckillId, seckillSkuId, prodCount, addrId?, isScorePay?, …} → OrderConfirmDto
 *   POST /p/seckill/{orderPath}/submit        body {seckillId, seckillSkuId, prodCount, uuid, …} → {orderNumbers}
 * Submits pass the in-memory gate first (flash-admission.ts, flash-gate.ts): "sold out" /
 * "too busy, retry later" without touching the database. Rules: src/server/domain/flash-sale/flash-sale.ts.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { FlashState } from "../../lib/flash-sale/flash-sale.ts";
import type { OrderNumbersDto } from "../../lib/order/order-types.ts";
import { intField, strictInt } from "../../lib/validation.ts";
import type { GateOutcome } from "../domain/flash-sale/flash-gate.ts";
import { admitFlashSubmit, flashTicketOf } from "../domain/flash-sale/flash-admission.ts";
import {
  createFlashActivity,
  createFlashSession,
  endFlashActivity,
  flashActivity,
  flashBuy,
  flashBuyOf,
  flashSessionList,
  orderPathOf,
  orderPathValid,
  shopFlashActivities,
} from "../domain/flash-sale/flash-sale.ts";
import { OrderSubmitError } from "../domain/order/order-submit-payload.ts";
import type { ApiEnv, MerchantEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { parse, parseJson, parseParams, parseQuery, readJson, run } from "./kit.ts";
import { CHECKOUT, confirmActivity, confirmRule, submitFrom, submitRule } from "./order/submit-rules.ts";
import { ID_MAX } from "../../lib/ids.ts";

const idRule = z.object({ seckillId: intField(1, ID_MAX) });
const orderPathRule = z.object({ orderPath: z.string().default("") });
const what = { seckillId: intField(1, ID_MAX), seckillSkuId: intField(1, ID_MAX), prodCount: intField(1, 50) };
const flashConfirmRule = confirmRule.omit({ basketIds: true, orderItem: true }).extend(what);
const flashSubmitRule = submitRule.extend(what);

/**
 * Before the token lookup, a submit is admitted by the flash sale's gate (flash-admission.ts):
 * "sold out" or "too busy" at once, without database work; whatever the request does next, its
 * ticket is released once (pieces back unless sold).
 */
export const flashGateEntry: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.req.method !== "POST") return next();
  // Read through the kit (Hono keeps the text for the route); a malformed body is the route's to refuse.
  const b = (await readJson(c).catch(() => null)) as { seckillSkuId?: unknown; uuid?: unknown } | null;
  const ticket = await admitFlashSubmit(
    c.var.app.db,
    Boolean(c.var.app.config.databaseUrl),
    c.req.raw,
    { seckillSkuId: strictInt(b?.seckillSkuId) ?? 0, uuid: typeof b?.uuid === "string" ? b.uuid.trim() : "" },
    new Date(),
  );
  if (!ticket) return next();
  try {
    await next();
  } finally {
    ticket.release("failed");
  }
};

function checkPath(c: Context<ApiEnv>, seckillId: number): void {
  if (
    !orderPathValid(
      c.var.app.config.paymentSecret,
      c.var.userId,
      seckillId,
      parseParams(c, orderPathRule).orderPath,
      new Date(),
    )
  ) {
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("flashSale.badPath"));
  }
}

export const flashSaleRouter = new Hono<ApiEnv>();

flashSaleRouter.get("/seckill/sessions", async (c) =>
  ok(c, await flashSessionList(c.var.app.db, c.var.locale, new Date())),
);

flashSaleRouter.get("/seckill/prod", async (c) => {
  const { seckillId } = parseQuery(c, idRule);
  const dto = await flashActivity(c.var.app.db, seckillId, c.var.locale, new Date());
  if (!dto) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("flashSale.notFound"));
  return ok(c, dto);
});

flashSaleRouter.get("/p/seckill/orderPath", async (c) => {
  const { seckillId } = parseQuery(c, idRule);
  const now = new Date();
  const dto = await flashActivity(c.var.app.db, seckillId, c.var.locale, now);
  if (!dto) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("flashSale.notFound"));
  if (dto.activityStatus === FlashState.UPCOMING)
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("flashSale.notStarted"));
  if (dto.activityStatus === FlashState.ENDED)
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("flashSale.eventEnded"));
  return ok(c, orderPathOf(c.var.app.config.paymentSecret, c.var.userId, seckillId, now));
});

flashSaleRouter.post("/p/seckill/:orderPath/confirm", async (c) => {
  const input = parse(c, flashConfirmRule, await readJson(c, { empty: {} }), CHECKOUT);
  checkPath(c, input.seckillId);
  const dto = await flashActivity(c.var.app.db, input.seckillId, c.var.locale, new Date());
  const sku = dto?.seckillSkuList.find((s) => s.seckillSkuId === input.seckillSkuId);
  if (!dto || !sku) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("flashSale.notFound"));
  return confirmActivity(
    c,
    { prodId: dto.prodId, skuId: sku.skuId, shopId: dto.shopId },
    input,
    flashBuy({ seckillId: input.seckillId, seckillSkuId: input.seckillSkuId }),
  );
});

flashSaleRouter.post("/p/seckill/:orderPath/submit", async (c) => {
  const input = parse(c, flashSubmitRule, await readJson(c, { empty: {} }), CHECKOUT);
  checkPath(c, input.seckillId);
  const gate = flashTicketOf(c.req.raw);
  // The body must name what the token confirmed (the pieces the gate counted, the units the order buys).
  if (gate && (gate.seckillSkuId !== input.seckillSkuId || gate.prodCount !== input.prodCount))
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("flashSale.badCount"));
  let outcome: GateOutcome = "failed";
  try {
    return await run(c, async (): Promise<OrderNumbersDto> => {
      try {
        const answer = await submitFrom(c, input, (ref) => {
          const buy = flashBuyOf(ref);
          // Only with a ticket (the gate counted this token's pieces), for what the body names: a
          // token used or expired is answered by the claim, any other is "order expired".
          return gate && buy && buy.ref.seckillId === input.seckillId && buy.ref.seckillSkuId === input.seckillSkuId
            ? buy
            : null;
        });
        outcome = "ok";
        return answer;
      } catch (e) {
        if (e instanceof OrderSubmitError && e.key === "flashSale.soldOut") outcome = "soldOut";
        throw e;
      }
    });
  } finally {
    gate?.release(outcome);
  }
});

// ---------------------------------------------------------------------------------------------
// A shop's flash sales (docs/merchant-api.md "Flash sale and group buy"), behind the merchant token:
//   POST /merchant/flash/sessions {startTime, endTime}                                  → {sessionId}
//   GET  /merchant/flash/activities                                                     → FlashActivityDto[]
//   POST /merchant/flash/activities {sessionId, prodId, maxNum, payMinutes, skus: [{skuId, price, stocks}]} → {seckillId}
//   POST /merchant/flash/activities/{seckillId}/end                                     → null
// ---------------------------------------------------------------------------------------------

const isoTime = z.preprocess(
  (v) => (typeof v === "string" ? new Date(v) : v),
  z.date({ error: "flashSale.badWindow" }).refine((d) => !Number.isNaN(d.getTime()), "flashSale.badWindow"),
);
const sessionRule = z.object({ startTime: isoTime, endTime: isoTime });
const flashActivityRule = z.object({
  sessionId: intField(1, ID_MAX),
  prodId: intField(1, ID_MAX),
  maxNum: z
    .number({ error: "flashSale.badLimit" })
    .int("flashSale.badLimit")
    .min(-1, "flashSale.badLimit")
    .max(50, "flashSale.badLimit")
    .refine((n) => n !== 0, "flashSale.badLimit"),
  payMinutes: z
    .number({ error: "flashSale.badPayMinutes" })
    .int("flashSale.badPayMinutes")
    .min(1, "flashSale.badPayMinutes")
    .max(30, "flashSale.badPayMinutes"),
  skus: z
    .array(
      z.object({
        skuId: intField(1, ID_MAX),
        price: z.string({ error: "flashSale.badSkus" }).regex(/^\d{1,9}(\.\d{1,2})?$/, "flashSale.badSkus"),
        stocks: z
          .number({ error: "flashSale.badSkus" })
          .int("flashSale.badSkus")
          .min(1, "flashSale.badSkus")
          .max(1_000_000, "flashSale.badSkus"),
      }),
      { error: "flashSale.badSkus" },
    )
    .min(1, "flashSale.badSkus")
    .max(50, "flashSale.badSkus"),
});

export const flashSaleMerchantRouter = new Hono<MerchantEnv>();

flashSaleMerchantRouter.post("/merchant/flash/sessions", async (c) => {
  const input = await parseJson(c, sessionRule);
  return run(c, async () => ({ sessionId: await createFlashSession(c.var.app.db, input, new Date()) }));
});

flashSaleMerchantRouter.get("/merchant/flash/activities", async (c) =>
  run(c, () => shopFlashActivities(c.var.app.db, c.var.shopId, c.var.locale, new Date())),
);

flashSaleMerchantRouter.post("/merchant/flash/activities", async (c) => {
  const input = await parseJson(c, flashActivityRule);
  return run(c, async () => ({ seckillId: await createFlashActivity(c.var.app.db, c.var.shopId, input, new Date()) }));
});

flashSaleMerchantRouter.post("/merchant/flash/activities/:seckillId/end", async (c) =>
  run(c, async () => {
    const { seckillId } = parseParams(c, z.object({ seckillId: z.string() }));
    const id = Number(/^\d{1,10}$/.test(seckillId) ? seckillId : 0);
    await endFlashActivity(c.var.app.db, c.var.shopId, id);
    return null;
  }),
);
