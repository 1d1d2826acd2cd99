import { describe, expect, it } from "vitest";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import {
  addUserWords,
  analyzeQuery,
  correctWord,
  documentTerms,
  duplicateKey,
  editDistance,
  MAX_QUERY_WORDS,
  normalizeText,
  pinyinOf,
  singular,
  synonymMap,
  words,
} from "./search-analyzer.ts";
import {
  cjkQuery,
  FIELD_SCORES,
  intentCategories,
  matchCondition,
  namesCategory,
  namesCategoryWhole,
  namesCondition,
  relaxSteps,
  relevance,
  searchNote,
  tsLiteral,
} from "./search-query.ts";
import { categoryCrumbs, categoryRelation, looseCorrections, relatedCategories } from "./search-help.ts";

describe("the search analyzer", () => {
  it("normalises: full width, case, control characters, traditional → simplified", () => {
    expect(normalizeText("ＩＰＨＯＮＥ 藍牙耳機\u0007")).toBe("iphone 蓝牙耳机 ");
  });

  it("segments Chinese with jieba and keeps latin words and numbers", () => {
    expect(words("婴儿配方奶粉")).toEqual(["婴儿", "配方", "奶粉"]);
    expect(words("华为Mate60手机, 5G!")).toEqual(["华为", "mate60", "手机", "5g"]);
    expect(words("%_\\ 🎧")).toEqual([]);
  });

  it("keeps user-dictionary words whole", () => {
    addUserWords(["碳板跑鞋"]);
    expect(words("碳板跑鞋")).toEqual(["碳板跑鞋"]);
  });

  it("indexes words and their pinyin; near-identical names share a key", () => {
    expect(pinyinOf("手机")).toBe("shouji");
    expect(documentTerms(["华为 手机壳", "HUAWEI Phone Case"])).toEqual(
      expect.arrayContaining(["华为", "huawei", "手机", "shouji", "phone", "case"]),
    );
    expect(duplicateKey("香奈儿 雾面口红 经典款 经典款")).toBe(duplicateKey("香奈儿 经典款 雾面口红"));
    expect(duplicateKey("香奈儿 雾面口红 经典款")).not.toBe(duplicateKey("香奈儿 雾面口红 礼盒装"));
  });

  it("expands synonyms, also runs of several words", () => {
    const syn = synonymMap([
      ["跑鞋", "跑步鞋", "running shoes"],
      ["耳机", "earphones"],
    ]);
    const q = analyzeQuery("Running Shoes 耳機", syn);
    expect(q.map((w) => w.text)).toEqual(["running shoes", "耳机"]);
    expect(q[0]!.alternatives).toEqual([["running", "shoes"], ["跑鞋"], ["跑步", "鞋"]]);
    expect(q[1]!.alternatives).toEqual([["耳机"], ["earphones"]]);
    expect(analyzeQuery("!!!")).toEqual([]);
    // A plural names the set of its singular.
    const phones = synonymMap([["手机", "phone", "smartphone"]]);
    expect(analyzeQuery("Phones", phones)[0]!.alternatives).toEqual([["phones"], ["手机"], ["phone"], ["smartphone"]]);
    expect(analyzeQuery("a b c d e f g h i j k").length).toBe(MAX_QUERY_WORDS);
  });

  it("corrects latin typos within a budget", () => {
    const vocab = new Map([
      ["iphone", 10],
      ["phone", 50],
      ["earbuds", 5],
    ]);
    expect(editDistance("iphnoe", "iphone", 2)).toBe(1);
    expect(correctWord("iphnoe", vocab)).toBe("iphone");
    expect(correctWord("earbusd", vocab)).toBe("earbuds");
    expect(correctWord("iphone", vocab)).toBeNull();
    expect(correctWord("xyz", vocab)).toBeNull();
    expect(correctWord("zzzzzzzz", vocab)).toBeNull();
  });
});

