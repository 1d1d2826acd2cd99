import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  animationRefusal,
  encodeVariant,
  hasMarkup,
  makeLadder,
  MAX_ANIMATION_FRAMES,
  placeholderColor,
  type ResizedPixels,
} from "./image-pipeline.ts";

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le32 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];

describe("polyglot check: markup where a polyglot hides it, never in the compressed pixels", () => {
  // SOI, a COM segment, SOS (header of 8 bytes) then entropy-coded data, EOI.
  const jpeg = (comment: string, entropy: string, after = "") =>
    bytes(
      [0xff, 0xd8, 0xff, 0xfe, 0, comment.length + 2],
      comment,
      [0xff, 0xda, 0, 8, 1, 1, 0, 0, 63, 0],
      entropy,
      [0xff, 0xd9],
      after,
    );

  it("JPEG: in a comment or after the end is refused; the same bytes inside the scan are pixels", () => {
    expect(hasMarkup(jpeg("hello", "\x12\x34<SVg onload=1>\xff\x00\x56"), "jpg")).toBe(false);
    expect(hasMarkup(jpeg("<script>alert(1)</script>", "\x12\x34"), "jpg")).toBe(true);
    expect(hasMarkup(jpeg("hello", "\x12\x34", "<html><body>x</body></html>"), "jpg")).toBe(true);
    // A restart marker inside the scan does not end it.
    expect(hasMarkup(jpeg("hello", "\x12\xff\xd3<html"), "jpg")).toBe(false);
  });

  const chunk = (type: string, data: string) => bytes(be32(data.length), type, data, [0, 0, 0, 0]);
  const png = (...chunks: Buffer[]) =>
    Buffer.concat([bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...chunks]);

  it("PNG: in a text chunk or after IEND is refused; inside IDAT it is pixels", () => {
    const ihdr = chunk("IHDR", "\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0");
    expect(hasMarkup(png(ihdr, chunk("IDAT", "xx<iframe src=x>"), chunk("IEND", "")), "png")).toBe(false);
    expect(
      hasMarkup(png(ihdr, chunk("tEXt", "Comment\0<script>1</script>"), chunk("IDAT", "x"), chunk("IEND", "")), "png"),
    ).toBe(true);
    expect(
      hasMarkup(Buffer.concat([png(ihdr, chunk("IDAT", "x"), chunk("IEND", "")), bytes("<?php echo 1;")]), "png"),
    ).toBe(true);
  });

  const webp = (chunks: Buffer, after = "") => bytes("RIFF", le32(4 + chunks.length), "WEBP", [...chunks], after);
  const riffChunk = (type: string, data: string) => bytes(type, le32(data.length), data, data.length % 2 ? [0] : []);

  it("WebP: in an EXIF/XMP chunk or after the RIFF is refused; inside VP8 it is pixels", () => {
    expect(hasMarkup(webp(riffChunk("VP8 ", "abc<svg>def")), "webp")).toBe(false);
    expect(hasMarkup(webp(Buffer.concat([riffChunk("VP8 ", "abc"), riffChunk("XMP ", "<html>")])), "webp")).toBe(true);
    expect(hasMarkup(webp(riffChunk("VP8 ", "abc"), "<!DOCTYPE html>"), "webp")).toBe(true);
  });
});

describe("an animation's budget (chat GIFs), from its header", () => {
  it("at most 500 frames and 50 megapixels over all frames; the refusal names both", () => {
    expect(animationRefusal(2, 32, 32)).toBeNull();
    expect(animationRefusal(100, 480, 360)).toBeNull();
    expect(animationRefusal(MAX_ANIMATION_FRAMES, 100, 100)).toBeNull();
    // A few KB of GIF can hold thousands of tiny identical frames …
    expect(animationRefusal(MAX_ANIMATION_FRAMES + 1, 1, 1)?.key).toBe("upload.imageTooManyFrames");
    // … or a few large ones, each within the still pictures' 50 MP.
    expect(animationRefusal(20, 2560, 1440)?.key).toBe("upload.imageTooManyFrames");
    expect(animationRefusal(13, 2000, 1923)).toBeNull();
    expect(animationRefusal(14, 2000, 1923)?.params).toEqual({ frames: 500, mp: 50 });
  });
});

