import { describe, expect, it } from "vitest";
import { getT, i18n } from "../i18n/index.ts";
import { pickText } from "./locale.ts";

describe('language fallback (docs/decisions.md "SPEC wording settled")', () => {
  it("content: zh-tw and en fall back to zh when their text is missing or empty", () => {
    expect(pickText({ zh: "简体", "zh-tw": "繁體", en: "English" }, "zh-tw")).toBe("繁體");
    expect(pickText({ zh: "简体", en: "English" }, "zh-tw")).toBe("简体");
    expect(pickText({ zh: "简体", "zh-tw": "", en: "English" }, "zh-tw")).toBe("简体");
    expect(pickText({ zh: "简体", "zh-tw": "繁體" }, "en")).toBe("简体");
    expect(pickText("plain", "en")).toBe("plain");
  });

  it("interface texts: a key missing in zh-tw or en is looked up in zh", () => {
    // A key of this test only (each test file has its own module instance).
    i18n.addResource("zh", "translation", "fallbackProbe.onlyZh", "只有简体");
    expect(getT("zh-tw")("fallbackProbe.onlyZh")).toBe("只有简体");
    expect(getT("en")("fallbackProbe.onlyZh")).toBe("只有简体");
    expect(getT("zh-tw")("fallbackProbe.onlyZh", { n: 1 })).toBe("只有简体");
  });
});
