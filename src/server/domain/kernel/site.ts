/**
 * Site configuration (site_config key → jsonb): PC site config, service / pay switches, terms,
 * exchange rate. Missing or malformed rows fall back to defaults — never a crash.
 * Used by the API (src/server/api/content.ts) and by Astro pages (layouts, /termsPage).
 */
import { eq } from "drizzle-orm";
import { getT } from "../../../i18n/index.ts";
import type { PaySwitch, PcWebConfig, ServiceSwitch, TermsInfo, TermsSts } from "../../../lib/api-types.ts";
import { pickText, type Locale, type LocalizedText } from "../../../lib/locale.ts";
import { sanitizeRichText } from "../../../lib/sanitize.ts";
import type { Db } from "../../db/client.ts";
import { siteConfig } from "../../db/schema/index.ts";

export const SiteConfigKey = {
  PC_WEBSITE_CONFIG: "PC_WEBSITE_CONFIG",
  SERVICE_SWITCH: "SERVICE_SWITCH",
  PAY_SWITCH: "PAY_SWITCH",
  EXCHANGE_RATE: "EXCHANGE_RATE",
  SERVICE_TERMS: "SERVICE_TERMS",
  PRIVACY_POLICY: "PRIVACY_POLICY",
} as const;
export type SiteConfigKeyValue = (typeof SiteConfigKey)[keyof typeof SiteConfigKey];

/** SPEC §9: exchange rate default 21.99. */
export const DEFAULT_EXCHANGE_RATE = 21.99;

export const PC_WEB_CONFIG_FIELDS = [
  "pcLogoImg",
  "pcLogoImgText",
  "pcTitleImg",
  "pcQrcodeImg",
  "pcLoginBgImg",
  "pcTitleContentCn",
  "pcTitleContentTw",
  "pcTitleContentEn",
  "pcWelcomeCn",
  "pcWelcomeTw",
  "pcWelcomeEn",
  "pcCompanyNameCn",
  "pcCompanyNameTw",
  "pcCompanyNameEn",
  "pcCompanyInfoCn",
  "pcCompanyInfoTw",
  "pcCompanyInfoEn",
  "pcCopyrightCn",
  "pcCopyrightTw",
  "pcCopyrightEn",
] as const satisfies readonly (keyof PcWebConfig)[];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Every field present as a string ("" when missing or not a string). */
export function normalizePcWebConfig(raw: unknown): PcWebConfig {
  const src = isRecord(raw) ? raw : {};
  const out = {} as PcWebConfig;
  for (const f of PC_WEB_CONFIG_FIELDS) {
    const v = src[f];
    out[f] = typeof v === "string" ? v : typeof v === "number" ? String(v) : "";
  }
  return out;
}

/** true / 1 / "1" / "true" are on; everything else (missing included) is off. */
function toSwitch(v: unknown): boolean {
  return v === true || v === 1 || v === "1" || v === "true";
}

export function normalizeServiceSwitch(raw: unknown): ServiceSwitch {
  const src = isRecord(raw) ? raw : {};
  return {
    serviceTermsSwitch: toSwitch(src.serviceTermsSwitch),
    privacyPolicySwitch: toSwitch(src.privacyPolicySwitch),
    merchantRegisterProtocolSwitch: toSwitch(src.merchantRegisterProtocolSwitch),
    shopProtocolSwitch: toSwitch(src.shopProtocolSwitch),
  };
}

export function normalizePaySwitch(raw: unknown): PaySwitch {
  const src = isRecord(raw) ? raw : {};
  return {
    aliPaySwitch: toSwitch(src.aliPaySwitch),
    wxPaySwitch: toSwitch(src.wxPaySwitch),
    balancePaySwitch: toSwitch(src.balancePaySwitch),
    payPalSwitch: toSwitch(src.payPalSwitch),
  };
}

/** {rate: "21.99"} or {rate: 21.99} → 21.99; anything unusable (missing, ≤ 0, not a number) → the default. */
export function normalizeExchangeRate(raw: unknown): number {
  const v = isRecord(raw) ? raw.rate : raw;
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_EXCHANGE_RATE;
}

