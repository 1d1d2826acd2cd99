/**
 * Previews of unsaved decorations (docs/renovation.md "Preview before saving"): the editor sends a
 * draft's JSON, the API checks it like a save and keeps the checked blocks here — in this
 * process's memory, never in the database — under a random key for 10 minutes, and answers the
 * link `/select-decorate?sid=<shopId>&draft=<key>`. The key (128 random bits) is the capability:
 * it is only given to the shop that sent the content, and it expires. At most 200 previews are
 * kept (the oldest go first). The store sits on globalThis because the pages are a separate
 * bundle from the API (docs/architecture.md "The app context registry").
 */
import { randomBytes } from "node:crypto";
import type { RenovationBlock } from "../../db/schema/index.ts";

export const DRAFT_PREVIEW_TTL_MS = 10 * 60 * 1000;
const MAX_ENTRIES = 200;

interface Entry {
  shopId: number;
  name: string;
  blocks: RenovationBlock[];
  expiresAt: number;
}

const KEY = Symbol.for("mall.draftPreviews");
const store = ((globalThis as Record<symbol, unknown>)[KEY] ??= new Map<string, Entry>()) as Map<string, Entry>;

function sweep(now: number): void {
  for (const [k, e] of store) if (e.expiresAt <= now) store.delete(k);
  while (store.size >= MAX_ENTRIES) store.delete(store.keys().next().value!);
}

/** Keeps checked blocks for a preview; answers the key and when it expires. */
export function keepDraftPreview(
  shopId: number,
  name: string,
  blocks: RenovationBlock[],
  now: number = Date.now(),
): { key: string; expiresAt: number } {
  sweep(now);
  const key = randomBytes(16).toString("base64url");
  const expiresAt = now + DRAFT_PREVIEW_TTL_MS;
  store.set(key, { shopId, name, blocks, expiresAt });
  return { key, expiresAt };
}

/** The preview kept under `key` for shop `shopId`, or null (unknown, another shop's, expired). */
export function findDraftPreview(
  key: string | null | undefined,
  shopId: number,
  now: number = Date.now(),
): { name: string; blocks: RenovationBlock[] } | null {
  if (!key || !/^[A-Za-z0-9_-]{22}$/.test(key)) return null;
  const e = store.get(key);
  if (!e || e.shopId !== shopId || e.expiresAt <= now) return null;
  return { name: e.name, blocks: e.blocks };
}

/** The page path of a kept preview. */
export function draftPreviewPath(shopId: number, key: string): string {
  return `/select-decorate?sid=${shopId}&draft=${key}`;
}
