/**
 * Order, payment and logistics shapes (CONTRACT §4.2-§4.6, open mall4j edition), shared by the
 * server, the browser islands and the tests. Money fields are strings with 2 decimals; order
 * numbers are strings (19 digits, never JS numbers). Times are ISO 8601 strings. Imports only
 * other src/lib shapes.
 */
import type { CheckoutCouponDto } from "../coupon/coupon-types.ts";
import type { ChooseDiscountDto } from "../discount/discount-types.ts";
import type { LineOffers } from "../pricing/pricing-types.ts";
import type { LineAfterSales } from "../refund/refund-state.ts";

// ---------------------------------------------------------------------------------------------
// Timing rules (docs/decisions.md "Orders: timing")
// ---------------------------------------------------------------------------------------------

/** An unpaid order closes (stock restored) this long after it was submitted. */
export const ORDER_PAY_MINUTES = 30;
/** A shipped order completes by itself this long after it was shipped. */
export const ORDER_AUTO_CONFIRM_DAYS = 10;
/** A submit token from the confirm step is valid this long. */
export const SUBMIT_TOKEN_MINUTES = 30;
/** A sandbox (scan-code) payment QR code is valid this long; the page offers a refresh after. */
export const PAY_QR_MINUTES = 5;
/** Order message per shop: the order message rule's limit (order-rules.ts orderRemarkRule; docs/decisions.md). */
export const ORDER_REMARK_MAX = 100;

// ---------------------------------------------------------------------------------------------
// Enums
// ---------------------------------------------------------------------------------------------

/** CONTRACT §4.4 PayType (the ones this mall offers). */
export const PayType = {
  /** Pure points / zero amount. */
  POINTS: 0,
  /** Alipay PC: here the sandbox provider's card page. */
  ALIPAY: 2,
  /** WeChat native / scan code: here the sandbox provider's QR code on /weixin-pay. */
  WECHAT_SCAN: 3,
  /** Bank card (SPEC §1 "card or wallet providers"): here the sandbox provider's test cards (docs/payment-card.md). */
  CARD: 4,
  BALANCE: 9,
} as const;

/** Balance pay answer type (CONTRACT §4.4): 1 success, 2 user info error, 3 insufficient balance. */
export const BalancePayResult = { SUCCESS: 1, USER_ERROR: 2, INSUFFICIENT: 3 } as const;

/** Logistics state of a package (CONTRACT §4.6). */
export const DeliveryState = {
  NO_RECORD: 0,
  COLLECTED: 1,
  IN_TRANSIT: 2,
  ARRIVED_CITY: 201,
  SIGNED: 3,
  PROBLEM: 4,
} as const;
export type DeliveryStateValue = (typeof DeliveryState)[keyof typeof DeliveryState];
export const DELIVERY_STATES: readonly DeliveryStateValue[] = [0, 1, 2, 201, 3, 4];

/** Carriers a merchant ships with (CONTRACT §4.6 `/p/delivery/list` {dvyId, dvyName}). */
export const DELIVERY_COMPANIES: readonly {
  dvyId: number;
  dvyName: { zh: string; "zh-tw": string; en: string };
  homeUrl: string;
}[] = [
  {
    dvyId: 1,
    dvyName: { zh: "顺丰速运", "zh-tw": "順豐速運", en: "SF Express" },
    homeUrl: "https://www.sf-express.com",
  },
  { dvyId: 2, dvyName: { zh: "中通快递", "zh-tw": "中通快遞", en: "ZTO Express" }, homeUrl: "https://www.zto.com" },
  { dvyId: 3, dvyName: { zh: "圆通速递", "zh-tw": "圓通速遞", en: "YTO Express" }, homeUrl: "https://www.yto.net.cn" },
  {
    dvyId: 4,
    dvyName: { zh: "韵达快递", "zh-tw": "韻達快遞", en: "Yunda Express" },
    homeUrl: "https://www.yundaex.com",
  },
  { dvyId: 5, dvyName: { zh: "京东物流", "zh-tw": "京東物流", en: "JD Logistics" }, homeUrl: "https://www.jdl.com" },
  {
    dvyId: 6,
    dvyName: { zh: "中国邮政 EMS", "zh-tw": "中國郵政 EMS", en: "China Post EMS" },
    homeUrl: "https://www.ems.com.cn",
  },
];

// ---------------------------------------------------------------------------------------------
// Confirm (settlement preview): POST /p/order/confirm
// ---------------------------------------------------------------------------------------------

/** The address as the order shows it (CONTRACT UserAddrDto). */
export interface OrderAddrDto {
  addrId: number;
  receiver: string;
  mobile: string;
  /** Area ids (GB/T 2260) and their names in the request language; src/lib/address/address-format.ts puts them in order. */
  provinceId: number;
  province: string;
  cityId: number;
  city: string;
  areaId: number;
  area: string;
  addr: string;
}

/** A line of an order as the checkout and the order pages show it: what, how many, at what price. */
interface OrderLineDto {
  prodId: number;
  skuId: number;
  prodName: string;
  skuName: string;
  properties: string;
  pic: string;
  price: string;
  prodCount: number;
  productTotalAmount: string;
}

