/**
 * Payload types of the decorated pages (CONTRACT §10), answered by
 * src/server/domain/renovation/renovation.ts (getHomeRenovation, getRenovation,
 * getShopHomeRenovation, refreshBlocks). Texts inside blocks stay LocalizedText.
 */
import type { LocalizedText } from "../locale.ts";

export interface RenovationBlock {
  type: string;
  dataField: Record<string, unknown>;
}

/**
 * A decorated page. Texts inside blocks stay LocalizedText (the renderer picks the locale);
 * refreshed product items carry name/description already localized as plain strings.
 */
export interface RenovationPage {
  renovationId: number;
  shopId: number;
  name: string;
  /** 1 PC, 2 mobile. */
  renovationType: number;
  /** 1 = home page of the platform / the shop. */
  homeStatus: number;
  /** 1 published, 0 draft. */
  status: number;
  blocks: RenovationBlock[];
}

/** GET /shopRenovation/homepage and /shopRenovation/info: content = JSON string of the blocks. */
export interface RenovationAnswer {
  renovationId: number;
  shopId: number;
  name: string;
  renovationType: number;
  homeStatus: number;
  content: string;
}

/** A product item stored in a block (goodsList etc.) after refreshing. */
export interface RenovationGoodsItem {
  id: number;
  prodId: number;
  name: string | LocalizedText;
  prodType: number;
  status: number;
  price: string;
  orignPrice: string;
  imgs: string;
  description: string | LocalizedText;
  activityPrice?: string;
  [key: string]: unknown;
}
