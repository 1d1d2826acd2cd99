/**
 * Localized seed texts: zh and en are written by hand; zh-tw is derived from zh with OpenCC
 * (simplified → Taiwan traditional with Taiwan phrases, e.g. 软件 → 軟體, 鼠标 → 滑鼠).
 */
import * as OpenCC from "opencc-js";
import type { LocalizedText } from "../../lib/locale.ts";

/** A hand-written [zh, en] pair. */
export type Pair = readonly [zh: string, en: string];

let converter: ((s: string) => string) | undefined;
const cache = new Map<string, string>();
/** Phrase choices of OpenCC's Taiwan table that read wrong in a shop (参数 → 引數 is the programming term, etc.). */
const TW_FIXES: [RegExp, string][] = [
  [/引數/g, "參數"],
  [/型別/g, "類型"],
  [/擴充套件/g, "擴充"],
  [/可視視窗/g, "可視窗口"],
  [/迴圈/g, "循環"],
  [/分割槽/g, "分區"],
  [/重新整理率/g, "更新率"],
  [/稽核/g, "審核"],
  [/釋出/g, "發布"],
  [/申請登出/g, "申請註銷"],
  [/登出後/g, "註銷後"],
];

/** Simplified Chinese → Taiwan traditional Chinese. */
export function toTw(zh: string): string {
  if (!zh) return zh;
  const hit = cache.get(zh);
  if (hit !== undefined) return hit;
  converter ??= OpenCC.Converter({ from: "cn", to: "twp" });
  const out = TW_FIXES.reduce((acc, [re, to]) => acc.replace(re, to), converter(zh));
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