export interface ConfirmItemDto extends OrderLineDto {
  /** 0 for buy now. */
  basketId: number;
  /** The price breakdown of this line (activity, discount, coupons, points). */
  offers: LineOffers;
  /** CONTRACT `mold`: 0 physical, 1 virtual goods; writeOffTime: its codes' validity (lib/order/virtual-goods.ts). */
  mold: number;
  writeOffTime: number;
}

/** One shop's part of the checkout (becomes one order). */
export interface ShopCartOrderDto {
  shopId: number;
  shopName: string;
  shopType: number;
  /** Goods total. */
  total: string;
  /** Freight of this shop's order. */
  transFee: string;
  /** Goods total at or above which this shop ships free; null = never. */
  freeOver: string | null;
  /** Limited-time discounts (activity prices and tiers) of this shop's lines. */
  discountReduce: string;
  shopCouponReduce: string;
  /** This shop's share of the platform coupon. */
  platformCouponReduce: string;
  /** Points money allotted to this shop's order. */
  scoreReduce: string;
  /** total − reductions − scoreReduce + transFee. */
  actualTotal: string;
  totalCount: number;
  /** The buyer's coupons of this shop: usable ones and the others with the reason. */
  coupons: CheckoutCouponDto[];
  shopCartItemDiscounts: { chooseDiscountItemDto: ChooseDiscountDto | null; shopCartItems: ConfirmItemDto[] }[];
}

export interface OrderConfirmDto {
  /** The submit token: send it back with POST /p/order/submit (once). */
  uuid: string;
  /** When the submit token expires. */
  expiresAt: string;
  /** null when the user has no address yet, and always for virtual goods (they need none). */
  userAddr: OrderAddrDto | null;
  /** CONTRACT `orderMold`: 1 = virtual goods (no address, no freight; docs/virtual-goods.md). */
  orderMold: number;
  shopCartOrders: ShopCartOrderDto[];
  /** Goods total over all shops. */
  total: string;
  /** All reductions but points (discounts + coupons), and their parts. */
  totalReduce: string;
  discountReduce: string;
  shopCouponReduce: string;
  platformCouponReduce: string;
  /** The buyer's platform coupons: usable ones and the others with the reason. */
  coupons: CheckoutCouponDto[];
  /** The coupons applied (send them back with userChangeCoupon 1 to keep this choice). */
  couponUserIds: number[];
  totalTransFee: string;
  totalCount: number;
  /** What the buyer pays over all orders. */
  actualTotal: string;
  isScorePay: 0 | 1;
  /** The buyer's points balance. */
  userScore: number;
  /** Most points usable on this checkout (multiple of 10). */
  maxUsableScore: number;
  /** Points used in this preview. */
  useScore: number;
  /** Money the used points take off. */
  totalScoreAmount: string;
  /** Points worth 1.00 yuan (100). */
  shopUseScore: number;
  orderType: "ORDINARY";
}

// ---------------------------------------------------------------------------------------------
// Submit: POST /p/order/submit
// ---------------------------------------------------------------------------------------------

/** Answer of submit. A repeat with the same uuid answers A03002 instead. */
export interface OrderNumbersDto {
  /** Comma-joined, one order per shop. */
  orderNumbers: string;
  /** 1 in the data of the A03002 "do not submit the order twice" answer (orderNumbers = the first submit's orders). */
  duplicateError?: 1;
}

// ---------------------------------------------------------------------------------------------
// Payment: GET /p/order/getOrderPayInfoByOrderNumber, POST /p/order/pay, GET /p/myOrder/getOrderStatus
// ---------------------------------------------------------------------------------------------

export interface OrderPayInfoDto {
  orderNumbers: string;
  prodNameList: string[];
  receiver: string;
  userAddr: string;
  mobile: string;
  /** 1 = awaiting payment; anything else cannot be paid (paid, closed…). */
  status: number;
  /** Payment deadline (the earliest of the orders'). */
  endTime: string;
  /** Amount to pay. */
  totalFee: string;
  /** Points used by these orders. */
  totalScore: number;
  /** The buyer's current balance. */
  balance: string;
  /** True when the balance is less than the amount to pay (the counter warns on the balance method). */
  balanceShort: boolean;
  /** True when the orders can no longer be paid because the deadline passed (or the timeout closed them). */
  expired: boolean;
  /** The server's clock (ISO), so the countdown does not depend on the browser's clock. */
  serverTime: string;
}

/** payType 9 (balance). type 3 = insufficient: `balance` shows the current balance. */
export interface BalancePayDto {
  type: 1 | 2 | 3;
  message: string;
  balance: string;
}

/** payType 2 / 3 (sandbox provider). */
export interface ProviderPayDto {
  payNo: string;
  /** For payType 3: the text to render as a QR code (a sandbox payment page URL). */
  codeUrl: string;
  /** For payType 2: the provider page to open. */
  payUrl: string;
  amount: string;
  expiresAt: string;
}

