import { describe, expect, it } from "vitest";
import {
  fallbackFormat,
  fallbackSrc,
  isVectorSource,
  ladderWidths,
  srcsetOf,
  variantFormats,
  variantHeight,
  type ImageInfo,
} from "./ladder.ts";

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

  it("srcset lists every width; the fallback is the smallest wide enough; heights keep proportions", () => {
    expect(srcsetOf(src, { ...photo, width: 500, height: 250 }, "avif")).toBe(
      `${src}-0123456789ab-160.avif 160w, ${src}-0123456789ab-320.avif 320w, ${src}-0123456789ab-480.avif 480w, ${src}-0123456789ab-500.avif 500w`,
    );
    expect(fallbackSrc(src, photo, 400)).toBe(`${src}-0123456789ab-480.jpg`);
    expect(fallbackSrc(src, { ...photo, width: 300 }, 640)).toBe(`${src}-0123456789ab-300.jpg`);
    expect(fallbackSrc(src, { ...photo, alpha: true }, 100)).toBe(`${src}-0123456789ab-160.png`);
    expect(variantHeight(photo, 640)).toBe(853);
  });

  it("formats: AVIF, WebP and JPEG (PNG with transparency); an animation WebP and GIF, the fallback last", () => {
    expect(variantFormats(photo)).toEqual(["avif", "webp", "jpg"]);
    expect(variantFormats({ ...photo, alpha: true })).toEqual(["avif", "webp", "png"]);
    expect(variantFormats({ ...photo, animated: true })).toEqual(["webp", "gif"]);
    expect(variantFormats({ ...photo, alpha: true, animated: true })).toEqual(["webp", "gif"]);
    expect(variantFormats({ ...photo, animated: false })).toEqual(["avif", "webp", "jpg"]);
    expect(fallbackFormat({ ...photo, animated: true })).toBe("gif");
    expect(fallbackSrc(src, { ...photo, width: 400, animated: true }, 240)).toBe(`${src}-0123456789ab-320.gif`);
  });

  it("SVG pictures are vector originals, nothing else is", () => {
    expect(isVectorSource("/uploads/seed/product/p0001-1.svg")).toBe(true);
    expect(isVectorSource("/uploads/seed/site/logo.SVG")).toBe(true);
    expect(isVectorSource(src)).toBe(false);
    expect(isVectorSource("/uploads/shop/a.svg.png")).toBe(false);
  });
});
