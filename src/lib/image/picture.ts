/**
 * What a picture element says, from a picture's path and what the pipeline knows of it
 * (docs/image.md "Showing a picture"): one `<source>` per modern format with the ladder's `srcset`
 * and the layout's `sizes`, an `<img>` with the fallback format, the box's `width`/`height` (no
 * layout shift), the placeholder colour behind it until the variant arrives (never the stored
 * original), `loading="lazy"` — except the page's LCP picture: eager with `fetchpriority="high"`.
 * Shared by the Astro component (src/components/Picture.astro) and the islands' one
 * (src/islands/common/Picture.tsx).
 */
import {
  fallbackFormat,
  fallbackSrc,
  isVectorSource,
  ladderWidths,
  srcsetOf,
  variantFormats,
  variantPath,
  type ImageInfo,
} from "./ladder.ts";

export interface PictureOptions {
  /** The width of the box the picture fills, in CSS pixels. */
  width: number;
  /** Its height; without it, the picture's own proportions at `width` (a square without them). */
  height?: number;
  /**
   * The `sizes` attribute: how wide the picture is shown in the layout (the desktop layout is a
   * fixed 1200 px column, so at 1366 and 1920 wide alike); `${width}px` without it.
   */
  sizes?: string;
  /** The page's LCP picture: loaded eagerly, first (`fetchpriority="high"`). Every other one is lazy. */
  lcp?: boolean;
}

export interface PictureSource {
  type: "image/avif" | "image/webp";
  srcset: string;
}

export interface PictureImg {
  src: string;
  srcset?: string;
  sizes?: string;
  width: number;
  height: number;
  loading: "lazy" | "eager";
  fetchpriority?: "high";
  decoding: "async";
  /** The placeholder colour ("background-color:#rrggbb"). */
  style?: string;
}

export interface PictureView {
  /** Empty for a picture the pipeline does not know and for a vector original. */
  sources: PictureSource[];
  img: PictureImg;
}

const COLOR = /^#[0-9a-f]{6}$/i;
const SOURCE_TYPES = { avif: "image/avif", webp: "image/webp" } as const;

/** The attributes of the picture at `src`; `info` null: the pipeline does not know it (shown as it is). */
export function pictureView(src: string, info: ImageInfo | null | undefined, opts: PictureOptions): PictureView {
  const width = Math.max(1, Math.round(opts.width));
  const height =
    opts.height !== undefined
      ? Math.max(1, Math.round(opts.height))
      : info && info.width > 0
        ? Math.max(1, Math.round((info.height * width) / info.width))
        : width;
  const sizes = opts.sizes ?? `${width}px`;
  const img: PictureImg = {
    src,
    width,
    height,
    loading: opts.lcp ? "eager" : "lazy",
    ...(opts.lcp ? { fetchpriority: "high" as const } : {}),
    decoding: "async",
  };
  if (!info) return { sources: [], img };
  // The colour stays behind the picture: only where the picture covers it all.
  if (!info.alpha && COLOR.test(info.color)) img.style = `background-color:${info.color}`;
  if (isVectorSource(src)) {
    // A vector original is sharp at every width: one candidate, valid whatever the layout asks.
    return { sources: [], img: { ...img, srcset: `${src} ${info.width}w`, sizes } };
  }
  // Every format but the fallback is a <source>, in the order a browser should prefer them.
  const modern = variantFormats(info).slice(0, -1) as (keyof typeof SOURCE_TYPES)[];
  return {
    sources: modern.map((f) => ({ type: SOURCE_TYPES[f], srcset: srcsetOf(src, info, f) })),
    img: { ...img, src: fallbackSrc(src, info, width), srcset: srcsetOf(src, info, fallbackFormat(info)), sizes },
  };
}

/**
 * The largest copy of a picture that is served (the gallery's full-size link): the fallback
 * format at the top of its ladder; the picture itself when it has no variants.
 */
export function largestSrc(src: string, info: ImageInfo | null | undefined): string {
  if (!info || isVectorSource(src)) return src;
  const widths = ladderWidths(info.width);
  return variantPath(src, info.hash, widths[widths.length - 1]!, fallbackFormat(info));
}
