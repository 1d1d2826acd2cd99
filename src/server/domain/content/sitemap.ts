/**
 * Sitemaps (docs/seo.md). The data is kept by the read models (PublicReadModels.sitemapData and
 * sitemapProductPart: the small lists together, the products one part at a time, each dropped
 * only by what changes it) and rendered per locale and type:
 *
 *   /sitemap.xml                               sitemap index of the files below
 *   /sitemap-<locale>-<type>-<n>.xml           locale zh | zh-tw | en; type pages | categories |
 *                                              shops | notices | products; n = 1.. (at most
 *                                              SITEMAP_MAX_URLS URLs per file)
 *
 * Product parts go by id range: part n lists the products with ids (n-1)×10,000+1 … n×10,000
 * (productPartOf), read in id order from the primary key; a part with nothing to list is left
 * out of the index. A product's change names its part (tag sitemap-products:<n>, migration
 * 0018), so a write drops one part, not every product's data.
 *
 * Every <url> has absolute locale URLs (config.siteUrl + localePath) and <xhtml:link
 * rel="alternate" hreflang> entries for zh-CN, zh-TW, en and x-default (= zh), plus <lastmod>
 * where the row has an updated time.
 * What is listed: home, /list?st=1, /notice-list, /termsPage?sts=0|1 (when switched on); every
 * active platform category as the /list URL the category menu links to (cpid, cid, thCid, st=0);
 * every open shop (/shopIndex?sid=); every published platform or shop notice (/notice-detail?id=);
 * every on-sale product of an open shop (/detail/<prodId>).
 */
import { categoryListPath } from "../../../lib/catalog/category-link.ts";
import { and, asc, eq, gt, lte, max } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, notices, products, shops } from "../../db/schema/index.ts";
import { htmlLang, isLocale, localePath, LOCALES, type Locale } from "../../../lib/locale.ts";
import { getServiceSwitch } from "../kernel/site.ts";
import { pointsMallItemIds } from "../points-mall/points-mall.ts";

/**
 * The public landing pages of the menu's activities and the member centre (docs/seo.md): their
 * content changes with the activities, so they carry no lastmod.
 */
const LANDING_PAGES = [
  "/coupons",
  "/special-discount",
  "/group-buy",
  "/flash-sale",
  "/member-center/member-equity",
  "/member-center/integral-mall",
];

/** URLs per sitemap file (the protocol allows 50,000 and 50 MB; 10,000 keeps files small). */
export const SITEMAP_MAX_URLS = 10_000;
/** Product ids per product part (so a part never holds more than SITEMAP_MAX_URLS URLs). */
const PRODUCT_PART_IDS = SITEMAP_MAX_URLS;
export const SITEMAP_TYPES = ["pages", "categories", "shops", "notices", "products"] as const;
export type SitemapType = (typeof SITEMAP_TYPES)[number];

const PRODUCT_ON_SALE = 1;
const SHOP_OPEN = 1;
const CATEGORY_ACTIVE = 1;
const NOTICE_PUBLISHED = 1;

export interface SitemapUrl {
  /** Path without locale prefix, e.g. "/detail/12" or "/list?cpid=1&st=0". */
  path: string;
  lastmod?: Date | undefined;
}

/** The small lists, and how many product parts there can be (by the highest product id). */
export interface SitemapBase {
  pages: SitemapUrl[];
  categories: SitemapUrl[];
  shops: SitemapUrl[];
  notices: SitemapUrl[];
  productParts: number;
}

export interface SitemapData {
  pages: SitemapUrl[];
  categories: SitemapUrl[];
  shops: SitemapUrl[];
  notices: SitemapUrl[];
  /** The non-empty product parts by number (1-based), each in id order. */
  products: ReadonlyMap<number, readonly SitemapUrl[]>;
}

/** The product part that lists a product (1-based; the same formula as product_tags() of migration 0018). */
export function productPartOf(prodId: number): number {
  return Math.floor((prodId - 1) / PRODUCT_PART_IDS) + 1;
}

