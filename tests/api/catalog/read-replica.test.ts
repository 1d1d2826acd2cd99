/**
 * Catalogue reads on a real PostgreSQL streaming replica (docs/search.md "Read replica"; api-pg
 * only): the test starts a replica of the test server (tests/api/pg-replica.ts: pg_basebackup -R
 * into a temp dir, a second port — REPLICA_TEST_PORT or a free one) and gives its URL to the app
 * as DATABASE_READ_URL would. It proves that a product written through the merchant API on the
 * primary is found by search and suggestions read from the replica; that writes go to the primary
 * while the replica is read-only; and that reads stay consistent with one's own writes while the
 * replica has stopped replaying (the catalogue reads the primary then). Skipped, saying so, only
 * where pg_basebackup is not installed.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "../../../src/lib/api-types.ts";
import type { ProductCard, SearchSuggestion } from "../../../src/lib/catalog/product-types.ts";
import { rowsOf } from "../../../src/server/db/client.ts";
import { brands } from "../../../src/server/db/schema/index.ts";
import { followChanges } from "../../../src/server/domain/catalog/search-index.ts";
import { caller, type TestUser } from "../account-helpers.ts";
import { createTestApp, dbDriver, dbReady, okData, type TestApp } from "../helpers.ts";
import { productCategories, uploadPicture } from "../product/product-fixtures.ts";
import { postgresBin, startReplica, type Replica } from "../pg-replica.ts";

const installed = postgresBin();
if (dbDriver === "pg" && dbReady && !installed)
  console.warn(
    "\n[api-pg] read-replica test SKIPPED: pg_basebackup is not installed (/usr/lib/postgresql/*/bin, PATH)\n",
  );

