import { describe, expect, it } from "vitest";
import { requestIdFrom } from "./request-id.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("requestIdFrom", () => {
  it("keeps an id a proxy sent", () => {
    expect(requestIdFrom("a1b2-c3.d4_e5:f6")).toBe("a1b2-c3.d4_e5:f6");
    expect(requestIdFrom(["first-id", "second"])).toBe("first-id");
  });

  it("makes a new UUID when none was sent", () => {
    expect(requestIdFrom(undefined)).toMatch(UUID);
    expect(requestIdFrom("")).toMatch(UUID);
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });

  it("never echoes an id that could inject a log line or carry text", () => {
    for (const bad of ["a\nb", "id with spaces", "13800138000 张三", "x".repeat(129), '{"level":"fatal"}']) {
      const id = requestIdFrom(bad);
      expect(id).not.toBe(bad);
      expect(id).toMatch(UUID);
    }
  });
});
