/**
 * Small readers for untrusted renovation JSON (the merchant's editor writes it): texts, numbers,
 * colours, image URLs and product items, each validated so a bad value hides instead of breaking
 * the page or injecting CSS/HTML. Pure; imports only lib code.
 */
import { localePath, pickText, type Locale, type LocalizedText } from "../locale.ts";
import { formatPrice, tryDecimal } from "../money.ts";
import { sanitizeRichText } from "../sanitize.ts";
import { productPath, safeExternalUrl, safeInternalPath, toId } from "./links.ts";
import { isSoldOut } from "../catalog/stock.ts";

export type Dict = Record<string, unknown>;

export function isDict(v: unknown): v is Dict {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The field as an object ({} when missing or not an object). */
export function dict(v: unknown): Dict {
  return isDict(v) ? v : {};
}

/** The field as an array ([] when missing). */
export function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** A LocalizedText or plain string in the locale, trimmed; "" for anything else. */
export function text(v: unknown, locale: Locale): string {
  if (typeof v === "string") return v.trim();
  if (isDict(v)) return pickText(v as Partial<LocalizedText>, locale).trim();
  return "";
}

/** A finite number (numbers or numeric strings), clamped to [min, max]; fallback otherwise. */
export function num(v: unknown, fallback: number, min = -Infinity, max = Infinity): number {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}

/** A 0/1 switch where 0 means SHOWN (shop_signs: showLogo, showCategory, showNavs, showSearch). Missing → shown. */
export function shownWhenZero(v: unknown): boolean {
  return !(v === 1 || v === "1" || v === true);
}

/** A 0/1 switch where 1 means on (floor_title more, showSubTitle). */
export function onWhenOne(v: unknown): boolean {
  return v === 1 || v === "1" || v === true;
}

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNC = /^(?:rgba?|hsla?)\(\s*[\d.%\s,/+-]+\)$/i;
const NAMED = /^[a-z]{3,20}$/i;

/** A CSS colour safe to put in a style attribute (hex, rgb(a), hsl(a), a named colour); null otherwise. */
export function safeColor(v: unknown): string | null {
  if (typeof v !== "string") return null;
  const s = v.trim();
  if (!s) return null;
  return HEX.test(s) || FUNC.test(s) || NAMED.test(s) ? s : null;
}

/**
 * An image URL safe for <img src> and CSS url("…"): a same-site path or an http(s) URL without
 * quotes, parentheses, backslashes or spaces. null otherwise.
 */
export function safeImageUrl(v: unknown): string | null {
  if (typeof v !== "string") return null;
  const s = v.trim();
  if (!s || /["'()\\\s<>]/.test(s)) return null;
  return safeInternalPath(s) ?? safeExternalUrl(s);
}

/** Localized words laid over a picture (block-schema.ts overlaySchema), for the locale. */
export interface OverlayVM {
  headline: string;
  /** Sanitised HTML (inline formatting only survives the sanitiser's rules). */
  captionHtml: string;
  align: "left" | "center" | "right";
  tone: "light" | "dark";
}

/** The overlay of a picture in `locale`; null when it has no words in that locale. */
export function overlay(v: unknown, locale: Locale): OverlayVM | null {
  if (!isDict(v)) return null;
  const headline = text(v.headline, locale);
  const captionHtml = sanitizeRichText(text(v.caption, locale));
  if (!headline && !captionHtml) return null;
  const align = v.align === "center" || v.align === "right" ? v.align : "left";
  return { headline, captionHtml, align, tone: v.tone === "dark" ? "dark" : "light" };
}

/** The picture of an item in `locale`: its imgByLocale entry when there is one, else `fallback`. */
export function localizedImage(item: Dict, fallback: unknown, locale: Locale): string | null {
  return safeImageUrl(dict(item.imgByLocale)[locale]) ?? safeImageUrl(fallback);
}

/** "12.30" for a valid amount, null otherwise. */
export function price(v: unknown): string | null {
  const d = tryDecimal(v);
  return d === null || d.isNegative() ? null : formatPrice(d);
}

/** A product shown in a block (CONTRACT §10 product item, after the server refreshed it). */
export interface GoodsVM {
  prodId: number;
  name: string;
  description: string;
  /** Image URL, or null (the card shows a placeholder). */
  pic: string | null;
  /** The price shown: the activity price on activity blocks. "12.30". */
  price: string | null;
  /** Struck-through price (higher than `price`), or null. */
  oriPrice: string | null;
  /** Product detail (link type 1: opens in a new tab). */
  href: string;
  /** No stock left (the item's totalStocks is 0): the block reads "sold out" over the picture. */
  soldOut: boolean;
}

/** showContent of goods blocks: "0" name, "1" description, "2" price. Missing → name and price. */
export interface ShowContent {
  name: boolean;
  description: boolean;
  price: boolean;
}

export function showContent(v: unknown): ShowContent {
  if (!Array.isArray(v)) return { name: true, description: false, price: true };
  const set = new Set(v.map((x) => String(x)));
  return { name: set.has("0"), description: set.has("1"), price: set.has("2") };
}

function higher(a: string | null, than: string | null): string | null {
  if (a === null || than === null) return null;
  const da = tryDecimal(a);
  const db = tryDecimal(than);
  return da && db && da.greaterThan(db) ? a : null;
}

/**
 * One product item of a block, or null when it cannot be shown (no id, no name, off sale).
 * `activity`: the activity price (activityPrice) is the shown price and the normal price is struck;
 * an item's activityPath (an internal path, e.g. /secdetail/{id}: the server sets it on the home's
 * items of activities on now, never served from a stored block) is its link instead of the product page.
 */
export function goodsItem(raw: unknown, locale: Locale, opts: { activity?: boolean } = {}): GoodsVM | null {
  if (!isDict(raw)) return null;
  const prodId = toId(raw.prodId) ?? toId(raw.id);
  if (!prodId) return null;
  // status present and not 1 (on sale) → hidden. The server drops products no longer on sale too.
  if (raw.status !== undefined && raw.status !== null && Number(raw.status) !== 1) return null;
  const name = text(raw.name ?? raw.prodName, locale);
  if (!name) return null;
  const normal = price(raw.price);
  const ori = price(raw.orignPrice ?? raw.oriPrice);
  let shown = normal;
  let struck = higher(ori, normal);
  if (opts.activity) {
    const act = price(raw.activityPrice);
    if (act !== null && normal !== null && higher(normal, act)) {
      shown = act;
      struck = normal;
    }
  }
  return {
    prodId,
    name,
    description: text(raw.description ?? raw.brief, locale),
    pic: safeImageUrl(Array.isArray(raw.imgs) ? raw.imgs[0] : (raw.imgs ?? raw.pic)) ?? safeImageUrl(raw.pic),
    price: shown,
    oriPrice: struck,
    href: localePath(locale, safeInternalPath(raw.activityPath) || productPath(prodId)),
    soldOut: typeof raw.totalStocks === "number" && isSoldOut(raw.totalStocks),
  };
}

/** The showable products of a list, at most `max`, without duplicates. */
export function goodsList(v: unknown, locale: Locale, max: number, opts: { activity?: boolean } = {}): GoodsVM[] {
  const out: GoodsVM[] = [];
  const seen = new Set<number>();
  for (const raw of list(v)) {
    if (out.length >= max) break;
    const g = goodsItem(raw, locale, opts);
    if (g && !seen.has(g.prodId)) {
      seen.add(g.prodId);
      out.push(g);
    }
  }
  return out;
}

// ---- colour contrast (WCAG 2.1) -----------------------------------------------------------------
// Merchants pick text and band colours freely; the storefront keeps them but nudges a colour
// just enough to stay readable (4.5:1 for normal text, 3:1 for large titles).

/** The site's page background (global.css --color-bg): what block texts sit on by default. */
export const SITE_BACKGROUND = "#f5f5f5";
export const CONTRAST_TEXT = 4.5;
export const CONTRAST_LARGE = 3;

type Rgb = [number, number, number];

const NAMED_RGB: Record<string, Rgb> = {
  white: [255, 255, 255],
  black: [0, 0, 0],
  red: [255, 0, 0],
  transparent: [255, 255, 255],
};

/** #rgb, #rrggbb (alpha ignored), rgb()/rgba() and a few names → [r, g, b]; null otherwise. */
export function parseRgb(color: string): Rgb | null {
  const s = color.trim().toLowerCase();
  let m = /^#([0-9a-f])([0-9a-f])([0-9a-f])[0-9a-f]?$/.exec(s);
  if (m) return [m[1]!, m[2]!, m[3]!].map((h) => parseInt(h + h, 16)) as Rgb;
  m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})(?:[0-9a-f]{2})?$/.exec(s);
  if (m) return [m[1]!, m[2]!, m[3]!].map((h) => parseInt(h, 16)) as Rgb;
  m = /^rgba?\(\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*[, ]\s*(\d{1,3})/.exec(s);
  if (m) return [m[1]!, m[2]!, m[3]!].map((v) => Math.min(255, Number(v))) as Rgb;
  return NAMED_RGB[s] ?? null;
}

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of two colours (1..21); null when either cannot be read. */
export function contrastRatio(a: string, b: string): number | null {
  const ca = parseRgb(a);
  const cb = parseRgb(b);
  if (!ca || !cb) return null;
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const hex = ([r, g, b]: Rgb) => `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;
const mix = (c: Rgb, to: Rgb, t: number): Rgb => [
  c[0] + (to[0] - c[0]) * t,
  c[1] + (to[1] - c[1]) * t,
  c[2] + (to[2] - c[2]) * t,
];

/**
 * `color` moved toward black or white (whichever side `against` is not on) just far enough to
 * reach `min` contrast with `against`. Unchanged when it already passes or cannot be read.
 */
export function readable(color: string, against: string, min: number): string {
  const c = parseRgb(color);
  const bg = parseRgb(against);
  if (!c || !bg) return color;
  if ((contrastRatio(color, against) ?? 21) >= min) return color;
  const target: Rgb = luminance(bg) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  for (let t = 0.05; t <= 1; t += 0.05) {
    const next = hex(mix(c, target, t));
    if ((contrastRatio(next, against) ?? 0) >= min) return next;
  }
  return hex(target);
}

/**
 * A band colour moved (darker under light texts, lighter under dark ones) just far enough for
 * every text to reach its contrast. Unchanged when all pass or a colour cannot be read.
 */
export function readableBackground(background: string, texts: readonly { color: string; min: number }[]): string {
  const bg = parseRgb(background);
  const fgs = texts.map((x) => ({ rgb: parseRgb(x.color), ...x }));
  if (!bg || fgs.some((f) => !f.rgb)) return background;
  const passes = (b: string) => fgs.every((f) => (contrastRatio(f.color, b) ?? 0) >= f.min);
  if (passes(background)) return background;
  const textLum = fgs.reduce((s, f) => s + luminance(f.rgb!), 0) / Math.max(1, fgs.length);
  const target: Rgb = textLum > luminance(bg) ? [0, 0, 0] : [255, 255, 255];
  for (let t = 0.05; t <= 1; t += 0.05) {
    const next = hex(mix(bg, target, t));
    if (passes(next)) return next;
  }
  return hex(target);
}
