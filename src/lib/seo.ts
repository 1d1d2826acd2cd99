/**
 * Structured data (schema.org JSON-LD) for search engines, built from the same payloads the
 * pages render. Pure functions, no I/O: pages pass in what they already loaded and the absolute
 * URL of the page; relative image paths ("/uploads/…") are made absolute against that URL.
 *
 *   productJsonLd(detail, {url, siteName, currency?, rating?})   Product + Offer (+ AggregateRating)
 *   breadcrumbJsonLd([{name, url}, …])                            BreadcrumbList
 *   storeJsonLd(shop, url)                                        Store (+ AggregateRating)
 *   organizationJsonLd({name, url, logo?})                        Organization
 *   websiteJsonLd({name, url, searchUrl?})                        WebSite + SearchAction (/list?pn=)
 *   serializeJsonLd(data)                                         safe text for <script type="application/ld+json">
 *
 * Emit them with src/components/seo/JsonLd.astro (or setPageSeo({jsonLd}) of
 * src/components/seo/page-seo.ts). See docs/seo.md.
 */
import { localePath, type Locale } from "./locale.ts";

export type JsonLdObject = { "@context"?: string; "@type": string | string[] } & Record<string, unknown>;

const CONTEXT = "https://schema.org";
/** Default currency of every price in the mall (SPEC: money in yuan). */
export const DEFAULT_CURRENCY = "CNY";
/** Descriptions in structured data are cut to this many characters. */
export const DESCRIPTION_MAX = 300;

/** An absolute URL for `src` ("/uploads/a.png", "a.png", "https://…"); "" when src is empty or unparsable. */
export function absoluteUrl(src: string | null | undefined, base: string): string {
  if (!src) return "";
  try {
    return new URL(src, base).href;
  } catch {
    return "";
  }
}

/** Plain text of an HTML fragment, whitespace collapsed, cut to `max` characters (with "…"). */
export function plainText(html: string | null | undefined, max = DESCRIPTION_MAX): string {
  if (!html) return "";
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/gi, " ")
    .replace(/&lt;/gi, "<")
    .replace(/&gt;/gi, ">")
    .replace(/&quot;/gi, '"')
    .replace(/&#0*39;|&apos;/gi, "'")
    .replace(/&amp;/gi, "&")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Drops keys whose value is undefined, null, "" or an empty array (schema validators dislike them). */
function compact<T extends Record<string, unknown>>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined || v === null || v === "") continue;
    if (Array.isArray(v) && v.length === 0) continue;
    out[k] = v;
  }
  return out as T;
}

/** "12.3" / 12.3 → "12.30"; invalid → undefined. */
function price2(v: string | number | null | undefined): string | undefined {
  if (v === null || v === undefined || v === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n.toFixed(2) : undefined;
}

// ------------------------------------------------------------------ product

/** The fields of ProductDetail (src/lib/catalog/product-types.ts) that the Product markup uses. */
export interface ProductSeoInput {
  prodId: number;
  prodName: string;
  brief?: string | null;
  content?: string | null;
  pic?: string | null;
  imgs?: readonly string[] | null;
  price: string | number;
  totalStocks: number;
  /** 1 on sale. */
  status: number;
  commentNum: number;
  brand?: { brandName: string } | null;
  shop?: { shopName: string } | null;
  skuList?: readonly { skuId: number; price: string | number; stocks: number; status: number }[] | null;
}

/** The fields of CommentSummary (GET /prod/prodCommData) used for the rating. */
export interface RatingSummaryInput {
  /** Share of good reviews, 0-100. */
  positiveRating: number;
  /** Number of reviews. */
  number: number;
}

export interface ProductJsonLdOptions {
  /** Absolute URL of the product page (canonical, with locale prefix). */
  url: string;
  siteName: string;
  currency?: string;
  /** getCommentSummary(); aggregateRating is added when the product has reviews. */
  rating?: RatingSummaryInput | null;
}

/** "In stock" = on sale and something left to buy (product total, or any on-sale SKU with stock). */
export function isInStock(p: Pick<ProductSeoInput, "status" | "totalStocks" | "skuList">): boolean {
  if (p.status !== 1) return false;
  if (p.skuList && p.skuList.length > 0) return p.skuList.some((s) => s.status === 1 && s.stocks > 0);
  return p.totalStocks > 0;
}

/**
 * schema.org Product: name, image (main picture first, then the gallery), description (brief,
 * else the detail text), sku, brand, offers (Offer, or AggregateOffer when on-sale SKUs have
 * different prices) and, when the product has reviews, aggregateRating (share of good reviews
 * on a 0-100 scale, reviewCount).
 */
export function productJsonLd(detail: ProductSeoInput, opts: ProductJsonLdOptions): JsonLdObject {
  const currency = opts.currency ?? DEFAULT_CURRENCY;
  const images = [
    ...new Set([detail.pic, ...(detail.imgs ?? [])].map((s) => absoluteUrl(s, opts.url)).filter(Boolean)),
  ];
  const availability = `${CONTEXT}/${isInStock(detail) ? "InStock" : "OutOfStock"}`;
  const onSaleSkus = (detail.skuList ?? []).filter((s) => s.status === 1);
  const skuPrices = onSaleSkus.map((s) => Number(s.price)).filter((n) => Number.isFinite(n));
  const low = skuPrices.length ? Math.min(...skuPrices) : NaN;
  const high = skuPrices.length ? Math.max(...skuPrices) : NaN;
  const seller = detail.shop?.shopName ? { "@type": "Organization", name: detail.shop.shopName } : undefined;
  const offers =
    skuPrices.length > 1 && low !== high
      ? compact({
          "@type": "AggregateOffer",
          priceCurrency: currency,
          lowPrice: low.toFixed(2),
          highPrice: high.toFixed(2),
          offerCount: onSaleSkus.length,
          availability,
          url: opts.url,
          seller,
        })
      : compact({
          "@type": "Offer",
          priceCurrency: currency,
          price: price2(detail.price) ?? "0.00",
          availability,
          url: opts.url,
          itemCondition: `${CONTEXT}/NewCondition`,
          seller,
        });
  const rating = opts.rating;
  const aggregateRating =
    detail.commentNum > 0 && rating && rating.number > 0
      ? {
          "@type": "AggregateRating",
          ratingValue: Math.max(0, Math.min(100, Math.round(rating.positiveRating))),
          bestRating: 100,
          worstRating: 0,
          reviewCount: rating.number,
        }
      : undefined;
  return compact({
    "@context": CONTEXT,
    "@type": "Product",
    name: detail.prodName,
    image: images,
    description: plainText(detail.brief) || plainText(detail.content),
    sku: String(detail.prodId),
    productID: String(detail.prodId),
    url: opts.url,
    brand: detail.brand?.brandName ? { "@type": "Brand", name: detail.brand.brandName } : undefined,
    offers,
    aggregateRating,
  }) as JsonLdObject;
}

// ------------------------------------------------------------------ breadcrumbs

export interface BreadcrumbItem {
  name: string;
  /** Absolute URL; the last item (the current page) may omit it. */
  url?: string;
}

/** schema.org BreadcrumbList; items with empty names are skipped, positions start at 1. */
export function breadcrumbJsonLd(items: readonly BreadcrumbItem[]): JsonLdObject {
  const list = items.filter((i) => i.name && i.name.trim() !== "");
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: list.map((item, i) =>
      compact({ "@type": "ListItem", position: i + 1, name: item.name.trim(), item: item.url || undefined }),
    ),
  };
}

