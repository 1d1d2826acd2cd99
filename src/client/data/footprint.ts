/** The footprint's calls (CONTRACT §7.6): the products the user looked at, by day. */
import type { Page } from "../../lib/api-types.ts";
import type { FootprintDay } from "../../lib/footprint/footprint-types.ts";
import { api } from "../api.ts";

/** GET /p/prodBrowseLog/page */
export function listFootprints(current: number, size: number): Promise<Page<FootprintDay>> {
  return api.get<Page<FootprintDay>>("/p/prodBrowseLog/page", { current, size });
}

/** DELETE /p/prodBrowseLog: the given entries. */
export async function deleteFootprints(ids: readonly number[]): Promise<void> {
  await api.del("/p/prodBrowseLog", ids);
}

/** DELETE /p/prodBrowseLog/all */
export async function clearFootprints(): Promise<void> {
  await api.del("/p/prodBrowseLog/all");
}

/** POST /p/user/recentBrowse: the product page records a visit (form body, silent). */
export async function recordVisit(prodId: number): Promise<void> {
  await api.post("/p/user/recentBrowse", new URLSearchParams({ prodId: String(prodId) }), {
    dontShowLogin: true,
    silent: true,
  });
}
