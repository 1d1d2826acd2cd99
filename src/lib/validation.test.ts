import { describe, expect, it } from "vitest";
import {
  strictInt,
  brandsByCategoryQuery,
  categoryInfoQuery,
  hotSearchQuery,
  hotShopsQuery,
  noticeIdParams,
  shopIdParams,
  termsQuery,
  webConfigQuery,
} from "./validation.ts";

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => `${String(i.path.join("."))}:${i.message}`) ?? [];

describe("query rules", () => {
  it("hotSearch: defaults and range", () => {
    expect(hotSearchQuery.parse({})).toEqual({ number: 4, sort: 1, type: 1 });
    expect(hotSearchQuery.parse({ number: "10", sort: "0", type: "2" })).toEqual({ number: 10, sort: 0, type: 2 });
    expect(hotSearchQuery.parse({ number: "" })).toMatchObject({ number: 4 });
    expect(messages(hotSearchQuery.safeParse({ number: "abc" }))).toEqual(["number:validation.invalid"]);
    expect(messages(hotSearchQuery.safeParse({ number: "0" }))).toEqual(["number:validation.outOfRange"]);
    expect(messages(hotSearchQuery.safeParse({ number: "21" }))).toEqual(["number:validation.outOfRange"]);
    expect(messages(hotSearchQuery.safeParse({ number: "2.5" }))).toEqual(["number:validation.notInteger"]);
    expect(messages(hotSearchQuery.safeParse({ number: "1e1" }))).toEqual(["number:validation.invalid"]);
    expect(messages(hotSearchQuery.safeParse({ type: "3" }))).toEqual(["type:validation.outOfRange"]);
  });

  it('an integer has one spelling: spaces, leading zeros and "1.0" are refused', () => {
    for (const number of [" 2", "2 ", "02", "2.0", "+2", "2\n"]) {
      expect(messages(hotSearchQuery.safeParse({ number })), number).toEqual(["number:validation.invalid"]);
    }
    expect(hotSearchQuery.parse({ number: "10" })).toMatchObject({ number: 10 });
  });

  it("hotShops allows up to 20 (the answer is capped at 6 elsewhere)", () => {
    expect(hotShopsQuery.parse({ number: "20" })).toEqual({ number: 20, sort: 1 });
  });

  it("categoryInfo: empty parentId is the top level", () => {
    expect(categoryInfoQuery.parse({ parentId: "" })).toEqual({ parentId: 0, shopId: 0 });
    expect(categoryInfoQuery.parse({ parentId: "12", shopId: "3" })).toEqual({ parentId: 12, shopId: 3 });
    expect(messages(categoryInfoQuery.safeParse({ parentId: "x" }))).toEqual(["parentId:validation.invalid"]);
    expect(messages(categoryInfoQuery.safeParse({ parentId: "-1" }))).toEqual(["parentId:validation.outOfRange"]);
  });

  it("required ids say so", () => {
    expect(messages(brandsByCategoryQuery.safeParse({}))).toEqual(["categoryId:validation.required"]);
    expect(messages(brandsByCategoryQuery.safeParse({ categoryId: "" }))).toEqual(["categoryId:validation.required"]);
    expect(brandsByCategoryQuery.parse({ categoryId: "5" })).toEqual({ categoryId: 5 });
    expect(messages(termsQuery.safeParse({}))).toEqual(["sts:validation.required"]);
    expect(messages(termsQuery.safeParse({ sts: "2" }))).toEqual(["sts:validation.outOfRange"]);
    expect(termsQuery.parse({ sts: "1" })).toEqual({ sts: 1 });
  });

  it("path ids", () => {
    expect(shopIdParams.parse({ shopId: "0" })).toEqual({ shopId: 0 });
    expect(messages(shopIdParams.safeParse({ shopId: "-1" }))).toEqual(["shopId:validation.outOfRange"]);
    expect(messages(noticeIdParams.safeParse({ id: "0" }))).toEqual(["id:validation.outOfRange"]);
    expect(messages(noticeIdParams.safeParse({ id: "99999999999" }))).toEqual(["id:validation.outOfRange"]);
  });

  it("webConfigType and shop search", () => {
    expect(webConfigQuery.parse({})).toEqual({});
    expect(webConfigQuery.parse({ webConfigType: "PC" })).toEqual({ webConfigType: "PC" });
    expect(messages(webConfigQuery.safeParse({ webConfigType: "<x>" }))).toEqual(["webConfigType:validation.invalid"]);
  });
});

describe("strictInt", () => {
  it("reads integers in one spelling only", () => {
    expect([12, "12", "-3", "0"].map(strictInt)).toEqual([12, 12, -3, 0]);
    for (const v of [
      1.5,
      "0x10",
      " 12",
      "12 ",
      "1.0",
      "01",
      "+1",
      "1e3",
      true,
      null,
      [1],
      { toString: "1" },
      Number.NaN,
      2 ** 53,
      "99999999999999999",
    ])
      expect(strictInt(v), JSON.stringify(v)).toBeNull();
  });
});
