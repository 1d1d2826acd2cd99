import { describe, expect, it } from "vitest";
import { approxBytes, changeFeed, isAffected, TaggedMemo, type Changed, type RawChange } from "./content-changes.ts";

/** A change log in memory; `commit` adds rows (ids may arrive out of order, like late commits). */
function fakeLog() {
  const rows: RawChange[] = [];
  let reads = 0;
  return {
    rows,
    get reads() {
      return reads;
    },
    commit: (...r: RawChange[]) => rows.push(...r),
    read: async (after: number | null, position: number) => {
      reads++;
      if (after === null) return { maxId: rows.reduce((m, r) => Math.max(m, r.id), 0), rows: [] };
      const out = rows.filter((r) => r.id > after || r.id > position).sort((x, y) => x.id - y.id);
      return { maxId: out.at(-1)?.id ?? after, rows: out };
    },
  };
}

describe("isAffected", () => {
  it("drops entries with a changed tag, untagged entries, and everything on * or all", () => {
    const changed = new Set(["product:1"]);
    expect(isAffected(new Set(["product:1", "site"]), changed)).toBe(true);
    expect(isAffected(new Set(["product:2", "site"]), changed)).toBe(false);
    expect(isAffected(new Set(), changed)).toBe(true);
    expect(isAffected(new Set(["product:2"]), new Set(["*"]))).toBe(true);
    expect(isAffected(new Set(["product:2"]), "all")).toBe(true);
  });
});

describe("changeFeed", () => {
  it("starts at the newest change, then reports new tags once; reads at most once per interval unless expired", async () => {
    const log = fakeLog();
    log.commit({ id: 1, tag: "site" });
    let t = 0;
    const feed = changeFeed(log.read, { intervalMs: 1000, now: () => t });
    const seen: Changed[] = [];
    feed.subscribe((c) => seen.push(c));
    expect(await feed.sync()).toBe("1");
    expect(seen).toEqual(["all"]);
    log.commit({ id: 2, tag: "product:7" }, { id: 3, tag: "products" });
    expect(feed.fresh()).toBe(true);
    expect(await feed.sync()).toBe("1"); // within the interval: no read
    feed.expire();
    expect(feed.fresh()).toBe(false);
    expect(await feed.sync()).toBe("3");
    expect(seen[1]).toEqual(new Set(["product:7", "products"]));
    t += 1000;
    await feed.sync();
    expect(seen).toHaveLength(2); // nothing new: no report
  });

  it("current(): hits may use a read up to one interval late (refreshing in the background), never one older than expire()", async () => {
    const log = fakeLog();
    let t = 0;
    const feed = changeFeed(log.read, { intervalMs: 1000, now: () => t });
    expect(feed.current()).toBe(false); // nothing read yet
    await feed.sync();
    expect(feed.current()).toBe(true);
    t += 1500;
    const reads = log.reads;
    expect(feed.current()).toBe(true); // one interval late: still usable, a read is started
    await Promise.resolve();
    expect(log.reads).toBe(reads + 1);
    feed.expire();
    expect(feed.current()).toBe(false); // this process wrote: wait for a read
    await feed.sync();
    expect(feed.current()).toBe(true);
    t += 2000;
    expect(feed.current()).toBe(false); // too old
  });

  it("picks up a change committed late with a lower id, once", async () => {
    const log = fakeLog();
    const feed = changeFeed(log.read, { intervalMs: 0 });
    const seen: Changed[] = [];
    feed.subscribe((c) => seen.push(c));
    await feed.sync();
    log.commit({ id: 5, tag: "product:5" });
    await feed.sync();
    log.commit({ id: 4, tag: "product:4" }); // its transaction started first, committed later
    await feed.sync();
    await feed.sync();
    expect(seen.slice(1)).toEqual([new Set(["product:5"]), new Set(["product:4"])]);
  });

  it("a failed read answers null and drops everything", async () => {
    let fail = false;
    const feed = changeFeed(
      async () => {
        if (fail) throw new Error("down");
        return { maxId: 0, rows: [] };
      },
      { intervalMs: 0 },
    );
    const seen: Changed[] = [];
    feed.subscribe((c) => seen.push(c));
    await feed.sync();
    fail = true;
    expect(await feed.sync()).toBeNull();
    expect(seen).toEqual(["all", "all"]);
  });
});

