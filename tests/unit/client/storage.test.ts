import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getCached, getCachedEntry, removeCached, setCached, STORAGE_KEYS } from "../../../src/client/storage.ts";
import { FakeStorage, installFakeBrowser, type FakeBrowser } from "../helpers/fake-browser.ts";
import { EXCHANGE_RATE_CACHE_MS, PAY_SWITCH_CACHE_MS } from "../../../src/lib/site-settings.ts";

describe("cache with injected storage and clock", () => {
  let storage: FakeStorage;
  let now: number;
  const env = () => ({ storage, now: () => now });

  beforeEach(() => {
    storage = new FakeStorage();
    now = 1_700_000_000_000;
  });

  it("returns the value before expiry, with timestamps", () => {
    setCached(STORAGE_KEYS.exchangeRate, "22.10", EXCHANGE_RATE_CACHE_MS, env());
    now += EXCHANGE_RATE_CACHE_MS - 1;
    expect(getCached(STORAGE_KEYS.exchangeRate, env())).toBe("22.10");
    expect(getCachedEntry(STORAGE_KEYS.exchangeRate, env())).toEqual({
      value: "22.10",
      savedAt: 1_700_000_000_000,
      expiresAt: 1_700_000_000_000 + EXCHANGE_RATE_CACHE_MS,
    });
  });

  it("expires exactly at the TTL and removes the entry", () => {
    setCached(STORAGE_KEYS.paySwitch, { balancePaySwitch: true }, PAY_SWITCH_CACHE_MS, env());
    now += PAY_SWITCH_CACHE_MS;
    expect(getCached(STORAGE_KEYS.paySwitch, env())).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.paySwitch)).toBeNull();
  });

  it("stores objects, arrays, falsy values", () => {
    setCached("a", { x: [1, 2] }, 1000, env());
    setCached("b", 0, 1000, env());
    setCached("c", false, 1000, env());
    setCached("d", null, 1000, env());
    expect(getCached("a", env())).toEqual({ x: [1, 2] });
    expect(getCached("b", env())).toBe(0);
    expect(getCached("c", env())).toBe(false);
    expect(getCachedEntry("d", env())?.value).toBeNull();
  });

  it.each([["not json"], ['"plain string"'], ["{}"], ['{"v":1}'], ['{"v":1,"t":"x","e":5}'], ["null"], ["[1,2]"]])(
    "corrupt %s → null and removed",
    (raw) => {
      storage.setItem("k", raw);
      expect(getCached("k", env())).toBeNull();
      expect(storage.getItem("k")).toBeNull();
    },
  );

  it("treats an entry from the future as corrupt (clock moved back)", () => {
    setCached("k", 1, 1000, env());
    now -= 10 * 60_000;
    expect(getCached("k", env())).toBeNull();
  });

  it("missing key → null", () => {
    expect(getCached("nope", env())).toBeNull();
  });

  it("removeCached removes", () => {
    setCached("k", 1, 1000, env());
    removeCached("k", env());
    expect(getCached("k", env())).toBeNull();
  });

  it("survives a storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(setCached("k", 1, 1000, { storage: broken })).toBe(false);
    expect(getCached("k", { storage: broken })).toBeNull();
    expect(() => removeCached("k", { storage: broken })).not.toThrow();
  });

  it("no storage at all", () => {
    expect(setCached("k", 1, 1000, { storage: null })).toBe(false);
    expect(getCached("k", { storage: null })).toBeNull();
  });
});

describe("defaults: globalThis.localStorage and Date.now (fake timers)", () => {
  let browser: FakeBrowser;
  beforeEach(() => {
    browser = installFakeBrowser();
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
    browser.restore();
  });

  it("expires with the system clock", () => {
    setCached(STORAGE_KEYS.paySwitch, { balancePaySwitch: true }, 5000);
    expect(browser.localStorage.getItem(STORAGE_KEYS.paySwitch)).not.toBeNull();
    vi.advanceTimersByTime(4999);
    expect(getCached(STORAGE_KEYS.paySwitch)).toEqual({ balancePaySwitch: true });
    vi.advanceTimersByTime(1);
    expect(getCached(STORAGE_KEYS.paySwitch)).toBeNull();
  });
});
