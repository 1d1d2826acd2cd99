/**
 * Simplified Chinese → Taiwan traditional Chinese for texts we generate (the seed's zh-tw texts,
 * search suggestions shown in zh-tw): OpenCC's s2twp conversion (opencc-js) — its phrase
 * dictionaries (STPhrases, TWPhrases), not character by character — plus a small dictionary of
 * shop phrases where OpenCC's choice reads wrong in a shop. Each entry below was seen in the
 * demo's names; `taiwan-text.test.ts` converts every seeded zh text and checks the known phrases.
 *
 * Why a shop dictionary: a simplified character may stand for several traditional ones, and
 * OpenCC's phrases choose the most common sense of a word, e.g. 直发 → 直髮 ("straight hair"),
 * 速干 → 速幹, 冲调 → 衝調. In a shop 产地直发 is "shipped direct from the farm" (直發), 速干 is
 * "quick-drying" (速乾) and 冲调 "to mix with water" (沖調). Hair goods keep 髮 (直发器 → 直髮器).
 */
import { ConverterBuilder, type DictLike } from "opencc-js/core";
import * as Cn2t from "opencc-js/preset/cn2t";

/**
 * Shop phrases, simplified → traditional, put before OpenCC's STPhrases (opencc-js: the first
 * dictionary of a group wins an equal match; a longer match wins anyway). Keep each sense explicit: add the hair words next to 直发.
 */
export const SHOP_PHRASES: readonly (readonly [string, string])[] = [
  // 发: shipped (發) vs hair (髮).
  ["直发", "直發"],
  ["直发器", "直髮器"],
  ["直发梳", "直髮梳"],
  ["直发夹", "直髮夾"],
  ["直发板", "直髮板"],
  ["直发膏", "直髮膏"],
  ["发膜", "髮膜"],
  ["干发帽", "乾髮帽"],
  ["干发巾", "乾髮巾"],
  // 干: dry (乾), not "to do" (幹).
  ["速干", "速乾"],
  ["拔干", "拔乾"],
  // 冲: to pour water on (沖), not "to rush" (衝).
  ["冲调", "沖調"],
  ["冲饮", "沖飲"],
  ["易冲", "易沖"],
];

/** Taiwan wording fixes after OpenCC's Taiwan phrases (TWPhrases choose the programming term: 参数 → 引數). */
const TW_FIXES: readonly (readonly [RegExp, string])[] = [
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

let converter: ((s: string) => string) | undefined;

function build(): (s: string) => string {
  const preset = Cn2t;
  const s2twp = preset.configs["s2twp"];
  if (!s2twp) throw new Error("opencc-js has no s2twp configuration");
  // opencc-js's dictionaries are strings "source target|…"; the segmentation takes a list of them.
  const shop = SHOP_PHRASES.map(([from, to]) => `${from} ${to}`).join("|");
  const segmentation = s2twp.segmentation as unknown as readonly string[];
  const [first, ...rest] = s2twp.conversionChain;
  const make = ConverterBuilder({
    ...preset,
    configs: {
      ...preset.configs,
      s2twp: {
        ...s2twp,
        // The shop phrases also cut the text into words, so 产地直发 is read as 产地 + 直发.
        segmentation: [shop, ...segmentation] as unknown as DictLike,
        conversionChain: [[shop, ...(first ?? [])], ...rest],
      },
    },
  });
  return make({ from: "cn", to: "twp" });
}

/** Simplified → Taiwan traditional with Taiwan phrases and the shop phrases (软件 → 軟體, 产地直发 → 產地直發). */
export function taiwanText(zh: string): string {
  if (!zh) return zh;
  converter ??= build();
  return TW_FIXES.reduce((acc, [re, to]) => acc.replace(re, to), converter(zh));
}
