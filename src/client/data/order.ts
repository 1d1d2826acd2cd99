/**
 * The order's calls (CONTRACT §5, §7.2): the checkout (confirm and submit — the cart's and buy
 * now's, or the flash sale's and the group buy's own), the user's orders and their actions.
 */
import type { Page } from "../../lib/api-types.ts";
import type { OrderCountData } from "../../lib/order/order-state.ts";
import type {
  BuyAgainResult,
  DeliveryOrderDto,
  MyOrderDto,
  OrderConfirmDto,
  OrderDetailDto,
  OrderNumbersDto,
} from "../../lib/order/order-types.ts";
import type { OrderConfirmParam, OrderSubmitParam } from "../../lib/order/submit-rules.ts";
import { api } from "../api.ts";

/** Which checkout a confirm or submit goes to: the ordinary one, a flash sale's (by its path) or the group buy's. */
export type CheckoutRoute = { kind: "cart" | "buyNow" } | { kind: "seckill"; path: string } | { kind: "group" };

/** POST /p/order/confirm, /p/seckill/{path}/confirm, /p/group/order/confirm: the preview and the submit token. */
export function confirmOrder(route: CheckoutRoute, body: OrderConfirmParam & object): Promise<OrderConfirmDto> {
  const path =
    route.kind === "seckill"
      ? `/p/seckill/${route.path}/confirm`
      : route.kind === "group"
        ? "/p/group/order/confirm"
        : "/p/order/confirm";
  return api.post<OrderConfirmDto>(path, body, { silent: true });
}

/** POST /p/order/submit, /p/seckill/{path}/submit, /p/group/order/submit: the new orders' numbers. */
export function submitOrder(route: CheckoutRoute, body: OrderSubmitParam): Promise<OrderNumbersDto> {
  const path =
    route.kind === "seckill"
      ? `/p/seckill/${route.path}/submit`
      : route.kind === "group"
        ? "/p/group/order/submit"
        : "/p/order/submit";
  return api.post<OrderNumbersDto>(path, body, { silent: true });
}

/** GET /p/myOrder/orderCount: the count per status tab. */
export function getOrderCounts(): Promise<OrderCountData> {
  return api.get<OrderCountData>("/p/myOrder/orderCount");
}

/** GET /p/myOrder/myOrder */
export function listMyOrders(query: {
  status: number;
  current: number;
  size: number;
  orderName?: string | undefined;
}): Promise<Page<MyOrderDto>> {
  return api.get<Page<MyOrderDto>>("/p/myOrder/myOrder", query);
}

/** GET /p/myOrder/orderDetail?orderNumber= (silent: a refusal is the page's "not found"). */
export function getOrderDetail(orderNumber: string): Promise<OrderDetailDto> {
  return api.get<OrderDetailDto>("/p/myOrder/orderDetail", { orderNumber }, { silent: true });
}

/** GET /p/myDelivery/orderInfo/{orderNumber}: the order's parcels and their traces. */
export function listDeliveries(orderNumber: string): Promise<DeliveryOrderDto[]> {
  return api.get<DeliveryOrderDto[]>(`/p/myDelivery/orderInfo/${orderNumber}`);
}

/** GET /p/myOrder/getOrderStatus?orderNumber=: the order's status (the QR page polls it). */
export function getOrderStatus(orderNumber: string): Promise<number> {
  return api.get<number>("/p/myOrder/getOrderStatus", { orderNumber }, { silent: true, dontShowLogin: true });
}

/** PUT /p/myOrder/cancel/{orderNumber} */
export async function cancelOrder(orderNumber: string): Promise<void> {
  await api.put(`/p/myOrder/cancel/${orderNumber}`);
}

/** PUT /p/myOrder/receipt/{orderNumber} */
export async function confirmReceipt(orderNumber: string): Promise<void> {
  await api.put(`/p/myOrder/receipt/${orderNumber}`);
}

/** DELETE /p/myOrder/{orderNumber} */
export async function deleteOrder(orderNumber: string): Promise<void> {
  await api.del(`/p/myOrder/${orderNumber}`);
}

/** POST /p/myOrder/buyAgain/{orderNumber}: the order's lines back into the cart. */
export function buyAgain(orderNumber: string): Promise<BuyAgainResult> {
  return api.post<BuyAgainResult>(`/p/myOrder/buyAgain/${orderNumber}`);
}
