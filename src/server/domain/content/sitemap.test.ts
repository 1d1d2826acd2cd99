import { describe, expect, it } from "vitest";
import {
  categoryListUrls,
  parseSitemapName,
  productPartOf,
  sitemapFileTags,
  renderSitemapIndex,
  renderUrlSet,
  robotsTxt,
  sitemapFileName,
  sitemapFiles,
  sitemapFileUrls,
  sitemapFileXml,
  sitemapIndexXml,
  w3cDate,
  xmlEscape,
  type SitemapData,
} from "./sitemap.ts";

const d = (s: string) => new Date(s);
const data: SitemapData = {
  pages: [{ path: "/" }, { path: "/list?st=1" }],
  categories: [{ path: "/list?cpid=1&st=0", lastmod: d("2025-01-01T00:00:00Z") }],
  shops: [],
  notices: [{ path: "/notice-detail?id=4", lastmod: d("2025-02-01T10:00:00.123Z") }],
  // Product parts by id range: part 2 has nothing to list and is left out.
  products: new Map([
    [1, [1, 2, 3].map((i) => ({ path: `/detail/${i}`, lastmod: d(`2025-03-0${i}T00:00:00Z`) }))],
    [3, [20_001, 20_002].map((i) => ({ path: `/detail/${i}`, lastmod: d(`2025-03-0${i - 19_996}T00:00:00Z`) }))],
  ]),
};

describe("categoryListUrls", () => {
  it("builds the category menu's /list links for active categories under active parents", () => {
    const at = d("2025-01-01T00:00:00Z");
    const rows = [
      { categoryId: 1, parentId: 0, status: 1, updatedAt: at },
      { categoryId: 2, parentId: 1, status: 1, updatedAt: at },
      { categoryId: 3, parentId: 2, status: 1, updatedAt: at },
      { categoryId: 4, parentId: 1, status: 0, updatedAt: at },
      { categoryId: 5, parentId: 4, status: 1, updatedAt: at },
    ];
    expect(categoryListUrls(rows).map((u) => u.path)).toEqual([
      "/list?cpid=1&st=0",
      "/list?cpid=1&cid=2&st=0",
      "/list?cpid=1&cid=2&thCid=3&st=0",
    ]);
  });
});

describe("sitemap files", () => {
  it("names round-trip and unknown names are refused", () => {
    expect(parseSitemapName("zh-tw-products-2")).toEqual({ locale: "zh-tw", type: "products", page: 2 });
    expect(sitemapFileName({ locale: "en", type: "shops", page: 1 })).toBe("en-shops-1");
    for (const bad of [
      "fr-products-1",
      "zh-products-0",
      "zh-users-1",
      "zh-products",
      "zh-products-1.xml",
      "../zh-pages-1",
    ])
      expect(parseSitemapName(bad)).toBeNull();
  });

  it("lists every locale × non-empty type, split by the URL limit; products by their non-empty id parts", () => {
    const files = sitemapFiles(data, 1).map(sitemapFileName);
    expect(files.filter((f) => f.startsWith("zh-") && !f.startsWith("zh-tw"))).toEqual([
      "zh-pages-1",
      "zh-pages-2",
      "zh-categories-1",
      "zh-notices-1",
      "zh-products-1",
      "zh-products-3",
    ]);
    expect(files).toHaveLength(18);
    expect(sitemapFileUrls(data, { locale: "zh", type: "products", page: 3 })?.map((u) => u.path)).toEqual([
      "/detail/20001",
      "/detail/20002",
    ]);
    expect(sitemapFileUrls(data, { locale: "zh", type: "products", page: 2 })).toBeNull();
    expect(sitemapFileUrls(data, { locale: "zh", type: "pages", page: 2 }, 1)?.map((u) => u.path)).toEqual([
      "/list?st=1",
    ]);
    expect(sitemapFileUrls(data, { locale: "zh", type: "shops", page: 1 }, 2)).toBeNull();
  });

  it("a product's part is its id range of 10,000, and its tags name that part", () => {
    expect([1, 10_000, 10_001, 99_594].map(productPartOf)).toEqual([1, 1, 2, 10]);
    expect(sitemapFileTags({ locale: "en", type: "products", page: 4 })).toEqual(["sitemap-products:4", "shops"]);
    expect(sitemapFileTags({ locale: "en", type: "shops", page: 1 })).toContain("shops");
  });
});

describe("XML", () => {
  it("a urlset with absolute locale URLs, hreflang alternates and lastmod", () => {
    const xml = renderUrlSet("https://m.example/", "en", [
      { path: "/list?cpid=1&st=0", lastmod: d("2025-01-01T00:00:00.500Z") },
      { path: "/" },
    ]);
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    expect(xml).toContain("<loc>https://m.example/en/list?cpid=1&amp;st=0</loc>");
    expect(xml).toContain("<lastmod>2025-01-01T00:00:00Z</lastmod>");
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="zh-CN" href="https://m.example/list?cpid=1&amp;st=0"/>',
    );
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="zh-TW" href="https://m.example/zh-tw/list?cpid=1&amp;st=0"/>',
    );
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="en" href="https://m.example/en/list?cpid=1&amp;st=0"/>',
    );
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://m.example/list?cpid=1&amp;st=0"/>',
    );
    expect(xml).toContain("<loc>https://m.example/en/</loc>");
    expect(xml.match(/<url>/g)).toHaveLength(2);
  });

  it("an index of the files with their newest lastmod", () => {
    const xml = sitemapIndexXml("https://m.example", data);
    expect(xml).toContain("<sitemapindex");
    expect(xml).toContain("<loc>https://m.example/sitemap-zh-products-1.xml</loc>");
    expect(xml).toContain("<loc>https://m.example/sitemap-zh-tw-pages-1.xml</loc>");
    expect(xml).toContain("<loc>https://m.example/sitemap-zh-products-3.xml</loc>");
    expect(xml).not.toContain("products-2");
    expect(xml).toContain("<lastmod>2025-03-06T00:00:00Z</lastmod>");
    expect(xml).not.toContain("shops");
    expect(renderSitemapIndex("https://m", [{ name: "zh-pages-1" }])).not.toContain("<lastmod>");
  });

  it("one file by name, null for a missing one", () => {
    expect(sitemapFileXml("https://m", data, "zh-products-1")).toContain("<loc>https://m/detail/1</loc>");
    expect(sitemapFileXml("https://m", data, "zh-shops-1")).toBeNull();
    expect(sitemapFileXml("https://m", data, "nope")).toBeNull();
  });

  it("escapes and dates", () => {
    expect(xmlEscape(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
    expect(w3cDate(d("2025-02-01T10:00:00.123Z"))).toBe("2025-02-01T10:00:00Z");
  });
});

describe("robotsTxt", () => {
  it("allows all but the private paths in every locale and names the sitemap index", () => {
    const txt = robotsTxt("https://m.example/");
    expect(txt).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const p of [
      "/api/p/",
      "/user-center",
      "/cart",
      "/submit-order",
      "/payment",
      "/select-decorate",
      "/en/cart",
      "/zh-tw/user-center",
    ]) {
      expect(txt).toContain(`Disallow: ${p}\n`);
    }
    expect(txt).not.toContain("Disallow: /en/api");
    expect(txt).toContain("Sitemap: https://m.example/sitemap.xml\n");
  });
});