export interface SitemapFile {
  locale: Locale;
  type: SitemapType;
  /** 1-based. */
  page: number;
}

// ------------------------------------------------------------------ queries

interface CategoryRow {
  categoryId: number;
  parentId: number;
  status: number;
  updatedAt: Date;
}

/**
 * /list URLs of every active platform category whose ancestors are active too, in the form the
 * category menu links to: level 1 ?cpid=&st=0, level 2 ?cpid=&cid=&st=0, level 3 ?cpid=&cid=&thCid=&st=0.
 */
export function categoryListUrls(rows: readonly CategoryRow[]): SitemapUrl[] {
  const active = rows.filter((r) => r.status === CATEGORY_ACTIVE);
  const children = new Map<number, CategoryRow[]>();
  for (const r of active) {
    const list = children.get(r.parentId) ?? [];
    list.push(r);
    children.set(r.parentId, list);
  }
  const out: SitemapUrl[] = [];
  for (const l1 of children.get(0) ?? []) {
    out.push({ path: categoryListPath([{ level: 1, categoryId: l1.categoryId }]), lastmod: l1.updatedAt });
    for (const l2 of children.get(l1.categoryId) ?? []) {
      out.push({
        path: categoryListPath([
          { level: 1, categoryId: l1.categoryId },
          { level: 2, categoryId: l2.categoryId },
        ]),
        lastmod: l2.updatedAt,
      });
      for (const l3 of children.get(l2.categoryId) ?? []) {
        out.push({
          path: categoryListPath([
            { level: 1, categoryId: l1.categoryId },
            { level: 2, categoryId: l2.categoryId },
            { level: 3, categoryId: l3.categoryId },
          ]),
          lastmod: l3.updatedAt,
        });
      }
    }
  }
  return out;
}

/** One product part: the on-sale products of open shops in its id range, in id order (a primary-key range read). */
export async function loadProductPart(db: Db, part: number): Promise<SitemapUrl[]> {
  const rows = await db
    .select({ prodId: products.prodId, updatedAt: products.updatedAt })
    .from(products)
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .where(
      and(
        gt(products.prodId, (part - 1) * PRODUCT_PART_IDS),
        lte(products.prodId, part * PRODUCT_PART_IDS),
        eq(products.status, PRODUCT_ON_SALE),
        eq(shops.shopStatus, SHOP_OPEN),
      ),
    )
    .orderBy(asc(products.prodId));
  return rows.map((p) => ({ path: `/detail/${p.prodId}`, lastmod: p.updatedAt }));
}

/** Everything the sitemaps list but the products (locale-independent: ids and update times). */
export async function loadSitemapBase(db: Db, now = new Date()): Promise<SitemapBase> {
  const [top, shopRows, categoryRows, noticeRows, terms] = await Promise.all([
    db.select({ id: max(products.prodId) }).from(products),
    db
      .select({ shopId: shops.shopId, updatedAt: shops.updatedAt })
      .from(shops)
      .where(eq(shops.shopStatus, SHOP_OPEN))
      .orderBy(asc(shops.shopId)),
    db
      .select({
        categoryId: categories.categoryId,
        parentId: categories.parentId,
        status: categories.status,
        updatedAt: categories.updatedAt,
      })
      .from(categories)
      .where(eq(categories.shopId, 0))
      .orderBy(asc(categories.seq), asc(categories.categoryId)),
    db
      .select({ id: notices.id, updatedAt: notices.updatedAt, publishTime: notices.publishTime })
      .from(notices)
      .where(and(eq(notices.status, NOTICE_PUBLISHED), lte(notices.publishTime, now)))
      .orderBy(asc(notices.id)),
    getServiceSwitch(db),
  ]);
  const mallItems = await pointsMallItemIds(db);
  const pages: SitemapUrl[] = [
    { path: "/" },
    { path: "/list?st=1" },
    { path: "/notice-list" },
    ...LANDING_PAGES.map((path) => ({ path })),
  ];
  pages.push(...mallItems.map((i) => ({ path: `/member-center/integral-det/${i.prodId}`, lastmod: i.updatedAt })));
  if (terms.serviceTermsSwitch) pages.push({ path: "/termsPage?sts=0" });
  if (terms.privacyPolicySwitch) pages.push({ path: "/termsPage?sts=1" });
  const topId = Number(top[0]?.id ?? 0);
  return {
    pages,
    categories: categoryListUrls(categoryRows),
    shops: shopRows.map((s) => ({ path: `/shopIndex?sid=${s.shopId}`, lastmod: s.updatedAt })),
    notices: noticeRows.map((n) => ({ path: `/notice-detail?id=${n.id}`, lastmod: later(n.updatedAt, n.publishTime) })),
    productParts: topId > 0 ? productPartOf(topId) : 0,
  };
}

