import { describe, expect, it } from "vitest";
import { keywordTerms, MAX_TERMS, tsLiteral } from "./search-terms.ts";

describe("keywordTerms", () => {
  it("splits Chinese runs into bigrams and keeps a single character", () => {
    expect(keywordTerms("手机")).toEqual({ cjk: ["手机"], words: [] });
    expect(keywordTerms("手机壳")).toEqual({ cjk: ["手机", "机壳"], words: [] });
    expect(keywordTerms("书")).toEqual({ cjk: ["书"], words: [] });
    expect(keywordTerms("耳機 藍牙")).toEqual({ cjk: ["耳機", "藍牙"], words: [] });
  });

  it("lower-cases latin words and keeps numbers, mixed with Chinese", () => {
    expect(keywordTerms("iPhone 15 Pro")).toEqual({ cjk: [], words: ["iphone", "15", "pro"] });
    expect(keywordTerms("华为Mate60手机")).toEqual({ cjk: ["华为", "手机"], words: ["mate60"] });
  });

  it("drops punctuation and repeats; nothing searchable → null", () => {
    expect(keywordTerms("phone, phone!")).toEqual({ cjk: [], words: ["phone"] });
    expect(keywordTerms("%_%")).toBeNull();
    expect(keywordTerms("  ")).toBeNull();
  });

  it("uses at most MAX_TERMS parts", () => {
    const t = keywordTerms("一二三四五六七八九十甲乙丙丁戊己庚辛壬癸 word")!;
    expect(t.cjk.length + t.words.length).toBe(MAX_TERMS);
  });
});

describe("tsLiteral", () => {
  it("quotes and escapes", () => {
    expect(tsLiteral("phone", true)).toBe("'phone':*");
    expect(tsLiteral("o'k")).toBe("'o''k'");
    expect(tsLiteral("a\\b")).toBe("'a\\\\b'");
  });
});
