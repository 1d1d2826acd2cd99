/**
 * Merchant API for the seller platform and the ops CLI (docs/merchant-api.md). Its own token:
 * `Authorization: <accessToken>` of session kind "merchant" (a buyer token is refused here, and a
 * merchant token is refused on /p/ paths, which need kind "user").
 *   POST /merchant/login {username, password}          → {accessToken, expiresIn, shopId}
 *   POST /merchant/logout                               → null (always; revokes the token sent)
 *   GET  /merchant/orders?status=&current=&size=&orderNumber=  → Page<MerchantOrderDto>
 *   GET  /merchant/orders/{orderNumber}                 → MerchantOrderDetailDto
 *   POST /merchant/orders/{orderNumber}/ship {packages: [{dvyId, dvyFlowId, items?: [{orderItemId, prodCount}]}]}
 *                                                       → {orderDeliveryIds: number[]}
 *   POST /merchant/deliveries/{orderDeliveryId}/traces {state, acceptStation, acceptTime?} → null
 * Everything else under /merchant/ needs the token (A00004). Another shop's order or package is
 * answered like an unknown one. Refusals are A00001 with a translated message.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { DELIVERY_COMPANIES, DELIVERY_STATES } from "../../lib/order/order-types.ts";
import { intField, intFieldDefault, messageKeyOf } from "../../lib/validation.ts";
import {
  addShopTrace, findMerchantSession, listShopOrders, MERCHANT_STATUS_FILTERS, MerchantError, merchantLogin, merchantLogout, shipShopOrder, shopOrderDetail,
} from "../domain/merchant/merchant.ts";
import { OrderError, TRACE_STATION_MAX, TRACKING_NUMBER } from "../domain/order/order-lifecycle.ts";
import { clientIp } from "./auth.ts";
import { mountMerchantAfterSales } from "./merchant-after-sales.ts";
import { mountMerchantMarketing } from "./marketing-admin.ts";
import { mountMerchantFlashSale } from "./flash-sale.ts";
import { mountMerchantGroupBuy } from "./group-buy.ts";
import type { MerchantEnv } from "./context.ts";
import { ApiError, envelope, ok } from "./envelope.ts";
import { controlFreeString } from "../../lib/rule-schemas.ts";

type C = Context<MerchantEnv>;

const MAX_INT = 2_147_483_647;
/** At most this many packages per shipment, and lines per package. */
export const SHIP_MAX_PACKAGES = 20;
const SHIP_MAX_LINES = 200;
/** An acceptTime may be at most this far in the future (clock skew of the carrier's system). */

// ---------------------------------------------------------------------------------------------
// Request rules
// ---------------------------------------------------------------------------------------------

const loginRule = z.object({
  username: controlFreeString("merchant.usernameRequired").trim().min(1, "merchant.usernameRequired").max(64, "merchant.wrongCredentials"),
  password: z.string({ error: "merchant.passwordRequired" }).min(1, "merchant.passwordRequired").max(128, "merchant.wrongCredentials"),
});

const ORDER_NUMBER = /^\d{1,30}$/;

const listRule = z.object({
  status: intFieldDefault(0, 7, 0).refine((s) => MERCHANT_STATUS_FILTERS.includes(s), "merchant.badStatus"),
  current: intFieldDefault(1, 100_000, 1),
  size: intFieldDefault(1, 100, 10),
  orderNumber: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v),
    z.string().regex(ORDER_NUMBER, "merchant.badOrderNumber").optional()),
});

const carrierRule = z.preprocess(
  (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: "order.badCarrier" }).int("order.badCarrier").refine((id) => DELIVERY_COMPANIES.some((c) => c.dvyId === id), "order.badCarrier"),
);

const packageRule = z.object({
  dvyId: carrierRule,
  dvyFlowId: z.string({ error: "order.badTrackingNumber" }).trim().regex(TRACKING_NUMBER, "order.badTrackingNumber"),
  items: z.array(z.object({
    orderItemId: intField(1, MAX_INT),
    prodCount: intField(1, 99_999),
  }), { error: "order.shipItemsMismatch" }).max(SHIP_MAX_LINES, "order.shipItemsMismatch").optional(),
});

/** {packages: [...]}; a single package may also be sent as the body itself ({dvyId, dvyFlowId, items?}). */
const shipRule = z.preprocess(
  (v) => (v && typeof v === "object" && !Array.isArray(v) && !("packages" in v) ? { packages: [v] } : v),
  z.object({
    packages: z.array(packageRule, { error: "merchant.packagesRequired" }).min(1, "merchant.packagesRequired").max(SHIP_MAX_PACKAGES, "merchant.tooManyPackages"),
  }, { error: "merchant.packagesRequired" }),
);

