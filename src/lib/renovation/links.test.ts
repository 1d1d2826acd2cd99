import { describe, expect, it } from "vitest";
import { linkAttrs, resolveLink, safeExternalUrl, safeInternalPath, toId } from "./links.ts";

const lt = (zh: string, en: string) => ({ zh, "zh-tw": zh, en });

describe("resolveLink — type 1 product", () => {
  it("goes to the product detail in a new tab", () => {
    expect(resolveLink({ name: lt("手机", "Phone"), link: "42", type: "1" }, "zh")).toEqual({
      href: "/detail/42",
      newTab: true,
      external: false,
    });
    expect(resolveLink({ link: 42, type: "1" }, "en")).toEqual({
      href: "/en/detail/42",
      newTab: true,
      external: false,
    });
    expect(resolveLink({ link: "42", type: 1 }, "zh-tw")?.href).toBe("/zh-tw/detail/42");
  });
  it("refuses a missing or malformed product id", () => {
    expect(resolveLink({ link: "", type: "1" }, "zh")).toBeNull();
    expect(resolveLink({ link: "abc", type: "1" }, "zh")).toBeNull();
    expect(resolveLink({ link: "-3", type: "1" }, "zh")).toBeNull();
    expect(resolveLink({ link: 0, type: "1" }, "zh")).toBeNull();
  });
});

describe("resolveLink — type 2 category", () => {
  it("goes to the product list with the category levels and st=0", () => {
    expect(resolveLink({ link: [1, 12, 123], type: "2" }, "zh")).toEqual({
      href: "/list?cpid=1&cid=12&thCid=123&st=0",
      newTab: false,
      external: false,
    });
    expect(resolveLink({ link: ["1", "12"], type: "2" }, "en")?.href).toBe("/en/list?cpid=1&cid=12&st=0");
    expect(resolveLink({ link: [7], type: "2" }, "zh")?.href).toBe("/list?cpid=7&st=0");
  });
  it("on a shop's page goes to the shop index filtered by the shop category", () => {
    expect(resolveLink({ link: [55], type: "2" }, "zh", { shopId: 4 })?.href).toBe("/shopIndex?sid=4&cid=55");
    expect(resolveLink({ link: "56", type: "2" }, "en", { shopId: 4 })?.href).toBe("/en/shopIndex?sid=4&cid=56");
  });
  it("refuses empty, too long or malformed id lists", () => {
    expect(resolveLink({ link: [], type: "2" }, "zh")).toBeNull();
    expect(resolveLink({ link: [1, 2, 3, 4], type: "2" }, "zh")).toBeNull();
    expect(resolveLink({ link: [1, "x"], type: "2" }, "zh")).toBeNull();
  });
});

describe("resolveLink — type 3 shop", () => {
  it("goes to the shop index", () => {
    expect(resolveLink({ link: "4", type: "3" }, "zh")).toEqual({
      href: "/shopIndex?sid=4",
      newTab: false,
      external: false,
    });
    expect(resolveLink({ link: 4, type: "3" }, "zh-tw")?.href).toBe("/zh-tw/shopIndex?sid=4");
  });
  it("refuses a bad shop id", () => {
    expect(resolveLink({ link: "shop", type: "3" }, "zh")).toBeNull();
  });
});

describe("resolveLink — type 4 internal path", () => {
  it("localizes the path", () => {
    expect(resolveLink({ link: "/list?st=1", type: "4" }, "zh")?.href).toBe("/list?st=1");
    expect(resolveLink({ link: "/list?st=1", type: "4" }, "en")?.href).toBe("/en/list?st=1");
    expect(resolveLink({ link: "/", type: "4" }, "zh-tw")?.href).toBe("/zh-tw/");
    expect(resolveLink({ link: "/coupons", type: "4" }, "zh")).toEqual({
      href: "/coupons",
      newTab: false,
      external: false,
    });
  });
  it("refuses protocol-relative, absolute and script URLs", () => {
    expect(resolveLink({ link: "//evil.example/x", type: "4" }, "zh")).toBeNull();
    expect(resolveLink({ link: "https://evil.example/", type: "4" }, "zh")).toBeNull();
    expect(resolveLink({ link: "javascript:alert(1)", type: "4" }, "zh")).toBeNull();
    expect(resolveLink({ link: "/\\evil.example", type: "4" }, "zh")).toBeNull();
  });
});

