import { describe, expect, it } from "vitest";
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
  synonymMap,
  words,
} from "./search-analyzer.ts";
import { cjkQuery, relaxSteps, searchNote, tsLiteral } from "./search-query.ts";

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
