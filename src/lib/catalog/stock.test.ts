import { describe, expect, it } from "vitest";
import { isSoldOut } from "./stock.ts";

describe("isSoldOut", () => {
  it("reads 0 as sold out; stock left or uncounted (negative) is not", () => {
    expect(isSoldOut(0)).toBe(true);
    expect(isSoldOut(1)).toBe(false);
    expect(isSoldOut(-1)).toBe(false);
  });
});
