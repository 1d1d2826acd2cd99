/** docs/glossary.md: every key listed for a feature reads the feature's name in zh, zh-tw and en. */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { getT } from "../../src/i18n/index.ts";

const LOCALES = ["zh", "zh-tw", "en"] as const;

const rows = fs
  .readFileSync("docs/glossary.md", "utf8")
  .split("\n")
  .filter((l) => l.startsWith("| ") && !l.startsWith("| Feature"))
  .map((l) => l.split("|").map((c) => c.trim()))
  .map(([, feature, zh, tw, en, keys]) => ({
    feature: feature!,
    names: { zh: zh!, "zh-tw": tw!, en: en! },
    keys: [...keys!.matchAll(/`([\w.-]+)`/g)].map((m) => m[1]!),
  }));

describe("glossary", () => {
  it("lists the features with their keys", () => {
    expect(rows.length).toBeGreaterThan(15);
    for (const r of rows) expect(r.keys.length, r.feature).toBeGreaterThan(0);
  });

  it("every listed key reads the feature's name in each locale", () => {
    const wrong: string[] = [];
    for (const r of rows)
      for (const locale of LOCALES) {
        const t = getT(locale);
        for (const key of r.keys) {
          const text = t(key);
          if (text !== r.names[locale]) wrong.push(`${locale} ${key}: "${text}" (glossary: "${r.names[locale]}")`);
        }
      }
    expect(wrong).toEqual([]);
  });
});
