/**
 * My orders and logistics (CONTRACT §4.5, §4.6), login required (/p/):
 *   GET    /p/myOrder/myOrder?status=&current=&size=&orderName=  → Page<MyOrderDto> (status: ORDER_TABS params, 4 = to review)
 *   GET    /p/myOrder/orderDetail?orderNumber=                    → OrderDetailDto
 *   GET    /p/myOrder/orderCount                                  → OrderCountData
 *   PUT    /p/myOrder/cancel/{orderNumber}                        → null (unpaid only; stock and points go back)
 *   PUT    /p/myOrder/receipt/{orderNumber}                       → null (shipped only)
 *   DELETE /p/myOrder/{orderNumber}                               → null (completed / closed only; hidden for the buyer)
 *   POST   /p/myOrder/buyAgain/{orderNumber}                      → BuyAgainResult (not in CONTRACT; docs/order.md)
 *   GET    /p/myDelivery/orderInfo/{orderNumber}                  → DeliveryOrderDto[]
 *   GET    /p/myDelivery/deliveryOrder/{orderDeliveryId}          → DeliveryOrderDto
 *   GET    /p/delivery/list                                       → [{dvyId, dvyName}]
 * Another user's order is "order not found". Refusals are A00001 with a translated `order.*` /
 * `order.*` message (domain/order/my-order.ts, domain/order/order-lifecycle.ts).
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { intField, pageParams } from "../../../lib/validation.ts";
import {
  buyAgain,
  cancelMyOrder,
  confirmMyReceipt,
  deleteMyOrder,
  myDelivery,
  myOrderCount,
  myOrderDeliveries,
  myOrderDetail,
  myOrderPage,
} from "../../domain/order/my-order.ts";
import { OrderError } from "../../domain/order/order-lifecycle.ts";
import { tabFromParam } from "../../../lib/order/order-state.ts";
import { deliveryCompanyList } from "../../domain/order/delivery.ts";
import type { ApiEnv } from "../context.ts";
import { ok } from "../envelope.ts";
import { parseParams, parseParamsOr, parseQuery, run } from "../kit.ts";

const listRule = pageParams.extend({
  status: z.unknown().optional(),
  orderName: z.string().optional(),
});

/** The order number of the path or query, trimmed ("" when absent); anything malformed is an unknown order to the domain. */
const orderNumberRule = z.object({ orderNumber: z.string().trim().default("") });
const orderNumberOf = (c: Context<ApiEnv>, from: "path" | "query"): string =>
  (from === "path" ? parseParams(c, orderNumberRule) : parseQuery(c, orderNumberRule)).orderNumber;

export const myOrderRouter = new Hono<ApiEnv>();

myOrderRouter.get("/p/myOrder/myOrder", async (c) => {
  const q = parseQuery(c, listRule);
  return run(c, () =>
    myOrderPage(c.var.app.db, c.var.userId, c.var.locale, {
      tab: tabFromParam(q.status),
      current: q.current,
      size: q.size,
      orderName: q.orderName,
    }),
  );
});

myOrderRouter.get("/p/myOrder/orderDetail", (c) =>
  run(c, () => myOrderDetail(c.var.app.db, c.var.userId, c.var.locale, orderNumberOf(c, "query"))),
);

myOrderRouter.get("/p/myOrder/orderCount", (c) => run(c, () => myOrderCount(c.var.app.db, c.var.userId)));

myOrderRouter.put("/p/myOrder/cancel/:orderNumber", (c) =>
  run(c, async () => {
    await cancelMyOrder(c.var.app.db, c.var.userId, orderNumberOf(c, "path"), new Date());
    return null;
  }),
);

myOrderRouter.put("/p/myOrder/receipt/:orderNumber", (c) =>
  run(c, async () => {
    await confirmMyReceipt(c.var.app.db, c.var.userId, orderNumberOf(c, "path"), new Date());
    return null;
  }),
);

myOrderRouter.post("/p/myOrder/buyAgain/:orderNumber", (c) =>
  run(c, async () => {
    const r = await buyAgain(c.var.app.db, c.var.userId, c.var.locale, orderNumberOf(c, "path"));
    if (r.added === 0) throw new OrderError("order.buyAgainNone");
    return r;
  }),
);

myOrderRouter.delete("/p/myOrder/:orderNumber", (c) =>
  run(c, async () => {
    await deleteMyOrder(c.var.app.db, c.var.userId, orderNumberOf(c, "path"), new Date());
    return null;
  }),
);

myOrderRouter.get("/p/myDelivery/orderInfo/:orderNumber", (c) =>
  run(c, () => myOrderDeliveries(c.var.app.db, c.var.userId, c.var.locale, orderNumberOf(c, "path"))),
);

const deliveryIdRule = z.object({ orderDeliveryId: intField(1, 2_147_483_647) });

myOrderRouter.get("/p/myDelivery/deliveryOrder/:orderDeliveryId", (c) => {
  const { orderDeliveryId } = parseParamsOr(c, deliveryIdRule, "order.deliveryNotFound");
  return run(c, () => myDelivery(c.var.app.db, c.var.userId, c.var.locale, orderDeliveryId));
});

myOrderRouter.get("/p/delivery/list", (c) => ok(c, deliveryCompanyList(c.var.locale)));
