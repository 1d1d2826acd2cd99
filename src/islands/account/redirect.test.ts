import { describe, expect, it } from "vitest";
import { isRegisterPath, isUserCenterPath, safeRedirect } from "./redirect.ts";

describe("safeRedirect", () => {
  it("keeps same-origin relative paths with query and hash", () => {
    expect(safeRedirect("/en/list?st=1#top", "en")).toBe("/en/list?st=1#top");
    expect(safeRedirect("/detail/1", "zh")).toBe("/detail/1");
  });
  it("falls back to the localized home for anything else", () => {
    for (const bad of [
      null,
      "",
      "list",
      "//evil.example/x",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "/a\nb",
      "/./..//evil.example",
      "/..//evil.example/x",
      "/.//evil.example",
      "/%2e%2e//evil.example",
      "/a/../..//evil.example?x=1",
      "/\t/evil.example",
    ]) {
      expect(safeRedirect(bad, "zh-tw")).toBe("/zh-tw/");
      expect(safeRedirect(bad, "zh")).toBe("/");
    }
  });
});

describe("page checks", () => {
  it("recognises /register and the user center in every locale", () => {
    expect(isRegisterPath("/register")).toBe(true);
    expect(isRegisterPath("/en/register/")).toBe(true);
    expect(isRegisterPath("/registers")).toBe(false);
    expect(isUserCenterPath("/user-center")).toBe(true);
    expect(isUserCenterPath("/zh-tw/user-center/uc-order")).toBe(true);
    expect(isUserCenterPath("/user-centerx")).toBe(false);
  });
});
