/**
 * Synonyms kept by the platform (/platform/search/synonyms; docs/search.md "Synonyms"): the
 * platform token guards them, bad sets are refused in the request's language, and a set added,
 * changed or removed reaches search within 2 s through the change feed — in this process, and on
 * PostgreSQL in a second one (its own connection, feed and lexicon).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductCardPage } from "../../../src/lib/catalog/product-types.ts";
import { dbChangeFeed } from "../../../src/server/db/content-changes.ts";
import { openDatabase, type Database } from "../../../src/server/db/client.ts";
import { followChanges } from "../../../src/server/domain/catalog/search-index.ts";
import { searchProducts } from "../../../src/server/domain/catalog/product-list.ts";
import type { SynonymSetDto } from "../../../src/server/domain/catalog/search-synonyms.ts";
import { brands } from "../../../src/server/db/schema/index.ts";
import { sql } from "drizzle-orm";
import { createTestApp, dbDriver, dbReady, okData, type TestApp } from "../helpers.ts";
import { opsCli } from "../ops-helpers.ts";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** A word no product has, made a synonym of 保温杯 (Insulated Bottles) by the test. */
const NEW_WORD = "暖水瓶";
const REACH_MS = 2000;

describe.skipIf(!dbReady)("search synonyms kept by the platform", () => {
  let app: TestApp;
  let token = "";
  const stops: (() => void)[] = [];
  let other: Database | null = null;
  const send = <T>(method: string, path: string, body?: unknown, lang = "en", auth = token) =>
    app.request<T>(`/api/platform/search${path}`, {
      method,
      headers: {
        "Content-Type": "application/json",
        "Accept-Language": lang,
        ...(auth ? { Authorization: auth } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const found = async (keyword: string) =>
    okData(
      await app.get<ProductCardPage>(`/api/search/searchProdPage?keyword=${encodeURIComponent(keyword)}&size=5`, "zh"),
    );
  /** Polls `check` until it holds; answers the time it took. */
  const within = async (check: () => Promise<boolean>, ms = REACH_MS * 2) => {
    const t0 = Date.now();
    while (!(await check())) {
      if (Date.now() - t0 > ms) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return Date.now() - t0;
  };

  beforeAll(async () => {
    // A feed read once a second, as a server's (followChanges drops the lexicon on a change).
    app = await createTestApp({ feedIntervalMs: 1000 });
    token = app.ctx.config.platformApiToken;
    stops.push(followChanges(app.ctx.db, app.ctx.content.feed));
    if (dbDriver === "pg") {
      other = await openDatabase({ databaseUrl: app.ctx.config.databaseUrl });
      stops.push(followChanges(other.db, dbChangeFeed(other.db, { intervalMs: 1000 })));
    }
  });
  afterAll(async () => {
    for (const stop of stops) stop();
    await other?.close();
    await app?.close();
  });

  it("answers A00004 without the platform token", async () => {
    for (const auth of ["", "wrong-token"]) {
      const res = await send("GET", "/synonyms", undefined, "en", auth);
      expect(res.body.code).toBe("A00004");
    }
  });

  it("lists the seeded sets with their brands", async () => {
    const sets = okData(await send<SynonymSetDto[]>("GET", "/synonyms"));
    expect(sets.length).toBeGreaterThan(10);
    const apple = sets.find((s) => s.words.includes("苹果"));
    expect(apple?.brandName).toBe("Apple");
    expect(sets.find((s) => s.words.includes("跑鞋"))?.brandId).toBeNull();
  });

  it("refuses bad sets in the request's language", async () => {
    const cases: [unknown, string, string][] = [
      [{ words: ["只有一个"] }, "en", "A synonym set needs at least two words (one for a brand's alias)"],
      [{ words: "跑鞋" }, "zh", "同义词组至少需要两个词（品牌别名至少一个）"],
      [{ words: ["a", "b\u0007"] }, "en", "Each word is 1-30 characters of letters or digits"],
      [{ words: ["!!!", "跑鞋"] }, "zh-tw", "每個詞須為 1-30 個文字或數字"],
      [{ words: Array.from({ length: 21 }, (_, i) => `w${i}`) }, "en", "A synonym set has at most 20 words"],
      [{ words: ["x1", "x2"], brandId: "1" }, "en", "The brand is not valid"],
      [{ words: ["x1"], brandId: 999999 }, "en", "The brand does not exist"],
    ];
    for (const [body, lang, msg] of cases) {
      const res = await send("POST", "/synonyms", body, lang);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: "A00001", msg });
    }
    expect((await send("DELETE", "/synonyms/999999")).body.msg).toBe("The synonym set does not exist");
    expect((await send("PUT", "/synonyms/abc", { words: ["a1", "a2"] })).body.msg).toBe(
      "The synonym set does not exist",
    );
  });

  it("npm run ops -- synonyms | synonym-add | synonym-remove", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "ops-synonyms-"));
    const ops = opsCli(app, dir, { env: { HOME: dir, MALL_PLATFORM_TOKEN: token } });
    const added = await ops("synonym-add", "焖烧罐", "焖烧杯", "food jar");
    expect(added).toMatchObject({ code: 0 });
    const id = /Synonym set (\d+)/.exec(added.out)?.[1];
    expect(id).toBeDefined();
    const listed = await ops("synonyms");
    expect(listed.out).toContain("焖烧罐 = 焖烧杯 = food jar");
    expect(listed.out).toMatch(/苹果 = Apple\s+\d+ Apple/);
    expect(await ops("synonym-add", "only-one")).toMatchObject({
      code: 1,
      err: expect.stringContaining("A synonym set needs at least two words"),
    });
    expect((await ops("synonym-add", "x", "--brand", "abc")).code).toBe(2);
    expect(await ops("synonym-remove", id!)).toMatchObject({ code: 0, out: `Synonym set ${id} removed` });
    expect((await ops("synonyms")).out).not.toContain("焖烧罐");
  });

  it("a set added, changed and removed reaches search within 2 s, in every process", async () => {
    // The lexicon is loaded now (kept 5 s by itself): only the feed can make the new set count in 2 s.
    expect((await found(NEW_WORD)).total).toBe(0);
    if (other) expect((await searchProducts(other.db, "zh", { keyword: NEW_WORD, current: 1, size: 5 })).total).toBe(0);

    const added = okData(
      await send<SynonymSetDto>("POST", "/synonyms", { words: [` ${NEW_WORD} `, "保温杯", "保溫杯"] }),
    );
    expect(added.words).toEqual([NEW_WORD, "保温杯"]); // trimmed; 保溫杯 folds to 保温杯
    const here = await within(async () => (await found(NEW_WORD)).total > 0);
    expect(here).toBeLessThanOrEqual(REACH_MS);
    if (other) {
      const db = other.db;
      const there = await within(
        async () => (await searchProducts(db, "zh", { keyword: NEW_WORD, current: 1, size: 5 })).total > 0,
      );
      expect(there).toBeLessThanOrEqual(REACH_MS);
    }

    // A brand alias: one word naming a brand.
    const [apple] = await app.ctx.db
      .select({ id: brands.brandId })
      .from(brands)
      .where(sql`${brands.name}->>'en' = 'Apple'`);
    const alias = okData(
      await send<SynonymSetDto>("PUT", `/synonyms/${added.synonymId}`, { words: [NEW_WORD], brandId: apple!.id }),
    );
    expect(alias).toMatchObject({ words: [NEW_WORD], brandId: apple!.id, brandName: "Apple" });
    expect(await within(async () => (await found(NEW_WORD)).total > 0)).toBeLessThanOrEqual(REACH_MS);

    expect((await send("DELETE", `/synonyms/${added.synonymId}`)).body.code).toBe("00000");
    expect(await within(async () => (await found(NEW_WORD)).total === 0)).toBeLessThanOrEqual(REACH_MS);
    const left = okData(await send<SynonymSetDto[]>("GET", "/synonyms"));
    expect(left.some((s) => s.synonymId === added.synonymId)).toBe(false);
  });
});