describe("approxBytes", () => {
  it("grows with the strings and fields a value holds", () => {
    const small = approxBytes({ name: "a", price: 1 });
    const big = approxBytes({ name: "a".repeat(10_000), price: 1 });
    expect(big - small).toBeGreaterThanOrEqual(2 * 9_999);
    expect(approxBytes([1, 2, 3])).toBeGreaterThan(approxBytes([]));
    expect(approxBytes({ when: new Date(), list: [{ a: null }] })).toBeGreaterThan(0);
  });
});

describe("TaggedMemo", () => {
  it("is bounded by the estimated bytes of its values, least recently used out first", async () => {
    const log = fakeLog();
    let t = 0;
    const page = "x".repeat(5_000); // ~10 KB each
    const memo = new TaggedMemo(changeFeed(log.read, { intervalMs: 0, now: () => t }), {
      maxBytes: 50_000,
      maxAgeMs: 0,
      now: () => t,
    });
    for (const k of ["a", "b", "c", "d"]) await memo.get(k, ["site"], async () => page);
    // "a" is used again (a use is noted at most once a second), so "b" is the least recently
    // used one when "e" and "f" come.
    t += 1000;
    await memo.get("a", ["site"], async () => "reloaded");
    for (const k of ["e", "f"]) await memo.get(k, ["site"], async () => page);
    expect(memo.bytes).toBeLessThanOrEqual(50_000);
    expect(memo.size).toBe(4);
    expect(await memo.get("a", ["site"], async () => "reloaded")).toBe(page);
    expect(await memo.get("b", ["site"], async () => "reloaded")).toBe("reloaded");
    // A value larger than a quarter of the bound is answered but not kept.
    const huge = "y".repeat(20_000);
    expect(await memo.get("h", ["site"], async () => huge)).toBe(huge);
    expect(await memo.get("h", ["site"], async () => "again")).toBe("again");
  });

  it("keeps values until one of their tags changes; shares concurrent loads", async () => {
    const log = fakeLog();
    const memo = new TaggedMemo(changeFeed(log.read, { intervalMs: 0 }));
    let loads = 0;
    const load = (v: string) => async () => {
      loads++;
      return v;
    };
    const [x, y] = await Promise.all([
      memo.get("a", ["product:1"], load("a1")),
      memo.get("a", ["product:1"], load("a1")),
    ]);
    expect([x, y, loads]).toEqual(["a1", "a1", 1]);
    await memo.get("b", (v: string) => [`product:${v.length}`], load("bb"));
    log.commit({ id: 1, tag: "product:1" });
    expect(await memo.get("a", ["product:1"], load("a2"))).toBe("a2");
    expect(await memo.get("b", [], load("never"))).toBe("bb");
    expect(loads).toBe(3);
  });

  it("prime keeps a value another load read, as get would, unless the feed moved or the key is kept or loading", async () => {
    const log = fakeLog();
    const memo = new TaggedMemo(changeFeed(log.read, { intervalMs: 0 }));
    await memo.get("warm", [], async () => 0);
    let loads = 0;
    const load = async () => `loaded ${++loads}`;
    // Read at the current position: kept with its tags, so get answers it without loading.
    memo.prime("reviews 1", ["product:1"], "primed", memo.feed.position);
    expect(await memo.get("reviews 1", ["product:1"], load)).toBe("primed");
    // A kept value is not replaced.
    memo.prime("reviews 1", ["product:1"], "other", memo.feed.position);
    expect(await memo.get("reviews 1", ["product:1"], load)).toBe("primed");
    // Its tags drop it like any kept value.
    log.commit({ id: 1, tag: "product:1" });
    expect(await memo.get("reviews 1", ["product:1"], load)).toBe("loaded 1");
    // Read before the feed moved: not kept.
    const before = memo.feed.position;
    log.commit({ id: 2, tag: "other" });
    await memo.feed.sync();
    memo.prime("reviews 2", ["product:2"], "stale", before);
    expect(await memo.get("reviews 2", ["product:2"], load)).toBe("loaded 2");
    // A load under way wins; null (no position) keeps nothing.
    let release: ((v: string) => void) | undefined;
    const running = memo.get("reviews 3", ["product:3"], () => new Promise<string>((r) => (release = r)));
    while (!release) await new Promise((r) => setTimeout(r, 1));
    memo.prime("reviews 3", ["product:3"], "primed", memo.feed.position);
    release("loading");
    expect(await running).toBe("loading");
    expect(await memo.get("reviews 3", ["product:3"], load)).toBe("loading");
    memo.prime("reviews 4", [], "primed", null);
    expect(await memo.get("reviews 4", [], load)).toBe("loaded 3");
  });

  it("a value with its own longer age limit outlives the store's, and goes within its own (less up to a quarter)", async () => {
    const log = fakeLog();
    let t = 0;
    const memo = new TaggedMemo(changeFeed(log.read, { intervalMs: 0, now: () => t }), {
      maxAgeMs: 60_000,
      now: () => t,
    });
    let loads = 0;
    const load = async () => ++loads;
    const opts = { maxAgeMs: 600_000 };
    await memo.get("stable", ["product:1"], load, opts);
    await memo.get("plain", ["product:1"], load);
    t += 61_000;
    expect(await memo.get("stable", ["product:1"], load, opts)).toBe(1);
    expect(await memo.get("plain", ["product:1"], load)).toBe(3);
    t = 449_000;
    expect(await memo.get("stable", ["product:1"], load, opts)).toBe(1);
    t = 600_000;
    expect(await memo.get("stable", ["product:1"], load, opts)).toBe(4);
    // Its tags still drop it at once.
    log.commit({ id: 1, tag: "product:1" });
    expect(await memo.get("stable", ["product:1"], load, opts)).toBe(5);
  });

  it("does not keep a value read while the feed moved, and expires by age", async () => {
    const log = fakeLog();
    let t = 0;
    const memo = new TaggedMemo(changeFeed(log.read, { intervalMs: 0, now: () => t }), {
      maxAgeMs: 60_000,
      now: () => t,
    });
    await memo.get("warm", [], async () => 0);
    let loads = 0;
    await memo.get("k", ["site"], async () => {
      loads++;
      log.commit({ id: 9, tag: "other" });
      await memo.feed.sync();
      return loads;
    });
    expect(await memo.get("k", ["site"], async () => ++loads)).toBe(2);
    expect(await memo.get("k", ["site"], async () => ++loads)).toBe(2);
    t += 60_000;
    expect(await memo.get("k", ["site"], async () => ++loads)).toBe(3);
  });

  it("keep: false answers without keeping; until: a value stops at its own time, before the age limit", async () => {
    const log = fakeLog();
    let t = 1_000;
    const memo = new TaggedMemo(changeFeed(log.read, { intervalMs: 10_000, now: () => t }), {
      maxAgeMs: 60_000,
      now: () => t,
    });
    let loads = 0;
    const none = () =>
      memo.get<string | null>("session x", [], async () => (loads++, null), { keep: (v) => v !== null });
    expect([await none(), await none(), loads, memo.size]).toEqual([null, null, 2, 0]);
    const promo = () =>
      memo.get("promo", ["product:1"], async () => ({ n: ++loads, endsAt: 5_000 }), { until: (v) => v.endsAt });
    expect((await promo()).n).toBe(3);
    t = 4_999;
    expect((await promo()).n).toBe(3);
    expect(memo.peek<{ n: number }>("promo")?.n).toBe(3);
    const recent = () =>
      memo.getRecent("promo", ["product:1"], async () => ({ n: ++loads, endsAt: 5_000 }), { until: (v) => v.endsAt });
    expect((await recent()).n).toBe(3);
    t = 5_000;
    expect(memo.peek("promo")).toBeUndefined();
    expect((await recent()).n).toBe(4);
  });
});
