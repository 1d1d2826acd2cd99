import { describe, expect, it } from "vitest";
import { checkSynonymSet } from "./search-synonyms.ts";

describe("checkSynonymSet", () => {
  it("trims words, drops blanks and words that fold to one already there", () => {
    expect(checkSynonymSet({ words: [" 跑鞋 ", "", "跑步鞋", "RUNNING  shoes", "running shoes", "跑鞋"] })).toEqual({
      set: { words: ["跑鞋", "跑步鞋", "RUNNING shoes"], brandId: null },
    });
    // Traditional and full-width forms fold like the analyzer's (藍牙 = 蓝牙, ＡＢ = ab).
    expect(checkSynonymSet({ words: ["蓝牙耳机", "藍牙耳機", "ＡＢ", "ab"] })).toEqual({
      set: { words: ["蓝牙耳机", "ＡＢ"], brandId: null },
    });
  });
  it("needs two words, or one naming a brand", () => {
    expect(checkSynonymSet({ words: ["苹果"] })).toEqual({ error: "catalog.synonyms.wordsRequired" });
    expect(checkSynonymSet({ words: ["苹果"], brandId: 3 })).toEqual({ set: { words: ["苹果"], brandId: 3 } });
    expect(checkSynonymSet({ words: ["苹果", "蘋果"], brandId: 3 })).toEqual({ set: { words: ["苹果"], brandId: 3 } });
  });
  it("refuses what is not a set of searchable words or a brand id", () => {
    const error = (body: unknown) =>
      "error" in checkSynonymSet(body) ? (checkSynonymSet(body) as { error: string }).error : null;
    expect(error(null)).toBe("catalog.synonyms.wordsRequired");
    expect(error({ words: [1, 2] })).toBe("catalog.synonyms.wordsRequired");
    expect(error({ words: ["a", "x".repeat(31)] })).toBe("catalog.synonyms.badWord");
    expect(error({ words: ["a", "b\n"] })).toBe(null); // a trailing newline is trimmed
    expect(error({ words: ["a", "b\u0000c"] })).toBe("catalog.synonyms.badWord");
    expect(error({ words: ["a", "…!"] })).toBe("catalog.synonyms.badWord");
    expect(error({ words: Array.from({ length: 21 }, (_, i) => `w${i}`) })).toBe("catalog.synonyms.tooMany");
    for (const brandId of ["1", 0, -1, 1.5, 2 ** 31])
      expect(error({ words: ["a"], brandId })).toBe("catalog.synonyms.badBrand");
  });
});
