import { describe, expect, it } from "vitest";
import { pageRoute, queryHasControlChars } from "./locale-route.ts";

describe("page routes", () => {
  it("maps a locale prefix onto the route", () => {
    expect(pageRoute("/en/list?x=1")).toEqual({ locale: "en", path: "/list?x=1", foreign: false });
    expect(pageRoute("/fr/list").foreign).toBe(true);
  });
  it("finds a control character in any query parameter, encoded or not, in its name or value", () => {
    for (const url of [
      "/list?pn=%00",
      "/shopList?shopName=x%00%0AFORGED4",
      "/shopIndex?sid=1&pn=%0d",
      "/list?%7f=1",
      "/list?q=%C2%85",
      "/list?q=a\u0001b",
    ])
      expect(queryHasControlChars(url), url).toBe(true);
    for (const url of [
      "/list",
      "/list?pn=2&keyword=%E6%89%8B%E6%9C%BA",
      "/list?q=a+b%20c",
      "/list?q=%ZZ",
      "/shopList?x=",
    ])
      expect(queryHasControlChars(url), url).toBe(false);
  });
});
