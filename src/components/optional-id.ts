/**
 * SPEC §2's pages whose id is optional in the address (/detail/{prodId optional},
 * /secdetail/{seckillId optional}, /member-center/integral-det/{prodId optional}): without the id
 * in the path, the query form (`/detail?prodId=5`) is sent to the path form (`/detail/5`, 301)
 * and an address with no usable id to the page that lists such items (`/list`, 302), in the
 * request's locale. Other query parameters are not carried over.
 */
import { localePath, type Locale } from "../lib/locale.ts";

/** Where to send an address without its id. */
export interface OptionalIdPage {
  /** The query parameter that may carry the id ("prodId"). */
  param: string;
  /** The path form's prefix, without locale ("/detail"). */
  path: string;
  /** The list page for an address without a usable id ("/list"). */
  list: string;
}

/** A usable id: 1 to 10 digits (a page answers 404 for an id that names nothing). */
const ID = /^\d{1,10}$/;

/** The redirect for an address of `page` whose path has no id: 301 to the path form, or 302 to the list. */
export function optionalIdRedirect(
  locale: Locale,
  search: URLSearchParams,
  page: OptionalIdPage,
): { location: string; status: 301 | 302 } {
  const id = (search.get(page.param) ?? "").trim();
  return ID.test(id)
    ? { location: localePath(locale, `${page.path}/${id}`), status: 301 }
    : { location: localePath(locale, page.list), status: 302 };
}

export const DETAIL_PAGE: OptionalIdPage = { param: "prodId", path: "/detail", list: "/list" };
export const SECKILL_PAGE: OptionalIdPage = { param: "seckillId", path: "/secdetail", list: "/flash-sale" };
export const POINTS_ITEM_PAGE: OptionalIdPage = {
  param: "prodId",
  path: "/member-center/integral-det",
  list: "/member-center/integral-mall",
};
