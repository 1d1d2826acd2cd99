import { describe, expect, it } from "vitest";
import { Doorkeeper } from "./admission.ts";

describe("Doorkeeper", () => {
  it("admits a key on its second request", () => {
    const d = new Doorkeeper(10);
    expect(d.admit("a")).toBe(false);
    expect(d.admit("b")).toBe(false);
    expect(d.admit("a")).toBe(true);
    // Admitted keys are forgotten (they are stored now): a third request starts over.
    expect(d.admit("a")).toBe(false);
  });

  it("forgets first requests older than two generations of capacity", () => {
    const d = new Doorkeeper(3);
    d.admit("old");
    for (const k of ["k1", "k2"]) d.admit(k); // fills the first generation (3 keys)
    expect(d.size).toBe(3);
    for (const k of ["k3", "k4", "k5"]) d.admit(k); // second generation full: the first is forgotten
    expect(d.admit("old")).toBe(false);
    expect(d.size).toBeLessThanOrEqual(6);
  });

  it("stays bounded under a crawl of distinct keys", () => {
    const d = new Doorkeeper(100);
    for (let i = 0; i < 10_000; i++) expect(d.admit(`p${i}`)).toBe(false);
    expect(d.size).toBeLessThan(200);
  });
});
