/**
 * Search-engine facing output of the browsing pages (docs/seo.md): canonical and hreflang links,
 * JSON-LD structured data, the sitemaps, robots.txt and the render cache's HTTP caching headers.
 * The HTML is fetched with the API request context and parsed in a blank page (no scripts,
 * no sub-resources), which keeps these tests fast.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { prefix, type Locale } from "./helpers.ts";

test.use({ javaScriptEnabled: false });

type JsonLd = Record<string, unknown> & { "@type": string };

interface Head {
  canonical: string[];
  alternates: { hreflang: string; href: string }[];
  jsonLd: { raw: string; parsed: JsonLd | null }[];
}

/** GETs a page (expects 200) and reads its canonical, hreflang alternates and JSON-LD blocks. */
async function readHead(page: Page, request: APIRequestContext, path: string): Promise<Head> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  await page.setContent(await res.text());
  return page.evaluate(() => ({
    canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute("href") ?? ""),
    alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => ({
      hreflang: l.getAttribute("hreflang") ?? "",
      href: l.getAttribute("href") ?? "",
    })),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => {
      const raw = s.textContent ?? "";
      try {
        return { raw, parsed: JSON.parse(raw) };
      } catch {
        return { raw, parsed: null };
      }
    }),
  }));
}

const origin = () => test.info().project.use.baseURL!.replace(/\/$/, "");
/** The path of a page in a locale ("/" → "/en/", "/list?x" → "/en/list?x"). */
const localized = (locale: Locale, path: string) => (locale === "zh" ? path : `${prefix(locale)}${path}`);

interface PageCase {
  name: string;
  path: string;
  types: string[];
}

/** A product whose on-sale SKUs share one price (schema.org Offer with `price`). */
async function singlePriceProduct(request: APIRequestContext): Promise<{ prodId: number; price: string }> {
  for (let id = 1; id <= 40; id++) {
    const body = (await (await request.get(`/api/prod/prodInfo?prodId=${id}`)).json()) as {
      data: { skuList: { price: string; status: number }[] } | null;
    };
    const prices = [...new Set((body.data?.skuList ?? []).filter((s) => s.status === 1).map((s) => Number(s.price)))];
    if (prices.length === 1) return { prodId: id, price: prices[0]!.toFixed(2) };
  }
  throw new Error("no single-price product among ids 1..40");
}

for (const locale of ["zh", "en"] as Locale[]) {
  test(`canonical, hreflang and JSON-LD on home, list, detail and shop pages (${locale})`, async ({
    page,
    request,
  }) => {
    const product = await singlePriceProduct(request);
    const cases: PageCase[] = [
      { name: "home", path: "/", types: ["WebSite", "Organization"] },
      { name: "list", path: "/list?cpid=1", types: ["BreadcrumbList"] },
      { name: "detail", path: `/detail/${product.prodId}`, types: ["Product", "BreadcrumbList"] },
      { name: "shop", path: "/shopIndex?sid=1", types: ["Store"] },
    ];
    for (const c of cases) {
      const url = localized(locale, c.path);
      const head = await readHead(page, request, url);

      // One absolute canonical: this very page in this locale.
      expect(head.canonical, `${url} canonical`).toEqual([`${origin()}${url}`]);

      // Alternates for the three languages and x-default (= the zh URL), all absolute.
      const alt = Object.fromEntries(head.alternates.map((a) => [a.hreflang, a.href]));
      expect(Object.keys(alt).sort(), `${url} hreflang`).toEqual(["en", "x-default", "zh-CN", "zh-TW"]);
      expect(alt["zh-CN"]).toBe(`${origin()}${c.path}`);
      expect(alt["zh-TW"]).toBe(`${origin()}${localized("zh-tw", c.path)}`);
      expect(alt.en).toBe(`${origin()}${localized("en", c.path)}`);
      expect(alt["x-default"]).toBe(alt["zh-CN"]);

      // Every JSON-LD block parses and the expected types are there.
      for (const b of head.jsonLd) expect(b.parsed, `${url} JSON-LD parses: ${b.raw.slice(0, 120)}`).not.toBeNull();
      const blocks = head.jsonLd.map((b) => b.parsed!);
      expect(blocks.map((b) => b["@type"]).sort(), `${url} JSON-LD types`).toEqual([...c.types].sort());
      for (const b of blocks) expect(b["@context"]).toBe("https://schema.org");
      const of = (type: string) => blocks.find((b) => b["@type"] === type)!;

      if (c.name === "home") {
        expect(of("WebSite").url).toBe(`${origin()}${url}`);
      }
      if (c.name === "detail") {
        const p = of("Product") as JsonLd & { offers: Record<string, unknown>; url: string; image: string[] };
        expect(p.url).toBe(`${origin()}${url}`);
        expect(p.offers["@type"]).toBe("Offer");
        expect(p.offers.price, "offers.price = the SKU price from the API").toBe(product.price);
        expect(p.offers.priceCurrency).toBe("CNY");
        expect(
          p.image.every((src) => src.startsWith(`${origin()}/`)),
          "absolute images",
        ).toBe(true);
      }
      if (c.name === "detail" || c.name === "list") {
        const items = (of("BreadcrumbList") as JsonLd & { itemListElement: { position: number; item: string }[] })
          .itemListElement;
        expect(items.length).toBeGreaterThan(1);
        expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
        expect(items[0]!.item).toBe(`${origin()}${localized(locale, "/")}`);
        for (const i of items) expect(i.item.startsWith(`${origin()}/`), `absolute ${i.item}`).toBe(true);
      }
      if (c.name === "shop") {
        expect(of("Store").url).toBe(`${origin()}${url}`);
        expect(String(of("Store").name).length).toBeGreaterThan(0);
      }
    }
  });
}

