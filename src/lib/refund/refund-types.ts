/**
 * Refund and return shapes (CONTRACT §5.1), answered by src/server/domain/refund/refund.ts and
 * read by the after-sales islands and the ops CLI. Money fields are strings with 2 decimals;
 * times ISO 8601.
 */
import type { RefundStep } from "./refund-state.ts";

export interface RefundItemDto {
  orderItemId: number;
  prodId: number;
  prodName: string;
  skuName: string;
  pic: string;
  price: string;
  prodCount: number;
  /** Pieces this refund covers. */
  goodsNum: number;
}

/** A refund as the buyer and the shop see it (CONTRACT §5.1 info). */
export interface RefundDto {
  refundId: number;
  refundSn: string;
  orderNumber: string;
  shopId: number;
  shopName: string;
  refundType: number;
  orderItemId: number | null;
  applyType: number;
  isReceiver: number;
  buyerReason: number;
  buyerDesc: string;
  photoFiles: string[];
  buyerMobile: string;
  refundAmount: string;
  refundScore: number;
  goodsNum: number;
  returnMoneySts: number;
  sellerMsg: string | null;
  rejectMessage: string | null;
  refundDelivery: {
    dvyId: number;
    expressName: string;
    expressNo: string;
    mobile: string;
    senderRemarks: string;
  } | null;
  refundWay: string | null;
  applyTime: string;
  handelTime: string | null;
  shipTime: string | null;
  receiveTime: string | null;
  refundTime: string | null;
  cancelTime: string | null;
  updateTime: string;
  dueAt: string | null;
  /** The most this application may ask for (what the lines were paid, less earlier refunds). */
  maxRefundAmount: string;
  orderAmount: string;
  orderItems: RefundItemDto[];
  steps: RefundStep[];
}

/** What the apply page needs: the order's lines with what each may still refund. */
export interface RefundPreviewDto {
  orderNumber: string;
  shopName: string;
  status: number;
  freightAmount: string;
  actualTotal: string;
  /** The whole order may be refunded at once (nothing refunded or applied for yet). */
  wholeOrder: { allowed: boolean; amount: string; goodsNum: number };
  /** Goods shipped: a return is possible. */
  canReturn: boolean;
  items: (RefundItemDto & {
    refundableNum: number;
    paid: string;
    refundable: string;
    sevenDayReturn: boolean;
    /** A virtual-goods line: refund only, of unused codes (docs/virtual-goods.md). */
    virtual: boolean;
    inProgress: boolean;
  })[];
}
