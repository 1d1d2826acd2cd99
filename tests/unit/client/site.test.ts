import { describe, expect, it, vi } from "vitest";
import { createApiClient } from "../../../src/client/api.ts";
import { createSiteLoaders } from "../../../src/client/site.ts";
import { STORAGE_KEYS } from "../../../src/client/storage.ts";
import { EXCHANGE_RATE_CACHE_MS, PAY_SWITCH_CACHE_MS } from "../../../src/lib/site-settings.ts";
import { FakeStorage } from "../helpers/fake-browser.ts";

type Answer = { status?: number; body: unknown } | Error;

function setup(answers: Record<string, () => Answer>) {
  const storage = new FakeStorage();
  const clock = { now: 1_000_000 };
  const urls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    urls.push(url);
    const key = Object.keys(answers).find((k) => url.includes(k));
    const a = key ? answers[key]!() : new Error("unexpected " + url);
    if (a instanceof Error) throw a;
    return new Response(JSON.stringify(a.body), {
      status: a.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  }) as unknown as typeof globalThis.fetch;
  const api = createApiClient({
    fetch,
    baseURL: "/api",
    toast: () => {},
    translate: (k) => k,
    token: () => null,
    locale: () => "zh",
  });
  const loaders = createSiteLoaders({ api, cache: { storage, now: () => clock.now } });
  return { ...loaders, storage, clock, urls };
}

const env = (data: unknown) => ({ body: { code: "00000", msg: null, data, success: true } });

describe("exchange rate", () => {
  it("reads {code: 200, data: {rate}} and caches it 15 days with a timestamp", async () => {
    const s = setup({
      "/cyExchange": () => ({ body: { code: 200, msg: null, data: { rate: 22.35 }, success: true } }),
    });
    await expect(s.getExchangeRate()).resolves.toEqual({ rate: "22.35", fetchedAt: 1_000_000 });
    expect(s.urls).toEqual(["/api/cyExchange"]);
    s.clock.now += EXCHANGE_RATE_CACHE_MS - 1;
    await expect(s.getExchangeRate()).resolves.toEqual({ rate: "22.35", fetchedAt: 1_000_000 });
    expect(s.urls).toHaveLength(1);
    s.clock.now += 1;
    await s.getExchangeRate();
    expect(s.urls).toHaveLength(2);
  });

  it.each<[string, () => Answer]>([
    ["network failure", () => new TypeError("down")],
    ["wrong code", () => ({ body: { code: 500, data: { rate: 30 } } })],
    ["missing rate", () => ({ body: { code: 200, data: {} } })],
    ["zero rate", () => ({ body: { code: 200, data: { rate: 0 } } })],
    ["bad rate", () => ({ body: { code: 200, data: { rate: "abc" } } })],
  ])("defaults to 21.99 on %s without caching", async (_name, answer) => {
    const s = setup({ "/cyExchange": answer });
    await expect(s.getExchangeRate()).resolves.toEqual({ rate: "21.99", fetchedAt: null });
    expect(s.storage.getItem(STORAGE_KEYS.exchangeRate)).toBeNull();
  });

  it("uses a separate host when given", async () => {
    const s = setup({ "cy.example.com": () => ({ body: { code: 200, data: { rate: "21.5" } } }) });
    const loaders = createSiteLoaders({
      api: createApiClient({
        fetch: ((u: RequestInfo | URL) => {
          s.urls.push(String(u));
          return Promise.resolve(
            new Response(JSON.stringify({ code: 200, data: { rate: "21.5" } }), {
              headers: { "content-type": "application/json" },
            }),
          );
        }) as typeof globalThis.fetch,
        baseURL: "/api",
        toast: () => {},
        translate: (k) => k,
      }),
      cache: { storage: new FakeStorage() },
      exchangeBase: "https://cy.example.com/",
    });
    await expect(loaders.getExchangeRate()).resolves.toMatchObject({ rate: "21.5" });
    expect(s.urls).toEqual(["https://cy.example.com/cyExchange"]);
  });
});

describe("pay switch", () => {
  it("caches 5 hours", async () => {
    const s = setup({ getSysPaySwitch: () => env({ balancePaySwitch: true }) });
    await expect(s.getPaySwitch()).resolves.toEqual({ balancePaySwitch: true });
    s.clock.now += PAY_SWITCH_CACHE_MS - 1;
    await s.getPaySwitch();
    expect(s.urls).toHaveLength(1);
    s.clock.now += 1;
    await s.getPaySwitch();
    expect(s.urls).toHaveLength(2);
  });
  it("answers null on failure", async () => {
    const s = setup({ getSysPaySwitch: () => ({ body: { code: "A00005", msg: null, data: null, success: false } }) });
    await expect(s.getPaySwitch()).resolves.toBeNull();
  });
});