describe("resolveLink — type 5 micro-page", () => {
  it("goes to select-decorate with the renovation and shop ids", () => {
    expect(resolveLink({ link: [2, 0], type: "5" }, "zh")?.href).toBe("/select-decorate?renovationId=2&sid=0");
    expect(resolveLink({ link: ["3", "1"], type: "5" }, "en")?.href).toBe("/en/select-decorate?renovationId=3&sid=1");
    expect(resolveLink({ link: [2], type: "5" }, "zh")?.href).toBe("/select-decorate?renovationId=2&sid=0");
  });
  it("refuses a missing renovation id", () => {
    expect(resolveLink({ link: [], type: "5" }, "zh")).toBeNull();
    expect(resolveLink({ link: "2", type: "5" }, "zh")).toBeNull();
    expect(resolveLink({ link: [0, 0], type: "5" }, "zh")).toBeNull();
  });
});

describe("resolveLink — type 6 custom URL", () => {
  it("keeps internal paths on the site (localized)", () => {
    expect(resolveLink({ link: { url: "/notice-list" }, type: "6" }, "en")).toEqual({
      href: "/en/notice-list",
      newTab: false,
      external: false,
    });
  });
  it("opens external http(s) URLs in a new tab as external", () => {
    expect(resolveLink({ link: { url: "https://example.com/help" }, type: "6" }, "zh")).toEqual({
      href: "https://example.com/help",
      newTab: true,
      external: true,
    });
    expect(linkAttrs(resolveLink({ link: { url: "https://example.com/help" }, type: "6" }, "zh")!)).toEqual({
      href: "https://example.com/help",
      target: "_blank",
      rel: "noopener noreferrer",
    });
  });
  it("refuses other schemes", () => {
    expect(resolveLink({ link: { url: "javascript:alert(1)" }, type: "6" }, "zh")).toBeNull();
    expect(resolveLink({ link: { url: "data:text/html,x" }, type: "6" }, "zh")).toBeNull();
    expect(resolveLink({ link: { url: "" }, type: "6" }, "zh")).toBeNull();
    expect(resolveLink({ link: { url: "https://user:pw@example.com/" }, type: "6" }, "zh")).toBeNull();
  });
});

describe("resolveLink — anything else", () => {
  it("answers null for empty or unknown link objects", () => {
    expect(resolveLink(null, "zh")).toBeNull();
    expect(resolveLink(undefined, "zh")).toBeNull();
    expect(resolveLink({ name: "", link: "", type: "" }, "zh")).toBeNull();
    expect(resolveLink({ link: "1", type: "9" }, "zh")).toBeNull();
  });
});

describe("linkAttrs", () => {
  it("adds target and rel only when needed", () => {
    expect(linkAttrs({ href: "/a", newTab: false, external: false })).toEqual({ href: "/a" });
    expect(linkAttrs({ href: "/detail/1", newTab: true, external: false })).toEqual({
      href: "/detail/1",
      target: "_blank",
      rel: "noopener",
    });
  });
});

describe("helpers", () => {
  it("toId accepts positive integers and numeric strings", () => {
    expect(toId(5)).toBe(5);
    expect(toId(" 6 ")).toBe(6);
    expect(toId(1.5)).toBeNull();
    expect(toId("1e3")).toBeNull();
    // beyond the id columns' range: not an id (a page answers 404, never a failed query)
    expect(toId(2147483647)).toBe(2147483647);
    expect(toId("2147483648")).toBeNull();
    expect(toId("99999999999")).toBeNull();
    expect(toId(2 ** 40)).toBeNull();
  });
  it("safeInternalPath / safeExternalUrl", () => {
    expect(safeInternalPath("/a b")).toBeNull();
    expect(safeInternalPath("/a?b=1#c")).toBe("/a?b=1#c");
    expect(safeInternalPath("/./..//evil.example")).toBeNull();
    expect(safeExternalUrl("http://example.com")).toBe("http://example.com/");
    expect(safeExternalUrl("ftp://example.com")).toBeNull();
  });
});
