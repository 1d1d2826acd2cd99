/**
 * /robots.txt: everything may be crawled except the private API, user center, cart, checkout,
 * payment and decoration previews (in every locale); points at /sitemap.xml (docs/seo.md).
 */
import type { APIRoute } from "astro";
import { getAppContext } from "../server/context.ts";
import { robotsTxt } from "../server/domain/content/sitemap.ts";

export const GET: APIRoute = ({ locals }) => {
  if (locals.locale !== "zh")
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(robotsTxt(getAppContext().config.siteUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
};
