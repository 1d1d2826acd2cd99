import { describe, expect, it } from "vitest";
import { FLOW_LOG_MAX_BYTES, FlowPageId, flowAnalysisLogSchema, nextSession } from "./flow-analysis.ts";
import { TRACKING_SESSION_MS } from "./flow-session.ts";

const MIN = 60_000;

describe("nextSession (SPEC §9: new session after 30 minutes idle)", () => {
  const t0 = Date.UTC(2026, 0, 1, 10, 0, 0);
  it("is 30 minutes (SPEC §9)", () => {
    expect(TRACKING_SESSION_MS).toBe(1_800_000);
  });
  it("starts a session when there is none", () => {
    expect(nextSession(null, t0, "s1")).toEqual({ uuidSession: "s1", step: 1 });
    expect(nextSession(undefined, t0, "s1")).toEqual({ uuidSession: "s1", step: 1 });
  });
  it("continues within 30 minutes and counts steps", () => {
    const prev = { uuidSession: "old", lastSeen: t0, step: 4 };
    expect(nextSession(prev, t0 + 1000, "new")).toEqual({ uuidSession: "old", step: 5 });
    expect(nextSession(prev, t0 + 30 * MIN - 1, "new")).toEqual({ uuidSession: "old", step: 5 });
  });
  it("renews after 30 minutes idle (exactly 30 included)", () => {
    const prev = { uuidSession: "old", lastSeen: t0, step: 9 };
    expect(nextSession(prev, t0 + 30 * MIN, "new")).toEqual({ uuidSession: "new", step: 1 });
    expect(nextSession(prev, t0 + 5 * 60 * MIN, "new")).toEqual({ uuidSession: "new", step: 1 });
  });
  it("renews when the stored state is broken or from the future", () => {
    expect(nextSession({ uuidSession: "", lastSeen: t0, step: 1 }, t0, "n")).toEqual({ uuidSession: "n", step: 1 });
    expect(nextSession({ uuidSession: "a", lastSeen: Number.NaN, step: 1 }, t0, "n")).toEqual({
      uuidSession: "n",
      step: 1,
    });
    expect(nextSession({ uuidSession: "a", lastSeen: t0 + MIN, step: 1 }, t0, "n")).toEqual({
      uuidSession: "n",
      step: 1,
    });
  });
});

describe("flowAnalysisLogSchema", () => {
  const base = { uuid: "dev-1", uuidSession: "sess_1", step: 1, pageId: FlowPageId.PRODUCT_DETAIL };
  it("accepts a page view and fills defaults", () => {
    expect(flowAnalysisLogSchema.parse(base)).toEqual({ ...base, systemType: 1, visitType: 1 });
  });
  it("accepts numbers as digit strings and bizData as a number", () => {
    const out = flowAnalysisLogSchema.parse({
      ...base,
      step: "3",
      pageId: "8",
      bizType: 0,
      bizData: 123,
      visitType: 4,
      nums: "2",
      prevPageId: null,
      orderNumbers: "",
    });
    expect(out).toMatchObject({ step: 3, pageId: 8, bizData: "123", visitType: 4, nums: 2 });
    expect(out.prevPageId).toBeUndefined();
    expect(out.orderNumbers).toBeUndefined();
  });
  it("refuses missing ids, bad characters, out-of-range numbers, long strings", () => {
    expect(flowAnalysisLogSchema.safeParse({ ...base, uuid: "" }).success).toBe(false);
    expect(flowAnalysisLogSchema.safeParse({ ...base, uuid: "a b" }).success).toBe(false);
    expect(flowAnalysisLogSchema.safeParse({ ...base, uuidSession: "x".repeat(65) }).success).toBe(false);
    expect(flowAnalysisLogSchema.safeParse({ ...base, pageId: 17 }).success).toBe(false);
    expect(flowAnalysisLogSchema.safeParse({ ...base, pageId: 0 }).success).toBe(false);
    expect(flowAnalysisLogSchema.safeParse({ ...base, step: 1.5 }).success).toBe(false);
    expect(flowAnalysisLogSchema.safeParse({ ...base, visitType: 5 }).success).toBe(false);
    expect(flowAnalysisLogSchema.safeParse({ ...base, systemType: 0 }).success).toBe(false);
    expect(flowAnalysisLogSchema.safeParse({ ...base, bizData: "x".repeat(201) }).success).toBe(false);
    expect(flowAnalysisLogSchema.safeParse({ ...base, nums: -1 }).success).toBe(false);
    expect(flowAnalysisLogSchema.safeParse({ ...base, bizData: { a: 1 } }).success).toBe(false);
  });
  it("caps bodies at 8 KB", () => {
    expect(FLOW_LOG_MAX_BYTES).toBe(8192);
  });
});
