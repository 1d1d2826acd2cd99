/** Payloads of the user-center endpoints (CONTRACT §7), as the islands read them. */
import type { Locale } from "../../lib/locale.ts";
import type { NamespaceResources } from "../../lib/translate.ts";

/** Props every user-center island gets from its page. */
export interface UcIslandProps {
  locale: Locale;
  /** Resources of the page locale, keyed by namespace (userCenter, rules, address). */
  resources: Record<string, NamespaceResources>;
  /** Localized hrefs of the user-center pages that exist, by key (see components/user-center/pages.ts). */
  links: Partial<Record<string, string>>;
  /** Localized home path ("/", "/en/"). */
  homeHref: string;
}

export interface UserInfo {
  userId: string;
  nickName: string | null;
  username: string;
  pic: string | null;
  sex: "M" | "F" | string | null;
  userMobile: string | null;
  score: number | string | null;
  balance: number | string | null;
}

export interface OrderCountData {
  unPay: number;
  payed: number;
  consignment: number;
  confirm: number;
  success: number;
  close: number;
  refund: number;
  grouping: number;
  allCount: number;
}

export interface CenterInfo {
  orderCountData: OrderCountData | null;
  shopAuditStatus: number | null;
  shopStatus: number | null;
  shopId: number | string | null;
  isSetPassword: boolean;
  score: number;
  totalBalance: string;
  couponNum: number;
  levelName: string;
  levelType: number;
}

export interface Area {
  areaId: number;
  areaName: string;
  parentId: number;
  level: number;
}

export interface Address {
  addrId: number;
  receiver: string;
  mobile: string;
  province: string;
  provinceId: number;
  city: string;
  cityId: number;
  area: string;
  areaId: number;
  addr: string;
  postCode: string | null;
  commonAddr: number;
}

export interface CollectedProd {
  prodId: number;
  prodName: string;
  pic: string | null;
  price: string | number | null;
  oriPrice?: string | number | null;
  status: number;
  collectTime?: string;
}

export interface CollectedShop {
  shopId: number;
  shopName: string;
  shopLogo?: string | null;
  shopStatus?: number | null;
  type?: number | null;
  fansCount?: number | null;
  collectTime?: string;
}

export interface BrowseItem {
  prodBrowseLogId: number;
  prodId: number;
  prodName: string;
  pic: string | null;
  price: string | number | null;
  status: number;
  browseTime?: string;
}

export interface BrowseDay {
  time: string;
  list: BrowseItem[];
}
