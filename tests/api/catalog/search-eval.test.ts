/**
 * The labelled query set (tests/search/queries.ts) on the demo seed, a fifth of it (every fifth
 * query: 10 per language): the suite fails when search gets worse than the floors below
 * (`npm run search:eval` prints the whole set; docs/search.md "Measuring").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byLanguage, evaluateSearch, type QueryScore } from "../../search/evaluate.ts";
import { SEARCH_QUERIES } from "../../search/queries.ts";
import { createTestApp, dbReady, type TestApp } from "../helpers.ts";

/** Floors per language: precision@10 and recall@100 at least, zero-result rate at most. */
const FLOOR = { precision10: 0.95, recall100: 0.95, zeroRate: 0.02 };

describe.skipIf(!dbReady)("search quality on the labelled query set (demo seed)", () => {
  let app: TestApp;
  let scores: QueryScore[] = [];

  beforeAll(async () => {
    app = await createTestApp();
    scores = await evaluateSearch(
      app.ctx.db,
      SEARCH_QUERIES.filter((_, i) => i % 5 === 0),
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it("covers the three languages with ten queries each", () => {
    const langs = byLanguage(scores).map((l) => [l.lang, l.queries]);
    expect(langs.sort()).toEqual([
      ["en", 10],
      ["zh", 10],
      ["zh-tw", 10],
    ]);
  });

  it("keeps precision@10, recall@100 and the zero-result rate above the floors in every language", () => {
    const worst = scores
      .filter((s) => s.total === 0 || s.precision10 < 1)
      .map((s) => `${s.query.lang} ${s.query.q}: p@10 ${s.precision10.toFixed(2)}, ${s.total} found`);
    for (const l of byLanguage(scores)) {
      expect(l.precision10, `${l.lang} p@10 (${worst.join("; ")})`).toBeGreaterThanOrEqual(FLOOR.precision10);
      expect(l.recall100, `${l.lang} recall@100`).toBeGreaterThanOrEqual(FLOOR.recall100);
      expect(l.zeroRate, `${l.lang} zero results (${worst.join("; ")})`).toBeLessThanOrEqual(FLOOR.zeroRate);
    }
  });
});
