/**
 * A shop's orders (docs/merchant-api.md), behind the merchant token; another shop's order or
 * package is answered like an unknown one:
 *   GET  /merchant/orders?status=&current=&size=&orderNumber=  → Page<MerchantOrderDto>
 *   GET  /merchant/orders/{orderNumber}                 → MerchantOrderDetailDto
 *   POST /merchant/orders/{orderNumber}/ship {packages: [{dvyId, dvyFlowId, items?: [{orderItemId, prodCount}]}]}
 *                                                       → {orderDeliveryIds: number[]}
 *   POST /merchant/deliveries/{orderDeliveryId}/traces {state, acceptStation, acceptTime?} → null
 *   POST /merchant/writeOff {code}                      → WriteOffVerifyDto (uses a virtual-goods code once)
 * Refusals are A00001 with a translated message; field names come from merchant.fields, then
 * validation.fields.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { ResponseCode } from "../../../lib/api-types.ts";
import { DELIVERY_COMPANIES, DELIVERY_STATES } from "../../../lib/order/order-types.ts";
import { controlFreeString } from "../../../lib/rule-schemas.ts";
import { intField, intFieldDefault } from "../../../lib/validation.ts";
import {
  addShopTrace,
  listShopOrders,
  MERCHANT_STATUS_FILTERS,
  shipShopOrder,
  shopOrderDetail,
} from "../../domain/merchant/merchant.ts";
import { TRACE_STATION_MAX, TRACKING_NUMBER } from "../../domain/order/order-lifecycle.ts";
import { verifyWriteOff } from "../../domain/order/write-off.ts";
import type { MerchantEnv } from "../context.ts";
import { ApiError, ok } from "../envelope.ts";
import { parse, parseParamsOr, parseQuery, readJson, run } from "../kit.ts";
import { ID_MAX } from "../../../lib/ids.ts";

type C = Context<MerchantEnv>;

/** At most this many packages per shipment, and lines per package. */
const SHIP_MAX_PACKAGES = 20;
const SHIP_MAX_LINES = 200;

const LABELS = { labels: "merchant" } as const;

const ORDER_NUMBER = /^\d{1,30}$/;

const listRule = z.object({
  status: intFieldDefault(0, 7, 0).refine((s) => MERCHANT_STATUS_FILTERS.includes(s), "merchant.badStatus"),
  current: intFieldDefault(1, 100_000, 1),
  size: intFieldDefault(1, 100, 10),
  orderNumber: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v),
    z.string().regex(ORDER_NUMBER, "merchant.badOrderNumber").optional(),
  ),
});

const carrierRule = z.preprocess(
  (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: "order.badCarrier" })
    .int("order.badCarrier")
    .refine((id) => DELIVERY_COMPANIES.some((c) => c.dvyId === id), "order.badCarrier"),
);

const packageRule = z.object({
  dvyId: carrierRule,
  dvyFlowId: z.string({ error: "order.badTrackingNumber" }).trim().regex(TRACKING_NUMBER, "order.badTrackingNumber"),
  items: z
    .array(
      z.object({
        orderItemId: intField(1, ID_MAX),
        prodCount: intField(1, 99_999),
      }),
      { error: "order.shipItemsMismatch" },
    )
    .max(SHIP_MAX_LINES, "order.shipItemsMismatch")
    .optional(),
});

/** {packages: [...]}; a single package may also be sent as the body itself ({dvyId, dvyFlowId, items?}). */
const shipRule = z.preprocess(
  (v) => (v && typeof v === "object" && !Array.isArray(v) && !("packages" in v) ? { packages: [v] } : v),
  z.object(
    {
      packages: z
        .array(packageRule, { error: "merchant.packagesRequired" })
        .min(1, "merchant.packagesRequired")
        .max(SHIP_MAX_PACKAGES, "merchant.tooManyPackages"),
    },
    { error: "merchant.packagesRequired" },
  ),
);

const traceRule = z.object({
  state: z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: "order.badDeliveryState" })
      .refine((s) => (DELIVERY_STATES as readonly number[]).includes(s), "order.badDeliveryState"),
  ),
  acceptStation: controlFreeString("order.badStation")
    .trim()
    .min(1, "order.badStation")
    .max(TRACE_STATION_MAX, "order.badStation"),
  acceptTime: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z
      .string({ error: "merchant.badAcceptTime" })
      .refine(
        (s) => /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(s) && !Number.isNaN(new Date(s).getTime()),
        "merchant.badAcceptTime",
      )
      .optional(),
  ),
});

/** A write-off code as typed: the domain normalizes it (spaces, dashes, case) and says what is wrong. */
const writeOffRule = z.object({
  code: controlFreeString("order.writeOff.codeRequired")
    .trim()
    .min(1, "order.writeOff.codeRequired")
    .max(40, "order.writeOff.badCode"),
});

const notFound = (c: C, key = "order.notFound"): never => {
  throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t(key));
};

const orderNumberParams = z.object({ orderNumber: z.string().regex(ORDER_NUMBER) });
const orderNumberOf = (c: C): string => parseParamsOr(c, orderNumberParams, "order.notFound").orderNumber;

export const orderMerchantRouter = new Hono<MerchantEnv>();

orderMerchantRouter.get("/merchant/orders", async (c) => {
  const q = parseQuery(c, listRule, LABELS);
  return run(c, () => listShopOrders(c.var.app.db, c.var.shopId, q, c.var.locale));
});

orderMerchantRouter.get("/merchant/orders/:orderNumber", async (c) => {
  const detail = await shopOrderDetail(c.var.app.db, c.var.shopId, orderNumberOf(c), c.var.locale);
  return detail ? ok(c, detail) : notFound(c);
});

orderMerchantRouter.post("/merchant/orders/:orderNumber/ship", async (c) => {
  const orderNumber = orderNumberOf(c);
  const { packages } = parse(c, shipRule, await readJson(c), LABELS);
  return run(c, async () => ({
    orderDeliveryIds: await shipShopOrder(c.var.app.db, c.var.shopId, orderNumber, packages, new Date()),
  }));
});

orderMerchantRouter.post("/merchant/deliveries/:orderDeliveryId/traces", async (c) => {
  const idRule = z.object({ orderDeliveryId: intField(1, ID_MAX) });
  const id = parseParamsOr(c, idRule, "order.deliveryNotFound");
  const input = parse(c, traceRule, await readJson(c), LABELS);
  const now = new Date();
  const acceptTime = input.acceptTime ? new Date(input.acceptTime) : undefined;
  return run(c, async () => {
    await addShopTrace(
      c.var.app.db,
      c.var.shopId,
      id.orderDeliveryId,
      { state: input.state, acceptStation: input.acceptStation, acceptTime },
      now,
    );
    return null;
  });
});

orderMerchantRouter.post("/merchant/writeOff", async (c) => {
  const { code } = parse(c, writeOffRule, await readJson(c), LABELS);
  return run(c, () => verifyWriteOff(c.var.app.db, c.var.shopId, code, c.var.locale, new Date()));
});
