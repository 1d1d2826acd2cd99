/**
 * Packages and logistics events as the buyer and the shop see them (CONTRACT §4.6
 * DeliveryOrder): one shape for /p/myDelivery/* (my-order.ts) and /merchant/orders/{n}
 * (merchant.ts). Carriers come from DELIVERY_COMPANIES.
 */
import { desc, inArray } from "drizzle-orm";
import { pickText, type Locale } from "../../../lib/locale.ts";
import { DELIVERY_COMPANIES, type DeliveryOrderDto } from "../../../lib/order/order-types.ts";
import type { Db } from "../../db/client.ts";
import { deliveries, deliveryTraces, orderItems } from "../../db/schema/index.ts";

type ItemRow = Pick<typeof orderItems.$inferSelect, "orderItemId" | "prodName" | "skuName" | "pic">;
type DeliveryRow = typeof deliveries.$inferSelect;
type TraceRow = typeof deliveryTraces.$inferSelect;

/** The carrier's name in `locale` ("" for an unknown id). */
export function carrierName(dvyId: number, locale: Locale): string {
  const c = DELIVERY_COMPANIES.find((x) => x.dvyId === dvyId);
  return c ? pickText(c.dvyName, locale) : "";
}

/** GET /p/delivery/list: the carriers in `locale`. */
export function deliveryCompanyList(locale: Locale): { dvyId: number; dvyName: string }[] {
  return DELIVERY_COMPANIES.map((c) => ({ dvyId: c.dvyId, dvyName: pickText(c.dvyName, locale) }));
}

/** A package with its items (named from the order's lines) and its traces, newest first. */
export function toDeliveryDto(
  d: DeliveryRow,
  items: readonly ItemRow[],
  traces: readonly TraceRow[],
  locale: Locale,
): DeliveryOrderDto {
  const byId = new Map(items.map((i) => [i.orderItemId, i]));
  const own = traces
    .filter((t) => t.orderDeliveryId === d.orderDeliveryId)
    .slice()
    .sort((x, y) => y.acceptTime.getTime() - x.acceptTime.getTime() || y.id - x.id);
  return {
    orderDeliveryId: d.orderDeliveryId,
    orderNumber: d.orderNumber,
    dvyId: d.dvyId,
    dvyName: carrierName(d.dvyId, locale),
    dvyFlowId: d.dvyFlowId,
    deliveryType: d.deliveryType,
    productNums: d.items.reduce((n, i) => n + i.prodCount, 0),
    createTime: d.createdAt.toISOString(),
    state: d.state,
    orderItems: d.items.map((i) => {
      const line = byId.get(i.orderItemId);
      return {
        orderItemId: i.orderItemId,
        prodName: line ? pickText(line.prodName, locale) : "",
        skuName: line ? pickText(line.skuName, locale) : "",
        pic: line?.pic ?? "",
        prodCount: i.prodCount,
      };
    }),
    traces: own.map((t) => ({
      state: t.state,
      acceptStation: t.acceptStation,
      acceptTime: t.acceptTime.toISOString(),
    })),
  };
}

/** The DTOs of these packages, loading their orders' lines and their traces. */
export async function loadDeliveryDtos(
  db: Db,
  locale: Locale,
  pkgs: readonly DeliveryRow[],
): Promise<DeliveryOrderDto[]> {
  if (pkgs.length === 0) return [];
  const items = await db
    .select({
      orderItemId: orderItems.orderItemId,
      prodName: orderItems.prodName,
      skuName: orderItems.skuName,
      pic: orderItems.pic,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderNumber, [...new Set(pkgs.map((p) => p.orderNumber))]));
  const traces = await db
    .select()
    .from(deliveryTraces)
    .where(
      inArray(
        deliveryTraces.orderDeliveryId,
        pkgs.map((p) => p.orderDeliveryId),
      ),
    )
    .orderBy(desc(deliveryTraces.acceptTime), desc(deliveryTraces.id));
  return pkgs.map((p) => toDeliveryDto(p, items, traces, locale));
}
