import { describe, expect, it } from "vitest";
import type { deliveries, deliveryTraces, orderItems, orders } from "../../db/schema/index.ts";
import { carrierName as deliveryCompanyName, toDeliveryDto } from "../order/delivery.ts";
import { MERCHANT_STATUS_FILTERS, toMerchantOrder } from "./merchant.ts";

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type DeliveryRow = typeof deliveries.$inferSelect;
type TraceRow = typeof deliveryTraces.$inferSelect;

const t = (s: string) => new Date(s);
const names = (zh: string, en: string) => ({ zh, "zh-tw": zh, en });

const order: OrderRow = {
  orderId: 7,
  orderNumber: "2601010000000000001",
  userId: "u1",
  shopId: 2,
  shopName: names("店", "Shop"),
  prodNames: "茶",
  status: 3,
  orderType: 0,
  dvyType: 1,
  orderMold: 0,
  total: "20",
  freightAmount: "8.5",
  scoreAmount: "0.1",
  reduceAmount: "0",
  discountAmount: "0",
  shopCouponAmount: "0",
  platformCouponAmount: "0",
  actualTotal: "28.4",
  useScore: 10,
  productNums: 3,
  remarks: "hi",
  address: {
    receiver: "Li",
    mobile: "13900000000",
    province: "上海市",
    city: "上海市",
    area: "浦东新区",
    addr: "路 1 号",
    provinceId: 1,
    cityId: 2,
    areaId: 3,
    postCode: null,
  },
  invoice: null,
  payNo: "P1",
  payType: 9,
  isComm: 0,
  refundStatus: null,
  closeType: null,
  deleteStatus: 0,
  submitToken: null,
  payDeadline: t("2026-01-01T00:30:00Z"),
  receiptDeadline: t("2026-01-11T01:00:00Z"),
  createdAt: t("2026-01-01T00:00:00Z"),
  payTime: t("2026-01-01T00:05:00Z"),
  dvyTime: t("2026-01-01T01:00:00Z"),
  finallyTime: null,
  cancelTime: null,
  updatedAt: t("2026-01-01T01:00:00Z"),
};
const item = (orderItemId: number, prodCount: number): ItemRow => ({
  orderItemId,
  orderNumber: order.orderNumber,
  shopId: 2,
  userId: "u1",
  prodId: 100 + orderItemId,
  skuId: 200 + orderItemId,
  prodName: names(`茶${orderItemId}`, `Tea ${orderItemId}`),
  skuName: names("大", "Large"),
  properties: names("规格:大", "Size:Large"),
  pic: `/p/${orderItemId}.png`,
  price: "5",
  prodCount,
  productTotalAmount: String(5 * prodCount),
  commSts: 0,
  basketId: 0,
  writeOffTime: null,
  isRefund: 1,
  actualTotal: null,
  offers: null,
  createdAt: order.createdAt,
});

describe("merchant DTOs", () => {
  it("maps an order row with its items, money with 2 decimals, times as ISO", () => {
    const dto = toMerchantOrder(order, "buyer", [item(1, 1), item(2, 2)], "en");
    expect(dto).toMatchObject({
      orderNumber: order.orderNumber,
      status: 3,
      buyerNickName: "buyer",
      total: "20.00",
      freightAmount: "8.50",
      scoreAmount: "0.10",
      actualTotal: "28.40",
      createTime: "2026-01-01T00:00:00.000Z",
      payTime: "2026-01-01T00:05:00.000Z",
      finallyTime: null,
      remarks: "hi",
      userAddrDto: {
        receiver: "Li",
        mobile: "13900000000",
        province: "上海市",
        city: "上海市",
        area: "浦东新区",
        addr: "路 1 号",
      },
    });
    // Area codes ride along, so the merchant platform can name the areas in its own language.
    expect(dto.userAddrDto).toHaveProperty("provinceId");
    expect(dto.orderItems[1]).toEqual({
      orderItemId: 2,
      prodId: 102,
      skuId: 202,
      prodName: "Tea 2",
      skuName: "Large",
      properties: "Size:Large",
      pic: "/p/2.png",
      price: "5.00",
      prodCount: 2,
      productTotalAmount: "10.00",
      offers: null,
      writeOffTime: null,
      isRefund: 1,
    });
    expect(toMerchantOrder(order, "b", [item(1, 1)], "zh").orderItems[0]!.prodName).toBe("茶1");
  });

  it("a package: carrier name per locale, items named from the order, traces of this package newest first", () => {
    const pkg: DeliveryRow = {
      orderDeliveryId: 5,
      orderNumber: order.orderNumber,
      shopId: 2,
      dvyId: 2,
      dvyFlowId: "ZT123456",
      deliveryType: 1,
      items: [
        { orderItemId: 2, prodCount: 2 },
        { orderItemId: 9, prodCount: 1 },
      ],
      state: 2,
      createdAt: t("2026-01-01T01:00:00Z"),
    };
    const traces: TraceRow[] = [
      { id: 1, orderDeliveryId: 5, state: 1, acceptStation: "", acceptTime: t("2026-01-01T01:00:00Z") },
      { id: 3, orderDeliveryId: 5, state: 2, acceptStation: "B", acceptTime: t("2026-01-01T03:00:00Z") },
      { id: 2, orderDeliveryId: 5, state: 2, acceptStation: "A", acceptTime: t("2026-01-01T03:00:00Z") },
      { id: 4, orderDeliveryId: 6, state: 3, acceptStation: "other package", acceptTime: t("2026-01-02T00:00:00Z") },
    ];
    const dto = toDeliveryDto(pkg, [item(1, 1), item(2, 2)], traces, "zh-tw");
    expect(dto).toMatchObject({
      orderDeliveryId: 5,
      dvyName: "中通快遞",
      dvyFlowId: "ZT123456",
      productNums: 3,
      state: 2,
      createTime: "2026-01-01T01:00:00.000Z",
    });
    expect(dto.orderItems).toEqual([
      { orderItemId: 2, prodName: "茶2", skuName: "大", pic: "/p/2.png", prodCount: 2 },
      { orderItemId: 9, prodName: "", skuName: "", pic: "", prodCount: 1 },
    ]);
    expect(dto.traces.map((x) => x.acceptStation)).toEqual(["B", "A", ""]);
  });

  it("carrier names and status filters", () => {
    expect(deliveryCompanyName(1, "en")).toBe("SF Express");
    expect(deliveryCompanyName(1, "zh")).toBe("顺丰速运");
    expect(deliveryCompanyName(42, "en")).toBe("");
    expect(MERCHANT_STATUS_FILTERS).toEqual([0, 1, 2, 3, 5, 6, 7]);
  });
});
