/**
 * What shoppers see of a shop's writes (docs/product.md "What shoppers see"), on PGlite and
 * PostgreSQL, through the merchant API: stock 0 keeps a product listed as sold out (cards, blocks,
 * the cart); off the shelf — by the shop or the platform — or deleted leaves search, suggestions,
 * category and shop lists, brand facets, decorated blocks and the sitemap, and its page's content
 * says why with goods instead; a cart line says when its price is another than the buyer saw, and
 * a submit at the old price is refused in the buyer's language with the fresh total. On
 * PostgreSQL a second process (the production feed interval, woken by NOTIFY) shows every write
 * within 2 s.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopCartDto } from "../../../src/lib/cart/cart-types.ts";
import type { ProductCard, ProductSearchPage, SearchSuggestion } from "../../../src/lib/catalog/product-types.ts";
import type { Page } from "../../../src/lib/api-types.ts";
import { createApi } from "../../../src/server/api/app.ts";
import { openDatabase, type Database } from "../../../src/server/db/client.ts";
import { dbChangeFeed, wakeOnNotify } from "../../../src/server/db/content-changes.ts";
import { brands, categories, contentChanges, skus } from "../../../src/server/db/schema/index.ts";
import { followChanges } from "../../../src/server/domain/catalog/search-index.ts";
import { BuyerReadModels } from "../../../src/server/domain/content/buyer-read-models.ts";
import { PublicReadModels } from "../../../src/server/domain/content/read-models.ts";
import { caller, type TestUser } from "../account-helpers.ts";
import { buyerWithAddress } from "../activity-helpers.ts";
import { createTestApp, dbDriver, dbReady, okData, PNG_1X1, type TestApp } from "../helpers.ts";

const PLATFORM = "dev-platform-token";
type Line = ShopCartDto["shopCartItemDiscounts"][number]["shopCartItems"][number];
type Api = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/** Shared set-up: the shop's login, an uploaded picture, a level-3 category and a brand. */
async function shopKit(app: TestApp) {
  const call = caller(app);
  const shop: TestUser = {
    userId: "shop1",
    token: okData(
      await call<{ accessToken: string }>("/merchant/login", { body: { username: "shop01", password: "Shop1234" } }),
    ).accessToken,
  };
  const form = new FormData();
  form.set("file", new File([PNG_1X1], "a.png", { type: "image/png" }));
  const up = await app.request<{ filePath: string }>("/api/merchant/file/upload", {
    method: "POST",
    headers: { Authorization: shop.token },
    body: form,
  });
  const pic = okData(up).filePath;
  const [leaf] = await app.ctx.db
    .select({ id: categories.categoryId })
    .from(categories)
    .where(and(eq(categories.shopId, 0), eq(categories.grade, 2), eq(categories.status, 1)))
    .limit(1);
  const [brand] = await app.ctx.db.select({ id: brands.brandId }).from(brands).where(eq(brands.status, 1)).limit(1);
  let n = 0;
  /** A product on sale named with a word nothing else has, one SKU. */
  const newWord = () => `Zqx${dbDriver}${++n}${Date.now().toString(36)}`.toLowerCase();
  const create = async (price = "20.00", stocks = 5, word = newWord()) => {
    const made = okData(
      await call<{ prodId: number; skuIds: number[] }>("/merchant/products", {
        user: shop,
        body: {
          categoryId: leaf!.id,
          brandId: brand!.id,
          texts: { zh: { name: `测试 ${word}` }, en: { name: `Test ${word}` }, "zh-tw": { name: `測試 ${word}` } },
          pic,
          skus: [{ price, stocks }],
          onSale: true,
        },
      }),
    );
    return { ...made, skuId: made.skuIds[0]!, word, categoryId: leaf!.id, brandId: brand!.id };
  };
  const version = async (skuId: number) =>
    (await app.ctx.db.select({ v: skus.version }).from(skus).where(eq(skus.skuId, skuId)))[0]!.v;
  const setSku = async (p: { prodId: number; skuId: number }, change: Record<string, unknown>) =>
    okData(
      await call(`/merchant/products/${p.prodId}/skus/${p.skuId}`, {
        user: shop,
        method: "PUT",
        body: { version: await version(p.skuId), ...change },
      }),
    );
  const addToCart = async (buyer: TestUser, p: { prodId: number; skuId: number }, count: number) =>
    okData(
      await call("/p/shopCart/changeItem", {
        user: buyer,
        body: { prodId: p.prodId, skuId: p.skuId, shopId: 1, count },
      }),
    );
  return { call, shop, create, setSku, newWord, addToCart };
}

