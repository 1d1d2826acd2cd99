/** The ops CLI's argument parsing (scripts/ops/); the commands themselves are tested against the API in tests/api/merchant/merchant.test.ts. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCommandLine, parseIds, timeArg } from "../../scripts/ops/args.ts";
import { couponBody } from "../../scripts/ops/coupon.ts";
import { discountBody, parseRule, parseTiers } from "../../scripts/ops/discount.ts";
import { fileLines, progressLine } from "../../scripts/ops/line-file.ts";
import { runOps } from "../../scripts/ops/main.ts";
import { packagesFrom, parseCompany, parseItems, parsePackage, parseState } from "../../scripts/ops/order.ts";
import { displayWidth } from "../../scripts/ops/output.ts";
import { tokenFilePath } from "../../scripts/ops/token-cache.ts";

describe("ops CLI arguments", () => {
  it("carriers by id or by a word of the English name", () => {
    expect(parseCompany("1")).toBe(1);
    expect(parseCompany("SF")).toBe(1);
    expect(parseCompany("zto")).toBe(2);
    expect(parseCompany("EMS")).toBe(6);
    expect(() => parseCompany("express")).toThrow(/ambiguous/);
    expect(() => parseCompany("dhl")).toThrow(/unknown/);
  });

  it("states by number or name", () => {
    expect(parseState("2")).toBe(2);
    expect(parseState("in-transit")).toBe(2);
    expect(parseState("Arrived")).toBe(201);
    expect(parseState("signed")).toBe(3);
    expect(() => parseState("lost")).toThrow(/unknown state/);
  });

  it("items and packages", () => {
    expect(parseItems("12:1, 13:2,14")).toEqual([
      { orderItemId: 12, prodCount: 1 },
      { orderItemId: 13, prodCount: 2 },
      { orderItemId: 14, prodCount: 1 },
    ]);
    expect(() => parseItems("12:x")).toThrow(/bad item/);
    expect(parsePackage("sf/SF123456789/12:1")).toEqual({
      dvyId: 1,
      dvyFlowId: "SF123456789",
      items: [{ orderItemId: 12, prodCount: 1 }],
    });
    expect(parsePackage("2/ZT1")).toEqual({ dvyId: 2, dvyFlowId: "ZT1" });
    expect(() => parsePackage("2")).toThrow(/bad package/);
    expect(packagesFrom({ company: "1", tracking: " SF123456789 ", items: "5:2" })).toEqual([
      { dvyId: 1, dvyFlowId: "SF123456789", items: [{ orderItemId: 5, prodCount: 2 }] },
    ]);
    expect(packagesFrom({ package: ["1/A123456", "2/B123456"] })).toHaveLength(2);
    expect(() => packagesFrom({ package: ["1/A123456"], company: "1" })).toThrow(/either/);
    expect(() => packagesFrom({ company: "1" })).toThrow(/--tracking/);
  });

  it("table widths count CJK characters as two columns", () => {
    expect(displayWidth("abc")).toBe(3);
    expect(displayWidth("演示买家")).toBe(8);
    expect(displayWidth("a顺丰b")).toBe(6);
  });

  it("token file: option, env, DATA_DIR, then home", () => {
    expect(tokenFilePath({ "token-file": "/x/t.json" }, {})).toBe("/x/t.json");
    expect(tokenFilePath({}, { MALL_OPS_TOKEN_FILE: "/y/t" })).toBe("/y/t");
    expect(tokenFilePath({}, { DATA_DIR: "/data" })).toBe(path.resolve("/data/ops-tokens.json"));
    expect(tokenFilePath({}, { HOME: "/home/me" })).toBe("/home/me/.mall-ops-token");
  });

  it("help exits 0; unknown commands and options exit 2", async () => {
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l), env: { HOME: "/nonexistent" } };
    expect(await runOps(["help"], io)).toBe(0);
    expect(out.join("\n")).toContain("npm run ops -- <command>");
    expect(await runOps(["frobnicate"], io)).toBe(2);
    expect(await runOps(["orders", "--nope"], io)).toBe(2);
    expect(await runOps(["orders", "--status", "x"], io)).toBe(2);
  });

  it("a negative number after an option is its value, written with or without '='", () => {
    for (const argv of [
      ["product-price", "1", "2", "--delta", "-5"],
      ["product-price", "1", "2", "--delta=-5"],
    ]) {
      const { values, positionals } = parseCommandLine(argv);
      expect(values.delta).toBe("-5");
      expect(positionals).toEqual(["product-price", "1", "2"]);
    }
    expect(parseCommandLine(["product-price", "1", "2", "--delta", "5"]).values.delta).toBe("5");
    // A negative number elsewhere stays a word; a boolean option takes no value.
    expect(() => parseCommandLine(["orders", "--json", "-5"])).toThrow();
    expect(() => parseCommandLine(["product-price", "--delta", "-x"])).toThrow(/ambiguous/);
  });
});

describe("ops CLI coupon and discount arguments", () => {
  const now = new Date("2026-11-24T00:00:00Z");
  it("times as ISO or from now", () => {
    expect(timeArg("until", "+7d", now)).toBe("2026-12-01T00:00:00.000Z");
    expect(timeArg("until", "+90m", now)).toBe("2026-11-24T01:30:00.000Z");
    expect(timeArg("until", "2026-12-24T00:00:00Z", now)).toBe("2026-12-24T00:00:00Z");
    expect(() => timeArg("until", "next week", now)).toThrow(/ISO 8601/);
  });

  it("rules, tiers and product ids", () => {
    expect(parseRule("spend-save")).toBe(0);
    expect(parseRule("BUY-OFF")).toBe(3);
    expect(parseRule("2")).toBe(2);
    expect(() => parseRule("half")).toThrow(/unknown rule/);
    expect(parseTiers("100:10, 200:25")).toEqual([
      { needAmount: "100", discount: "10" },
      { needAmount: "200", discount: "25" },
    ]);
    expect(() => parseTiers("100-10")).toThrow(/bad tier/);
    expect(parseIds("products", "3, 4")).toEqual([3, 4]);
    expect(() => parseIds("products", "3,x")).toThrow(/product ids/);
  });

  it("builds the API bodies; missing options are usage errors", () => {
    expect(
      couponBody(
        { name: "A", type: "cash", reduce: "5", stock: "9", until: "+1d", "valid-days": "3", exclude: "7" },
        now,
      ),
    ).toEqual({
      couponName: "A",
      couponType: 1,
      cashCondition: "0",
      reduceAmount: "5",
      stocks: "9",
      limitNum: "1",
      overTime: "2026-11-25T00:00:00.000Z",
      suitableProdType: 2,
      prodIds: [7],
      validTimeType: 2,
      validDays: "3",
      afterReceiveDays: "0",
    });
    expect(
      couponBody(
        { name: "B", type: "discount", rate: "9", stock: "1", until: "+1d", "valid-from": "+0m", "valid-to": "+2d" },
        now,
      ),
    ).toMatchObject({
      couponType: 2,
      couponDiscount: "9",
      validTimeType: 1,
      startTime: now.toISOString(),
      endTime: "2026-11-26T00:00:00.000Z",
    });
    expect(() => couponBody({ name: "C", type: "cash", stock: "1", until: "+1d", "valid-days": "1" }, now)).toThrow(
      /--reduce/,
    );
    expect(() =>
      couponBody(
        { name: "C", type: "cash", reduce: "1", stock: "1", until: "+1d", "valid-days": "1", "valid-to": "+2d" },
        now,
      ),
    ).toThrow(/either/);
    expect(
      discountBody(
        { name: "D", rule: "buy-save", tiers: "2:5", until: "+3d", repeat: true, cap: "20", products: "1,2" },
        now,
      ),
    ).toEqual({
      discountName: "D",
      discountRule: 1,
      discountType: 1,
      discountItems: [{ needAmount: "2", discount: "5" }],
      endTime: "2026-11-27T00:00:00.000Z",
      suitableProdType: 1,
      prodIds: [1, 2],
      maxReduceAmount: "20",
    });
    expect(() => discountBody({ name: "D", rule: "0", until: "+3d" }, now)).toThrow(/--tiers/);
  });
});

describe("ops CLI files line by line", () => {
  it("streams lines with their numbers and offsets, cuts an over-long one, goes on from an offset", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ops-lines-"));
    const file = path.join(dir, "f.txt");
    fs.writeFileSync(file, `a\r\n\n${"x".repeat(50)}\n中文\nlast`);
    const all = [];
    for await (const l of fileLines(file, { offset: 0, line: 0 }, 10)) all.push(l);
    expect(all.map((l) => [l.n, l.text])).toEqual([
      [1, "a"],
      [2, ""],
      [3, "x".repeat(11)],
      [4, "中文"],
      [5, "last"],
    ]);
    expect(all.map((l) => l.end)).toEqual([3, 4, 55, 62, 66]);
    const rest = [];
    for await (const l of fileLines(file, { offset: 55, line: 3 }, 10)) rest.push([l.n, l.text]);
    expect(rest).toEqual([
      [4, "中文"],
      [5, "last"],
    ]);
    fs.writeFileSync(file, "one\ntwo\n");
    const ended = [];
    for await (const l of fileLines(file, { offset: 0, line: 0 }, 10)) ended.push(l.text);
    expect(ended).toEqual(["one", "two"]);
    fs.rmSync(dir, { recursive: true });
  });

  it("draws the progress bar: share of the bytes, lines, rate and time left", () => {
    expect(progressLine(250, 1000, 2500, 2)).toBe("[#####---------------]  25%  2,500 lines  1,250 lines/s  0:06 left");
    expect(progressLine(1000, 1000, 9000, 3, 10)).toBe("[##########] 100%  9,000 lines  3,000 lines/s  0:00 left");
  });
});
