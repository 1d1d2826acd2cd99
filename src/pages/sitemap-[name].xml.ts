/**
 * /sitemap-<locale>-<type>-<n>.xml, e.g. /sitemap-zh-products-1.xml, /sitemap-en-shops-1.xml
 * (docs/seo.md; names listed by /sitemap.xml). Unknown names and pages beyond the last are 404.
 */
import type { APIRoute } from "astro";
import { getAppContext } from "../server/context.ts";
import { getSitemapData, sitemapFileXml } from "../server/domain/content/sitemap.ts";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export const GET: APIRoute = async ({ locals, params }) => {
  if (locals.locale !== "zh" || !params.name) return notFound();
  const { db, config } = getAppContext();
  const xml = sitemapFileXml(config.siteUrl, await getSitemapData(db), params.name);
  if (xml === null) return notFound();
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
};
