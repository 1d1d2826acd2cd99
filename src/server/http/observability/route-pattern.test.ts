import { describe, expect, it } from "vitest";
import { routePattern } from "./route-pattern.ts";

describe("routePattern", () => {
  it("drops the locale prefix, the query and the ids", () => {
    expect(routePattern("/en/detail/123?x=1")).toBe("/detail/:id");
    expect(routePattern("/zh-tw/shop-index/7")).toBe("/shop-index/:id");
    expect(routePattern("/detail/123")).toBe("/detail/:id");
    expect(routePattern("/en")).toBe("/");
    expect(routePattern("/")).toBe("/");
    expect(routePattern("/english")).toBe("/english");
  });

  it("keeps API paths, whose ids travel in the query", () => {
    expect(routePattern("/api/p/myOrder/orderDetail?orderNumber=1234567890")).toBe("/api/p/myOrder/orderDetail");
    expect(routePattern("/api/prod/prodInfo?prodId=9")).toBe("/api/prod/prodInfo");
    expect(routePattern("/api/p/orderRefund/info/88")).toBe("/api/p/orderRefund/info/:id");
  });

  it("collapses files, tokens and very long paths into a bounded set", () => {
    expect(routePattern("/uploads/2026/11/ab12.png")).toBe("/uploads/*");
    expect(routePattern("/_astro/client.Bx1.js")).toBe("/_astro/*");
    expect(routePattern("/x/0f9e8d7c6b5a49382716")).toBe("/x/:id");
    expect(routePattern("/a/b/c/d/e/f/g/h/i")).toBe("/a/b/c/d/e/f");
    expect(routePattern(`/${"y.".repeat(21)}`)).toBe("/:long");
  });
});
