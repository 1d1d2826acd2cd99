/**
 * Sitemaps (docs/seo.md). The data is read once per public content version (content_versions;
 * a simple in-process memo) and rendered per locale and type:
 *
 *   /sitemap.xml                               sitemap index of the files below
 *   /sitemap-<locale>-<type>-<n>.xml           locale zh | zh-tw | en; type pages | categories |
 *                                              shops | notices | products; n = 1.. (at most
 *                                              SITEMAP_MAX_URLS URLs per file)
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
import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, contentVersions, notices, products, shops } from "../../db/schema/index.ts";
import { htmlLang, isLocale, localePath, LOCALES, type Locale } from "../../../lib/locale.ts";
import { getServiceSwitch } from "./site.ts";
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

export interface SitemapData {
  pages: SitemapUrl[];
  categories: SitemapUrl[];
  shops: SitemapUrl[];
  notices: SitemapUrl[];
  products: SitemapUrl[];
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

/** Reads everything the sitemaps list (locale-independent: ids and update times). */
export async function loadSitemapData(db: Db, now = new Date()): Promise<SitemapData> {
  const [productRows, shopRows, categoryRows, noticeRows, terms] = await Promise.all([
    db
      .select({ prodId: products.prodId, updatedAt: products.updatedAt })
      .from(products)
      .innerJoin(shops, eq(shops.shopId, products.shopId))
      .where(and(eq(products.status, PRODUCT_ON_SALE), eq(shops.shopStatus, SHOP_OPEN)))
      .orderBy(asc(products.prodId)),
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
  return {
    pages,
    categories: categoryListUrls(categoryRows),
    shops: shopRows.map((s) => ({ path: `/shopIndex?sid=${s.shopId}`, lastmod: s.updatedAt })),
    notices: noticeRows.map((n) => ({ path: `/notice-detail?id=${n.id}`, lastmod: later(n.updatedAt, n.publishTime) })),
    products: productRows.map((p) => ({ path: `/detail/${p.prodId}`, lastmod: p.updatedAt })),
  };
}

function later(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}

let memo: { version: string; data: Promise<SitemapData> } | null = null;

/**
 * loadSitemapData, reused while the public content version stays the same (one cheap query per
 * call). A failed load is not kept.
 */
export async function getSitemapData(db: Db): Promise<SitemapData> {
  const [row] = await db
    .select({ version: contentVersions.version })
    .from(contentVersions)
    .where(eq(contentVersions.scope, "public"))
    .limit(1);
  const version = row ? String(row.version) : "";
  if (memo && memo.version === version && version !== "") return memo.data;
  const data = loadSitemapData(db);
  memo = { version, data };
  data.catch(() => {
    if (memo?.data === data) memo = null;
  });
  return data;
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

/** The files of the index: every locale × every non-empty type × its pages. */
export function sitemapFiles(data: SitemapData, maxUrls = SITEMAP_MAX_URLS): SitemapFile[] {
  const out: SitemapFile[] = [];
  for (const locale of LOCALES) {
    for (const type of SITEMAP_TYPES) {
      const pages = Math.ceil(data[type].length / maxUrls);
      for (let page = 1; page <= pages; page++) out.push({ locale, type, page });
    }
  }
  return out;
}

/** The URLs of one file, or null when the file does not exist. */
export function sitemapFileUrls(data: SitemapData, f: SitemapFile, maxUrls = SITEMAP_MAX_URLS): SitemapUrl[] | null {
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

/** Absolute URL of a page in a locale. */
export function pageUrl(siteUrl: string, locale: Locale, path: string): string {
  return `${baseUrl(siteUrl)}${localePath(locale, path)}`;
}

/** <urlset> of one locale's URLs, each with its hreflang alternates. */
export function renderUrlSet(siteUrl: string, locale: Locale, urls: readonly SitemapUrl[]): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const u of urls) {
    parts.push("<url>");
    parts.push(`<loc>${xmlEscape(pageUrl(siteUrl, locale, u.path))}</loc>`);
    if (u.lastmod && !Number.isNaN(u.lastmod.getTime())) parts.push(`<lastmod>${w3cDate(u.lastmod)}</lastmod>`);
    for (const l of LOCALES) {
      parts.push(
        `<xhtml:link rel="alternate" hreflang="${htmlLang(l)}" href="${xmlEscape(pageUrl(siteUrl, l, u.path))}"/>`,
      );
    }
    parts.push(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(pageUrl(siteUrl, "zh", u.path))}"/>`,
    );
    parts.push("</url>");
  }
  parts.push("</urlset>");
  return parts.join("\n") + "\n";
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

// ------------------------------------------------------------------ robots.txt

/** Paths crawlers should not visit: private API, user pages, checkout, decoration previews. */
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
