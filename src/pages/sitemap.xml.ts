/**
 * /sitemap.xml: the sitemap index (docs/seo.md). Only at the site root: /zh-tw/sitemap.xml and
 * /en/sitemap.xml are 404. Cached by the render cache (content version) like the pages.
 */
import type { APIRoute } from "astro";
import { getAppContext } from "../server/context.ts";
import { getSitemapData, sitemapIndexXml } from "../server/domain/content/sitemap.ts";

export const GET: APIRoute = async ({ locals }) => {
  if (locals.locale !== "zh")
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { db, config } = getAppContext();
  const xml = sitemapIndexXml(config.siteUrl, await getSitemapData(db));
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
};
