import { describe, expect, it } from "vitest";
import { sameOwner } from "./upload-owner.ts";

describe("sameOwner", () => {
  it("a buyer owns their uploads only; a shop owns uploads of the shop that no buyer made", () => {
    const alice = { userId: "a", shopId: null };
    const shop1 = { userId: null, shopId: 1 };
    expect(sameOwner(alice, alice)).toBe(true);
    expect(sameOwner({ userId: "b", shopId: null }, alice)).toBe(false);
    expect(sameOwner(shop1, alice)).toBe(false);
    expect(sameOwner(shop1, shop1)).toBe(true);
    expect(sameOwner({ userId: null, shopId: 2 }, shop1)).toBe(false);
    expect(sameOwner({ userId: "a", shopId: 1 }, shop1)).toBe(false);
    // The platform is shop 0, not "no shop".
    expect(sameOwner({ userId: null, shopId: 0 }, { userId: null, shopId: 0 })).toBe(true);
    expect(sameOwner({ userId: null, shopId: null }, { userId: null, shopId: null })).toBe(false);
  });
});
