import { describe, expect, it } from "vitest";
import { LruCache } from "./lru.ts";

describe("LruCache", () => {
  it("evicts the least recently used entry beyond the count bound", () => {
    const lru = new LruCache<string>(2, 1000);
    lru.set("a", "A", 1);
    lru.set("b", "B", 1);
    expect(lru.get("a")).toBe("A"); // a is now most recent
    lru.set("c", "C", 1);
    expect(lru.keys()).toEqual(["a", "c"]);
    expect(lru.get("b")).toBeUndefined();
  });

  it("evicts by bytes and refuses entries larger than the bound", () => {
    const lru = new LruCache<string>(10, 100);
    lru.set("a", "A", 40);
    lru.set("b", "B", 40);
    lru.set("c", "C", 40);
    expect(lru.keys()).toEqual(["b", "c"]);
    expect(lru.bytes).toBe(80);
    expect(lru.set("huge", "H", 101)).toBe(false);
    expect(lru.has("huge")).toBe(false);
    lru.resize("c", 70);
    expect(lru.keys()).toEqual(["c"]);
    expect(lru.bytes).toBe(70);
    lru.clear();
    expect(lru.size).toBe(0);
    expect(lru.bytes).toBe(0);
  });

  it("replacing a key updates its size", () => {
    const lru = new LruCache<string>(10, 100);
    lru.set("a", "A", 60);
    lru.set("a", "A2", 10);
    expect(lru.bytes).toBe(10);
    expect(lru.get("a")).toBe("A2");
  });
});
