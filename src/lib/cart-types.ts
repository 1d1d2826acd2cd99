/**
 * Cart shapes (CONTRACT §4.1, open mall4j edition): POST /p/shopCart/info answers ShopCartDto[],
 * POST /p/shopCart/totalPay answers CartTotal. Money fields are strings with 2 decimals.
 * Shared by server and browser code; imports nothing.
 */

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
}

export interface ShopCartItemDiscount {
  /** null until promotions exist. */
  chooseDiscountItemDto: null;
  /** 0 = no promotion. */
  activityType: 0;
  shopCartItems: ShopCartItemDto[];
}

export interface ShopCartDto {
  shopId: number;
  shopName: string;
  shopType: number;
  shopCartItemDiscounts: ShopCartItemDiscount[];
  /** Sum of the checked valid lines of this shop. */
  total: string;
  /** Total quantity of the checked valid lines of this shop. */
  totalCount: number;
}

export interface CartTotal {
  totalMoney: string;
  finalMoney: string;
  /** "0.00" until promotions exist. */
  subtractMoney: string;
  /** Total quantity of the valid lines counted. */
  count: number;
}
