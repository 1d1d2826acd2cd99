/**
 * Payload types of the decorated pages (CONTRACT §10), answered by
 * src/server/domain/renovation/renovation.ts (getHomeRenovation, getRenovation,
 * getShopHomeRenovation, refreshBlocks), and of their authoring (the merchant API the studio
 * calls: renovation-authoring.ts, renovation-schedule.ts). Texts inside blocks stay LocalizedText.
 */

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

/** One choice of the renovation studio's pickers (GET /api/merchant/renovations/sources). */
export interface SourceOption {
  /** The value a block stores: an id, or a picture's path. */
  value: number | string;
  label: string;
  /** activities: flash (limited_skill.activityId) or discount (discount_coupon.activityId). */
  group?: "flash" | "discount";
  /** A picture to show beside the option (products, pictures). */
  pic?: string;
}

/** A renovation as the authoring API lists it (renovation-authoring.ts listRenovations). */
export interface RenovationSummary {
  renovationId: number;
  shopId: number;
  name: string;
  /** home: the shop's (or mall's) home page; page: another page (link type 5). */
  page: "home" | "page";
  /** 0 draft, 1 live, 2 earlier version. */
  status: number;
  homeStatus: number;
  publishedAt: string | null;
  updatedAt: string;
}

export interface RenovationDetail extends RenovationSummary {
  content: RenovationBlock[];
}

/** A renovation's scheduled window (renovation-schedule.ts). */
export interface RenovationWindow {
  renovationId: number;
  startAt: string | null;
  endAt: string | null;
}
