/**
 * Cart shapes (CONTRACT §4.1, open mall4j edition): POST /p/shopCart/info answers ShopCartDto[],
 * POST /p/shopCart/totalPay answers CartTotal. Money fields are strings with 2 decimals.
 * Shared by server and browser code; imports only other src/lib shapes.
 */
import type { ChooseDiscountDto } from "../discount/discount-types.ts";

/** "valid" = can be bought; "offline" = product/SKU off shelf or gone, or shop not open; "noStock" = SKU stock 0. */
export type CartLineStatus = "valid" | "offline" | "noStock";

export interface ShopCartItemDto {
  basketId: number;
  prodId: number;
  skuId: number;
  shopId: number;
  prodName: string;
  skuName: string;
  properties: string;
  pic: string;
  /** Unit price of the SKU. */
  price: string;
  /**
   * The unit price when the buyer put the line in the cart or last changed it, when the price is
   * another now ("dropped from" / "rose from", lib/cart/cart-price.ts); null when unchanged.
   */
  priceBefore: string | null;
  /** Unit price after the activity price step (limited-time price); = price without one. */
  activityPrice: string;
  oriPrice: string;
  prodCount: number;
  /** price × prodCount. */
  productTotalAmount: string;
  /** 1 = selected for settlement; always 0 for an invalid line. */
  isChecked: 0 | 1;
  /** Current SKU stock (0 when the SKU is gone). */
  actualStock: number;
  status: CartLineStatus;
  /** When the line was first added, ISO 8601. */
  basketDate: string;
  discountId: number;
  /** CONTRACT `mold` (1 virtual goods) and its codes' validity rule (lib/order/virtual-goods.ts). */
  mold: number;
  writeOffTime: number;
}

export interface ShopCartItemDiscount {
  /** The limited-time discount these lines share (reached tier, saving, "spend more" hint); null = none. */
  chooseDiscountItemDto: ChooseDiscountDto | null;
  /** 0 = no promotion, 1 = full reduction (discount). */
  activityType: 0 | 1;
  shopCartItems: ShopCartItemDto[];
}

export interface ShopCartDto {
  shopId: number;
  shopName: string;
  shopType: number;
  shopCartItemDiscounts: ShopCartItemDiscount[];
  /** Sum of the checked valid lines of this shop (SKU prices). */
  total: string;
  /** What limited-time discounts take off the checked lines. */
  discountReduce: string;
  /** total − discountReduce. */
  actualTotal: string;
  /** Total quantity of the checked valid lines of this shop. */
  totalCount: number;
}

export interface CartTotal {
  totalMoney: string;
  finalMoney: string;
  /** What limited-time discounts (activity prices and tiers) take off; coupons come at checkout. */
  subtractMoney: string;
  /** Total quantity of the valid lines counted. */
  count: number;
}
