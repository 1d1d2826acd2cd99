/**
 * Business constants and limits (SPEC §9) plus small enums the UI uses.
 * Imported by both browser and server code; imports nothing.
 */

/** Times are stored in UTC and shown in China Standard Time (the mall's home market) everywhere. */
export const DISPLAY_TIME_ZONE = "Asia/Shanghai";

// Header / search / category
/** Number of hot search words requested (GET /search/hotSearch number=4). */
export const HOT_SEARCH_NUMBER = 4;
/** At most this many hot shops are shown. */
export const HOT_SHOPS_MAX = 6;
/** The header's search box asks for suggestions after this long without typing (SPEC §9). */
export const SEARCH_DEBOUNCE_MS = 200;
/** Category panel scroll step in pixels. */
export const CATEGORY_SCROLL_STEP_PX = 55;
/** Up/down arrows appear when there are this many first-level categories or more. */
export const CATEGORY_ARROWS_AT = 9;
/** Cart badge cap: shows "999+" at 1000 or more. */
export const CART_COUNT_CAP = 999;
/** Alternative cart badge cap used by one text set ("99+"). */
export const CART_COUNT_CAP_ALT = 99;

// Cart / checkout
/** At most this many items can be settled at once. */
export const CART_SETTLE_MAX = 50;
/** At most this many basketIds per cart call (totalPay, checkItems, deleteItem) and checkout. */
export const CART_IDS_MAX = 500;
/** Points are used in multiples of this step. */
export const POINTS_STEP = 10;

// Accounts
export const SMS_RESEND_SECONDS = 60;
export const PASSWORD_RESET_REDIRECT_MS = 3_000;
/** maxlength of the login popup's mobile input. */
export const LOGIN_MOBILE_MAXLENGTH = 11;
export const NICKNAME_MAX = 15;

// Tracking and caches
/** Tracking session expires after 30 minutes of inactivity. */
export const TRACKING_SESSION_MS = 30 * 60 * 1000;
/** Exchange rate cache: 15 days. */
export const EXCHANGE_RATE_CACHE_MS = 1_296_000_000;
/** Exchange rate used when none could be loaded (decimal string). */
export const DEFAULT_EXCHANGE_RATE = "21.99";
/** Pay switch info cache: 5 hours. */
export const PAY_SWITCH_CACHE_MS = 18_000_000;

// UI timing
export const TOAST_SHORT_MS = 1_000;
export const TOAST_MS = 1_500;
/** A chunk-load failure reloads the page at most once within this window. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const CATEGORY_HOVER_MS = 100;

/** The largest id of the integer id columns (PostgreSQL integer): larger ids are "not found", never a query. */
export const ID_MAX = 2_147_483_647;

// Uploads and text limits
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Pictures a shop or the platform uploads (decorations, product photos): 10 MB (SPEC §5/§9; docs/decisions.md). */
export const MERCHANT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const REFUND_VOUCHERS_MAX = 5;
export const REVIEW_PHOTOS_MAX = 9;
export const REVIEW_TEXT_MAX = 150;
export const REFUND_NOTE_MAX = 200;
export const ORDER_MESSAGE_MAX = 100;
export const STORE_NAME_MAX = 20;
export const STORE_DESC_MIN = 10;
export const STORE_DESC_MAX = 200;
export const ADDRESS_MIN = 5;
/** Detailed address upper bound: not shown in SPEC; 100 characters chosen as a sane form limit. */
export const ADDRESS_MAX = 100;
/** Search keyword upper bound (matches the API's keyword rule). */
export const SEARCH_KEYWORD_MAX = 50;

// Money limits (decimal strings; compare with src/lib/money.ts)
export const TOPUP_MIN = "0.01";
export const TOPUP_MAX = "100000";

/** Shop types. */
export const SHOP_TYPE = { GENERAL: 0, SELF_OPERATED: 1, PREFERRED: 2 } as const;

/**
 * Shop status (SPEC §4, CONTRACT §3.7): 1 open, 0 under review, -1 not opened (approved, not yet
 * opened by the platform), 2 taken offline by the platform, 3 suspended; anything but 1/0/-1 is
 * "offline" to visitors.
 */
export const SHOP_STATUS = { OPEN: 1, UNDER_REVIEW: 0, NOT_OPENED: -1, OFFLINE: 2, SUSPENDED: 3 } as const;

export type ShopEntryState = "open" | "underReview" | "notOpened" | "offline";

/**
 * What happens when a visitor tries to enter a shop (SPEC §2): allowed only when the status
 * is 1; otherwise a message says under review (0), not opened (-1) or offline (anything else).
 * Accepts numbers or numeric strings as APIs may send either.
 */
export function shopEntryState(status: number | string | null | undefined): ShopEntryState {
  if (status === null || status === undefined || status === "") return "offline";
  const n = typeof status === "number" ? status : Number(status);
  if (!Number.isInteger(n)) return "offline";
  if (n === SHOP_STATUS.OPEN) return "open";
  if (n === SHOP_STATUS.UNDER_REVIEW) return "underReview";
  if (n === SHOP_STATUS.NOT_OPENED) return "notOpened";
  return "offline";
}

/** Cart badge text: "999+" at 1000 or more (or "99+" with the alternative cap). */
export function formatCartCount(count: number, cap: number = CART_COUNT_CAP): string {
  if (!Number.isFinite(count) || count <= 0) return "0";
  const n = Math.floor(count);
  return n > cap ? `${cap}+` : String(n);
}
