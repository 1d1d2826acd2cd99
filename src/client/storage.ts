/**
 * localStorage cache with expiry (SPEC §3 local storage): exchange rate (with its timestamp),
 * pay switch info, flow log. Entries are stored as {v: value, t: savedAt, e: expiresAt}.
 * Reads of expired or corrupt entries answer null and remove them. Storage and clock can be
 * injected (tests); the defaults are globalThis.localStorage and Date.now.
 */

/** localStorage keys used by the client. */
export const STORAGE_KEYS = {
  exchangeRate: "mall:exchangeRate",
  paySwitch: "mall:paySwitch",
  flowLog: "mall:flowAnalysisLog",
} as const;

export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface CacheEnv {
  storage?: StorageLike | null;
  now?: () => number;
}

export interface CachedEntry<T> {
  value: T;
  /** When the value was stored (ms since epoch). */
  savedAt: number;
  /** When it stops being valid (ms since epoch). */
  expiresAt: number;
}

function defaultStorage(): StorageLike | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function resolve(env: CacheEnv): { storage: StorageLike | null; now: number } {
  return { storage: env.storage === undefined ? defaultStorage() : env.storage, now: (env.now ?? Date.now)() };
}

function isEntryShape(x: unknown): x is { v: unknown; t: number; e: number } {
  if (typeof x !== "object" || x === null) return false;
  const o = x as Record<string, unknown>;
  return "v" in o && typeof o.t === "number" && Number.isFinite(o.t) && typeof o.e === "number" && !Number.isNaN(o.e);
}

/** Stores `value` (JSON-serialisable) for ttlMs milliseconds. Answers false when storage is unavailable or full. */
export function setCached<T>(key: string, value: T, ttlMs: number, env: CacheEnv = {}): boolean {
  const { storage, now } = resolve(env);
  if (!storage) return false;
  try {
    storage.setItem(key, JSON.stringify({ v: value, t: now, e: now + Math.max(0, ttlMs) }));
    return true;
  } catch {
    return false;
  }
}

/** The stored entry with its timestamps, or null when missing, expired or corrupt (those are removed). */
export function getCachedEntry<T>(key: string, env: CacheEnv = {}): CachedEntry<T> | null {
  const { storage, now } = resolve(env);
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (!isEntryShape(parsed) || now >= parsed.e || parsed.t > now + 60_000) {
    removeCached(key, env);
    return null;
  }
  return { value: parsed.v as T, savedAt: parsed.t, expiresAt: parsed.e };
}

/** The stored value, or null when missing, expired or corrupt. */
export function getCached<T>(key: string, env: CacheEnv = {}): T | null {
  const entry = getCachedEntry<T>(key, env);
  return entry ? entry.value : null;
}

export function removeCached(key: string, env: CacheEnv = {}): void {
  const { storage } = resolve(env);
  try {
    storage?.removeItem(key);
  } catch {
    // ignore
  }
}
