import { describe, expect, it } from "vitest";
import { lsnGate, lsnReached, parseLsn, type LsnSource } from "./read-replica.ts";

describe("parseLsn / lsnReached", () => {
  it("reads PostgreSQL's hi/lo hex positions and compares them as numbers", () => {
    expect(parseLsn("0/0")).toBe(0n);
    expect(parseLsn("16/B374D848")).toBe((0x16n << 32n) | 0xb374d848n);
    expect(lsnReached("0/3000060", "0/3000060")).toBe(true);
    expect(lsnReached("0/3000061", "0/3000060")).toBe(true);
    // Not a string comparison: 0/A0 is past 0/9F, 1/0 past 0/FFFFFFFF.
    expect(lsnReached("0/A0", "0/9F")).toBe(true);
    expect(lsnReached("1/0", "0/FFFFFFFF")).toBe(true);
    expect(lsnReached("0/FFFFFFFF", "1/0")).toBe(false);
  });

  it("refuses what is not a position", () => {
    for (const bad of ["", "0", "x/1", "1/2/3", "123456789/0", " / "]) expect(parseLsn(bad)).toBeNull();
    expect(lsnReached("junk", "0/1")).toBe(false);
    expect(lsnReached("0/1", "junk")).toBe(false);
  });
});

/** A primary and a replica whose positions the test moves, and a clock that sleeping advances. */
function fakes(opts: { primary?: string; replayed?: string | null } = {}) {
  const state = {
    primary: opts.primary ?? "0/100",
    replayed: opts.replayed === undefined ? "0/100" : opts.replayed,
    replicaDown: false,
    primaryAsked: 0,
    replicaAsked: 0,
    t: 0,
    onSleep: () => {},
  };
  const src: LsnSource = {
    async primaryLsn() {
      state.primaryAsked++;
      return state.primary;
    },
    async replayedLsn() {
      state.replicaAsked++;
      if (state.replicaDown) throw new Error("connection refused");
      return state.replayed;
    },
  };
  const gate = lsnGate(src, {
    waitMs: 200,
    pollMs: 10,
    checkEveryMs: 1_000,
    downMs: 5_000,
    now: () => state.t,
    sleep: async (ms) => {
      state.t += ms;
      state.onSleep();
    },
  });
  return { state, gate };
}

describe("lsnGate", () => {
  it("reads the replica once it has replayed the primary's position of the last change", async () => {
    const { state, gate } = fakes();
    expect(await gate.ready()).toBe(true);
    // A write: the primary moves on, the replica has not replayed it yet, then does after 30 ms.
    state.primary = "0/200";
    gate.changed();
    state.replayed = "0/1F0";
    const start = state.t;
    state.onSleep = () => {
      if (state.t - start >= 30) state.replayed = "0/200";
    };
    expect(await gate.ready()).toBe(true);
    expect(state.t - start).toBe(30);
  });

  it("does not ask again while nothing changed (within checkEveryMs)", async () => {
    const { state, gate } = fakes();
    await gate.ready();
    const asked = state.replicaAsked;
    for (let i = 0; i < 5; i++) expect(await gate.ready()).toBe(true);
    expect(state.replicaAsked).toBe(asked);
    state.t += 1_000;
    expect(await gate.ready()).toBe(true);
    expect(state.replicaAsked).toBe(asked + 1);
  });

  it("reads the primary when the replica stays behind longer than waitMs, then goes straight there for waitMs", async () => {
    const { state, gate } = fakes({ replayed: "0/100" });
    state.primary = "0/900";
    gate.changed();
    expect(await gate.ready()).toBe(false);
    expect(state.t).toBeGreaterThanOrEqual(200);
    const asked = state.replicaAsked;
    expect(await gate.ready()).toBe(false);
    expect(state.replicaAsked).toBe(asked);
    // Caught up: the next read after the pause uses the replica again.
    state.replayed = "0/900";
    state.t += 200;
    expect(await gate.ready()).toBe(true);
  });

  it("concurrent reads share one wait", async () => {
    const { state, gate } = fakes({ replayed: "0/100" });
    state.primary = "0/180";
    gate.changed();
    const reads = [gate.ready(), gate.ready(), gate.ready()];
    state.replayed = "0/180";
    expect(await Promise.all(reads)).toEqual([true, true, true]);
    expect(state.replicaAsked).toBe(1);
  });

  it("leaves a replica that does not answer alone for downMs", async () => {
    const { state, gate } = fakes();
    state.replicaDown = true;
    expect(await gate.ready()).toBe(false);
    const asked = state.replicaAsked;
    state.replicaDown = false;
    state.t += 4_000;
    expect(await gate.ready()).toBe(false);
    expect(state.replicaAsked).toBe(asked);
    state.t += 1_001;
    expect(await gate.ready()).toBe(true);
  });

  it("a server not in recovery is read as it is; a primary that cannot say sends reads to the primary", async () => {
    const notStandby = fakes({ replayed: null });
    expect(await notStandby.gate.ready()).toBe(true);
    const { state, gate } = fakes();
    state.primary = "not a position";
    gate.changed();
    expect(await gate.ready()).toBe(false);
  });
});
