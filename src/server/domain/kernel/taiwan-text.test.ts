/**
 * zh-tw texts of the demo: OpenCC's phrases plus the shop phrases (taiwan-text.ts). Known phrases
 * convert to the shop's sense, and every zh text of the seed's fixtures — with every product name
 * the seed can compose (adjective + noun run together) — converts without a known wrong sense.
 */
import { describe, expect, it } from "vitest";
import { SHOP_PHRASES, taiwanText } from "./taiwan-text.ts";
import { BRANDS } from "../../seed/fixtures/brands.ts";
import { BOOK_TITLES, CATEGORY_TREE, VOUCHER_CATEGORY } from "../../seed/fixtures/categories.ts";
import { DEFAULT_ADJECTIVES, DEFAULT_VARIANTS, PROFILES, type Profile } from "../../seed/fixtures/profiles.ts";
import { SEARCH_SYNONYMS } from "../../seed/fixtures/search-synonyms.ts";
import { SHOPS } from "../../seed/fixtures/shops.ts";

/** Phrases as a Taiwan shop writes them (each seen wrong before: 产地直发 became 產地直髮, "straight hair"). */
const KNOWN: [string, string][] = [
  ["产地直发", "產地直發"],
  ["厂家直发 顺丰包邮", "廠家直發 順豐包郵"],
  ["直发器", "直髮器"],
  ["头发", "頭髮"],
  ["洗发水", "洗髮水"],
  ["发膜", "髮膜"],
  ["发货", "發貨"],
  ["速干", "速乾"],
  ["速干T恤", "速乾T恤"],
  ["不拔干", "不拔乾"],
  ["饼干", "餅乾"],
  ["茶饮冲调", "茶飲沖調"],
  ["速溶易冲", "速溶易沖"],
  ["循环扇", "循環扇"],
  ["软件", "軟體"],
  ["鼠标", "滑鼠"],
  ["参数", "參數"],
  ["宽松", "寬鬆"],
];

/** What a shop text never means: hair outside hair goods, "to do" for dry, "rush" for pouring water, programming terms. */
const WRONG: RegExp[] = [/直髮(?![器梳夾板膏女])/, /速幹|拔幹|幹發/, /衝調|衝飲|易衝|衝泡/, /發膜/, /迴圈|引數|型別/];

/** Every string with Han characters reachable from `v`. */
function hanStrings(v: unknown, out = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  if (typeof v === "string") {
    if (/\p{Script=Han}/u.test(v)) out.add(v);
  } else if (v && typeof v === "object" && !seen.has(v)) {
    seen.add(v);
    for (const x of Object.values(v as object)) hanStrings(x, out, seen);
  }
  return out;
}

/** The seed's zh texts: fixtures, and the adjective + noun runs of product names (no space between them). */
function seededTexts(): string[] {
  const texts = hanStrings([
    BRANDS,
    BOOK_TITLES,
    CATEGORY_TREE,
    VOUCHER_CATEGORY,
    PROFILES,
    DEFAULT_ADJECTIVES,
    DEFAULT_VARIANTS,
    SEARCH_SYNONYMS,
    SHOPS,
  ]);
  for (const l1 of CATEGORY_TREE)
    for (const l2 of l1.children)
      for (const l3 of l2.children) {
        const profile: Profile = PROFILES[l3.profile];
        for (const [adj] of profile.adjectives ?? DEFAULT_ADJECTIVES) texts.add(`${adj}${l3.noun[0]}`);
      }
  return [...texts];
}

describe("zh-tw conversion (OpenCC phrases + shop phrases)", () => {
  it.each(KNOWN)("%s → %s", (zh, tw) => {
    expect(taiwanText(zh)).toBe(tw);
  });

  it("each shop phrase converts as listed, also inside a longer text", () => {
    for (const [zh, tw] of SHOP_PHRASES) expect(taiwanText(`新品${zh}`)).toBe(`新品${tw}`);
  });

  it("the demo's own texts: no wrong sense, and a known phrase inside a name converts as known", () => {
    const texts = seededTexts();
    expect(texts.length).toBeGreaterThan(1000);
    const wrong = texts.map((zh) => [zh, taiwanText(zh)] as const).filter(([, tw]) => WRONG.some((re) => re.test(tw)));
    expect(wrong.map(([zh, tw]) => `${zh} → ${tw}`)).toEqual([]);
    const seen = new Set<string>();
    for (const zh of texts)
      for (const [from, to] of KNOWN)
        if (!from.includes(" ") && zh.includes(from)) {
          expect(taiwanText(zh), zh).toContain(to);
          seen.add(from);
        }
    // The demo really has the phrases that went wrong (else the check proves nothing).
    for (const p of ["产地直发", "速干", "茶饮冲调", "洗发水"]) expect([...seen].some((s) => s.includes(p))).toBe(true);
  });
});