const traceRule = z.object({
  state: z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: "order.badDeliveryState" }).refine((s) => (DELIVERY_STATES as readonly number[]).includes(s), "order.badDeliveryState"),
  ),
  acceptStation: controlFreeString("order.badStation").trim().min(1, "order.badStation").max(TRACE_STATION_MAX, "order.badStation"),
  acceptTime: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.string({ error: "merchant.badAcceptTime" })
      .refine((s) => /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(s) && !Number.isNaN(new Date(s).getTime()), "merchant.badAcceptTime")
      .optional(),
  ),
});

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** Parses with a zod rule; "merchant.*" / "order.*" messages are shown as they are, others name the field. */
function parse<S extends z.ZodType>(c: C, schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const t = c.var.t;
  if (issue.message.startsWith("merchant.") || issue.message.startsWith("order.")) throw new ApiError(ResponseCode.SHOW_FAIL, t(issue.message));
  const field = String(issue.path[issue.path.length - 1] ?? "");
  const label = field ? t(`merchant.fields.${field}`, { defaultValue: t(`validation.fields.${field}`, { defaultValue: field }) }) : "";
  const params: Record<string, unknown> = { field: label };
  if ("maximum" in issue) params.max = issue.maximum;
  if ("minimum" in issue) params.min = issue.minimum;
  throw new ApiError(ResponseCode.SHOW_FAIL, t(messageKeyOf(issue), params));
}

async function json(c: C): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("api.badJson"));
  }
}

/** Runs a domain call; MerchantError / OrderError become A00001 in the request's language. */
async function run<T>(c: C, fn: () => Promise<T>) {
  try {
    return ok(c, await fn());
  } catch (err) {
    if (err instanceof MerchantError || err instanceof OrderError) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t(err.key, err.params));
    throw err;
  }
}

const rawToken = (c: C) => (c.req.header("authorization") ?? "").replace(/^Bearer\s+/i, "").trim();

const notFound = (c: C, key = "order.notFound"): never => {
  throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t(key));
};

function orderNumberOf(c: C): string {
  const n = c.req.param("orderNumber") ?? "";
  return ORDER_NUMBER.test(n) ? n : notFound(c);
}

const bodyOf = (maxSize: number) => bodyLimit({
  maxSize,
  onError: (c) => c.json(envelope(ResponseCode.SHOW_FAIL, null, (c as C).var.t("auth.bodyTooLarge")), 413),
});

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

export const merchantRouter = new Hono<MerchantEnv>();

const PUBLIC = /\/merchant\/(login|logout)$/;

merchantRouter.use("/merchant/*", async (c, next) => {
  if (PUBLIC.test(c.req.path)) return next();
  const session = await findMerchantSession(c.var.app.db, rawToken(c), new Date());
  if (!session) throw new ApiError(ResponseCode.UNAUTHORIZED, c.var.t("api.unauthorized"));
  c.set("shopId", session.shopId);
  c.set("merchantSessionId", session.sessionId);
  await next();
});

// After-sales (reviews, invoices, refunds): merchant-after-sales.ts, behind the token check above.
mountMerchantAfterSales(merchantRouter);
// Coupons and limited-time discounts: marketing-admin.ts.
mountMerchantMarketing(merchantRouter);
mountMerchantFlashSale(merchantRouter);
mountMerchantGroupBuy(merchantRouter);

merchantRouter.post("/merchant/login", bodyOf(4 * 1024), async (c) => {
  const input = parse(c, loginRule, await json(c));
  return run(c, () => merchantLogin(c.var.app.db, { ...input, ip: clientIp(c as never), now: new Date() }));
});

merchantRouter.post("/merchant/logout", async (c) => {
  await merchantLogout(c.var.app.db, rawToken(c), new Date());
  return ok(c, null);
});

merchantRouter.get("/merchant/orders", async (c) => {
  const q = parse(c, listRule, c.req.query());
  return run(c, () => listShopOrders(c.var.app.db, c.var.shopId, q, c.var.locale));
});

merchantRouter.get("/merchant/orders/:orderNumber", async (c) => {
  const detail = await shopOrderDetail(c.var.app.db, c.var.shopId, orderNumberOf(c), c.var.locale);
  return detail ? ok(c, detail) : notFound(c);
});

merchantRouter.post("/merchant/orders/:orderNumber/ship", bodyOf(64 * 1024), async (c) => {
  const orderNumber = orderNumberOf(c);
  const { packages } = parse(c, shipRule, await json(c));
  return run(c, async () => ({ orderDeliveryIds: await shipShopOrder(c.var.app.db, c.var.shopId, orderNumber, packages, new Date()) }));
});

merchantRouter.post("/merchant/deliveries/:orderDeliveryId/traces", bodyOf(8 * 1024), async (c) => {
  const idRule = z.object({ orderDeliveryId: intField(1, MAX_INT) });
  const id = idRule.safeParse(c.req.param());
  if (!id.success) notFound(c, "order.deliveryNotFound");
  const input = parse(c, traceRule, await json(c));
  const now = new Date();
  const acceptTime = input.acceptTime ? new Date(input.acceptTime) : undefined;
  return run(c, async () => {
    await addShopTrace(c.var.app.db, c.var.shopId, id.data!.orderDeliveryId, { state: input.state, acceptStation: input.acceptStation, acceptTime }, now);
    return null;
  });
});
