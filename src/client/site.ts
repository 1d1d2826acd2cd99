/**
 * Cached loaders for site-wide data (SPEC §3 local storage, §7):
 * - exchange rate: GET /cyExchange answers {code: 200, data: {rate}} (not the envelope);
 *   cached 15 days with its timestamp; default 21.99;
 * - pay switch: cached 5 hours.
 * Concurrent calls share one request.
 */
import type { PaySwitch, ServiceSwitch } from "../lib/api-types.ts";
import { DEFAULT_EXCHANGE_RATE, EXCHANGE_RATE_CACHE_MS, PAY_SWITCH_CACHE_MS } from "../lib/site-settings.ts";
import { positiveDecimalText } from "../lib/money-format.ts";
import { api as defaultApi, type ApiClient } from "./api.ts";
import { getCached, getCachedEntry, setCached, STORAGE_KEYS, type CacheEnv } from "./storage.ts";

export const SITE_PATHS = {
  exchangeRate: "/cyExchange",
  paySwitch: "/sys/config/info/getSysPaySwitch",
  serviceSwitch: "/sys/config/info/getSysServiceSwitch",
} as const;

export interface SiteDeps {
  api?: ApiClient;
  cache?: CacheEnv;
  /** Base of the exchange-rate host (SPEC: a separate host). Default: PUBLIC_EXCHANGE_API_BASE, else the API base. */
  exchangeBase?: string;
}

export interface ExchangeRate {
  /** Decimal string, e.g. "21.99". */
  rate: string;
  /** When the rate was fetched (ms since epoch); null for the built-in default. */
  fetchedAt: number | null;
}

/** PUBLIC_EXCHANGE_API_BASE, or null to use the API client's own base. */
function envExchangeBase(): string | null {
  const v: unknown = import.meta.env.PUBLIC_EXCHANGE_API_BASE;
  return typeof v === "string" && v ? v : null;
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}${path}`;
}

/** Creates loaders bound to an API client and storage (the module exports default ones). */
export function createSiteLoaders(deps: SiteDeps = {}) {
  const api = deps.api ?? defaultApi;
  const env = deps.cache ?? {};
  const inflight = new Map<string, Promise<unknown>>();

  function once<T>(key: string, load: () => Promise<T>): Promise<T> {
    const existing = inflight.get(key) as Promise<T> | undefined;
    if (existing) return existing;
    const p = load().finally(() => inflight.delete(key));
    inflight.set(key, p);
    return p;
  }

  /** Exchange rate (decimal string) with the time it was fetched; 21.99 when unavailable. */
  async function getExchangeRate(): Promise<ExchangeRate> {
    // Shown, never computed with in the browser: a positive decimal string check, no decimal.js.
    const entry = getCachedEntry<string>(STORAGE_KEYS.exchangeRate, env);
    if (entry && positiveDecimalText(entry.value)) return { rate: entry.value, fetchedAt: entry.savedAt };
    return once("exchangeRate", async () => {
      try {
        const base = deps.exchangeBase ?? envExchangeBase();
        const url = base ? joinUrl(base, SITE_PATHS.exchangeRate) : SITE_PATHS.exchangeRate;
        const answer = await api.raw<{ code?: unknown; data?: { rate?: unknown } | null }>("GET", url, {
          silent: true,
        });
        const codeOk = answer?.code === 200 || answer?.code === "200";
        const value = codeOk ? positiveDecimalText(answer.data?.rate) : null;
        if (value) {
          setCached(STORAGE_KEYS.exchangeRate, value, EXCHANGE_RATE_CACHE_MS, env);
          return {
            rate: value,
            fetchedAt: getCachedEntry<string>(STORAGE_KEYS.exchangeRate, env)?.savedAt ?? Date.now(),
          };
        }
      } catch {
        // fall through to the default
      }
      return { rate: DEFAULT_EXCHANGE_RATE, fetchedAt: null };
    });
  }

  /** Pay switch info, cached 5 hours; null when it cannot be loaded. */
  async function getPaySwitch(): Promise<PaySwitch | null> {
    const cached = getCached<PaySwitch>(STORAGE_KEYS.paySwitch, env);
    if (cached) return cached;
    return once("paySwitch", async () => {
      try {
        const data = await api.get<PaySwitch>(SITE_PATHS.paySwitch, undefined, { silent: true });
        if (data && typeof data === "object") setCached(STORAGE_KEYS.paySwitch, data, PAY_SWITCH_CACHE_MS, env);
        return data ?? null;
      } catch {
        return null;
      }
    });
  }

  /** Terms switches for the login popup (not cached). */
  function getServiceSwitch(): Promise<ServiceSwitch | null> {
    return once("serviceSwitch", () =>
      api.get<ServiceSwitch>(SITE_PATHS.serviceSwitch, undefined, { silent: true }).catch(() => null),
    );
  }

  return { getExchangeRate, getPaySwitch, getServiceSwitch };
}

const loaders = createSiteLoaders();
export const { getExchangeRate, getPaySwitch, getServiceSwitch } = loaders;
