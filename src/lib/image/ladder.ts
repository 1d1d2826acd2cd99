/**
 * The fixed ladder of picture widths and the names of their variants (docs/image.md), shared by
 * the server (the pipeline makes them) and the browser (pictures ask for them). Every picture that
 * goes through the image pipeline is served as these widths only (up to its own width), in AVIF,
 * WebP and a fallback (JPEG, or PNG for pictures with transparency); nothing is ever resized to a
 * size a request asks for.
 *
 * A variant's public path is its source's path, the first 12 hex characters of the sha-256 of
 * the source's stored bytes and the width: "/uploads/review/<uuid>.jpg-<hash>-640.avif". The hash
 * changes whenever the source's bytes do, so every variant is served as immutable.
 */

/** The widths every picture is made in (CSS pixels × density up to 1920). */
export const LADDER = [160, 320, 480, 640, 960, 1280, 1920] as const;

export type VariantFormat = "avif" | "webp" | "jpg" | "png" | "gif";

/** What the pipeline knows of a picture (table images): its size, placeholder colour and hash. */
export interface ImageInfo {
  width: number;
  height: number;
  /** The placeholder colour shown until the picture has loaded ("#rrggbb"). */
  color: string;
  /** 12 hex characters of the sha-256 of the stored source. */
  hash: string;
  /** Whether the picture has transparency: its fallback format is PNG instead of JPEG. */
  alpha: boolean;
  /**
   * Whether the picture moves (a chat GIF): its variants are animated WebP and GIF. Answers to
   * readers carry it only when true.
   */
  animated?: boolean;
}

/**
 * The widths of the ladder a picture of `width` pixels is made in: every step below its width,
 * plus its own width when that is not a step (a picture is never enlarged).
 */
export function ladderWidths(width: number): number[] {
  const w = Math.max(1, Math.floor(width));
  const steps: number[] = LADDER.filter((s) => s < w);
  if (w <= LADDER[LADDER.length - 1]!) steps.push(w);
  return steps;
}

/**
 * The formats a picture is made in, the fallback last: AVIF, WebP and JPEG (PNG with
 * transparency); an animated picture WebP and GIF, both animated — no AVIF, whose still would be
 * the first source a browser takes.
 */
export function variantFormats(info: Pick<ImageInfo, "alpha" | "animated">): VariantFormat[] {
  if (info.animated) return ["webp", "gif"];
  return ["avif", "webp", info.alpha ? "png" : "jpg"];
}

/** The format of the `<img>` every browser can show: the last of variantFormats. */
export function fallbackFormat(info: Pick<ImageInfo, "alpha" | "animated">): VariantFormat {
  const formats = variantFormats(info);
  return formats[formats.length - 1]!;
}

/** The public path of one variant of the picture at `source`. */
export function variantPath(source: string, hash: string, width: number, format: VariantFormat): string {
  return `${source}-${hash}-${width}.${format}`;
}

/** The height of a variant `width` wide, keeping the picture's proportions. */
export function variantHeight(info: Pick<ImageInfo, "width" | "height">, width: number): number {
  return Math.max(1, Math.round((info.height * width) / info.width));
}

/**
 * Whether the picture at `source` is a vector original (the demo's generated SVGs, recorded by the
 * seed): sharp at every width, so it is served as it is and has no variants. Uploads are never SVG
 * (the pipeline refuses markup).
 */
export function isVectorSource(source: string): boolean {
  return source.toLowerCase().endsWith(".svg");
}

/** A `srcset` of one format: every width of the ladder. */
export function srcsetOf(source: string, info: ImageInfo, format: VariantFormat): string {
  return ladderWidths(info.width)
    .map((w) => `${variantPath(source, info.hash, w, format)} ${w}w`)
    .join(", ");
}

/** The fallback `src`: the smallest width at least `wanted` pixels wide (or the largest there is). */
export function fallbackSrc(source: string, info: ImageInfo, wanted: number): string {
  const widths = ladderWidths(info.width);
  const w = widths.find((x) => x >= wanted) ?? widths[widths.length - 1]!;
  return variantPath(source, info.hash, w, fallbackFormat(info));
}
