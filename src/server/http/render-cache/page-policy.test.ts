import { describe, expect, it } from "vitest";
import { boundedQuery, cacheKey, isCacheablePath, isCacheableRequest, pageCacheTags } from "./page-policy.ts";

describe("isCacheablePath / isCacheableRequest", () => {
  it("accepts the public browsing pages and refuses user pages", () => {
    for (const p of [
      "/",
      "/newIndex",
      "/list",
      "/detail",
      "/detail/12",
      "/shopIndex",
      "/shopList",
      "/shop-prod-list",
      "/notice-list",
      "/notice-detail",
      "/termsPage",
      "/list/",
      "/sitemap.xml",
      "/sitemap-zh-products-1.xml",
      "/robots.txt",
    ]) {
      expect(isCacheablePath(p), p).toBe(true);
    }
    for (const p of [
      "/select-decorate",
      "/user-center",
      "/user-center/uc-order",
      "/cart",
      "/login",
      "/register",
      "/submit-order",
      "/payment",
      "/detail/1/x",
      "/listing",
      "/api/x",
      "/coupons",
      "/404",
    ]) {
      expect(isCacheablePath(p), p).toBe(false);
    }
  });

  it("only GET and HEAD, query ignored", () => {
    expect(isCacheableRequest("GET", "/list?st=1")).toBe(true);
    expect(isCacheableRequest("HEAD", "/detail/3?x=1")).toBe(true);
    expect(isCacheableRequest("POST", "/list")).toBe(false);
    expect(isCacheableRequest("GET", "/cart?x=/list")).toBe(false);
  });
});

describe("cacheKey", () => {
  it("is locale + path + sorted query", () => {
    expect(cacheKey("zh", "/list?st=0&cpid=1&cid=2")).toBe("zh /list?cid=2&cpid=1&st=0");
    expect(cacheKey("zh", "/list?cid=2&st=0&cpid=1")).toBe(cacheKey("zh", "/list?cpid=1&cid=2&st=0"));
    expect(cacheKey("en", "/list?cpid=1")).not.toBe(cacheKey("zh", "/list?cpid=1"));
    expect(cacheKey("zh", "/")).toBe("zh /");
    expect(cacheKey("zh", "/list?")).toBe("zh /list");
    expect(cacheKey("zh", "/list#top")).toBe("zh /list");
  });

  it("keeps the order of repeated parameters and encodes consistently", () => {
    expect(cacheKey("zh", "/list?bid=2&a=1&bid=1")).toBe("zh /list?a=1&bid=2&bid=1");
    expect(cacheKey("zh", "/list?pn=a%20b")).toBe(cacheKey("zh", "/list?pn=a+b"));
  });
});

describe("bounded query strings", () => {
  it("keeps only the parameters the page reads, first value each, in their order", () => {
    expect(boundedQuery("/list", "?utm_source=x&cpid=1&cpid=2&st=1&fbclid=y")).toBe("?cpid=1&st=1");
    expect(boundedQuery("/detail/5", "evaluate=1&rc=2&x=1")).toBe("?evaluate=1&rc=2");
    // /detail without its id reads only the id of its query form (sent to /detail/<id>); /detail/<id> not that.
    expect(boundedQuery("/detail", "prodId=5&evaluate=1&x=1")).toBe("?prodId=5");
    expect(boundedQuery("/detail/5", "prodId=6&rc=2")).toBe("?rc=2");
    expect(boundedQuery("/notice-detail", "id=3&shopId=2&x=1")).toBe("?id=3&shopId=2");
    expect(boundedQuery("/", "?a=1")).toBe("");
    expect(boundedQuery("/sitemap.xml", "?v=1")).toBe("");
    expect(boundedQuery("/list", "")).toBe("");
  });

  it("default content tags by page", () => {
    expect(pageCacheTags("/")).toEqual(["site", "home", "products", "shops", "flash"]);
    expect(pageCacheTags("/notice-list")).toEqual(["site"]);
    expect(pageCacheTags("/detail/1")).toEqual([]);
  });
});