/** The base and its product parts (the empty ones left out). */
export async function assembleSitemapData(
  base: SitemapBase,
  part: (n: number) => Promise<readonly SitemapUrl[]>,
): Promise<SitemapData> {
  const numbers = Array.from({ length: base.productParts }, (_, i) => i + 1);
  const parts = await Promise.all(numbers.map(part));
  const productsByPart = new Map<number, readonly SitemapUrl[]>();
  numbers.forEach((n, i) => {
    if (parts[i]!.length) productsByPart.set(n, parts[i]!);
  });
  const { productParts: _, ...lists } = base;
  return { ...lists, products: productsByPart };
}

/** Reads everything the sitemaps list at once (tests, tools; the pages use the read models). */
export async function loadSitemapData(db: Db, now = new Date()): Promise<SitemapData> {
  return assembleSitemapData(await loadSitemapBase(db, now), (n) => loadProductPart(db, n));
}

function later(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}

// ------------------------------------------------------------------ files and names

/** "zh-products-2" ↔ {locale: zh, type: products, page: 2}. */
export function sitemapFileName(f: SitemapFile): string {
  return `${f.locale}-${f.type}-${f.page}`;
}

export function parseSitemapName(name: string): SitemapFile | null {
  const m = /^(zh-tw|zh|en)-(pages|categories|shops|notices|products)-([1-9]\d{0,5})$/.exec(name);
  if (!m || !isLocale(m[1])) return null;
  return { locale: m[1], type: m[2] as SitemapType, page: Number(m[3]) };
}

/** The files of the index: every locale × every non-empty type × its pages (products: its non-empty parts). */
export function sitemapFiles(data: SitemapData, maxUrls = SITEMAP_MAX_URLS): SitemapFile[] {
  const out: SitemapFile[] = [];
  const productParts = [...data.products.keys()].sort((a, b) => a - b);
  for (const locale of LOCALES) {
    for (const type of SITEMAP_TYPES) {
      if (type === "products") {
        for (const page of productParts) out.push({ locale, type, page });
        continue;
      }
      const pages = Math.ceil(data[type].length / maxUrls);
      for (let page = 1; page <= pages; page++) out.push({ locale, type, page });
    }
  }
  return out;
}

/** The URLs of one file, or null when the file does not exist. */
export function sitemapFileUrls(
  data: SitemapData,
  f: SitemapFile,
  maxUrls = SITEMAP_MAX_URLS,
): readonly SitemapUrl[] | null {
  if (f.type === "products") return data.products.get(f.page) ?? null;
  const all = data[f.type];
  const start = (f.page - 1) * maxUrls;
  if (start >= all.length) return null;
  return all.slice(start, start + maxUrls);
}

/** The newest lastmod of a list (for the index), if any. */
export function newestLastmod(urls: readonly SitemapUrl[]): Date | undefined {
  let best: Date | undefined;
  for (const u of urls) if (u.lastmod && (!best || u.lastmod > best)) best = u.lastmod;
  return best;
}

// ------------------------------------------------------------------ XML

