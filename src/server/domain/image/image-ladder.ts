/**
 * The server's side of the ladder (src/lib/image/ladder.ts holds what browser and server share):
 * reading a variant's path back, and which variants a picture has (docs/image.md).
 */
import {
  isVectorSource,
  ladderWidths,
  variantFormats,
  variantPath,
  type ImageInfo,
  type VariantFormat,
} from "../../../lib/image/ladder.ts";

const VARIANT_RE =
  /^(\/uploads\/(?:[A-Za-z0-9][A-Za-z0-9_-]*\/)+[A-Za-z0-9][A-Za-z0-9._-]*\.[a-z0-9]+)-([0-9a-f]{12})-(\d{1,4})\.(avif|webp|jpg|png|gif)$/;

export interface VariantName {
  source: string;
  hash: string;
  width: number;
  format: VariantFormat;
}

/** The parts of a variant's public path, or null when `p` names no variant. */
export function parseVariantPath(p: string): VariantName | null {
  const m = VARIANT_RE.exec(p);
  if (!m) return null;
  return { source: m[1]!, hash: m[2]!, width: Number(m[3]), format: m[4] as VariantFormat };
}

/**
 * Whether `name` is one of the variants the picture `info` is made in (the ladder, its formats, its
 * hash); a vector original has none.
 */
export function isLadderVariant(name: VariantName, info: ImageInfo): boolean {
  return (
    !isVectorSource(name.source) &&
    name.hash === info.hash &&
    ladderWidths(info.width).includes(name.width) &&
    variantFormats(info).includes(name.format)
  );
}

/** Every variant path of a picture (what the worker makes, what the clean-up removes); none for a vector original. */
export function allVariantPaths(source: string, info: ImageInfo): string[] {
  if (isVectorSource(source)) return [];
  return variantFormats(info).flatMap((f) => ladderWidths(info.width).map((w) => variantPath(source, info.hash, w, f)));
}
