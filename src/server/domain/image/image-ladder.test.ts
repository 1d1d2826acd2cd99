import { describe, expect, it } from "vitest";
import { variantPath, type ImageInfo } from "../../../lib/image/ladder.ts";
import { allVariantPaths, isLadderVariant, parseVariantPath } from "./image-ladder.ts";

const photo: ImageInfo = { width: 1920, height: 2560, color: "#aabbcc", hash: "0123456789ab", alpha: false };
const src = "/uploads/review/6f1c2d3e-1111-4222-8333-944445555666.jpg";

describe("image ladder (server)", () => {
  it("variant paths carry the source, its content hash and the width, and parse back", () => {
    const p = variantPath(src, photo.hash, 640, "avif");
    expect(p).toBe(`${src}-0123456789ab-640.avif`);
    expect(parseVariantPath(p)).toEqual({ source: src, hash: "0123456789ab", width: 640, format: "avif" });
    expect(parseVariantPath("/uploads/seed/p/12.svg-0123456789ab-320.webp")?.source).toBe("/uploads/seed/p/12.svg");
    for (const bad of [src, `${src}-0123456789ab-640.bmp`, `${src}-XYZ-640.avif`, `/etc/passwd-0123456789ab-640.avif`])
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

  it("an animated picture's variants are WebP and GIF (no AVIF, no JPEG); a still has no GIF", () => {
    const gif = "/uploads/chat/6f1c2d3e-1111-4222-8333-944445555666.gif";
    const moving = { ...photo, width: 480, height: 270, animated: true };
    const name = parseVariantPath(variantPath(gif, photo.hash, 320, "gif"))!;
    expect(name).toEqual({ source: gif, hash: photo.hash, width: 320, format: "gif" });
    expect(isLadderVariant(name, moving)).toBe(true);
    expect(isLadderVariant({ ...name, format: "webp" }, moving)).toBe(true);
    expect(isLadderVariant({ ...name, format: "avif" }, moving)).toBe(false);
    expect(isLadderVariant({ ...name, format: "jpg" }, moving)).toBe(false);
    expect(isLadderVariant({ ...name, width: 640 }, moving)).toBe(false);
    expect(isLadderVariant(name, { ...moving, animated: false })).toBe(false);
    expect(allVariantPaths(gif, moving)).toEqual(
      ["webp", "gif"].flatMap((f) => [160, 320, 480].map((w) => `${gif}-${photo.hash}-${w}.${f}`)),
    );
  });

  it("a vector original (the demo's SVGs) has no variants", () => {
    const svg = "/uploads/seed/product/p0001-1.svg";
    const info = { ...photo, width: 800, height: 800 };
    expect(allVariantPaths(svg, info)).toEqual([]);
    expect(isLadderVariant(parseVariantPath(variantPath(svg, info.hash, 640, "avif"))!, info)).toBe(false);
  });
});