/** POST /p/pay/card and /p/pay/card/confirm: paid, or a confirmation step asked by the card's bank. */
export interface CardPayDto {
  payNo: string;
  status: "paid" | "confirm";
  /** The card as shown afterwards: brand and last four digits (the full number is never kept). */
  brand: string;
  last4: string;
  /** status "confirm": the provider's reference of the confirmation, sent back with the code. */
  confirmation: string | null;
}

// ---------------------------------------------------------------------------------------------
// My orders: /p/myOrder/*
// ---------------------------------------------------------------------------------------------

export interface OrderItemDto extends OrderLineDto {
  orderItemId: number;
  /** 1 = reviewed. */
  commSts: 0 | 1;
  /** The price breakdown at submit (null for orders made before promotions existed). */
  offers: LineOffers | null;
  /** The line's after-sales state (refund-state.ts lineAfterSales); null = never applied for. */
  afterSales: LineAfterSales | null;
  /** Virtual goods: the codes' validity rule when bought (null for physical goods) and the refund flag. */
  writeOffTime: number | null;
  isRefund: number;
}

/** POST /merchant/writeOff: the code the shop just used. */
export interface WriteOffVerifyDto {
  /** As the buyer sees it: groups of four with dashes ("SX2G-CRC1-3DR0"). */
  code: string;
  orderNumber: string;
  orderItemId: number;
  prodName: string;
  skuName: string;
  usedAt: string;
  /** null = long-term. */
  expiresAt: string | null;
  /** True when this was the order's last usable code: the order is now completed. */
  orderCompleted: boolean;
}

/** A write-off code of a virtual-goods order (docs/virtual-goods.md). Times are ISO strings. */
export interface WriteOffCodeDto {
  code: string;
  orderItemId: number;
  /** 0 unused, 1 used, 2 void (refunded); an unused code past expiresAt is expired. */
  status: number;
  /** null = long-term. */
  expiresAt: string | null;
  usedAt: string | null;
}

/** A row of GET /p/myOrder/myOrder. */
export interface MyOrderDto {
  orderNumber: string;
  shopId: number;
  shopName: string;
  status: number;
  orderType: number;
  actualTotal: string;
  total: string;
  freightAmount: string;
  productNums: number;
  userScore: number;
  payType: number | null;
  refundStatus: number | null;
  isComm: 0 | 1;
  /** CONTRACT `orderMold`: 0 physical, 1 virtual goods. */
  orderMold: number;
  /** Why a closed order closed (CONTRACT §13): 1 payment timeout, 2 everything refunded, 3 group failed, 4 buyer cancelled; null while open. */
  closeType: number | null;
  createTime: string;
  payTime: string | null;
  /** Payment deadline of an unpaid order. */
  payDeadline: string;
  orderItemDtos: OrderItemDto[];
}

export interface OrderProgressStepDto {
  key: string;
  time: string | null;
  done: boolean;
}

/** GET /p/myOrder/orderDetail (CONTRACT OrderShopDto). */
export interface OrderDetailDto extends MyOrderDto {
  orderId: number;
  dvyType: number;
  /** Every reduction but points, and its parts (discounts, shop coupon, platform coupon share). */
  reduceAmount: string;
  discountAmount: string;
  shopCouponAmount: string;
  platformCouponAmount: string;
  scoreAmount: string;
  remarks: string;
  dvyTime: string | null;
  finallyTime: string | null;
  cancelTime: string | null;
  receiptDeadline: string | null;
  userAddrDto: OrderAddrDto;
  invoice: { invoiceType: 0 | 1 | 2; headerName: string | null; invoiceTaxNumber: string | null } | null;
  progress: OrderProgressStepDto[];
  /** Virtual goods: one code per unit once paid (empty before, and for physical goods). */
  writeOffCodes: WriteOffCodeDto[];
}

// ---------------------------------------------------------------------------------------------
// Logistics: GET /p/myDelivery/orderInfo/{orderNumber}, GET /p/myDelivery/deliveryOrder/{id}
// ---------------------------------------------------------------------------------------------

export interface DeliveryTraceDto {
  state: number;
  acceptStation: string;
  acceptTime: string;
}

export interface DeliveryOrderDto {
  orderDeliveryId: number;
  orderNumber: string;
  dvyId: number;
  dvyName: string;
  dvyFlowId: string;
  deliveryType: number;
  productNums: number;
  createTime: string;
  /** The package's latest state (DeliveryState). */
  state: number;
  orderItems: { orderItemId: number; prodName: string; skuName: string; pic: string; prodCount: number }[];
  /** Newest first. */
  traces: DeliveryTraceDto[];
}

export interface BuyAgainResult {
  /** The cart's total quantity afterwards (header badge). */
  prodCount: number;
  /** Lines put into the cart. */
  added: number;
  /** Lines that could not be added, with why (cart.* reason key without the namespace). */
  skipped: {
    orderItemId: number;
    prodName: string;
    skuName: string;
    reason: "prodUnavailable" | "skuUnavailable" | "insufficientStock" | "badCount";
  }[];
}
