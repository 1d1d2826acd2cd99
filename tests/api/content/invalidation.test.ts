/**
 * Finer invalidation (docs/performance.md): the triggers of migration 0006 record what changed as
 * tags; the render cache and the read models drop only what shows it. Pages here render from the
 * real read models like the Astro pages do (detail: one product and its shop; list: every
 * product, or one category's with ?cpid=; notice list: site content only), through the real
 * RenderCache on the app's feed. Migration 0018: a product's change names its categories and
 * its sitemap part.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  categories,
  contentChanges,
  notices,
  products,
  productTranslations,
  shops,
  skus,
} from "../../../src/server/db/schema/index.ts";
import { productListTags, productTags } from "../../../src/server/domain/content/read-models.ts";
import { RenderCache } from "../../../src/server/http/render-cache/cache.ts";
import { pageCacheTags } from "../../../src/server/http/render-cache/page-policy.ts";
import { createTestApp, dbReady, type TestApp } from "../helpers.ts";

describe.skipIf(!dbReady)("finer invalidation of cached pages and read models", () => {
  let app: TestApp;
  let server: http.Server;
  let base: string;
  let cache: RenderCache;
  const renders = new Map<string, number>();
  let a = 0;
  let b = 0;

  beforeAll(async () => {
    app = await createTestApp();
    const { content } = app.ctx;
    cache = new RenderCache({ feed: content.feed });
    // Two on-sale products of different shops.
    const rows = await app.ctx.db
      .select({ prodId: products.prodId, shopId: products.shopId })
      .from(products)
      .where(eq(products.status, 1))
      .orderBy(products.prodId);
    const first = rows.find((r) => r.prodId > 0)!;
    const other = rows.find((r) => r.shopId !== first.shopId)!;
    a = first.prodId;
    b = other.prodId;

    const page = async (path: string, out: http.ServerResponse, tags: Set<string>) => {
      renders.set(path, (renders.get(path) ?? 0) + 1);
      const url = new URL(path, "http://x");
      let html = "";
      const detail = /^\/detail\/(\d+)$/.exec(url.pathname);
      if (detail) {
        const id = Number(detail[1]);
        const d = await content.productDetail("zh", id);
        for (const t of productTags(id, d?.shop.shopId ?? null)) tags.add(t);
        html = d ? `<h1>${d.prodName}</h1><p>${d.price}</p><p>${d.shop.shopName}</p><p>${d.totalStocks}</p>` : "none";
      } else if (url.pathname === "/list") {
        // As list.astro: the tags of what it shows (its category, or every product).
        const cpid = url.searchParams.has("cpid") ? Number(url.searchParams.get("cpid")) : undefined;
        const { crumbs, page: p } = await content.productList(
          "zh",
          { cpid },
          { primaryCategoryId: cpid, current: 1, size: 500 },
        );
        for (const t of productListTags(crumbs.at(-1)?.categoryId, cpid !== undefined, undefined)) tags.add(t);
        html = p.records.map((r) => `<li>${r.prodName}</li>`).join("");
      } else {
        const n = await content.topNotices("zh", 0);
        html = n.map((x) => `<li>${x.title}</li>`).join("");
      }
      out.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      out.end(`<html><body>${html}</body></html>`);
    };
    server = http.createServer((req, res) => {
      if (cache.serveHit(req, res)) return;
      const resolved = cache.resolve(req.url ?? "/");
      if (!resolved) {
        res.statusCode = 404;
        res.end();
        return;
      }
      const tags = new Set<string>();
      const pathname = resolved.path.split("?")[0]!;
      void cache.handle(
        req,
        res,
        resolved.key,
        (out) => page(resolved.path, out, tags),
        () => [...pageCacheTags(pathname), ...tags],
      );
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await app?.close();
  });

  async function get(path: string): Promise<{ xcache: string; body: string }> {
    const res = await fetch(base + path, { headers: { "accept-encoding": "identity" } });
    return { xcache: res.headers.get("x-cache") ?? "", body: await res.text() };
  }

  async function warm(paths: string[]): Promise<void> {
    for (const p of paths) await get(p);
    for (const p of paths) expect((await get(p)).xcache, p).toBe("HIT");
  }

  it("editing product A re-renders A's page and the list; product B's page and the notices stay cached", async () => {
    const pages = [`/detail/${a}`, `/detail/${b}`, "/list", "/notice-list"];
    await warm(pages);
    const detailB = await app.ctx.content.productDetail("zh", b);
    await app.ctx.db
      .update(productTranslations)
      .set({ prodName: "改过的名字" })
      .where(and(eq(productTranslations.prodId, a), eq(productTranslations.locale, "zh")));

    expect((await get(`/detail/${b}`)).xcache).toBe("HIT");
    expect((await get("/notice-list")).xcache).toBe("HIT");
    const pa = await get(`/detail/${a}`);
    expect(pa.xcache).toBe("MISS");
    expect(pa.body).toContain("改过的名字");
    const list = await get("/list");
    expect(list.xcache).toBe("MISS");
    expect(list.body).toContain("改过的名字");
    // The read model of B was kept (the same object), A's was read again.
    expect(await app.ctx.content.productDetail("zh", b)).toBe(detailB);
    expect((await app.ctx.content.productDetail("zh", a))?.prodName).toBe("改过的名字");
  });

  /** The level-1 category of a product (its category is level 3). */
  async function topCategoryOf(prodId: number): Promise<number> {
    const c3 = alias(categories, "c3");
    const c2 = alias(categories, "c2");
    const [row] = await app.ctx.db
      .select({ top: c2.parentId })
      .from(products)
      .innerJoin(c3, eq(c3.categoryId, products.categoryId))
      .innerJoin(c2, eq(c2.categoryId, c3.parentId))
      .where(eq(products.prodId, prodId));
    return Number(row!.top);
  }

  it("editing product A re-renders the lists of its categories only; another category's list stays cached", async () => {
    const topA = await topCategoryOf(a);
    const rows = await app.ctx.db
      .select({ prodId: products.prodId })
      .from(products)
      .innerJoin(shops, eq(shops.shopId, products.shopId))
      .where(and(eq(products.status, 1), eq(shops.shopStatus, 1)))
      .orderBy(products.prodId);
    let topOther = 0;
    for (const r of rows) {
      const top = await topCategoryOf(r.prodId);
      if (top !== topA) {
        topOther = top;
        break;
      }
    }
    expect(topOther).toBeGreaterThan(0);
    const pages = [`/list?cpid=${topA}`, `/list?cpid=${topOther}`, `/detail/${b}`];
    await warm(pages);
    const since = await app.ctx.db
      .select({ id: sql<number>`coalesce(max(${contentChanges.id}), 0)` })
      .from(contentChanges);
    await app.ctx.db
      .update(productTranslations)
      .set({ prodName: "分类列表里的新名字" })
      .where(and(eq(productTranslations.prodId, a), eq(productTranslations.locale, "zh")));
    expect((await get(`/list?cpid=${topOther}`)).xcache).toBe("HIT");
    expect((await get(`/detail/${b}`)).xcache).toBe("HIT");
    const listA = await get(`/list?cpid=${topA}`);
    expect(listA.xcache).toBe("MISS");
    expect(listA.body).toContain("分类列表里的新名字");
    // What the change named: the product, its level-1 category, its sitemap part, not the other category.
    const tags = (
      await app.ctx.db
        .select({ tag: contentChanges.tag })
        .from(contentChanges)
        .where(sql`${contentChanges.id} > ${Number(since[0]!.id)}`)
    ).map((r) => r.tag);
    expect(tags).toEqual(
      expect.arrayContaining([
        `product:${a}`,
        `category:${topA}`,
        `sitemap-products:${Math.floor((a - 1) / 10_000) + 1}`,
      ]),
    );
    expect(tags).not.toContain(`category:${topOther}`);
  });

  it("a stock change re-renders that product's page only", async () => {
    const pages = [`/detail/${a}`, `/detail/${b}`, "/list"];
    await warm(pages);
    const [sku] = await app.ctx.db
      .select({ skuId: skus.skuId, stocks: skus.stocks })
      .from(skus)
      .where(and(eq(skus.prodId, a), sql`${skus.stocks} > 1`))
      .limit(1);
    expect(sku).toBeDefined();
    await app.ctx.db
      .update(skus)
      .set({ stocks: sku!.stocks - 1 })
      .where(eq(skus.skuId, sku!.skuId));
    expect((await get(`/detail/${b}`)).xcache).toBe("HIT");
    expect((await get("/list")).xcache).toBe("HIT");
    expect((await get(`/detail/${a}`)).xcache).toBe("MISS");
  });

  it("renaming a shop re-renders its products' pages and the lists, not another shop's product", async () => {
    const pages = [`/detail/${a}`, `/detail/${b}`, "/list", "/notice-list"];
    await warm(pages);
    const [p] = await app.ctx.db.select({ shopId: products.shopId }).from(products).where(eq(products.prodId, a));
    await app.ctx.db
      .update(shops)
      .set({ shopName: { zh: "新店名", "zh-tw": "新店名", en: "New name" } })
      .where(eq(shops.shopId, p!.shopId));
    expect((await get(`/detail/${b}`)).xcache).toBe("HIT");
    expect((await get("/notice-list")).xcache).toBe("HIT");
    const pa = await get(`/detail/${a}`);
    expect(pa.xcache).toBe("MISS");
    expect(pa.body).toContain("新店名");
    expect((await get("/list")).xcache).toBe("MISS");
  });

  it("a change to site content (a notice) re-renders every page", async () => {
    const pages = [`/detail/${a}`, `/detail/${b}`, "/list", "/notice-list"];
    await warm(pages);
    await app.ctx.db
      .update(notices)
      .set({ title: sql`${notices.title}` })
      .where(eq(notices.shopId, 0));
    for (const p of pages) expect((await get(p)).xcache, p).toBe("MISS");
  });

  it("unknown query parameters share the entry of the page without them", async () => {
    await get(`/detail/${b}`);
    const before = renders.get(`/detail/${b}`) ?? 0;
    const r = await get(`/detail/${b}?utm_source=y&fbclid=z`);
    expect(r.xcache).toBe("HIT");
    expect(renders.get(`/detail/${b}`) ?? 0).toBe(before);
  });
});