export function xmlEscape(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** W3C datetime, seconds precision, UTC. */
export function w3cDate(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function baseUrl(siteUrl: string): string {
  return siteUrl.replace(/\/+$/, "");
}

const XML_SPECIAL = /[&<>"']/;

/**
 * <urlset> of one locale's URLs, each with its hreflang alternates. Built as one string with each
 * URL escaped once per locale only when it holds a character to escape (10,000 product URLs:
 * a few milliseconds).
 */
export function renderUrlSet(siteUrl: string, locale: Locale, urls: readonly SitemapUrl[]): string {
  const base = baseUrl(siteUrl);
  const esc = (s: string) => (XML_SPECIAL.test(s) ? xmlEscape(s) : s);
  const links = LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${htmlLang(l)}" href="`);
  let out =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
  const at = LOCALES.indexOf(locale);
  for (const u of urls) {
    const hrefs = LOCALES.map((l) => esc(base + localePath(l, u.path)));
    out += `<url>\n<loc>${hrefs[at]}</loc>\n`;
    if (u.lastmod && !Number.isNaN(u.lastmod.getTime())) out += `<lastmod>${w3cDate(u.lastmod)}</lastmod>\n`;
    for (let i = 0; i < links.length; i++) out += `${links[i]}${hrefs[i]}"/>\n`;
    out += `<xhtml:link rel="alternate" hreflang="x-default" href="${hrefs[LOCALES.indexOf("zh")]}"/>\n</url>\n`;
  }
  return out + "</urlset>\n";
}

/** <sitemapindex> of the given files. */
export function renderSitemapIndex(
  siteUrl: string,
  files: readonly { name: string; lastmod?: Date | undefined }[],
): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  ];
  for (const f of files) {
    parts.push("<sitemap>");
    parts.push(`<loc>${xmlEscape(`${baseUrl(siteUrl)}/sitemap-${f.name}.xml`)}</loc>`);
    if (f.lastmod && !Number.isNaN(f.lastmod.getTime())) parts.push(`<lastmod>${w3cDate(f.lastmod)}</lastmod>`);
    parts.push("</sitemap>");
  }
  parts.push("</sitemapindex>");
  return parts.join("\n") + "\n";
}

/** The whole index document for the data. */
export function sitemapIndexXml(siteUrl: string, data: SitemapData, maxUrls = SITEMAP_MAX_URLS): string {
  return renderSitemapIndex(
    siteUrl,
    sitemapFiles(data, maxUrls).map((f) => ({
      name: sitemapFileName(f),
      lastmod: newestLastmod(sitemapFileUrls(data, f, maxUrls) ?? []),
    })),
  );
}

/** One file's document, or null when it does not exist. */
export function sitemapFileXml(
  siteUrl: string,
  data: SitemapData,
  name: string,
  maxUrls = SITEMAP_MAX_URLS,
): string | null {
  const f = parseSitemapName(name);
  if (!f) return null;
  const urls = sitemapFileUrls(data, f, maxUrls);
  return urls ? renderUrlSet(siteUrl, f.locale, urls) : null;
}

/** The content tags of a sitemap file's response (the render cache; docs/performance.md "Finer invalidation"). */
export function sitemapFileTags(f: SitemapFile): string[] {
  return f.type === "products" ? [`sitemap-products:${f.page}`, "shops"] : ["site", "shops", "products"];
}

// ------------------------------------------------------------------ robots.txt

/** Paths crawlers should not visit: private API, user pages, checkout, renovation previews. */
export const ROBOTS_DISALLOW = [
  "/api/p/",
  "/user-center",
  "/cart",
  "/submit-order",
  "/payment",
  "/select-decorate",
] as const;

/** robots.txt: allow all but the private paths (in every locale), point at the sitemap index. */
export function robotsTxt(siteUrl: string): string {
  const lines = ["User-agent: *", "Allow: /"];
  for (const p of ROBOTS_DISALLOW) {
    lines.push(`Disallow: ${p}`);
    if (!p.startsWith("/api/")) for (const l of LOCALES) if (l !== "zh") lines.push(`Disallow: ${localePath(l, p)}`);
  }
  lines.push("", `Sitemap: ${baseUrl(siteUrl)}/sitemap.xml`);
  return lines.join("\n") + "\n";
}
