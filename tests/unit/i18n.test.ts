/**
 * Translations: the three locales have the same keys and no empty value, and every literal key
 * the code asks for (t("ns.key")) exists — a missing one would show as a raw key on the page.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { translations } from "../../src/i18n/resources.ts";
import { getT, i18n } from "../../src/i18n/index.ts";

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = "", out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else flatten(v, key, out);
  }
  return out;
}

const flat = {
  zh: flatten(translations.zh as unknown as Tree),
  "zh-tw": flatten(translations["zh-tw"] as unknown as Tree),
  en: flatten(translations.en as unknown as Tree),
};

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(p, out);
    else if (/\.(astro|ts|tsx)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) out.push(p);
  }
  return out;
}

describe("i18n", () => {
  it("has the same keys in zh, zh-tw and en, none empty", () => {
    const all = new Set([...flat.zh.keys(), ...flat["zh-tw"].keys(), ...flat.en.keys()]);
    for (const [locale, map] of Object.entries(flat)) {
      const missing = [...all].filter((k) => !map.has(k) && !/_(one|other|zero|two|few|many)$/.test(k));
      expect(missing, `${locale} misses keys`).toEqual([]);
      const empty = [...map].filter(([, v]) => v.trim() === "").map(([k]) => k);
      expect(empty, `${locale} has empty values`).toEqual([]);
    }
  });

  it("zh-tw is not a copy of zh", () => {
    const same = [...flat.zh].filter(([k, v]) => /[\u4e00-\u9fff]/.test(v) && flat["zh-tw"].get(k) === v).length;
    expect(same / flat.zh.size).toBeLessThan(0.5);
  });

  it("every literal key used in the code exists", () => {
    const used = new Map<string, string>();
    const keyCall = /\bt\(\s*["'`]([a-zA-Z][\w-]*\.[\w.-]+)["'`]/g;
    for (const file of sourceFiles(path.resolve("src"))) {
      const text = fs.readFileSync(file, "utf8");
      for (const m of text.matchAll(keyCall)) if (!m[1]!.includes("${")) used.set(m[1]!, file);
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter(
      ([k]) => !flat.zh.has(k) && !flat.zh.has(`${k}_other`) && ![...flat.zh.keys()].some((x) => x.startsWith(`${k}.`)),
    );
    expect(missing.map(([k, f]) => `${k} (${path.relative(process.cwd(), f)})`)).toEqual([]);
  });

  it("a fixed translator per locale never mixes languages", () => {
    const zh = getT("zh");
    const en = getT("en");
    const tw = getT("zh-tw");
    expect(en("common.home")).toBe("Home");
    expect(zh("common.home")).toBe("首页");
    expect(tw("common.home")).toBe("首頁");
    expect(en("common.home")).toBe("Home");
  });

  it("values filled in by the fast path read exactly as i18next writes them, for every key with placeholders", () => {
    let checked = 0;
    for (const locale of ["zh", "zh-tw", "en"] as const) {
      const t = getT(locale);
      const reference = i18n.getFixedT(locale) as unknown as (key: string, options?: object) => string;
      for (const [key, text] of flat[locale]) {
        const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
        if (names.length === 0) continue;
        const strings = Object.fromEntries(names.map((n, i) => [n, `«${n}${i}»`]));
        const numbers = Object.fromEntries(names.map((n, i) => [n, i * 7 + 0.5]));
        // Placeholders kept for a script to fill in (data-* texts): "{{n}}" for n.
        const kept = Object.fromEntries(names.map((n) => [n, `{{${n}}}`]));
        for (const options of [
          strings,
          kept,
          numbers,
          { ...strings, count: 3 },
          {},
          { [names[0]!]: "x" },
          { ...strings, extra: "y" },
          { ...strings, defaultValue: "d" },
        ]) {
          expect(
            (t as unknown as (k: string, o: object) => string)(key, options),
            `${locale} ${key} ${JSON.stringify(options)}`,
          ).toBe(reference(key, options));
          checked++;
        }
      }
      expect((t as unknown as (k: string, o: object) => string)("no.such.key", { n: 1 })).toBe(
        reference("no.such.key", { n: 1 }),
      );
    }
    expect(checked).toBeGreaterThan(500);
  }, 60_000); // a sweep over every key with placeholders in three locales: seconds on a loaded machine
});