describe.skipIf(dbDriver !== "pg" || !dbReady || !installed)("catalogue reads on a streaming replica", () => {
  let app: TestApp;
  let replica: Replica | undefined;
  let stopIndex: (() => void) | undefined;
  let shop: TestUser;
  let pic: string;
  let leaf: number;
  let brand: number;
  let n = 0;

  beforeAll(async () => {
    app = await createTestApp({
      readReplica: async (primaryUrl) => {
        const { default: postgres } = await import("postgres");
        const admin = postgres(primaryUrl, { max: 1, onnotice: () => {} });
        const [{ v }] = await admin<{ v: string }[]>`select current_setting('server_version_num') as v`;
        await admin.end({ timeout: 5 });
        const bin = postgresBin(Math.floor(Number(v) / 10_000))!;
        replica = await startReplica(primaryUrl, bin);
        return replica.urlOf(primaryUrl);
      },
    });
    // As bootstrap does: the search index follows the feed (the replica's lexicon is dropped too).
    stopIndex = followChanges(app.ctx.db, app.ctx.content.feed, {
      intervalMs: 50,
      readDb: app.ctx.database.replica?.db,
    });
    const call = caller(app);
    shop = {
      userId: "shop1",
      token: okData(
        await call<{ accessToken: string }>("/merchant/login", { body: { username: "shop01", password: "Shop1234" } }),
      ).accessToken,
    };
    pic = await uploadPicture(app, shop.token);
    leaf = (await productCategories(app)).leaf;
    const [b] = await app.ctx.db.select({ id: brands.brandId }).from(brands).where(eq(brands.status, 1)).limit(1);
    brand = b!.id;
  });

  afterAll(async () => {
    stopIndex?.();
    try {
      await app?.close();
    } finally {
      await replica?.stop();
    }
  });

  const call = <T>(path: string, opts: Parameters<ReturnType<typeof caller>>[1] = {}) => caller(app)<T>(path, opts);
  /** A product on sale named with a word nothing else has, written through the merchant API. */
  const create = async () => {
    const word = `replicaword${++n}${Date.now().toString(36)}`;
    const made = okData(
      await call<{ prodId: number }>("/merchant/products", {
        user: shop,
        body: {
          categoryId: leaf,
          brandId: brand,
          texts: { zh: { name: `测试 ${word}` }, en: { name: `Test ${word}` }, "zh-tw": { name: `測試 ${word}` } },
          pic,
          skus: [{ price: "20.00", stocks: 5 }],
          onSale: true,
        },
      }),
    );
    return { prodId: made.prodId, word };
  };
  /** Product ids a search finds (`size` makes a question not asked before: answers are kept). */
  const searched = async (keyword: string, size = 20) =>
    okData(
      await app.get<Page<ProductCard>>(`/api/search/searchProdPage?keyword=${keyword}&size=${size}`, "en"),
    ).records.map((r) => r.prodId);
  const suggested = async (keyword: string) =>
    okData(await app.get<SearchSuggestion[]>(`/api/search/suggest?keyword=${keyword}&type=goods`, "en")).map(
      (s) => s.id,
    );
  /** Asks `read` until `done` holds (the index follows the feed a moment after a write). */
  const eventually = async <T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 5_000): Promise<T> => {
    const until = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (done(v) || Date.now() > until) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  /** The ids a search for `word` finds once it finds one product (the index follows the feed a moment after a write). */
  const findsAlone = (word: string) =>
    eventually(
      () => searched(word),
      (ids) => ids.length === 1,
    );
  /**
   * Searches `word` (each time a question not asked before) until a search read from the replica
   * — not the primary — finds it alone: the replica has replayed the write.
   */
  const foundOnReplica = async (word: string) => {
    let asked = 0;
    return eventually(
      async () => {
        const before = { ...app.ctx.reads.stats };
        const ids = await searched(word, 21 + (asked++ % 70));
        const { replica, primary } = app.ctx.reads.stats;
        return { ids, replica: replica > before.replica && primary === before.primary };
      },
      (v) => v.ids.length === 1 && v.replica,
      10_000,
    );
  };
  /** Runs a statement on the replica outside the app (pausing and resuming its replay). */
  const onReplica = async (statement: string) =>
    rowsOf<Record<string, unknown>>(await app.ctx.database.replica!.db.execute(sql.raw(statement)));

  it("the replica is a standby that streams from the primary and refuses writes", async () => {
    expect(app.ctx.reads.replica).toBe(true);
    const [row] = await onReplica(
      "select pg_is_in_recovery() as recovery, (select status from pg_stat_wal_receiver) as status",
    );
    expect(row).toEqual({ recovery: true, status: "streaming" });
    await expect(onReplica("create table replica_write_refused (x int)")).rejects.toThrow();
  });

  it("a product written on the primary is found by search and suggestions read from the replica", async () => {
    // The write goes to the primary and succeeds while the replica is read-only.
    const p = await create();
    expect(await foundOnReplica(p.word)).toEqual({ ids: [p.prodId], replica: true });
    expect(await suggested(p.word)).toContain(p.prodId);
    // And the replica holds the product itself.
    const [copy] = await onReplica(`select status from products where prod_id = ${p.prodId}`);
    expect(copy).toEqual({ status: 1 });
  });

  it("read-your-own-writes: with the replica's replay paused, a shop's writes are read back at once from the primary", async () => {
    const listed = await create();
    expect(await findsAlone(listed.word)).toEqual([listed.prodId]);
    await onReplica("select pg_wal_replay_pause()");
    try {
      const before = { ...app.ctx.reads.stats };
      // Off the shelf: the shop reads its product back, and shoppers' search no longer shows it.
      okData(await call(`/merchant/products/${listed.prodId}/offShelf`, { user: shop, method: "POST" }));
      const own = okData(await call<{ status: number }>(`/merchant/products/${listed.prodId}`, { user: shop }));
      expect(own.status).toBe(0);
      expect(await searched(listed.word)).toEqual([]);
      // A new product is searchable although the replica has not replayed it.
      const fresh = await create();
      expect(await findsAlone(fresh.word)).toEqual([fresh.prodId]);
      expect(await onReplica(`select 1 from products where prod_id = ${fresh.prodId}`)).toEqual([]);
      expect(app.ctx.reads.stats.primary).toBeGreaterThan(before.primary);
    } finally {
      await onReplica("select pg_wal_replay_resume()");
    }
    // Replaying again: once it has caught up, the catalogue reads the replica once more.
    const again = await create();
    expect(await foundOnReplica(again.word)).toEqual({ ids: [again.prodId], replica: true });
  });
});
