/**
 * Authoring decorations through the merchant and platform API (docs/renovation.md): shop scope,
 * located refusals, preview without saving, publish / restore / unpublish, concurrent publishes,
 * and which pages the render cache drops (content_changes tags, and a real RenderCache on the app's
 * change feed serving shop pages rendered from the same loader as /shopIndex).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, gt, sql } from "drizzle-orm";
import { contentChanges, products, renovations, uploadOwners } from "../../../src/server/db/schema/index.ts";
import { findDraftPreview } from "../../../src/server/domain/renovation/draft-preview.ts";
import { getShopHomeRenovation } from "../../../src/server/domain/renovation/renovation.ts";
import { loadShopPage, readShopQuery, shopPageTags } from "../../../src/components/renovation/shop-page.ts";
import { RenderCache } from "../../../src/server/http/render-cache/cache.ts";
import { pageCacheTags } from "../../../src/server/http/render-cache/page-policy.ts";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { caller } from "../account-helpers.ts";
import { opsCli } from "../ops-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
);
const L = (s: string) => ({ zh: s, "zh-tw": s, en: s });

describe.skipIf(!dbReady)("decoration authoring API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let shop1: string;
  let shop4: string;
  let prod1: number;
  let prod4: number;
  let img1: string;
  let img4: string;

  const as = (token: string) => ({ token }) as never;
  const upload = async (token: string) => {
    const form = new FormData();
    form.set("file", new File([PNG], "a.png", { type: "image/png" }));
    const res = await app.request<{ filePath: string }>("/api/merchant/file/upload", {
      method: "POST",
      headers: { Authorization: token },
      body: form,
    });
    return okData(res).filePath;
  };
  const page = (prodId: number, img: string, headline = "Sale") => [
    { type: "picture_by", dataField: { size: 1920, picList: [{ img, overlay: { headline: L(headline) } }] } },
    { type: "goods_list", dataField: { listType: 4, goodsList: [{ id: prodId }] } },
    { type: "page_background", dataField: { background: "#ffffff" } },
  ];
  const create = (token: string, content: unknown, lang = "en") =>
    call<{ renovationId: number; previewUrl: string }>("/merchant/renovations", {
      user: as(token),
      body: { name: "Spring", content },
      lang,
    });
  const onSale = async (shopId: number) => {
    const [p] = await app.ctx.db
      .select({ id: products.prodId })
      .from(products)
      .where(and(eq(products.shopId, shopId), eq(products.status, 1)))
      .limit(1);
    return p!.id;
  };
  const rowsCount = async () => (await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(renovations))[0]!.n;
  const maxChange = async () =>
    (await app.ctx.db.select({ n: sql<number>`coalesce(max(id), 0)::int` }).from(contentChanges))[0]!.n;
  const tagsSince = async (id: number) =>
    (await app.ctx.db.select({ tag: contentChanges.tag }).from(contentChanges).where(gt(contentChanges.id, id))).map(
      (r) => r.tag,
    );

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
    img1 = await upload(shop1);
    img4 = await upload(shop4);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("records the owner of a merchant upload", async () => {
    const [row] = await app.ctx.db.select().from(uploadOwners).where(eq(uploadOwners.path, img1));
    expect(row).toMatchObject({ shopId: 1, userId: null });
  });

  it("creates, reads, lists, updates, copies and deletes a shop's own drafts", async () => {
    const created = okData(await create(shop1, page(prod1, img1)));
    expect(created.previewUrl).toMatch(/\/select-decorate\?renovationId=\d+&sid=1&token=/);
    const read = okData(
      await call<{ status: number; content: unknown[] }>(`/merchant/renovations/${created.renovationId}`, {
        user: as(shop1),
      }),
    );
    expect(read).toMatchObject({ status: 0, page: "home", name: "Spring" });
    const list = okData(await call<{ renovationId: number }[]>("/merchant/renovations", { user: as(shop1) }));
    expect(list.map((r) => r.renovationId)).toContain(created.renovationId);
    okData(
      await call(`/merchant/renovations/${created.renovationId}`, {
        user: as(shop1),
        method: "PUT",
        body: { name: "Spring 2", content: page(prod1, img1) },
      }),
    );
    const copy = okData(
      await call<{ renovationId: number }>(`/merchant/renovations/${created.renovationId}/copy`, {
        user: as(shop1),
        body: {},
      }),
    );
    expect(copy.renovationId).not.toBe(created.renovationId);
    okData(await call(`/merchant/renovations/${copy.renovationId}`, { user: as(shop1), method: "DELETE" }));
    const gone = await call(`/merchant/renovations/${copy.renovationId}`, { user: as(shop1) });
    expect(gone.body.msg).toBe("Decoration not found");
  });

  it("refuses another shop's products and uploads with the place, in the caller's language", async () => {
    const before = await rowsCount();
    const res = await create(shop1, page(prod4, img1));
    expect(res.body.code).toBe("A00001");
    expect(res.body.msg).toBe(`block 2 (goods_list): goodsList item 1: product ${prod4} is not in your shop`);
    const zh = await create(shop1, page(prod4, img1), "zh");
    expect(zh.body.msg).toBe(`第 2 个模块（goods_list）：goodsList 第 1 项：商品 ${prod4} 不是本店商品`);
    const pic = await create(shop1, page(prod1, img4));
    expect(pic.body.msg).toBe(`block 1 (picture_by): picList item 1: img: picture ${img4} is not one of your uploads`);
    const missing = await create(shop1, page(2_000_000_000, img1));
    expect(missing.body.msg).toBe("block 2 (goods_list): goodsList item 1: product 2000000000 does not exist");
    const link = await create(shop1, [
      { type: "floor_title", dataField: { mainTitle: L("x"), path: { type: "3", link: 4 } } },
    ]);
    expect(link.body.msg).toBe("block 1 (floor_title): path: shop 4 is not your shop");
    expect(await rowsCount()).toBe(before);
  });

  it("refuses off-shelf products", async () => {
    const [off] = await app.ctx.db
      .update(products)
      .set({ status: 0 })
      .where(eq(products.prodId, prod1))
      .returning({ id: products.prodId });
    try {
      const res = await create(shop1, page(off!.id, img1));
      expect(res.body.msg).toBe(`block 2 (goods_list): goodsList item 1: product ${prod1} is not on sale`);
    } finally {
      await app.ctx.db.update(products).set({ status: 1 }).where(eq(products.prodId, prod1));
    }
  });

  it("another shop can not read, copy, update, publish or delete a shop's draft", async () => {
    const { renovationId } = okData(await create(shop1, page(prod1, img1)));
    const tries = [
      call(`/merchant/renovations/${renovationId}`, { user: as(shop4) }),
      call(`/merchant/renovations/${renovationId}/copy`, { user: as(shop4), body: {} }),
      call(`/merchant/renovations/${renovationId}`, {
        user: as(shop4),
        method: "PUT",
        body: { name: "x", content: page(prod4, img4) },
      }),
      call(`/merchant/renovations/${renovationId}/publish`, { user: as(shop4), body: {} }),
      call(`/merchant/renovations/${renovationId}`, { user: as(shop4), method: "DELETE" }),
    ];
    for (const res of await Promise.all(tries)) expect(res.body.msg).toBe("Decoration not found");
    const list = okData(await call<{ renovationId: number }[]>("/merchant/renovations", { user: as(shop4) }));
    expect(list.map((r) => r.renovationId)).not.toContain(renovationId);
    const [row] = await app.ctx.db.select().from(renovations).where(eq(renovations.renovationId, renovationId));
    expect(row).toMatchObject({ status: 0, name: "Spring" });
  });

  it("previews unsaved content without saving a draft; only for the shop that sent it", async () => {
    const before = await rowsCount();
    const res = okData(
      await call<{ previewUrl: string; expiresAt: string }>("/merchant/renovations/preview", {
        user: as(shop1),
        body: { content: page(prod1, img1) },
      }),
    );
    expect(await rowsCount()).toBe(before);
    const key = new URL(res.previewUrl).searchParams.get("draft")!;
    expect(new URL(res.previewUrl).searchParams.get("sid")).toBe("1");
    expect((await findDraftPreview(app.ctx.db, key, 1))?.blocks.map((b) => b.type)).toEqual([
      "picture_by",
      "goods_list",
      "page_background",
    ]);
    expect(await findDraftPreview(app.ctx.db, key, 4)).toBeNull();
    const refused = await call("/merchant/renovations/preview", {
      user: as(shop4),
      body: { content: page(prod1, img4) },
    });
    expect(refused.body.msg).toBe(`block 2 (goods_list): goodsList item 1: product ${prod1} is not in your shop`);
  });

  it("answers preview links in the caller's language (Accept-Language): zh bare, /zh-tw, /en", async () => {
    const site = app.ctx.config.siteUrl;
    expect(site).toMatch(/^https?:\/\/[^/]+$/);
    const { renovationId } = okData(await create(shop1, page(prod1, img1), "zh"));
    for (const [lang, prefix] of [
      ["zh", ""],
      ["zh-TW", "/zh-tw"],
      ["en-US", "/en"],
    ] as const) {
      const unsaved = okData(
        await call<{ previewUrl: string }>("/merchant/renovations/preview", {
          user: as(shop1),
          body: { content: page(prod1, img1) },
          lang,
        }),
      ).previewUrl;
      expect(unsaved.startsWith(site), lang).toBe(true);
      expect(unsaved.slice(site.length), lang).toMatch(
        new RegExp(`^${prefix}/select-decorate\\?sid=1&draft=[\\w-]{22}$`),
      );
      const saved = okData(
        await call<{ previewUrl: string }>(`/merchant/renovations/${renovationId}`, { user: as(shop1), lang }),
      ).previewUrl;
      expect(saved.slice(site.length), lang).toMatch(
        new RegExp(`^${prefix}/select-decorate\\?renovationId=${renovationId}&sid=1&token=`),
      );
      const created = okData(await create(shop1, page(prod1, img1), lang)).previewUrl;
      expect(created.slice(site.length), lang).toMatch(
        new RegExp(`^${prefix}/select-decorate\\?renovationId=\\d+&sid=1&token=`),
      );
    }
  });

  it("publishes a draft, keeps the previous page as a version, restores it and unpublishes", async () => {
    const live0 = (await getShopHomeRenovation(app.ctx.db, "en", 1))!.renovationId;
    const { renovationId } = okData(await create(shop1, page(prod1, img1)));
    const mark = await maxChange();
    okData(await call(`/merchant/renovations/${renovationId}/publish`, { user: as(shop1), body: {} }));
    expect((await getShopHomeRenovation(app.ctx.db, "en", 1))!.renovationId).toBe(renovationId);
    const tags = await tagsSince(mark);
    expect(tags).toContain("shop:1");
    expect(tags.filter((t) => t.startsWith("shop:") && t !== "shop:1")).toEqual([]);
    expect(tags).not.toContain("home");
    const [prev] = await app.ctx.db.select().from(renovations).where(eq(renovations.renovationId, live0));
    expect(prev!.status).toBe(2);
    // the shop index's decoration status follows
    const info = okData(await call<{ homeStatus: number; renovationId: number }>("/shop/headInfo?shopId=1"));
    expect(info).toMatchObject({ homeStatus: 1, renovationId });
    // restore
    okData(await call(`/merchant/renovations/${live0}/publish`, { user: as(shop1), body: {} }));
    expect((await getShopHomeRenovation(app.ctx.db, "en", 1))!.renovationId).toBe(live0);
    // unpublish: the plain shop page
    okData(await call(`/merchant/renovations/${live0}/unpublish`, { user: as(shop1), body: {} }));
    expect(await getShopHomeRenovation(app.ctx.db, "en", 1)).toBeNull();
    const plain = okData(await call<{ homeStatus: number }>("/shop/headInfo?shopId=1"));
    expect(plain.homeStatus).toBe(0);
    const del = await call(`/merchant/renovations/${renovationId}`, { user: as(shop1), method: "DELETE" });
    expect(del.body.code).toBe("00000");
  });

  it("publish and unpublish: the render cache renders that shop's home anew; another shop's and the mall home stay cached", async () => {
    // Pages rendered like /shopIndex and / render them (the same loader and read models), with the
    // tags main.ts gives the cache: the path's defaults plus what the page added.
    const renders = new Map<string, number>();
    const cache = new RenderCache({ feed: app.ctx.content.feed });
    const render = async (path: string, out: http.ServerResponse, tags: Set<string>) => {
      renders.set(path, (renders.get(path) ?? 0) + 1);
      const url = new URL(path, "http://x");
      let html: string;
      if (url.pathname === "/shopIndex") {
        const q = readShopQuery(url.searchParams);
        const data = await loadShopPage("zh", q, { withBlocks: true });
        for (const t of shopPageTags(q.sid)) tags.add(t);
        html = `${data.kind} ${JSON.stringify(data.kind === "open" ? data.decoration : null)}`;
      } else html = `home ${JSON.stringify(await app.ctx.content.homeRenovation("zh"))}`;
      out.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      out.end(`<html><body>${html}</body></html>`);
    };
    const server = http.createServer((req, res) => {
      if (cache.serveHit(req, res)) return;
      const resolved = cache.resolve(req.url ?? "/")!;
      const tags = new Set<string>();
      void cache.handle(
        req,
        res,
        resolved.key,
        (out) => render(resolved.path, out, tags),
        () => [...pageCacheTags(resolved.path.split("?")[0]!), ...tags],
      );
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = async (p: string) => {
      const res = await fetch(base + p, { headers: { "accept-encoding": "identity" } });
      return { xcache: res.headers.get("x-cache"), body: await res.text() };
    };
    const A = "/shopIndex?sid=1";
    const B = "/shopIndex?sid=4";
    const pages = [A, B, "/"];
    const warm = async () => {
      for (const p of pages) await get(p);
      for (const p of pages) expect((await get(p)).xcache, p).toBe("HIT");
    };
    const stayCached = async () => {
      const before = [renders.get(B), renders.get("/")];
      for (const p of [B, "/"]) expect((await get(p)).xcache, p).toBe("HIT");
      expect([renders.get(B), renders.get("/")]).toEqual(before);
    };
    try {
      const { renovationId } = okData(await create(shop1, page(prod1, img1, "Cache check headline")));
      await warm();
      const [a0, b0, home0] = await Promise.all(pages.map(async (p) => (await get(p)).body));
      expect(b0).toMatch(/^<html><body>open /);
      expect(a0).toMatch(/^<html><body>open /);
      expect(a0).not.toContain("Cache check headline");

      okData(await call(`/merchant/renovations/${renovationId}/publish`, { user: as(shop1), body: {} }));
      // A first: its MISS shows the publish was seen (and dropped what it affects) before B and
      // the mall home are asked for.
      const rendersA = renders.get(A)!;
      const a1 = await get(A);
      expect(a1.xcache).toBe("MISS");
      expect(a1.body).toContain("Cache check headline");
      expect(renders.get(A)).toBe(rendersA + 1);
      await stayCached();
      expect((await get(B)).body).toBe(b0);
      expect((await get("/")).body).toBe(home0);
      expect((await get(A)).xcache).toBe("HIT");

      okData(await call(`/merchant/renovations/${renovationId}/unpublish`, { user: as(shop1), body: {} }));
      const a2 = await get(A);
      expect(a2.xcache).toBe("MISS");
      expect(a2.body).toMatch(/^<html><body>open /);
      expect(a2.body).not.toContain("Cache check headline");
      await stayCached();
      expect((await get(A)).xcache).toBe("HIT");
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("saving a draft drops no cached page", async () => {
    const mark = await maxChange();
    okData(await create(shop1, page(prod1, img1)));
    expect(await tagsSince(mark)).toEqual([]);
  });

  it("concurrent publishes leave exactly one live home page", async () => {
    const ids = await Promise.all(
      [0, 1, 2, 3].map(async () => okData(await create(shop4, page(prod4, img4))).renovationId),
    );
    await Promise.all(ids.map((id) => call(`/merchant/renovations/${id}/publish`, { user: as(shop4), body: {} })));
    const live = await app.ctx.db
      .select({ id: renovations.renovationId })
      .from(renovations)
      .where(and(eq(renovations.shopId, 4), eq(renovations.homeStatus, 1), eq(renovations.status, 1)));
    expect(live).toHaveLength(1);
  });

  it("the platform authors the mall's pages with its own token only", async () => {
    const denied = await call("/platform/renovations", { user: as(shop1) });
    expect(denied.body.code).toBe("A00004");
  });

  it("npm run ops: create from a file, refuse with the place, preview, publish and unpublish", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "ops-deco-"));
    try {
      const ops = opsCli(app, dir);
      expect((await ops("login", "--user", "shop04", "--password", "Shop1234")).code).toBe(0);
      const file = path.join(dir, "blocks.json");
      await fs.writeFile(file, JSON.stringify({ name: "From the CLI", content: page(prod4, img4) }));
      const created = await ops("renovation-create", "--file", file, "--json");
      expect(created.code).toBe(0);
      const { renovationId } = JSON.parse(created.out) as { renovationId: number };
      const preview = await ops("renovation-preview", "--file", file);
      expect(preview.out).toMatch(/\/select-decorate\?sid=4&draft=/);
      await fs.writeFile(file, JSON.stringify(page(prod1, img4)));
      const refused = await ops("renovation-create", "--file", file, "--name", "x");
      expect(refused.code).toBe(1);
      expect(refused.err).toContain(`block 2 (goods_list): goodsList item 1: product ${prod1} is not in your shop`);
      expect((await ops("renovation-publish", String(renovationId))).code).toBe(0);
      expect((await getShopHomeRenovation(app.ctx.db, "en", 4))!.renovationId).toBe(renovationId);
      const list = await ops("renovations");
      expect(list.out).toMatch(new RegExp(`${renovationId}\\s+From the CLI\\s+home\\s+live`));
      expect((await ops("renovation-unpublish", String(renovationId))).code).toBe(0);
      expect(await getShopHomeRenovation(app.ctx.db, "en", 4)).toBeNull();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