test("a product with several SKU prices has an AggregateOffer with the API's low and high price", async ({
  page,
  request,
}) => {
  const body = (await (await request.get("/api/prod/prodInfo?prodId=1")).json()) as {
    data: { skuList: { price: string; status: number }[] };
  };
  const prices = body.data.skuList.filter((s) => s.status === 1).map((s) => Number(s.price));
  expect(new Set(prices).size, "product 1 has several prices (seed)").toBeGreaterThan(1);
  const head = await readHead(page, request, "/detail/1");
  const offers = (
    head.jsonLd.map((b) => b.parsed!).find((b) => b["@type"] === "Product") as JsonLd & {
      offers: Record<string, unknown>;
    }
  ).offers;
  expect(offers).toMatchObject({
    "@type": "AggregateOffer",
    priceCurrency: "CNY",
    lowPrice: Math.min(...prices).toFixed(2),
    highPrice: Math.max(...prices).toFixed(2),
  });
});

test("sitemap index lists per-locale sitemaps; the product sitemap has seeded products; robots.txt points at it", async ({
  request,
}) => {
  const index = await request.get("/sitemap.xml");
  expect(index.status()).toBe(200);
  expect(index.headers()["content-type"]).toContain("xml");
  const locs = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  for (const locale of ["zh", "zh-tw", "en"]) {
    expect(locs, `${locale} product sitemap`).toContain(`${origin()}/sitemap-${locale}-products-1.xml`);
    expect(
      locs.some((l) => l.startsWith(`${origin()}/sitemap-${locale}-pages-`)),
      `${locale} pages sitemap`,
    ).toBe(true);
  }
  // Each listed sitemap answers.
  for (const loc of locs.filter((l) => /-(pages|shops)-1\.xml$/.test(l))) {
    expect((await request.get(new URL(loc).pathname)).status(), loc).toBe(200);
  }

  for (const [locale, path] of [
    ["zh", "/detail/1"],
    ["en", "/en/detail/1"],
  ] as const) {
    const products = await (await request.get(`/sitemap-${locale}-products-1.xml`)).text();
    expect(products, `${locale} product sitemap`).toContain(`<loc>${origin()}${path}</loc>`);
    // Sold-out products stay listed (they still answer 200); unknown ids never appear.
    expect(products).not.toContain(`${origin()}${prefix(locale)}/detail/999999<`);
  }

  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(new RegExp(`^Sitemap: ${origin().replace(/[.]/g, "\\.")}/sitemap\\.xml$`, "m"));
});

test("render cache: a repeated GET of / is a HIT and If-None-Match answers 304", async ({ request }) => {
  const first = await request.get("/");
  expect(first.status()).toBe(200);
  expect(["HIT", "MISS"]).toContain(first.headers()["x-cache"]);
  // Another test may change public content in parallel (a new content version empties the
  // cache), so allow a few tries; without a working cache it never says HIT.
  let second = await request.get("/");
  for (let i = 0; i < 3 && second.headers()["x-cache"] !== "HIT"; i++) second = await request.get("/");
  expect(second.headers()["x-cache"]).toBe("HIT");
  expect(await second.text()).toBe(await first.text());
  const etag = second.headers().etag;
  expect(etag).toMatch(/^W\/".+"$/);
  expect(second.headers()["cache-control"]).toContain("public");

  const conditional = await request.get("/", { headers: { "if-none-match": etag! } });
  expect(conditional.status()).toBe(304);
  expect((await conditional.body()).length).toBe(0);
  // A stale validator gets the full page.
  const stale = await request.get("/", { headers: { "if-none-match": 'W/"stale"' } });
  expect(stale.status()).toBe(200);
});
