/** Shared bits of the browser tests. */
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

export type Locale = "zh" | "zh-tw" | "en";
export const LOCALES: Locale[] = ["zh", "zh-tw", "en"];

/** URL prefix of a locale ("" for zh). */
export const prefix = (locale: Locale) => (locale === "zh" ? "" : `/${locale}`);
/** The localized home page. */
export const home = (locale: Locale) => (locale === "zh" ? "/" : `/${locale}/`);

const I18N_DIR = path.resolve("src/i18n");
const cache = new Map<string, Record<string, unknown>>();

/** The translation `ns.key.sub` of a locale, read from src/i18n/<locale>/<ns>.json (no interpolation). */
export function tr(locale: Locale, key: string): string {
  const [ns, ...rest] = key.split(".");
  const file = path.join(I18N_DIR, locale, `${ns}.json`);
  let json = cache.get(file);
  if (!json) {
    json = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
    cache.set(file, json);
  }
  let v: unknown = json;
  for (const k of rest) v = (v as Record<string, unknown> | undefined)?.[k];
  if (typeof v !== "string") throw new Error(`missing translation ${locale}:${key}`);
  return v;
}

/** Han characters. */
export const HAN = /\p{Script=Han}/u;

/** Only the query string parameters of an href, as an object. */
export function queryOf(href: string): Record<string, string> {
  const u = new URL(href, "http://x");
  return Object.fromEntries(u.searchParams);
}

/** Collects console errors and failed same-origin requests of a page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/**
 * Waits until every React island on the page has hydrated (Astro removes the `ssr` attribute of
 * <astro-island> then). Typing into a server-rendered form before that would be reset by React.
 */
export async function islandsReady(page: Page): Promise<void> {
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0, { timeout: 15_000 });
}
