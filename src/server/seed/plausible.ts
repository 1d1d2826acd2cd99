/**
 * What keeps generated products believable (docs/demo-data.md "Names and sales"), shared by the
 * demo seed (products.ts) and the large catalogue (scale.ts):
 * - sales grow with the listing age: at most MAX_DAILY_SALES a day since listing, so a product
 *   listed last week never shows tens of thousands sold;
 * - a name carries one variant ("经典款", "2026新款", "礼盒装"): a generated name built on another
 *   takes that one's variant off before adding its own.
 */
import { DEFAULT_VARIANTS, PROFILES } from "./fixtures/profiles.ts";
import { toTw, type Pair } from "./names.ts";

/** Units a product sells a day since listing, at most (a best seller of the demo: 18,000 in 90 days). */
export const MAX_DAILY_SALES = 200;

const DAY_MS = 86_400_000;

/** Sales bounded by the listing age: `sold` when plausible, else what MAX_DAILY_SALES allows (at least a few). */
export function plausibleSales(sold: number, listedAt: Date, now: Date): number {
  const days = Math.max(0, (now.getTime() - listedAt.getTime()) / DAY_MS);
  return Math.min(sold, Math.max(3, Math.floor(MAX_DAILY_SALES * days)));
}

/** Editions of a book (appended to its title, no space: "《三体》典藏版"). */
export const BOOK_VARIANTS: readonly Pair[] = [
  ["典藏版", "Collector's Edition"],
  ["新版", "New Edition"],
  ["插图版", "Illustrated Edition"],
  ["全2册", "2-Volume Set"],
  ["精装版", "Hardcover"],
  ["平装版", "Paperback"],
  ["纪念版", "Anniversary Edition"],
  ["修订版", "Revised Edition"],
];

/** The variants the large catalogue gives its goods (after the model's own is taken off). */
export const SCALE_VARIANTS: readonly Pair[] = [
  ["经典款", "Classic"],
  ["2026款", "2026 Edition"],
  ["升级版", "Upgraded"],
  ["礼盒装", "Gift Box"],
  ["便携款", "Portable"],
  ["加大号", "Large"],
  ["轻薄款", "Slim"],
  ["家庭装", "Family Pack"],
  ["限定版", "Limited Edition"],
  ["套装", "Set"],
  ["基础款", "Basic"],
  ["旗舰款", "Flagship"],
];

const GOODS_VARIANTS: readonly Pair[] = [
  ...DEFAULT_VARIANTS,
  ...Object.values(PROFILES).flatMap((p) => ("variants" in p && p.variants ? p.variants : [])),
  ...SCALE_VARIANTS,
];

/** Every variant word of goods names, zh and zh-tw (the words a name may carry one of). */
export const VARIANT_WORDS: ReadonlySet<string> = new Set(GOODS_VARIANTS.flatMap(([zh]) => [zh, toTw(zh)]));

/** The English words of each zh variant word (one zh word may read two ways: 礼盒装 "Gift Box", "Gift Set"). */
const EN_BY_ZH = new Map<string, string[]>();
for (const [zh, en] of GOODS_VARIANTS) EN_BY_ZH.set(zh, [...(EN_BY_ZH.get(zh) ?? []), en]);

/**
 * A goods name without its trailing variant, in the three languages ({zh, zh-tw, en} of the same
 * product); the names as they are when the zh name does not end with a known variant.
 */
export function withoutVariant(names: { zh: string; "zh-tw": string; en: string }): {
  zh: string;
  "zh-tw": string;
  en: string;
} {
  const last = names.zh.split(" ").at(-1) ?? "";
  const en = EN_BY_ZH.get(last);
  if (!en || !names.zh.includes(" ")) return names;
  const cut = (name: string, suffix: string) =>
    name.endsWith(` ${suffix}`) ? name.slice(0, name.length - suffix.length - 1) : name;
  const enSuffix = en.find((e) => names.en.endsWith(` ${e}`));
  return {
    zh: cut(names.zh, last),
    "zh-tw": cut(names["zh-tw"], toTw(last)),
    en: enSuffix ? cut(names.en, enSuffix) : names.en,
  };
}
