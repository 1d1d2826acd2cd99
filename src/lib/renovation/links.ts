/**
 * Renovation links (SPEC §2 "Decoration link types", CONTRACT §10 link object {name, link, type}).
 * Pure: turns a stored link into a localized href for the page, or null when it cannot be followed.
 *
 *   "1" product      link = prodId            → /detail/{prodId}, opened in a NEW TAB
 *   "2" category     link = [cpid, cid, thCid] → /list?cpid&cid&thCid&st=0 (platform pages);
 *                    on a shop's page a shop category id → /shopIndex?sid&cid (the shop index)
 *   "3" shop         link = shopId            → /shopIndex?sid=
 *   "4" internal     link = "/path?query"     → the localized path
 *   "5" micro-page   link = [renovationId, shopId] → /select-decorate?renovationId&sid
 *   "6" custom URL   link = {url}             → internal path (localized) or an external
 *                    http(s) URL (new tab, rel="noopener noreferrer")
 */
import { localePath, type Locale } from "../locale.ts";
import { ID_MAX } from "../ids.ts";
import { sameOriginPath } from "../same-origin-path.ts";

export type LinkType = "1" | "2" | "3" | "4" | "5" | "6";

/** A link as stored in block JSON (loosely typed: it comes from the merchant's editor). */
export interface RawLink {
  name?: unknown;
  link?: unknown;
  type?: unknown;
}

export interface ResolvedLink {
  href: string;
  /** Open in a new tab (product details and external URLs). */
  newTab: boolean;
  /** Leaves the site: render with rel="noopener noreferrer". */
  external: boolean;
}

export interface LinkContext {
  /** The shop whose page is being rendered (0 or absent = platform page). */
  shopId?: number;
}

/** Product detail path (SPEC §2: /detail/{prodId}). */
export function productPath(prodId: number): string {
  return `/detail/${prodId}`;
}

/** Shop index path (SPEC §2: /shopIndex?sid&cid). */
export function shopIndexPath(shopId: number, cid?: number | null): string {
  return cid ? `/shopIndex?sid=${shopId}&cid=${cid}` : `/shopIndex?sid=${shopId}`;
}

/** A positive integer id (at most ID_MAX, the range of the id columns) from a number or numeric string; null otherwise. */
export function toId(v: unknown): number | null {
  if (typeof v === "number") return Number.isSafeInteger(v) && v > 0 && v <= ID_MAX ? v : null;
  if (typeof v === "string" && /^\d{1,15}$/.test(v.trim())) {
    const n = Number(v.trim());
    return Number.isSafeInteger(n) && n > 0 && n <= ID_MAX ? n : null;
  }
  return null;
}

/** A non-negative integer id (shopId 0 = platform). */
function toIdOrZero(v: unknown): number | null {
  if (v === 0 || v === "0") return 0;
  return toId(v);
}

/**
 * A same-site path: starts with one "/" (not "//" or "/\"), no control characters or spaces.
 * Answers the path as is, or null.
 */
export function safeInternalPath(v: unknown): string | null {
  if (typeof v !== "string") return null;
  const s = v.trim();
  if (!s.startsWith("/") || s.startsWith("//") || s.startsWith("/\\")) return null;
  if (/[\u0000-\u001f\u007f\s]/.test(s) || !sameOriginPath(s)) return null;
  return s;
}

/** An absolute http(s) URL, normalised; null for any other scheme (javascript:, data:, …). */
export function safeExternalUrl(v: unknown): string | null {
  if (typeof v !== "string") return null;
  const s = v.trim();
  if (!/^https?:\/\//i.test(s)) return null;
  try {
    const u = new URL(s);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    if (u.username || u.password) return null;
    return u.href;
  } catch {
    return null;
  }
}

const internal = (href: string): ResolvedLink => ({ href, newTab: false, external: false });

/** Reads the type of a link object ("1".."6"; numbers are accepted too). */
function linkType(v: unknown): LinkType | null {
  const s = typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : "";
  return (["1", "2", "3", "4", "5", "6"] as const).find((t) => t === s) ?? null;
}

/** The ids of a category link: an array [cpid, cid, thCid] (1–3 ids) or one id. */
function categoryIds(v: unknown): number[] | null {
  const list = Array.isArray(v) ? v : [v];
  if (list.length === 0 || list.length > 3) return null;
  const ids = list.map(toId);
  return ids.every((x): x is number => x !== null) ? ids : null;
}

/**
 * Resolves a renovation link for the given locale. Answers null for an empty, malformed or
 * unsafe link (the block then renders its content without a link).
 */
export function resolveLink(
  raw: RawLink | null | undefined,
  locale: Locale,
  ctx: LinkContext = {},
): ResolvedLink | null {
  if (!raw || typeof raw !== "object") return null;
  const type = linkType(raw.type);
  const link = raw.link;
  switch (type) {
    case "1": {
      const prodId = toId(link);
      return prodId ? { href: localePath(locale, productPath(prodId)), newTab: true, external: false } : null;
    }
    case "2": {
      const ids = categoryIds(link);
      if (!ids) return null;
      const shopId = ctx.shopId ?? 0;
      if (shopId > 0) {
        // A shop's page links to its own categories: the last id is the shop category.
        return internal(localePath(locale, shopIndexPath(shopId, ids[ids.length - 1])));
      }
      const keys = ["cpid", "cid", "thCid"];
      const q = ids.map((id, i) => `${keys[i]}=${id}`).join("&");
      return internal(localePath(locale, `/list?${q}&st=0`));
    }
    case "3": {
      const shopId = toId(link);
      return shopId ? internal(localePath(locale, shopIndexPath(shopId))) : null;
    }
    case "4": {
      const path = safeInternalPath(link);
      return path ? internal(localePath(locale, path)) : null;
    }
    case "5": {
      if (!Array.isArray(link) || link.length < 1) return null;
      const renovationId = toId(link[0]);
      const sid = link.length > 1 ? toIdOrZero(link[1]) : 0;
      if (!renovationId || sid === null) return null;
      return internal(localePath(locale, `/select-decorate?renovationId=${renovationId}&sid=${sid}`));
    }
    case "6": {
      const url = link && typeof link === "object" && !Array.isArray(link) ? (link as { url?: unknown }).url : link;
      const path = safeInternalPath(url);
      if (path) return internal(localePath(locale, path));
      const ext = safeExternalUrl(url);
      return ext ? { href: ext, newTab: true, external: true } : null;
    }
    default:
      return null;
  }
}

/** The <a> attributes for a resolved link (target/rel only when needed). */
export function linkAttrs(link: ResolvedLink): { href: string; target?: string; rel?: string } {
  if (link.external) return { href: link.href, target: "_blank", rel: "noopener noreferrer" };
  if (link.newTab) return { href: link.href, target: "_blank", rel: "noopener" };
  return { href: link.href };
}
