import { describe, expect, it } from "vitest";
import {
  allVariantPaths,
  fallbackSrc,
  isLadderVariant,
  ladderWidths,
  parseVariantPath,
  srcsetOf,
  variantHeight,
  variantPath,
  type ImageInfo,
} from "./image-ladder.ts";

const photo: ImageInfo = { width: 1920, height: 2560, color: "#aabbcc", hash: "0123456789ab", alpha: false };
const src = "/uploads/review/6f1c2d3e-1111-4222-8333-944445555666.jpg";

describe("image ladder", () => {
  it("the fixed widths up to the picture's own width, never larger", () => {
    expect(ladderWidths(4000)).toEqual([160, 320, 480, 640, 960, 1280, 1920]);
    expect(ladderWidths(1920)).toEqual([160, 320, 480, 640, 960, 1280, 1920]);
    expect(ladderWidths(700)).toEqual([160, 320, 480, 640, 700]);
    expect(ladderWidths(200)).toEqual([160, 200]);
    expect(ladderWidths(90)).toEqual([90]);
  });

  it("variant paths carry the source, its content hash and the width, and parse back", () => {
    const p = variantPath(src, photo.hash, 640, "avif");
    expect(p).toBe(`${src}-0123456789ab-640.avif`);
    expect(parseVariantPath(p)).toEqual({ source: src, hash: "0123456789ab", width: 640, format: "avif" });
    expect(parseVariantPath("/uploads/seed/p/12.svg-0123456789ab-320.webp")?.source).toBe("/uploads/seed/p/12.svg");
    for (const bad of [src, `${src}-0123456789ab-640.gif`, `${src}-XYZ-640.avif`, `/etc/passwd-0123456789ab-640.avif`])
      expect(parseVariantPath(bad), bad).toBeNull();
  });

  it("only the ladder's widths, formats and hash are variants of a picture", () => {
    const ok = parseVariantPath(variantPath(src, photo.hash, 960, "webp"))!;
    expect(isLadderVariant(ok, photo)).toBe(true);
    expect(isLadderVariant({ ...ok, width: 1000 }, photo)).toBe(false);
    expect(isLadderVariant({ ...ok, hash: "ffffffffffff" }, photo)).toBe(false);
    expect(isLadderVariant({ ...ok, format: "png" }, photo)).toBe(false);
    expect(isLadderVariant({ ...ok, format: "png" }, { ...photo, alpha: true })).toBe(true);
    expect(allVariantPaths(src, photo)).toHaveLength(21);
  });

  it("srcset lists every width; the fallback is the smallest wide enough; heights keep proportions", () => {
    expect(srcsetOf(src, { ...photo, width: 500, height: 250 }, "avif")).toBe(
      `${src}-0123456789ab-160.avif 160w, ${src}-0123456789ab-320.avif 320w, ${src}-0123456789ab-480.avif 480w, ${src}-0123456789ab-500.avif 500w`,
    );
    expect(fallbackSrc(src, photo, 400)).toBe(`${src}-0123456789ab-480.jpg`);
    expect(fallbackSrc(src, { ...photo, width: 300 }, 640)).toBe(`${src}-0123456789ab-300.jpg`);
    expect(variantHeight(photo, 640)).toBe(853);
  });
});
