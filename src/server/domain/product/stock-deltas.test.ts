import { describe, expect, it } from "vitest";
import { nextGroup } from "./stock-deltas.ts";

describe("stock deltas in groups", () => {
  const d = (skuId: number, delta: number) => ({ skuId, delta });

  it("takes the first delta of each SKU in arrival order; a SKU's later deltas wait, in their order", () => {
    const { group, rest } = nextGroup([d(5, 1), d(3, -1), d(5, 2), d(7, 1), d(5, -3), d(3, 4)]);
    expect(group).toEqual([d(5, 1), d(3, -1), d(7, 1)]);
    expect(rest).toEqual([d(5, 2), d(5, -3), d(3, 4)]);
    expect(nextGroup(rest).group).toEqual([d(5, 2), d(3, 4)]);
    expect(nextGroup(nextGroup(rest).rest)).toEqual({ group: [d(5, -3)], rest: [] });
  });

  it("takes at most the group's size; the rest waits", () => {
    const all = Array.from({ length: 7 }, (_, i) => d(i, 1));
    const { group, rest } = nextGroup(all, 3);
    expect(group.map((x) => x.skuId)).toEqual([0, 1, 2]);
    expect(rest.map((x) => x.skuId)).toEqual([3, 4, 5, 6]);
    expect(nextGroup([])).toEqual({ group: [], rest: [] });
  });
});