/** A 64 × 48 picture: a red left half and a blue right half with a white square in it, as raw pixels. */
async function halves(): Promise<ResizedPixels> {
  const left = await sharp({ create: { width: 32, height: 48, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();
  const square = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
  const { data, info } = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0000ff" } })
    .composite([
      { input: left, left: 0, top: 0 },
      { input: square, left: 48, top: 20 },
    ])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

describe("variants: the ladder's encoders", () => {
  it("AVIF is 4:2:0 at effort 0, WebP and JPEG keep the size; each decodes to the same picture", async () => {
    const px = await halves();
    for (const format of ["avif", "webp", "jpg"] as const) {
      const out = await encodeVariant(px, format);
      const meta = await sharp(out).metadata();
      expect(meta.format).toBe(format === "jpg" ? "jpeg" : format === "avif" ? "heif" : "webp");
      expect([meta.width, meta.height]).toEqual([64, 48]);
      expect(meta.exif).toBeUndefined();
      const { data } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
      // The red half's middle and the white square stay red and white after the lossy round trip.
      const at = (x: number, y: number) => [...data.subarray((y * 64 + x) * 3, (y * 64 + x) * 3 + 3)];
      const [r, g, b] = at(12, 24);
      expect(r).toBeGreaterThan(200);
      expect(g! + b!).toBeLessThan(80);
      expect(Math.min(...at(52, 24))).toBeGreaterThan(180);
    }
    // 4:2:0: the chroma planes are half the luma's size, as the JPEG and WebP fallbacks have.
    const avif = await encodeVariant(px, "avif");
    expect(avif.includes(Buffer.from("av1C"))).toBe(true);
    const av1c = avif.indexOf(Buffer.from("av1C")) + 4;
    // av1C byte 2: seq_tier_0, high_bitdepth, twelve_bit, monochrome, chroma_subsampling_x, _y, position (2).
    expect((avif[av1c + 2]! >> 2) & 0b11).toBe(0b11);
  });
});

describe("placeholder colour", () => {
  it("is the dominant colour of the picture (white behind transparency)", async () => {
    const px = await halves();
    const png = await sharp(px.data, { raw: { width: 64, height: 48, channels: 3 } })
      .extract({ left: 0, top: 0, width: 40, height: 48 })
      .png()
      .toBuffer();
    // Mostly red: the dominant bin's colour is red.
    expect(await placeholderColor(png)).toMatch(/^#f[0-9a-f]0[0-9a-f]0[0-9a-f]$/);
    const clear = await sharp({ create: { width: 20, height: 20, channels: 4, background: "#00000000" } })
      .png()
      .toBuffer();
    expect(await placeholderColor(clear)).toMatch(/^#f[0-9a-f]f[0-9a-f]f[0-9a-f]$/);
  });
});

describe("makeLadder: the variants wanted, widest first, from one decode", () => {
  it("makes each width and format asked for at the picture's proportions, and nothing else", async () => {
    const px = await halves();
    const big = await sharp(px.data, { raw: { width: 64, height: 48, channels: 3 } })
      .resize(640, 480)
      .jpeg()
      .toBuffer();
    const info = { width: 640, height: 480, color: "#ff0000", hash: "0123456789ab", alpha: false };
    const made = await makeLadder(big, info, [
      { width: 160, format: "jpg" },
      { width: 640, format: "avif" },
      { width: 320, format: "webp" },
      { width: 160, format: "avif" },
    ]);
    expect(made.map((v) => `${v.width}.${v.format}`)).toEqual(["640.avif", "320.webp", "160.jpg", "160.avif"]);
    for (const v of made) {
      const meta = await sharp(v.bytes).metadata();
      expect([meta.width, meta.height]).toEqual([v.width, (v.width * 3) / 4]);
    }
    expect(await makeLadder(big, info, [])).toEqual([]);
  });
});
