/**
 * Plural forms: English texts with a count have `_one` and `_other` forms, Chinese ones only
 * `_other` (Chinese has one form); the server's i18next and the islands' translator
 * (Intl.PluralRules) pick the same form from the same resources.
 */
import { describe, expect, it } from "vitest";
import { translations } from "../../src/i18n/resources.ts";
import { getT } from "../../src/i18n/index.ts";
import { createTranslator, type IslandResources } from "../../src/lib/translate.ts";
import type { Locale } from "../../src/lib/locale.ts";

type Tree = { [k: string]: string | Tree };
const LOCALES: Locale[] = ["zh", "zh-tw", "en"];

function flatten(tree: Tree, prefix = "", out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else flatten(v, key, out);
  }
  return out;
}
const flat = Object.fromEntries(LOCALES.map((l) => [l, flatten(translations[l] as unknown as Tree)])) as Record<
  Locale,
  Map<string, string>
>;
const pluralBases = [...flat.en.keys()].filter((k) => k.endsWith("_other")).map((k) => k.slice(0, -"_other".length));

describe("plural forms", () => {
  it("every English count text has its one and other forms; Chinese says both the same way", () => {
    expect(pluralBases.length).toBeGreaterThan(20);
    for (const base of pluralBases) {
      expect(flat.en.get(`${base}_one`), `en ${base}_one`).toBeDefined();
      expect(flat.en.has(base), `en ${base} also without suffix`).toBe(false);
      for (const l of ["zh", "zh-tw"] as const) {
        expect(flat[l].get(`${base}_other`), `${l} ${base}_other`).toContain("{{count}}");
        // Every locale carries every key; Chinese does not inflect, so its one form is its other form.
        expect(flat[l].get(`${base}_one`), `${l} ${base}_one`).toBe(flat[l].get(`${base}_other`));
        expect(flat[l].has(base), `${l} ${base}`).toBe(false);
      }
    }
  });

  it("no English text counts with a fixed plural noun or '(s)' outside the plural forms", () => {
    const bad = [...flat.en]
      .filter(([k]) => !/_(one|other)$/.test(k))
      .filter(
        ([, v]) =>
          /\(s\)/.test(v) ||
          /\{\{(count|n)\}\}[- ]+(items|products|points|followers|days|seats|stars|minutes|seconds|shops|reviews|orders)\b/.test(
            v,
          ),
      );
    expect(bad).toEqual([]);
  });

  it("the server and the islands' translator choose the same form for 0, 1, 2 and 21", () => {
    for (const locale of LOCALES) {
      const server = getT(locale) as unknown as (k: string, o: object) => string;
      const island = createTranslator(locale, translations[locale] as unknown as IslandResources);
      for (const base of pluralBases)
        for (const count of [0, 1, 2, 21]) {
          const values = { count, amount: "¥1.00", after: "1", price: "9.90", money: "1.00" };
          expect(island(base, values), `${locale} ${base} ${count}`).toBe(server(base, values));
        }
    }
  });

  it("reads 'Goods (1 item)' and 'Goods (2 items)' in English, one form in Chinese", () => {
    for (const t of [
      getT("en") as unknown as (k: string, o: object) => string,
      createTranslator("en", translations.en as unknown as IslandResources),
    ]) {
      expect(t("submitOrder.goodsAmount", { count: 1 })).toBe("Goods (1 item):");
      expect(t("submitOrder.goodsAmount", { count: 2 })).toBe("Goods (2 items):");
      expect(t("submitOrder.shopTotal", { count: 1 })).toBe("Shop total (1 item):");
      expect(t("cart.page.selectedCount", { count: 1 })).toBe("1 item selected");
      expect(t("cart.page.selectedCount", { count: 3 })).toBe("3 items selected");
    }
    expect(getT("zh")("submitOrder.goodsAmount", { count: 1 })).toBe(
      createTranslator("zh", translations.zh as unknown as IslandResources)("submitOrder.goodsAmount", { count: 1 }),
    );
    expect(getT("zh-tw")("cart.page.selectedCount", { count: 1 })).toBe("已選商品 1 件");
  });
});
