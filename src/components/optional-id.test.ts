import { describe, expect, it } from "vitest";
import { DETAIL_PAGE, optionalIdRedirect, POINTS_ITEM_PAGE, SECKILL_PAGE } from "./optional-id.ts";

const q = (s: string) => new URLSearchParams(s);

describe("optional ids in page addresses", () => {
  it("the query form goes to the path form (301) in the same locale; other parameters are dropped", () => {
    expect(optionalIdRedirect("zh", q("prodId=5&x=1"), DETAIL_PAGE)).toEqual({ location: "/detail/5", status: 301 });
    expect(optionalIdRedirect("zh-tw", q("seckillId=2"), SECKILL_PAGE)).toEqual({
      location: "/zh-tw/secdetail/2",
      status: 301,
    });
    expect(optionalIdRedirect("en", q("prodId=7"), POINTS_ITEM_PAGE)).toEqual({
      location: "/en/member-center/integral-det/7",
      status: 301,
    });
  });

  it("no usable id goes to the list (302)", () => {
    for (const search of ["", "prodId=", "prodId=abc", "prodId=-1", "prodId=12345678901", "seckillId=3"]) {
      expect(optionalIdRedirect("en", q(search), DETAIL_PAGE), search).toEqual({ location: "/en/list", status: 302 });
    }
    expect(optionalIdRedirect("zh", q("prodId=2"), SECKILL_PAGE)).toEqual({ location: "/flash-sale", status: 302 });
    expect(optionalIdRedirect("zh-tw", q(""), POINTS_ITEM_PAGE)).toEqual({
      location: "/zh-tw/member-center/integral-mall",
      status: 302,
    });
  });
});
