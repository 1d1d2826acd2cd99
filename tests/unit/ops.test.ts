/** The ops CLI's argument parsing (scripts/ops.ts); the commands themselves are tested against the API in tests/api/merchant/merchant.test.ts. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { displayWidth, packagesFrom, parseCompany, parseItems, parsePackage, parseState, runOps, tokenFilePath } from "../../scripts/ops.ts";

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
    expect(parseItems("12:1, 13:2,14")).toEqual([{ orderItemId: 12, prodCount: 1 }, { orderItemId: 13, prodCount: 2 }, { orderItemId: 14, prodCount: 1 }]);
    expect(() => parseItems("12:x")).toThrow(/bad item/);
    expect(parsePackage("sf/SF123456789/12:1")).toEqual({ dvyId: 1, dvyFlowId: "SF123456789", items: [{ orderItemId: 12, prodCount: 1 }] });
    expect(parsePackage("2/ZT1")).toEqual({ dvyId: 2, dvyFlowId: "ZT1" });
    expect(() => parsePackage("2")).toThrow(/bad package/);
    expect(packagesFrom({ company: "1", tracking: " SF123456789 ", items: "5:2" })).toEqual([{ dvyId: 1, dvyFlowId: "SF123456789", items: [{ orderItemId: 5, prodCount: 2 }] }]);
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
});