// ------------------------------------------------------------------ store

/** The fields of ShopIndexInfo / ShopCard (src/lib/shop/shop-types.ts) used by the Store markup. */
export interface StoreSeoInput {
  shopId: number;
  shopName: string;
  shopLogo?: string | null;
  intro?: string | null;
  /** Average review score 0-5. */
  rating?: number | null;
  /** How many ratings the average is made of, when known (Google wants a count). */
  ratingCount?: number | null;
}

/** schema.org Store: name, logo, image, url, description, aggregateRating (0-5) when the shop has a rating. */
export function storeJsonLd(shop: StoreSeoInput, url: string): JsonLdObject {
  const logo = absoluteUrl(shop.shopLogo, url);
  const rating =
    typeof shop.rating === "number" && Number.isFinite(shop.rating) && shop.rating > 0 ? shop.rating : undefined;
  return compact({
    "@context": CONTEXT,
    "@type": "Store",
    "@id": `${url}#store`,
    name: shop.shopName,
    url,
    logo,
    image: logo,
    description: plainText(shop.intro),
    aggregateRating:
      rating === undefined
        ? undefined
        : compact({
            "@type": "AggregateRating",
            ratingValue: Math.round(Math.min(5, rating) * 10) / 10,
            bestRating: 5,
            worstRating: 0,
            ratingCount: shop.ratingCount && shop.ratingCount > 0 ? shop.ratingCount : undefined,
          }),
  }) as JsonLdObject;
}

// ------------------------------------------------------------------ site

export interface SiteSeoInput {
  /** Site (or company) name. */
  name: string;
  /** Absolute URL of the home page of the current locale, e.g. https://mall.example/en/. */
  url: string;
  /** Logo path or URL (site config pcLogoImg). */
  logo?: string | null;
  /** Absolute URL template of the product search; default <origin>/<locale>/list?pn={search_term_string}. */
  searchUrl?: string;
}

export const SEARCH_TERM = "{search_term_string}";

/** The product search URL template for a locale: <siteUrl>[/en]/list?pn={search_term_string}. */
export function searchUrlTemplate(siteUrl: string, locale: Locale): string {
  return `${siteUrl.replace(/\/$/, "")}${localePath(locale, "/list")}?pn=${SEARCH_TERM}`;
}

/** schema.org Organization: name, url, logo. */
export function organizationJsonLd(site: SiteSeoInput): JsonLdObject {
  return compact({
    "@context": CONTEXT,
    "@type": "Organization",
    name: site.name,
    url: site.url,
    logo: absoluteUrl(site.logo, site.url),
  }) as JsonLdObject;
}

/** schema.org WebSite with a SearchAction (sitelinks search box) that searches products on /list?pn=. */
export function websiteJsonLd(site: SiteSeoInput): JsonLdObject {
  const target = site.searchUrl ?? `${new URL(site.url).origin}${pathPrefixOf(site.url)}/list?pn=${SEARCH_TERM}`;
  return {
    "@context": CONTEXT,
    "@type": "WebSite",
    name: site.name,
    url: site.url,
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: target },
      "query-input": "required name=search_term_string",
    },
  };
}

/** "/en" for https://x/en/ , "" for https://x/ . */
function pathPrefixOf(url: string): string {
  try {
    return new URL(url).pathname.replace(/\/+$/, "");
  } catch {
    return "";
  }
}

// ------------------------------------------------------------------ serialisation

/**
 * JSON for an inline <script type="application/ld+json">: "<", ">" and "&" become \u003c,
 * \u003e, \u0026 (no "</script>" or "<!--" can end the block early) and U+2028/2029 are
 * escaped. The result still parses with JSON.parse to the same value.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
