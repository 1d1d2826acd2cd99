/**
 * How an address reads, per locale — the one formatter every page, island and API answer uses
 * (docs/address.md). Names come in the viewer's language already (the API looks them up by area
 * id, src/server/domain/address/area.ts); this module only puts them in order.
 *
 * - zh, zh-tw: largest to smallest, no spaces: 北京市東城區 + street → "北京市東城區東華門大街1號".
 * - en: smallest to largest, separated by ", ": "1 Donghuamen St, Dongcheng District, Beijing".
 *
 * A city-level group that is no city (市辖区 "City Districts" of the four municipalities, 县 of
 * Chongqing, the province-administered areas such as 省直辖县级行政区划) is left out; so is a
 * name equal to the one before it.
 */
import type { Locale } from "../locale.ts";

export interface AddressNames {
  province: string;
  city: string;
  area: string;
  /** When known, the city id tells a group such as 市辖区 (1101) from a real city. */
  cityId?: number;
  /** Street and number, as the user typed them. */
  addr?: string | null;
}

/** The municipalities (Beijing, Tianjin, Shanghai, Chongqing): their city level is a group, not a city. */
const MUNICIPALITIES: ReadonlySet<number> = new Set([11, 12, 31, 50]);

/** Whether a city id is a group of districts or counties rather than a city (1101 市辖区, 4690 省直辖县级行政区划 …). */
function isGroupingCity(cityId: number | undefined): boolean {
  if (cityId === undefined || !Number.isInteger(cityId) || cityId < 100 || cityId > 9999) return false;
  return MUNICIPALITIES.has(Math.floor(cityId / 100)) || cityId % 100 === 90;
}

/** The whole address with the street: "北京市東城區東華門大街1號" / "1 Donghuamen St, Dongcheng District, Beijing". */
export function formatAddress(a: AddressNames, locale: Locale): string {
  const city = isGroupingCity(a.cityId) ? "" : a.city;
  const parts: string[] = [];
  for (const p of [a.province, city, a.area, a.addr ?? ""]) {
    const s = p.trim();
    if (s && parts[parts.length - 1] !== s) parts.push(s);
  }
  return locale === "en" ? parts.reverse().join(", ") : parts.join("");
}