describe("the search query", () => {
  it("a Chinese word of three or more characters is the word or all its bigrams", () => {
    expect(cjkQuery("手机")).toBe("'手机'");
    expect(cjkQuery("连衣裙")).toBe("('连衣裙' | ('连衣' & '衣裙'))");
    expect(tsLiteral("a'b\\", true)).toBe("'a''b\\\\':*");
  });

  it("a word matches the names, the parameters, or the brands, categories and shops named with it", () => {
    const dialect = new PgDialect();
    const text = (q: SQL) => dialect.sqlToQuery(q).sql;
    const [dress, red] = analyzeQuery("连衣裙 红色");
    const a = { word: dress!, brands: [3], categories: [7, 8], shops: [] };
    const b = { word: red!, brands: [], categories: [], shops: [12] };
    const cond = text(matchCondition([a, b])!);
    expect(cond).toContain(`"products"."search_vec" @@`);
    expect(cond).toContain(`"products"."param_vec" @@`);
    expect(cond).toContain(`"products"."brand_id" = any('{3}'::int[])`);
    expect(cond).toContain(`"products"."category_id" = any('{7,8}'::int[])`);
    expect(cond).toContain(`"products"."shop_id" = any('{12}'::int[])`);
    // Every word must match (AND), each in any of its places (OR).
    expect(cond).toMatch(/^\(.* or .*\) and \(.* or .*\)$/);
    expect(matchCondition([])).toBeNull();
    // The names alone, every word in one tsquery: no parameters, brands, categories or shops.
    const names = text(namesCondition([a, b])!);
    expect(names).toMatch(/^"products"."search_vec" @@ \(.* && .*\)$/);
    expect(names).not.toMatch(/param_vec|brand_id|category_id|shop_id/);
    // Relevance: the name, then the brand, then the category path, else 1 (parameters, shop).
    expect(text(relevance([a]))).toMatch(
      /^\(\(case when "products"."search_vec" @@ .* then 729 when "products"."brand_id" = any\('\{3\}'::int\[\]\) then 81 when "products"."category_id" = any\('\{7,8\}'::int\[\]\) then 9 else 1 end\)\)$/,
    );
    expect(text(relevance([b]))).toMatch(/^\(\(case when "products"."search_vec" @@ .* then 729 else 1 end\)\)$/);
  });

  it("ranks by the best field of each word: one name word outweighs every word elsewhere", () => {
    const most = (f: keyof typeof FIELD_SCORES) => FIELD_SCORES[f] * MAX_QUERY_WORDS;
    // A keyword of MAX_QUERY_WORDS words all in the brand scores less than one more word in the name.
    expect(most("B")).toBeLessThan(FIELD_SCORES.A);
    expect(most("C")).toBeLessThan(FIELD_SCORES.B);
    expect(most("D")).toBeLessThan(FIELD_SCORES.C);
  });

  it("names a category by its whole name or its head word (Chinese ends, English last word)", () => {
    expect(singular("phones")).toBe("phone");
    expect(singular("watches")).toBe("watch");
    expect(singular("shoes")).toBe("shoe");
    expect(singular("dress")).toBe("dress");
    expect(namesCategory(["手机"], ["智能手机"])).toBe(true);
    expect(namesCategory(["手机"], ["老人", "手机"])).toBe(true);
    expect(namesCategory(["手机"], ["手机壳"])).toBe(false);
    expect(namesCategory(["手机"], ["手机", "通讯"])).toBe(false);
    expect(namesCategory(["phone"], ["senior", "phones"])).toBe(true);
    expect(namesCategory(["phones"], ["phone", "cases"])).toBe(false);
    expect(namesCategory(["running", "shoes"], ["running", "shoes"])).toBe(true);
    expect(namesCategory(["running", "shoes"], ["sports", "shoes"])).toBe(false);
    const cats = new Map([
      ["智能手机", [61]],
      ["老人 手机", [62]],
      ["手机壳", [66]],
      ["mobile phones", [14]],
    ]);
    const w = (t: string, ...alts: string[][]) => ({ text: t, alternatives: [[t], ...alts] });
    const all = (i: { whole: number[]; head: number[] }) => [...i.whole, ...i.head].sort((a, b) => a - b);
    expect(all(intentCategories([w("手机")], cats))).toEqual([61, 62]);
    expect(all(intentCategories([w("phone", ["手机"])], cats))).toEqual([14, 61, 62]);
    expect(all(intentCategories([w("壳")], cats))).toEqual([66]);
  });

  it("puts a category named by its whole name before one named by its head only", () => {
    expect(namesCategoryWhole(["monitor"], ["monitors"])).toBe(true);
    expect(namesCategoryWhole(["monitor"], ["blood", "pressure", "monitors"])).toBe(false);
    expect(namesCategoryWhole(["智能手机"], ["智能手机"])).toBe(true);
    expect(namesCategoryWhole(["手机"], ["智能手机"])).toBe(false);
    const cats = new Map([
      ["monitors", [77]],
      ["blood pressure monitors", [166]],
      ["智能手机", [61]],
      ["老人 手机", [62]],
    ]);
    const w = (t: string, ...alts: string[][]) => ({ text: t, alternatives: [t.split(" "), ...alts] });
    expect(intentCategories([w("monitor")], cats)).toEqual({ whole: [77], head: [166] });
    expect(intentCategories([w("智能手机", ["smartphone"])], cats)).toEqual({ whole: [61], head: [] });
    expect(intentCategories([w("手机")], cats)).toEqual({ whole: [], head: [61, 62] });
    // A category named wholly by one word and by the head by another is named wholly.
    expect(intentCategories([w("monitors"), w("monitor")], cats).whole).toEqual([77]);
  });

  it("relaxes: drops the words that match nothing, then from the end", () => {
    const w = (t: string) => ({ text: t, alternatives: [[t]] });
    const qws = [w("a"), w("b"), w("c")];
    expect(relaxSteps(qws, [true, false, true]).map((s) => s.map((x) => x.text))).toEqual([["a", "c"], ["a"]]);
    expect(relaxSteps(qws, [true, true, true]).map((s) => s.map((x) => x.text))).toEqual([["a", "b"], ["a"]]);
    expect(relaxSteps(qws, [false, false, false])).toEqual([]);
    expect(searchNote(qws, [w("a")], [])).toEqual({ asked: "a b c", shown: "a", corrected: [], dropped: ["b", "c"] });
    expect(searchNote(qws, qws, [])).toBeNull();
  });
});