describe.skipIf(!dbReady)("what shoppers see of a shop's writes", () => {
  let app: TestApp;
  let kit: Awaited<ReturnType<typeof shopKit>>;

  beforeAll(async () => {
    app = await createTestApp();
    kit = await shopKit(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = async <T>(path: string, lang = "en") => okData(await app.get<T>(`/api${path}`, lang));
  const searched = async (keyword: string) =>
    (await get<Page<ProductCard>>(`/search/searchProdPage?keyword=${encodeURIComponent(keyword)}&size=20`)).records;
  const lines = async (u: TestUser, lang = "en"): Promise<Line[]> =>
    okData(await kit.call<ShopCartDto[]>("/p/shopCart/info", { user: u, body: {}, lang })).flatMap((s) =>
      s.shopCartItemDiscounts.flatMap((d) => d.shopCartItems),
    );

  it("stock 0: the product stays listed with no stock, its blocks read sold out, the cart line is sold out", async () => {
    const p = await kit.create("20.00", 3);
    const buyer = await buyerWithAddress(app, "soldout");
    await kit.addToCart(buyer, p, 1);
    await kit.setSku(p, { stocks: 0 });
    const [card] = await searched(p.word);
    expect(card).toMatchObject({ prodId: p.prodId, totalStocks: 0 });
    const inCategory = await get<Page<ProductCard>>(`/search/searchProdPage?categoryId=${p.categoryId}&sort=1&size=50`);
    expect(inCategory.records.find((r) => r.prodId === p.prodId)?.totalStocks).toBe(0);
    const blocks = await get<Page<{ prodId: number; totalStocks: number }>>(
      `/search/renovationPage?prodIds=${p.prodId}`,
    );
    expect(blocks.records).toEqual([expect.objectContaining({ prodId: p.prodId, totalStocks: 0 })]);
    const detail = await get<{ skuList: { stocks: number }[] }>(`/prod/prodInfo?prodId=${p.prodId}`);
    expect(detail.skuList.map((s) => s.stocks)).toEqual([0]);
    // No browser keeps an answer that shows goods: the next read asks again (docs/product.md).
    for (const path of [
      `/prod/prodInfo?prodId=${p.prodId}`,
      `/prod/skuList?prodId=${p.prodId}`,
      `/search/searchProdPage?keyword=${p.word}&size=20`,
      `/search/page?keyword=${p.word}&size=20`,
      `/search/renovationPage?prodIds=${p.prodId}`,
    ])
      expect((await app.get(`/api${path}`, "en")).headers.get("cache-control"), path).toBe(
        "public, max-age=0, s-maxage=60",
      );
    const [line] = await lines(buyer);
    expect(line).toMatchObject({ prodId: p.prodId, status: "noStock", isChecked: 0 });
    // Restocked: buyable again.
    okData(
      await kit.call(`/merchant/products/${p.prodId}/skus/${p.skuId}`, {
        user: kit.shop,
        method: "PUT",
        body: { stocksDelta: 4 },
      }),
    );
    expect((await lines(buyer))[0]).toMatchObject({ status: "valid", actualStock: 4 });
  });

  it("off the shelf (by the shop, by the platform) or deleted: gone from every list; its page says why, with goods instead", async () => {
    const p = await kit.create();
    const listedEverywhere = async () => {
      const byWord = (await searched(p.word)).some((r) => r.prodId === p.prodId);
      const page = await get<ProductSearchPage>(`/search/page?keyword=${p.word}&size=20`);
      const facet = page.records[0].brands.some((b) => b.brandId === p.brandId);
      const suggested = (
        await get<SearchSuggestion[]>(`/search/suggest?type=goods&keyword=${encodeURIComponent(p.word)}`)
      ).some((s) => s.id === p.prodId);
      const category = (
        await get<Page<ProductCard>>(`/search/searchProdPage?categoryId=${p.categoryId}&sort=1&size=50`)
      ).records.some((r) => r.prodId === p.prodId);
      const shop = (await get<Page<ProductCard>>(`/search/searchProdPage?shopId=1&sort=1&size=50`)).records.some(
        (r) => r.prodId === p.prodId,
      );
      const block = (await get<Page<{ prodId: number }>>(`/search/renovationPage?prodIds=${p.prodId}`)).records.length;
      const sitemap = [...(await app.ctx.content.sitemapData()).products.values()]
        .flat()
        .some((u) => u.path === `/detail/${p.prodId}`);
      return { byWord, facet, suggested, category, shop, block: block > 0, sitemap };
    };
    const all = { byWord: true, facet: true, suggested: true, category: true, shop: true, block: true, sitemap: true };
    const none = Object.fromEntries(Object.keys(all).map((k) => [k, false]));
    expect(await listedEverywhere()).toEqual(all);
    expect(await app.ctx.content.goneProduct("en", p.prodId)).toBeNull();

    const post = (path: string, token = kit.shop.token, body?: unknown) =>
      app.request(`/api${path}`, {
        method: "POST",
        headers: { Authorization: token, "Content-Type": "application/json", "Accept-Language": "en" },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    okData(await post(`/merchant/products/${p.prodId}/offShelf`));
    expect(await listedEverywhere()).toEqual(none);
    for (const [lang, name] of [
      ["zh", `测试 ${p.word}`],
      ["zh-tw", `測試 ${p.word}`],
      ["en", `Test ${p.word}`],
    ] as const) {
      const gone = (await app.ctx.content.goneProduct(lang, p.prodId))!;
      expect(gone).toMatchObject({ prodId: p.prodId, prodName: name, reason: "offShelf", shopId: 1 });
      expect(gone.categoryPath.at(-1)?.categoryId).toBe(p.categoryId);
      expect(gone.related.length).toBeGreaterThan(0);
      expect(gone.related.map((r) => r.prodId)).not.toContain(p.prodId);
    }

    okData(await post(`/merchant/products/${p.prodId}/onShelf`));
    expect(await listedEverywhere()).toEqual(all);
    okData(await post(`/platform/products/${p.prodId}/offShelf`, PLATFORM, { reason: "fake brand" }));
    expect(await listedEverywhere()).toEqual(none);
    expect((await app.ctx.content.goneProduct("en", p.prodId))?.reason).toBe("offShelf");

    okData(await post(`/platform/products/${p.prodId}/release`, PLATFORM));
    okData(await post(`/merchant/products/${p.prodId}/onShelf`));
    expect(await listedEverywhere()).toEqual(all);
    okData(
      await app.request(`/api/merchant/products/${p.prodId}`, {
        method: "DELETE",
        headers: { Authorization: kit.shop.token },
      }),
    );
    expect(await listedEverywhere()).toEqual(none);
    expect((await app.ctx.content.goneProduct("en", p.prodId))?.reason).toBe("deleted");
    // An id that never was a product: the plain "not found".
    expect(await app.ctx.content.goneProduct("en", 987_654_321)).toBeNull();
  });

  it("a cart line says its new price, sold out and unavailable; a submit at the old price is refused with the fresh total", async () => {
    const p = await kit.create("10.00", 9);
    const buyer = await buyerWithAddress(app, "repriced");
    await kit.addToCart(buyer, p, 2);
    expect((await lines(buyer))[0]).toMatchObject({ price: "10.00", priceBefore: null });
    const confirm = okData(
      await kit.call<{ actualTotal: string; uuid: string }>("/p/order/confirm", {
        user: buyer,
        body: {
          addrId: buyer.addrId,
          orderItem: { prodId: p.prodId, skuId: p.skuId, prodCount: 2, shopId: 1 },
        },
      }),
    );

    await kit.setSku(p, { price: "12.50" });
    const [line] = await lines(buyer);
    expect(line).toMatchObject({ price: "12.50", priceBefore: "10.00", productTotalAmount: "25.00", status: "valid" });
    const total = okData(
      await kit.call<{ totalMoney: string }>("/p/shopCart/totalPay", { user: buyer, body: [line!.basketId] }),
    );
    expect(total.totalMoney).toBe("25.00");

    for (const [lang, text] of [
      ["zh", "订单金额已变化，请确认新的应付金额 ¥"],
      ["zh-tw", "訂單金額已變化，請確認新的應付金額 ¥"],
      ["en", "The order amount has changed; please check the new amount ¥"],
    ] as const) {
      const submit = await kit.call("/p/order/submit", {
        user: buyer,
        lang,
        body: { uuid: confirm.uuid, addrId: buyer.addrId, actualTotal: confirm.actualTotal },
      });
      expect(submit.body.code).not.toBe("00000");
      expect(submit.body.msg).toContain(text);
      const fresh = /¥(\d+\.\d\d)/.exec(submit.body.msg ?? "")?.[1];
      expect(Number(fresh)).toBeGreaterThan(Number(confirm.actualTotal));
    }
    // Nothing was ordered: the stock is whole.
    expect((await app.ctx.db.select({ s: skus.stocks }).from(skus).where(eq(skus.skuId, p.skuId)))[0]!.s).toBe(9);

    // Changing the quantity is seeing the price: the line keeps the new one.
    await kit.addToCart(buyer, p, 1);
    expect((await lines(buyer))[0]).toMatchObject({ price: "12.50", priceBefore: null, prodCount: 3 });
    await kit.setSku(p, { price: "9.90" });
    expect((await lines(buyer))[0]).toMatchObject({ price: "9.90", priceBefore: "12.50" });

    await kit.setSku(p, { stocks: 0 });
    expect((await lines(buyer))[0]).toMatchObject({ status: "noStock" });
    await kit.setSku(p, { stocks: 5 });
    okData(await kit.call(`/merchant/products/${p.prodId}/offShelf`, { user: kit.shop, method: "POST" }));
    expect((await lines(buyer))[0]).toMatchObject({ status: "offline", priceBefore: null, isChecked: 0 });
  });

  it("a product's words indexed after its write drop the keyword searches answered in between", async () => {
    const before = Math.max(
      0,
      ...(await app.ctx.db.select({ id: contentChanges.id }).from(contentChanges)).map((r) => r.id),
    );
    const p = await kit.create();
    const { indexProducts } = await import("../../../src/server/domain/catalog/search-index.ts");
    await indexProducts(app.ctx.db, [p.prodId]);
    // Rows after the ones there before (by id: a table's row order is not its insertion order).
    const tags = (await app.ctx.db.select({ id: contentChanges.id, tag: contentChanges.tag }).from(contentChanges))
      .filter((r) => r.id > before)
      .map((r) => r.tag);
    expect(tags).toContain("search");
  });
});

describe.skipIf(!dbReady || dbDriver !== "pg")("a shop's write on another process within 2 s (PostgreSQL)", () => {
  let app: TestApp;
  let kit: Awaited<ReturnType<typeof shopKit>>;
  let second: Database;
  let other: Api;
  let stops: (() => unknown)[] = [];

  beforeAll(async () => {
    // Process one takes the writes; process two reads as a server does (bootstrap.ts): its feed
    // every second (CONTENT_POLL_MS), woken at once by the NOTIFY of a commit, with its own search
    // index follower.
    app = await createTestApp();
    kit = await shopKit(app);
    second = await openDatabase({ databaseUrl: app.ctx.config.databaseUrl! });
    const content = new PublicReadModels(second.db, dbChangeFeed(second.db, { intervalMs: 1000 }));
    const unlisten = await wakeOnNotify(content.feed, second.pubsub!);
    const stopIndex = followChanges(second.db, content.feed);
    stops = [stopIndex, unlisten];
    other = createApi({
      ...app.ctx,
      database: second,
      db: second.db,
      content,
      buyers: new BuyerReadModels(second.db, content.feed),
    });
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await second?.close();
    await app?.close();
  });

  const read = async <T>(path: string, init: RequestInit = {}) => {
    const res = await other.request(`/api${path}`, { ...init, headers: { "Accept-Language": "en", ...init.headers } });
    return ((await res.json()) as { data: T }).data;
  };
  /** Milliseconds until `check` holds on the second process (polled every 20 ms, at most 5 s). */
  const until = async (check: () => Promise<boolean>): Promise<number> => {
    const start = Date.now();
    while (!(await check())) {
      if (Date.now() - start > 5000) return Infinity;
      await new Promise((r) => setTimeout(r, 20));
    }
    return Date.now() - start;
  };

  it("a new product, a price, a sell-out and an off-shelf show on the other process's detail, lists, search and cart", async () => {
    const buyer = await buyerWithAddress(app, "twoproc");
    const cart = async () =>
      (
        await read<ShopCartDto[]>("/p/shopCart/info", {
          method: "POST",
          headers: { Authorization: buyer.token, "Content-Type": "application/json" },
          body: "{}",
        })
      ).flatMap((s) => s.shopCartItemDiscounts.flatMap((d) => d.shopCartItems));
    const detail = (prodId: number) =>
      read<{ price: string; skuList: { stocks: number }[] } | null>(`/prod/prodInfo?prodId=${prodId}`);
    const byWord = (word: string) => read<Page<ProductCard>>(`/search/searchProdPage?keyword=${word}&size=20`);
    const inCategory = (cid: number) =>
      read<Page<ProductCard>>(`/search/searchProdPage?categoryId=${cid}&sort=1&size=50`);

    // The other process has answered the search (nothing yet) and the category list before the
    // product exists: a kept answer that is not dropped would hide it.
    const word = kit.newWord();
    const p0 = await kit.create();
    expect((await byWord(word)).records).toEqual([]);
    expect((await inCategory(p0.categoryId)).records.map((r) => r.prodId)).toContain(p0.prodId);
    const p = await kit.create("30.00", 4, word);
    const times: number[] = [];
    times.push(
      await until(async () => {
        const [d, w, c] = await Promise.all([detail(p.prodId), byWord(p.word), inCategory(p.categoryId)]);
        return (
          d?.price === "30.00" &&
          w.records.some((r) => r.prodId === p.prodId) &&
          c.records.some((r) => r.prodId === p.prodId)
        );
      }),
    );
    await kit.addToCart(buyer, p, 1);
    times.push(await until(async () => (await cart()).some((l) => l.prodId === p.prodId)));

    await kit.setSku(p, { price: "27.00" });
    times.push(
      await until(async () => {
        const [d, w, c] = await Promise.all([detail(p.prodId), byWord(p.word), cart()]);
        return (
          d?.price === "27.00" &&
          w.records.find((r) => r.prodId === p.prodId)?.price === "27.00" &&
          c.find((l) => l.prodId === p.prodId)?.priceBefore === "30.00"
        );
      }),
    );
    await kit.setSku(p, { stocks: 0 });
    times.push(
      await until(async () => {
        const [d, c] = await Promise.all([detail(p.prodId), cart()]);
        return d?.skuList[0]?.stocks === 0 && c.find((l) => l.prodId === p.prodId)?.status === "noStock";
      }),
    );
    okData(await kit.call(`/merchant/products/${p.prodId}/offShelf`, { user: kit.shop, method: "POST" }));
    times.push(
      await until(async () => {
        const [d, w, c, l] = await Promise.all([detail(p.prodId), byWord(p.word), inCategory(p.categoryId), cart()]);
        return (
          !d &&
          !w.records.some((r) => r.prodId === p.prodId) &&
          !c.records.some((r) => r.prodId === p.prodId) &&
          l.find((x) => x.prodId === p.prodId)?.status === "offline"
        );
      }),
    );
    for (const t of times) expect(t, `ms to show on the other process: ${times.join(", ")}`).toBeLessThan(2000);
    if (process.env.SHOW_TIMES) console.info(`write → other process: ${times.join(", ")} ms`);
  }, 60_000);
});