/** Localized HTML stored as {zh, "zh-tw", en} (or a plain string) → the locale's text. */
export function pickLocalizedHtml(raw: unknown, locale: Locale): string {
  if (typeof raw === "string") return raw;
  if (!isRecord(raw)) return "";
  const text: Partial<LocalizedText> = {};
  for (const k of ["zh", "zh-tw", "en"] as const) if (typeof raw[k] === "string") text[k] = raw[k];
  return pickText(text, locale);
}

/** The texts of the PC config for one locale (Cn / Tw / En fields), with company info split into lines. */
export interface PcWebTexts {
  title: string;
  welcome: string;
  companyName: string;
  companyInfoLines: string[];
  copyright: string;
}

export function pcWebTexts(cfg: PcWebConfig, locale: Locale): PcWebTexts {
  const pick = (cn: string, tw: string, en: string) =>
    locale === "en" ? en || cn : locale === "zh-tw" ? tw || cn : cn;
  const info = pick(cfg.pcCompanyInfoCn, cfg.pcCompanyInfoTw, cfg.pcCompanyInfoEn);
  return {
    title: pick(cfg.pcTitleContentCn, cfg.pcTitleContentTw, cfg.pcTitleContentEn),
    welcome: pick(cfg.pcWelcomeCn, cfg.pcWelcomeTw, cfg.pcWelcomeEn),
    companyName: pick(cfg.pcCompanyNameCn, cfg.pcCompanyNameTw, cfg.pcCompanyNameEn),
    companyInfoLines: info
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean),
    copyright: pick(cfg.pcCopyrightCn, cfg.pcCopyrightTw, cfg.pcCopyrightEn),
  };
}

/** The raw jsonb value of one key, or undefined when the row is missing. */
export async function getSiteConfigValue(db: Db, key: SiteConfigKeyValue): Promise<unknown> {
  const [row] = await db.select({ value: siteConfig.value }).from(siteConfig).where(eq(siteConfig.key, key)).limit(1);
  return row?.value;
}

export async function getPcWebConfig(db: Db): Promise<PcWebConfig> {
  return normalizePcWebConfig(await getSiteConfigValue(db, SiteConfigKey.PC_WEBSITE_CONFIG));
}

export async function getServiceSwitch(db: Db): Promise<ServiceSwitch> {
  return normalizeServiceSwitch(await getSiteConfigValue(db, SiteConfigKey.SERVICE_SWITCH));
}

export async function getPaySwitch(db: Db): Promise<PaySwitch> {
  return normalizePaySwitch(await getSiteConfigValue(db, SiteConfigKey.PAY_SWITCH));
}

export async function getExchangeRate(db: Db): Promise<number> {
  return normalizeExchangeRate(await getSiteConfigValue(db, SiteConfigKey.EXCHANGE_RATE));
}

/** sts 0 = service terms, 1 = privacy policy. */
export function termsKeyOf(sts: TermsSts): typeof SiteConfigKey.SERVICE_TERMS | typeof SiteConfigKey.PRIVACY_POLICY {
  return sts === 1 ? SiteConfigKey.PRIVACY_POLICY : SiteConfigKey.SERVICE_TERMS;
}

/** Sanitised terms HTML of a locale ("" when not configured). */
export async function getTermsHtml(db: Db, locale: Locale, sts: TermsSts): Promise<string> {
  return sanitizeRichText(pickLocalizedHtml(await getSiteConfigValue(db, termsKeyOf(sts)), locale));
}

/** {sts, title, content} for /termsPage: title is 服务条款 / 隐私政策 / … in the locale. */
export async function getTerms(db: Db, locale: Locale, sts: TermsSts): Promise<TermsInfo> {
  const t = getT(locale);
  return {
    sts,
    title: t(sts === 1 ? "api.terms.privacyPolicy" : "api.terms.serviceTerms"),
    content: await getTermsHtml(db, locale, sts),
  };
}
