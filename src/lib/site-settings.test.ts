import { describe, expect, it } from "vitest";
import { EXCHANGE_RATE_CACHE_MS, PAY_SWITCH_CACHE_MS } from "./site-settings.ts";

describe("durations", () => {
  it("match SPEC §9", () => {
    expect(EXCHANGE_RATE_CACHE_MS).toBe(15 * 24 * 60 * 60 * 1000);
    expect(PAY_SWITCH_CACHE_MS).toBe(5 * 60 * 60 * 1000);
  });
});
