/** The bulk formats line by line (bulk.ts): a catalogue line and a CSV price/stock row, each its value or its first problem. */
import { describe, expect, it } from "vitest";
import { IMPORT_LINE_MAX_BYTES, isPriceHeader, readImportLine, readPriceLine } from "./bulk.ts";

const body = {
  code: "A-1",
  categoryId: 5,
  texts: { zh: { name: "杯子" } },
  pic: "/uploads/m/a.png",
  skus: [{ price: "1.5", stocks: 2 }],
};
const problem = <T>(r: { ok: true; value: T } | { ok: false; problem: { path: PropertyKey[]; key: string } }) =>
  r.ok ? null : { path: r.problem.path.join("."), key: r.problem.key.replace("product.manage.errors.", "") };

describe("catalogue lines", () => {
  it("reads a body with its code, prices normalised", () => {
    const r = readImportLine(JSON.stringify(body));
    expect(r.ok && r.value.code).toBe("A-1");
    expect(r.ok && r.value.skus[0]!.price).toBe("1.50");
  });
  it("refuses a line that is not JSON, too long, without a code or against the body's rules, with its place", () => {
    expect(problem(readImportLine("{oops"))).toEqual({ path: "", key: "lineNotJson" });
    expect(problem(readImportLine(JSON.stringify({ ...body, code: undefined })))).toEqual({
      path: "code",
      key: "codeRequired",
    });
    expect(problem(readImportLine(JSON.stringify({ ...body, skus: [{ price: "0", stocks: 1 }] })))).toEqual({
      path: "skus.0.price",
      key: "priceZero",
    });
    const long = JSON.stringify({ ...body, texts: { zh: { name: "杯".repeat(IMPORT_LINE_MAX_BYTES / 3) } } });
    expect(problem(readImportLine(long))).toEqual({ path: "", key: "lineTooLong" });
    // Characters are counted as UTF-8 bytes: a third of the limit in CJK characters passes the size check.
    expect(problem(readImportLine(JSON.stringify({ ...body, texts: { zh: { name: "杯".repeat(1000) } } })))).toEqual({
      path: "texts.zh.name",
      key: "tooLong",
    });
  });
});

describe("CSV price/stock rows", () => {
  it("reads code,price,stock with either blank, quotes and spaces taken off", () => {
    expect(readPriceLine("A-1,9.9,20")).toEqual({ ok: true, value: { code: "A-1", price: "9.90", stocks: 20 } });
    expect(readPriceLine(' "A-1" , "" , 7 ')).toEqual({ ok: true, value: { code: "A-1", stocks: 7 } });
    expect(readPriceLine("A-1,5,")).toEqual({ ok: true, value: { code: "A-1", price: "5.00" } });
    expect(isPriceHeader("Code, Price ,STOCK")).toBe(true);
    expect(isPriceHeader("A-1,5,1")).toBe(false);
  });
  it("refuses a row with its place: columns, nothing to change, stock, price, code", () => {
    expect(problem(readPriceLine("A-1,5"))).toEqual({ path: "", key: "csvColumns" });
    expect(problem(readPriceLine("A-1,5,1,2"))).toEqual({ path: "", key: "csvColumns" });
    expect(problem(readPriceLine("A-1,,"))).toEqual({ path: "", key: "csvNothing" });
    expect(problem(readPriceLine("A-1,,-1"))).toEqual({ path: "stocks", key: "stock" });
    expect(problem(readPriceLine("A-1,,1.5"))).toEqual({ path: "stocks", key: "stock" });
    expect(problem(readPriceLine("A-1,,100000000"))).toEqual({ path: "stocks", key: "stock" });
    expect(problem(readPriceLine("A-1,1.001,"))).toEqual({ path: "price", key: "price" });
    expect(problem(readPriceLine("A-1,0,"))).toEqual({ path: "price", key: "priceZero" });
    expect(problem(readPriceLine("bad code,1,"))).toEqual({ path: "code", key: "code" });
  });
});
