/**
 * Decorations against a hostile shop (docs/security.md "Decorations"): fields the block format
 * does not name are dropped (saved, previewed and served), unsaved previews live in the database
 * bounded per shop in count and bytes (one shop's previews never push out another's), deep JSON
 * is refused with its place, a caption's pictures are the shop's own uploads, and
 * /api/shopRenovation/info serves only the format's fields.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { products, renovationPreviews, renovations } from "../../../src/server/db/schema/index.ts";
import {
  findDraftPreview,
  RENOVATION_PREVIEW_SHOP_BYTES,
  RENOVATION_PREVIEWS_PER_SHOP,
} from "../../../src/server/domain/renovation/draft-preview.ts";
import { servedBlocks } from "../../../src/lib/renovation/block-schema.ts";
import { caller, createTestUser } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, PNG_1X1, type TestApp } from "../helpers.ts";

const L = (s: string) => ({ zh: s, "zh-tw": s, en: s });

describe.skipIf(!dbReady)("decorations: unknown fields, bounded previews, depth, served fields", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let shop1: string;
  let shop4: string;
  let prod1: number;
  let prod4: number;
  let img1: string;
  const as = (token: string) => ({ token }) as never;
  const onSale = async (shopId: number) => {
    const [p] = await app.ctx.db
      .select({ id: products.prodId })
      .from(products)
      .where(and(eq(products.shopId, shopId), eq(products.status, 1)))
      .limit(1);
    return p!.id;
  };
  const preview = (token: string, content: unknown) =>
    call<{ previewUrl: string; expiresAt: string }>("/merchant/renovations/preview", {
      user: as(token),
      body: { content },
    });
  const keyOf = (url: string) => new URL(url).searchParams.get("draft")!;

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    const login = async (username: string) =>
      okData(await call<{ accessToken: string }>("/merchant/login", { body: { username, password: "Shop1234" } }))
        .accessToken;
    shop1 = await login("shop01");
    shop4 = await login("shop04");
    prod1 = await onSale(1);
    prod4 = await onSale(4);
    const form = new FormData();
    form.set("file", new File([PNG_1X1], "a.png", { type: "image/png" }));
    img1 = okData(
      await app.request<{ filePath: string }>("/api/merchant/file/upload", {
        method: "POST",
        headers: { Authorization: shop1 },
        body: form,
      }),
    ).filePath;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("drops a goods item's unknown field holding 80,000 objects: the preview keeps {id} only, in the database", async () => {
    const junk = `{"id":${prod1},"x":[${Array.from({ length: 80_000 }, () => "{}").join(",")}]}`;
    const body = `{"content":[{"type":"goods_list","dataField":{"listType":4,"goodsList":[${junk}]},"extra":{"a":1}}]}`;
    expect(body.length).toBeGreaterThan(200_000);
    const res = await app.request<{ previewUrl: string }>("/api/merchant/renovations/preview", {
      method: "POST",
      headers: { Authorization: shop1, "Content-Type": "application/json", "Accept-Language": "en" },
      body,
    });
    const kept = await findDraftPreview(app.ctx.db, keyOf(okData(res).previewUrl), 1);
    expect(kept?.blocks).toEqual([{ type: "goods_list", dataField: { listType: 4, goodsList: [{ id: prod1 }] } }]);
    const [row] = await app.ctx.db
      .select({ bytes: renovationPreviews.bytes })
      .from(renovationPreviews)
      .orderBy(sql`${renovationPreviews.previewId} desc`)
      .limit(1);
    expect(row!.bytes).toBeLessThan(200);
  });

  it("drops unknown fields when a draft is saved, in every part of the format", async () => {
    const content = [
      {
        type: "floor_title",
        dataField: {
          mainTitle: { ...L("Hello"), fr: "Bonjour" },
          path: { type: "4", link: "/coupons", href: "javascript:alert(1)" },
          onclick: "x",
        },
      },
      {
        type: "store_list",
        dataField: { title: L("Shops"), storeList: [{ shopId: 1, logo: "//evil.example/x.png" }] },
      },
      { type: "goods_list", dataField: { listType: 3, goodsList: [{ prodId: prod1, name: "<img src=x onerror=1>" }] } },
    ];
    const { renovationId } = okData(
      await call<{ renovationId: number }>("/merchant/renovations", { user: as(shop1), body: { name: "x", content } }),
    );
    const [row] = await app.ctx.db.select().from(renovations).where(eq(renovations.renovationId, renovationId));
    expect(row!.content).toEqual([
      { type: "floor_title", dataField: { mainTitle: L("Hello"), path: { type: "4", link: "/coupons" } } },
      { type: "store_list", dataField: { title: L("Shops"), storeList: [{ shopId: 1 }] } },
      { type: "goods_list", dataField: { listType: 3, goodsList: [{ prodId: prod1 }] } },
    ]);
  });

  it("keeps at most RENOVATION_PREVIEWS_PER_SHOP previews per shop; another shop's preview stays", async () => {
    const small = (id: number) => [{ type: "goods_list", dataField: { listType: 4, goodsList: [{ id }] } }];
    const other = keyOf(okData(await preview(shop4, small(prod4))).previewUrl);
    const first = keyOf(okData(await preview(shop1, small(prod1))).previewUrl);
    for (let i = 0; i < RENOVATION_PREVIEWS_PER_SHOP + 5; i++) okData(await preview(shop1, small(prod1)));
    const [n] = await app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(renovationPreviews)
      .where(eq(renovationPreviews.shopId, 1));
    expect(n!.n).toBe(RENOVATION_PREVIEWS_PER_SHOP);
    expect(await findDraftPreview(app.ctx.db, first, 1)).toBeNull();
    expect(await findDraftPreview(app.ctx.db, other, 4)).not.toBeNull();
  });

  it("keeps at most RENOVATION_PREVIEW_SHOP_BYTES of previews per shop", async () => {
    // ~220 KB of real content: 12 carousels of 10 slides with long Chinese titles and captions.
    const text = (n: number) => ({ zh: "装".repeat(n), "zh-tw": "裝".repeat(n), en: "d".repeat(n) });
    const slide = { img: img1, title: text(60), overlay: { headline: text(40), caption: text(160) } };
    const bigger = Array.from({ length: 12 }, () => ({
      type: "picture_by",
      dataField: { size: 1200, picList: Array.from({ length: 10 }, () => slide) },
    }));
    const one = Buffer.byteLength(JSON.stringify(bigger));
    expect(one).toBeGreaterThan(200_000);
    const rounds = Math.ceil(RENOVATION_PREVIEW_SHOP_BYTES / one) + 3;
    if (rounds > RENOVATION_PREVIEWS_PER_SHOP) throw new Error("the byte bound would not be reached by size");
    for (let i = 0; i < rounds; i++) okData(await preview(shop1, bigger));
    const [sum] = await app.ctx.db
      .select({ bytes: sql<number>`sum(${renovationPreviews.bytes})::int`, n: sql<number>`count(*)::int` })
      .from(renovationPreviews)
      .where(eq(renovationPreviews.shopId, 1));
    expect(sum!.bytes).toBeLessThanOrEqual(RENOVATION_PREVIEW_SHOP_BYTES);
    expect(sum!.n).toBe(Math.floor(RENOVATION_PREVIEW_SHOP_BYTES / one));
  });

  it("an expired preview is not served and is deleted when a preview is kept", async () => {
    const small = [{ type: "goods_list", dataField: { listType: 4, goodsList: [{ id: prod4 }] } }];
    const key = keyOf(okData(await preview(shop4, small)).previewUrl);
    await app.ctx.db
      .update(renovationPreviews)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(renovationPreviews.shopId, 4));
    expect(await findDraftPreview(app.ctx.db, key, 4)).toBeNull();
    okData(await preview(shop1, [{ type: "goods_list", dataField: { listType: 4, goodsList: [{ id: prod1 }] } }]));
    const [n] = await app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(renovationPreviews)
      .where(eq(renovationPreviews.shopId, 4));
    expect(n!.n).toBe(0);
  });

  it("refuses a goods item nested 5,000 arrays deep with its place (no 500), on save and preview", async () => {
    const deep = "[".repeat(5000) + "]".repeat(5000);
    const body = `{"name":"x","content":[{"type":"goods_list","dataField":{"listType":4,"goodsList":[{"id":${prod1},"x":${deep}}]}}]}`;
    for (const p of ["/api/merchant/renovations", "/api/merchant/renovations/preview"]) {
      const res = await app.request(p, {
        method: "POST",
        headers: { Authorization: shop1, "Content-Type": "application/json", "Accept-Language": "en" },
        body,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        code: "A00001",
        msg: expect.stringMatching(/^block 1 \(goods_list\): goodsList item 1: x.*: nested more than 12 levels deep$/),
      });
    }
  });

  it("a caption's <img> must be the shop's own upload: another shop's or a buyer's is refused with the place", async () => {
    const buyer = await createTestUser(app, "capimg");
    const uploadAs = async (token: string, url: string) => {
      const form = new FormData();
      form.set("file", new File([PNG_1X1], "a.png", { type: "image/png" }));
      return okData(
        await app.request<{ filePath: string }>(url, { method: "POST", headers: { Authorization: token }, body: form }),
      ).filePath;
    };
    const buyers = await uploadAs(buyer.token, "/api/p/file/upload?folder=review");
    const shop4s = await uploadAs(shop4, "/api/merchant/file/upload");
    const withCaption = (src: string) => [
      {
        type: "picture_by",
        dataField: {
          size: 1200,
          picList: [{ img: img1, overlay: { caption: { ...L("x"), en: `Sale <img src='${src}'>` } } }],
        },
      },
    ];
    for (const src of [buyers, shop4s, buyers.replace("/uploads/", "/uploads/./"), "https://evil.example/x.png"]) {
      const res = await preview(shop1, withCaption(src));
      expect(res.body.msg, src).toMatch(
        /^block 1 \(picture_by\): picList item 1: overlay: caption: en: picture .* is not one of your uploads$/,
      );
    }
    okData(await preview(shop1, withCaption(img1)));
  });

  it("/api/shopRenovation/info serves only the format's fields of a row written by hand", async () => {
    const [row] = await app.ctx.db
      .insert(renovations)
      .values({
        shopId: 1,
        name: "by hand",
        status: 1,
        homeStatus: 0,
        content: [
          {
            type: "floor_title",
            dataField: {
              mainTitle: L("Hi"),
              path: { type: "6", link: { url: "/coupons", href: "javascript:alert(1)" } },
              nested: { deep: { deeper: [1, 2, 3] } },
            },
          },
          { type: "script", dataField: { src: "//evil.example/x.js" } },
        ],
      })
      .returning({ id: renovations.renovationId });
    const res = await call<{ content: string }>(`/shopRenovation/info?renovationId=${row!.id}&shopId=1`);
    const content = JSON.parse(okData(res).content) as unknown;
    expect(content).toEqual([
      { type: "floor_title", dataField: { mainTitle: L("Hi"), path: { type: "6", link: { url: "/coupons" } } } },
    ]);
  });

  it("every seeded decoration is served whole (the seed uses only the format's fields)", async () => {
    const rows = await app.ctx.db
      .select()
      .from(renovations)
      .where(sql`${renovations.name} <> 'by hand'`);
    for (const r of rows) expect(servedBlocks(r.content), r.name).toHaveLength(r.content.length);
  });
});
