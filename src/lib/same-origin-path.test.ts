import { describe, expect, it } from "vitest";
import { sameOriginPath } from "./same-origin-path.ts";

describe("sameOriginPath", () => {
  it("keeps paths of this site, normalised", () => {
    expect(sameOriginPath("/en/list?st=1#top")).toBe("/en/list?st=1#top");
    expect(sameOriginPath("/a/./b/../c")).toBe("/a/c");
  });
  it("refuses anything that leaves the origin, before or after normalising", () => {
    for (const bad of [
      "//evil.example",
      "/./..//evil.example",
      "/..//evil.example",
      "/.//evil.example",
      "/a/../..//evil.example?x=1",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "/a\u0000b",
      "x",
      "",
      7,
      null,
      `/${"a".repeat(2001)}`,
    ]) {
      expect(sameOriginPath(bad), String(bad)).toBeUndefined();
    }
  });
});
