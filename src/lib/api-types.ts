/** The API envelope and codes shared by the server and the browser client (SPEC §8, CONTRACT §1). */
export interface Envelope<T = unknown> {
  code: string;
  msg: string | null;
  data: T;
  success: boolean;
}

export const ResponseCode = {
  OK: "00000",
  /** Business error whose msg is shown to the user. Also used for invalid input. */
  SHOW_FAIL: "A00001",
  /** No, invalid or expired token. */
  UNAUTHORIZED: "A00004",
  /** Unexpected server error. */
  SERVER_ERROR: "A00005",
  /** Endpoint not found. */
  NOT_FOUND: "A00013",
  /** Order expired or submitted twice: "do not submit the order twice". */
  REPEAT_ORDER: "A03002",
  /** Out of stock. */
  NO_STOCK: "A03010",
} as const;
export type ResponseCodeValue = (typeof ResponseCode)[keyof typeof ResponseCode];

/** mall4j-style page: request current (1-based) and size; answer records, total, size, current, pages. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

// ---------------------------------------------------------------------------------------------
// Payloads of the public site / catalogue / shop / notice endpoints (CONTRACT §2, §3).
// ---------------------------------------------------------------------------------------------

/** GET /webConfig/getPcWebConfig (CONTRACT §3.1, SPEC §3 "Site config"). Texts per language: Cn (zh), Tw (zh-tw), En. */
export interface PcWebConfig {
  pcLogoImg: string;
  /** Logo shown on the login / register / reset-password pages. */
  pcLogoImgText: string;
  /** Favicon. */
  pcTitleImg: string;
  /** Mobile-mall QR code. */
  pcQrcodeImg: string;
  pcLoginBgImg: string;
  /** Document title. */
  pcTitleContentCn: string;
  pcTitleContentTw: string;
  pcTitleContentEn: string;
  /** Top-bar greeting. */
  pcWelcomeCn: string;
  pcWelcomeTw: string;
  pcWelcomeEn: string;
  pcCompanyNameCn: string;
  pcCompanyNameTw: string;
  pcCompanyNameEn: string;
  /** Footer company info; lines separated by "\n". */
  pcCompanyInfoCn: string;
  pcCompanyInfoTw: string;
  pcCompanyInfoEn: string;
  pcCopyrightCn: string;
  pcCopyrightTw: string;
  pcCopyrightEn: string;
}

/** GET /sys/config/info/getSysServiceSwitch (CONTRACT §2). */
export interface ServiceSwitch {
  serviceTermsSwitch: boolean;
  privacyPolicySwitch: boolean;
  merchantRegisterProtocolSwitch: boolean;
  shopProtocolSwitch: boolean;
}

/** GET /sys/config/info/getSysPaySwitch (CONTRACT §3.1). */
export interface PaySwitch {
  aliPaySwitch: boolean;
  wxPaySwitch: boolean;
  balancePaySwitch: boolean;
  payPalSwitch: boolean;
}

/** sts of /termsPage and /sys/config/info/terms: 0 service terms, 1 privacy policy. */
export type TermsSts = 0 | 1;

/** GET /sys/config/info/terms?sts= */
export interface TermsInfo {
  sts: TermsSts;
  /** Localized title, e.g. 服务条款 / 隐私政策. */
  title: string;
  /** Sanitised HTML in the request language. */
  content: string;
}

/** GET /cyExchange — NOT the mall envelope: the separate exchange-rate host answers code 200 (SPEC §7). */
export interface ExchangeRateAnswer {
  code: 200;
  msg: null;
  data: { rate: number };
  success: true;
}

/** GET /search/hotSearch item (CONTRACT §3.5). content = the keyword to search; title = what is shown. */
export interface HotSearchItem {
  hotSearchId: number;
  title: string;
  content: string;
}

/** ShopHeadInfoDto subset (CONTRACT §3.7). type 1 self-operated, 2 preferred, 0 general; shopStatus 1 open. */
export interface ShopHeadInfo {
  shopId: number;
  shopName: string;
  shopLogo: string;
  intro: string;
  type: number;
  shopStatus: number;
  fansCount: number;
  /** Average review score 0-5 with one decimal. */
  rating: number;
  soldNum: number;
}

/** GET /category/categoryInfo node (CONTRACT §3.3). grade 0/1/2 = level 1/2/3. */
export interface CategoryNode {
  categoryId: number;
  parentId: number;
  categoryName: string;
  pic: string;
  icon: string;
  seq: number;
  grade: number;
  status: number;
  categories: CategoryNode[];
}

/** GET /mall4cloud_product/ua/brand/list_by_category item. name and brandName carry the same text. */
export interface BrandItem {
  brandId: number;
  name: string;
  brandName: string;
  imgUrl: string;
  firstLetter: string;
  seq: number;
}

/** A notice in lists (no content). publishTime is ISO 8601 (UTC). isTop 0/1. */
export interface NoticeItem {
  id: number;
  shopId: number;
  title: string;
  publishTime: string;
  isTop: number;
}

/** GET /shop/notice/info/:id — content is sanitised HTML. */
export interface NoticeDetail extends NoticeItem {
  content: string;
}
