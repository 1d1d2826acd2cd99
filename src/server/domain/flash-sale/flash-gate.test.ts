import { describe, expect, it } from "vitest";
import { FlashGate } from "./flash-gate.ts";

const opts = { maxActive: 2, maxWaiting: 2, maxWaitMs: 50, refreshMs: 1000 };

describe("flash gate", () => {
  it("lets through at most the units it counts; the rest are sold out without waiting", async () => {
    let loads = 0;
    const gate = new FlashGate({ ...opts, maxActive: 100, maxWaiting: 0 }, async () => {
      loads++;
      return 3;
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => gate.enter(1, 1)));
    expect(answers.filter((a) => a.ok)).toHaveLength(3);
    expect(answers.filter((a) => !a.ok && a.reason === "soldOut")).toHaveLength(7);
    expect(loads).toBe(1);
  });
  it("gives pieces back when a transaction fails, drops to 0 when the database had none", async () => {
    const gate = new FlashGate({ ...opts, maxActive: 10 }, async () => 2);
    const a = await gate.enter(1, 1);
    if (!a.ok) throw new Error("expected ok");
    a.release("failed");
    expect(gate.left(1)).toBe(2);
    const b = await gate.enter(1, 1);
    if (!b.ok) throw new Error("expected ok");
    b.release("soldOut");
    expect(gate.left(1)).toBe(0);
    expect(await gate.enter(1, 1)).toEqual({ ok: false, reason: "soldOut" });
  });
  it("tells the units left without taking any, loading the counter once", async () => {
    let loads = 0;
    const gate = new FlashGate({ ...opts, maxActive: 10 }, async () => {
      loads++;
      return 2;
    });
    expect(await gate.available(1)).toBe(2);
    const a = await gate.enter(1, 2);
    expect(a.ok).toBe(true);
    expect(await gate.available(1)).toBe(0);
    expect(loads).toBe(1);
  });
  it("re-reads a counter at 0 after refreshMs (units came back)", async () => {
    let t = 0;
    let stock = 1;
    const gate = new FlashGate({ ...opts, maxActive: 10, now: () => t }, async () => stock);
    const a = await gate.enter(1, 1);
    if (a.ok) a.release("ok");
    stock = 1;
    expect((await gate.enter(1, 1)).ok).toBe(false);
    t = 1000;
    expect((await gate.enter(1, 1)).ok).toBe(true);
  });
  it("queues up to maxWaiting for a slot, then answers too busy", async () => {
    const gate = new FlashGate(opts, async () => 100);
    const first = await Promise.all([gate.enter(1, 1), gate.enter(1, 1)]);
    expect(first.every((a) => a.ok)).toBe(true);
    const queued = [gate.enter(1, 1), gate.enter(1, 1)];
    const busy = await gate.enter(1, 1);
    expect(busy).toEqual({ ok: false, reason: "busy" });
    const a0 = first[0]!;
    if (a0.ok) a0.release("ok");
    expect((await queued[0]!).ok).toBe(true);
    // The second waiter times out after maxWaitMs and gives its piece back.
    expect(await queued[1]!).toEqual({ ok: false, reason: "busy" });
    expect(gate.left(1)).toBe(97);
  });
});
