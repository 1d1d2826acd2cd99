/**
 * /sitemap.xml: the sitemap index (docs/seo.md). Only at the site root: /zh-tw/sitemap.xml and
 * /en/sitemap.xml are 404. Cached by the render cache like the pages; any product, shop or site
 * change drops it (its lastmod dates), and it is made again from the read models' parts.
 */
import type { APIRoute } from "astro";
import { addCacheTags } from "../components/cache-tags.ts";
import { getAppContext } from "../server/context.ts";
import { sitemapIndexXml } from "../server/domain/content/sitemap.ts";

export const GET: APIRoute = async ({ locals }) => {
  if (locals.locale !== "zh")
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { content, config } = getAppContext();
  addCacheTags(locals, ["site", "shops", "products"]);
  const xml = sitemapIndexXml(config.siteUrl, await content.sitemapData());
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
};
