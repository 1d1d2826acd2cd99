/**
 * Localized seed texts: zh and en are written by hand; zh-tw is derived from zh with OpenCC's
 * phrase dictionaries and the shop phrases (simplified → Taiwan traditional with Taiwan phrases,
 * e.g. 软件 → 軟體, 鼠标 → 滑鼠, 产地直发 → 產地直發).
 */
import { taiwanText } from "../domain/kernel/taiwan-text.ts";
import type { LocalizedText } from "../../lib/locale.ts";

/** A hand-written [zh, en] pair. */
export type Pair = readonly [zh: string, en: string];

const cache = new Map<string, string>();

/** Simplified Chinese → Taiwan traditional Chinese (OpenCC phrases + the shop phrases: src/server/domain/kernel/taiwan-text.ts). */
export function toTw(zh: string): string {
  if (!zh) return zh;
  const hit = cache.get(zh);
  if (hit !== undefined) return hit;
  const out = taiwanText(zh);
  cache.set(zh, out);
  return out;
}

export function lt(zh: string, en: string): LocalizedText {
  return { zh, "zh-tw": toTw(zh), en };
}

export function ltp(pair: Pair): LocalizedText {
  return lt(pair[0], pair[1]);
}

/** The same text in every language (brand names such as "Apple", model numbers). */
export function same(text: string): LocalizedText {
  return { zh: text, "zh-tw": text, en: text };
}

/** Money from integer cents: 129900 → "1299.00". */
export function cents(n: number): string {
  const sign = n < 0 ? "-" : "";
  const a = Math.abs(Math.round(n));
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, "0")}`;
}

/** A shop-like price in cents from a yuan amount: ≥ 100 → ends in 9 (1299.00), else one decimal 9 (39.90). */
export function nicePrice(yuan: number): number {
  if (yuan >= 100) return (Math.floor(yuan / 10) * 10 + 9) * 100;
  if (yuan >= 10) return Math.floor(yuan) * 100 + 90;
  return Math.max(1, Math.round(yuan * 10)) * 10;
}
