/**
 * Per-request SEO and tracking settings a page sets in its frontmatter, read by the shared
 * layout parts (Head.astro: og:image / og:type / JSON-LD; BaseLayout.astro: data-page-id,
 * data-biz-type, data-biz-data on <body> for src/scripts/flow.ts). This way a page does not
 * need every layout (Default, Home, Decorate, Policy, Empty) to forward extra props:
 *
 *   import { setPageSeo } from "../components/seo/page-seo.ts";
 *   setPageSeo(Astro.locals, { pageId: 3, bizType: 0, bizData: prodId, image: detail.pic,
 *     ogType: "product", jsonLd: [productJsonLd(...), breadcrumbJsonLd(...)] });
 *
 * The page frontmatter runs before its layout renders, so the layout sees the values.
 * Props passed explicitly to BaseLayout / Head win over these.
 */
export interface PageSeo {
  /** og:image: a path ("/uploads/…") or absolute URL. Default: the site logo. */
  image?: string | null | undefined;
  /** og:type: "website" (default), "product", "article", "profile". */
  ogType?: string | undefined;
  /** schema.org objects from src/lib/seo.ts, emitted as JSON-LD in <head>. */
  jsonLd?: object | readonly (object | null | undefined)[] | null | undefined;
  /** Flow-analysis page id (docs/flow-analysis.md: 1 home, 3 product, 6 list, 14 shop index, …). */
  pageId?: number | undefined;
  /** Flow-analysis bizType (0 product, 1 group product, 2 seckill). */
  bizType?: number | undefined;
  /** Flow-analysis bizData (prodId / seckillId / shopId …). */
  bizData?: string | number | undefined;
}

/** The head props every layout takes and hands down through BaseLayout to Head.astro. */
export interface HeadProps {
  /** Page title; the site title is appended. */
  title?: string | undefined;
  description?: string | undefined;
  /** Pages that must not be indexed (404, member pages). */
  noindex?: boolean | undefined;
  /** Canonical path without locale prefix; default the current path (with its query). */
  canonicalPath?: string | undefined;
}

/** The head props out of a layout's props (the rest are the layout's own). */
export function headProps({ title, description, noindex, canonicalPath }: HeadProps): HeadProps {
  return { title, description, noindex, canonicalPath };
}

const store = new WeakMap<object, PageSeo>();

/** Merges `seo` into this request's settings. */
export function setPageSeo(locals: object, seo: PageSeo): void {
  store.set(locals, { ...store.get(locals), ...seo });
}

/** This request's settings ({} when the page set none). */
export function getPageSeo(locals: object): PageSeo {
  return store.get(locals) ?? {};
}
