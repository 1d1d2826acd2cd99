/**
 * /sitemap-<locale>-<type>-<n>.xml, e.g. /sitemap-zh-products-1.xml, /sitemap-en-shops-1.xml
 * (docs/seo.md; names listed by /sitemap.xml). Unknown names and pages beyond the last are 404.
 * A product part reads only its own id range (read models: kept until a product in it changes).
 */
import type { APIRoute } from "astro";
import { addCacheTags } from "../components/cache-tags.ts";
import { getAppContext } from "../server/context.ts";
import {
  parseSitemapName,
  renderUrlSet,
  sitemapFileTags,
  sitemapFileUrls,
  type SitemapUrl,
} from "../server/domain/content/sitemap.ts";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export const GET: APIRoute = async ({ locals, params }) => {
  const f = locals.locale === "zh" && params.name ? parseSitemapName(params.name) : null;
  if (!f) return notFound();
  const { content, config } = getAppContext();
  const base = await content.sitemapBase();
  let urls: readonly SitemapUrl[] | null;
  if (f.type === "products") {
    urls = f.page <= base.productParts ? await content.sitemapProductPart(f.page) : null;
    if (urls?.length === 0) urls = null;
  } else urls = sitemapFileUrls({ ...base, products: new Map() }, f);
  if (urls === null) return notFound();
  addCacheTags(locals, sitemapFileTags(f));
  return new Response(renderUrlSet(config.siteUrl, f.locale, urls), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
};