describe("no dead ends", () => {
  const w = (t: string, ...alts: string[][]) => ({ text: t, alternatives: [t.split(" "), ...alts] });
  it("relates categories by name, head, contained word or a shared two-character piece", () => {
    expect(categoryRelation([w("手机")], ["老人", "手机"])).toBe(3);
    expect(categoryRelation([w("手机")], ["手机壳"])).toBe(2);
    expect(categoryRelation([w("手表扣")], ["智能手表"])).toBe(1);
    expect(categoryRelation([w("火星")], ["智能手表"])).toBe(0);
    expect(categoryRelation([w("lipstick")], ["lipsticks"])).toBe(3);
    expect(categoryRelation([w("red lipstick")], ["lipsticks"])).toBe(1);
  });

  it("offers related categories with goods only, most related and deepest first", () => {
    const row = (categoryId: number, parentId: number, grade: number) => ({
      categoryId,
      parentId,
      grade,
      seq: 0,
      status: 1,
      pic: null,
      icon: null,
      name: { zh: String(categoryId), "zh-tw": String(categoryId), en: String(categoryId) },
    });
    const rows = [row(1, 0, 0), row(2, 1, 1), row(3, 2, 2), row(4, 2, 2)];
    const score = new Map([
      [1, 1],
      [3, 1],
      [4, 3],
    ]);
    expect(relatedCategories(score, rows, new Set([3, 4]))).toEqual([4, 3, 1]);
    expect(relatedCategories(score, rows, new Set([3]))).toEqual([3, 1]);
    expect(relatedCategories(score, rows, new Set())).toEqual([]);
    expect(categoryCrumbs([3], rows, (r) => `c${r.categoryId}`)).toEqual([
      [
        { categoryId: 1, categoryName: "c1", level: 1 },
        { categoryId: 2, categoryName: "c2", level: 2 },
        { categoryId: 3, categoryName: "c3", level: 3 },
      ],
    ]);
  });

  it("offers looser corrections than the search makes itself", () => {
    const vocab = new Map([["lipstick", 3]]);
    expect(correctWord("lapstek", vocab)).toBeNull();
    expect(looseCorrections([w("lapstek")], vocab)).toEqual(["lipstick"]);
    expect(looseCorrections([w("zzqqxx")], vocab)).toEqual([]);
    expect(looseCorrections([w("abc")], vocab)).toEqual([]);
  });
});
