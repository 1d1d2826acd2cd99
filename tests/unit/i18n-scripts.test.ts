/**
 * Each locale's resources are written as its readers write: English has no Han characters and no
 * full-width punctuation; traditional Chinese (zh-tw) has nothing OpenCC would still convert from
 * simplified to Taiwanese traditional; simplified Chinese (zh) has nothing OpenCC would convert
 * from traditional to simplified.
 */
import * as OpenCC from "opencc-js";
import { describe, expect, it } from "vitest";
import { translations } from "../../src/i18n/resources.ts";

type Tree = { [k: string]: string | Tree | Tree[] | string[] };

function leaves(tree: unknown, prefix = "", out: [string, string][] = []): [string, string][] {
  if (typeof tree === "string") out.push([prefix, tree]);
  else if (tree && typeof tree === "object")
    for (const [k, v] of Object.entries(tree as Tree)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

const toTw = OpenCC.Converter({ from: "cn", to: "tw" });
const toCn = OpenCC.Converter({ from: "tw", to: "cn" });

/**
 * The language switch names each language in its own script (layout.lang.*, marked with a `lang`
 * attribute on the page): the only texts of another script allowed in a locale's resources.
 */
const AUTONYMS = new Set(["layout.lang.zh", "layout.lang.zh-tw"]);
/** Words OpenCC would change although they are right in the locale (each says why). */
const TW_EXCEPTIONS: Record<string, string> = { 简体中文: "the name of simplified Chinese in its own script" };
const ZH_EXCEPTIONS: Record<string, string> = { 繁體中文: "the name of traditional Chinese in its own script" };

/** The characters of `text` that `convert` changes, as "原→轉" pairs (without the allowed words). */
function changed(text: string, convert: (s: string) => string, allowed: Record<string, string>): string[] {
  let t = text;
  for (const w of Object.keys(allowed)) t = t.split(w).join("");
  const out = convert(t);
  const diffs: string[] = [];
  for (let i = 0; i < t.length && i < out.length; i++) if (t[i] !== out[i]) diffs.push(`${t[i]}→${out[i]}`);
  if (t.length !== out.length && diffs.length === 0) diffs.push(`${t}→${out}`);
  return diffs;
}

describe("resources are written as each locale's readers write", () => {
  it("en: no Han characters, no full-width punctuation", () => {
    const bad = leaves(translations.en).filter(
      ([k, v]) => !AUTONYMS.has(k) && /[\p{Script=Han}\u3000-\u303f\uff01-\uff5e]/u.test(v),
    );
    expect(bad.map(([k, v]) => `${k}: ${v}`)).toEqual([]);
  });

  it("zh-tw: nothing OpenCC would convert from simplified to traditional", () => {
    const bad = leaves(translations["zh-tw"])
      .map(([k, v]) => [k, v, changed(v, toTw, TW_EXCEPTIONS)] as const)
      .filter(([, , d]) => d.length > 0);
    expect(bad.map(([k, v, d]) => `${k}: ${v} (${d.join(" ")})`)).toEqual([]);
  });

  it("zh: nothing OpenCC would convert from traditional to simplified", () => {
    const bad = leaves(translations.zh)
      .map(([k, v]) => [k, v, changed(v, toCn, ZH_EXCEPTIONS)] as const)
      .filter(([, , d]) => d.length > 0);
    expect(bad.map(([k, v, d]) => `${k}: ${v} (${d.join(" ")})`)).toEqual([]);
  });

  it("the checks can fail", () => {
    expect(changed("蓝湾商城", toTw, {})).toEqual(["蓝→藍", "湾→灣"]);
    expect(changed("藍灣商城", toCn, {})).toEqual(["藍→蓝", "灣→湾"]);
  });
});
