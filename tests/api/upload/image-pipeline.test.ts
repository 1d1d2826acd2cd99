/**
 * The image pipeline behind every picture upload (docs/image.md): a 12 MP phone photo with EXIF
 * orientation and GPS is stored upright without any metadata, recorded with its size and colour,
 * and its ladder of variants (AVIF, WebP, JPEG) is served with its type and immutable caching —
 * made by the worker, or on request before it. Every bad input of the issue is refused in the
 * uploader's language and nothing is stored, counted or recorded.
 */
import fs from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images, rateLimits, uploadOwners } from "../../../src/server/db/schema/index.ts";
import { ladderWidths, variantPath } from "../../../src/lib/image/ladder.ts";
import { drainImages } from "../../../src/server/domain/image/image-worker.ts";
import { photoJpeg, photoPng } from "../../fixtures/photos.ts";
import { caller, createTestUser } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { serveUploads } from "./serve-uploads.ts";

describe.skipIf(!dbReady)("image pipeline (uploads)", () => {
  let app: TestApp;
  let token: string;
  let shopToken: string;
  let closeUploads = () => {};
  let base: string;
  let photo: Buffer;
  beforeAll(async () => {
    app = await createTestApp();
    token = (await createTestUser(app, "photographer")).token;
    shopToken = okData(
      await caller(app)<{ accessToken: string }>("/merchant/login", {
        body: { username: "shop01", password: "Shop1234" },
      }),
    ).accessToken;
    ({ base, close: closeUploads } = await serveUploads(app));
    photo = await photoJpeg({ orientation: 6, gps: true });
  });
  afterAll(async () => {
    closeUploads();
    await app?.close();
  });

  const upload = (bytes: Uint8Array, name: string, opts: { lang?: string; folder?: string } = {}) => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(bytes)], name, { type: "image/jpeg" }));
    return app.request<{ filePath: string }>(`/api/p/file/upload?folder=${opts.folder ?? "review"}`, {
      method: "POST",
      headers: { Authorization: token, ...(opts.lang ? { "Accept-Language": opts.lang } : {}) },
      body: form,
    });
  };
  const stored = (p: string) => fs.readFile(path.join(app.ctx.config.dataDir, "uploads", p.slice("/uploads/".length)));
  const counts = async () => {
    const [o] = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(uploadOwners);
    const [i] = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(images);
    const [l] = await app.ctx.db
      .select({ n: sql<number>`coalesce(sum(${rateLimits.count}), 0)::int` })
      .from(rateLimits)
      .where(sql`${rateLimits.key} like 'upload:%'`);
    let files = 0;
    for (const folder of ["review", "decoration"])
      files += (await fs.readdir(path.join(app.ctx.config.dataDir, "uploads", folder)).catch(() => [])).length;
    return { owners: Number(o!.n), images: Number(i!.n), files, counted: Number(l!.n) };
  };

  it("a 12 MP photo turned by EXIF is stored upright, without EXIF or GPS, and its variants are served immutable", async () => {
    const input = await sharp(photo).metadata();
    expect([input.width, input.height, input.orientation]).toEqual([4000, 3000, 6]);
    expect(input.exif?.length).toBeGreaterThan(0);
    const { filePath } = okData(await upload(photo, "IMG_0001.JPG"));
    expect(filePath).toMatch(/^\/uploads\/review\/[0-9a-f-]{36}\.jpg$/);
    const bytes = await stored(filePath);
    const meta = await sharp(bytes).metadata();
    // Portrait now (the camera was turned), at most 2560 on its long side, every metadata gone.
    expect([meta.width, meta.height]).toEqual([1920, 2560]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(bytes.includes(Buffer.from("TestCam"))).toBe(false);
    // The subject (the orange disc, at 60 % across and 45 % down of the sensor) is where a person
    // holding the phone saw it: turned a quarter clockwise, at 55 % across and 60 % down; where a
    // turn the other way would have put it there is sky.
    const { data: px, info: pxInfo } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (fx: number, fy: number) => {
      const i = (Math.round(fy * pxInfo.height) * pxInfo.width + Math.round(fx * pxInfo.width)) * pxInfo.channels;
      return [px[i]!, px[i + 1]!, px[i + 2]!];
    };
    const orange = ([r, g, b]: number[]) => r! > 190 && g! > 130 && g! < 210 && b! < 110;
    expect(orange(at(0.55, 0.6)), `upright subject ${at(0.55, 0.6).join(",")}`).toBe(true);
    expect(orange(at(0.45, 0.4)), `the other turn ${at(0.45, 0.4).join(",")}`).toBe(false);
    const [row] = await app.ctx.db.select().from(images).where(eq(images.path, filePath));
    expect(row).toMatchObject({ width: 1920, height: 2560, state: "pending", alpha: false });
    expect(row!.color).toMatch(/^#[0-9a-f]{6}$/);

    // Asked before the worker: made on request (a ladder width only), served with its type and a year's cache.
    const avif = variantPath(filePath, row!.hash, 640, "avif");
    const res = await fetch(base + avif);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/avif");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const v = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([v.format, v.width, v.height, v.exif]).toEqual(["heif", 640, 853, undefined]);
    // Not a ladder width, another hash: never made.
    expect((await fetch(base + variantPath(filePath, row!.hash, 700, "avif"))).status).toBe(404);
    expect((await fetch(base + variantPath(filePath, "0123456789ab", 640, "avif"))).status).toBe(404);

    // The worker makes the whole ladder in the three formats and marks the picture ready.
    expect(await drainImages(app.ctx.db, app.ctx.storage)).toBeGreaterThanOrEqual(1);
    const [done] = await app.ctx.db.select().from(images).where(eq(images.path, filePath));
    expect(done!.state).toBe("ready");
    expect(ladderWidths(1920)).toEqual([160, 320, 480, 640, 960, 1280, 1920]);
    for (const [format, type] of [
      ["webp", "image/webp"],
      ["jpg", "image/jpeg"],
    ] as const) {
      for (const w of ladderWidths(1920)) {
        const r = await fetch(base + variantPath(filePath, row!.hash, w, format));
        expect(r.headers.get("content-type"), `${format} ${w}`).toBe(type);
        const m = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
        expect(m.width).toBe(w);
        expect(m.exif).toBeUndefined();
      }
    }
  }, 240_000);

  it("a claim left by a worker that died is taken again once its lease has passed", async () => {
    const { filePath } = okData(await upload(await photoPng(800, 600), "shot.png"));
    await app.ctx.db
      .update(images)
      .set({ claimedAt: new Date(Date.now() - 60_000), attempts: 1 })
      .where(eq(images.path, filePath));
    // Still within its lease: nobody takes it.
    await drainImages(app.ctx.db, app.ctx.storage);
    expect((await app.ctx.db.select().from(images).where(eq(images.path, filePath)))[0]!.state).toBe("pending");
    await app.ctx.db
      .update(images)
      .set({ claimedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(images.path, filePath));
    await drainImages(app.ctx.db, app.ctx.storage);
    expect((await app.ctx.db.select().from(images).where(eq(images.path, filePath)))[0]!.state).toBe("ready");
  });

  const png = (w: number, h: number) => {
    // A PNG header claiming w × h with an empty image: a few bytes that would decode to gigapixels.
    const chunk = (type: string, data: Buffer) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(td) >>> 0);
      return Buffer.concat([len, td, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(w, 0);
    ihdr.writeUInt32BE(h, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
      chunk("IEND", Buffer.alloc(0)),
    ]);
  };

  const animatedGif = async () => {
    const frame = (c: string) =>
      sharp({ create: { width: 32, height: 32, channels: 3, background: c } })
        .png()
        .toBuffer();
    return sharp([await frame("#f00"), await frame("#00f")], { join: { animated: true } })
      .gif()
      .toBuffer();
  };

  it("every bad input is refused in the uploader's language; nothing is stored, counted or recorded", async () => {
    const small = await photoJpeg({ width: 640, height: 480, orientation: 1 });
    const bad: [string, Buffer, string, string][] = [
      [
        "text",
        Buffer.from("hello, I am not an image"),
        "Image format must be jpg, png, gif or webp",
        "图片格式须为 jpg、png、gif 或 webp",
      ],
      [
        "html renamed .jpg",
        Buffer.from("<!doctype html><script>alert(1)</script>"),
        "Image format must be jpg, png, gif or webp",
        "图片格式须为 jpg、png、gif 或 webp",
      ],
      [
        "svg renamed .jpg",
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        "Image format must be jpg, png, gif or webp",
        "图片格式须为 jpg、png、gif 或 webp",
      ],
      [
        "polyglot",
        Buffer.concat([small, Buffer.from("<html><script>alert(document.cookie)</script></html>")]),
        "This file hides web page or script content inside the image and was refused",
        "该文件在图片中夹带网页或脚本内容，已拒绝",
      ],
      [
        "truncated jpeg",
        small.subarray(0, Math.floor(small.length * 0.6)),
        "The image is damaged or incomplete and cannot be read; please upload it again",
        "图片已损坏或不完整，无法读取，请重新上传",
      ],
      [
        "30000 × 30000 png",
        png(30000, 30000),
        "The image has too many pixels (at most 50 megapixels)",
        "图片像素过多（最多 50 百万像素）",
      ],
      [
        "16-bit png",
        await sharp(await photoPng(64, 64))
          .toColourspace("rgb16")
          .png()
          .toBuffer(),
        "16-bit images are not accepted; please save the image with 8 bits per channel",
        "不支持 16 位图片，请另存为每通道 8 位后重新上传",
      ],
      [
        "cmyk jpeg",
        await sharp(small).toColourspace("cmyk").jpeg().toBuffer(),
        "CMYK images are not accepted; please save the image as RGB (sRGB) and upload again",
        "不支持 CMYK 图片，请另存为 RGB（sRGB）后重新上传",
      ],
      [
        "heic",
        await sharp(small).heif({ compression: "av1" }).toBuffer(),
        "HEIC/HEIF photos are not accepted; please save the photo as JPEG or PNG and upload again",
        "不支持 HEIC/HEIF 照片，请另存为 JPEG 或 PNG 后重新上传",
      ],
      [
        "animated gif",
        await animatedGif(),
        "Animated images are not accepted here; please upload a still picture",
        "此处不支持动图，请上传静态图片",
      ],
    ];
    const before = await counts();
    for (const [name, bytes, en, zh] of bad) {
      expect((await upload(bytes, `${name}.jpg`, { lang: "en" })).body, name).toMatchObject({
        code: "A00001",
        msg: en,
        success: false,
      });
      expect((await upload(bytes, `${name}.jpg`, { lang: "zh-CN" })).body.msg, name).toBe(zh);
      expect((await upload(bytes, `${name}.jpg`, { lang: "zh-TW" })).body.msg, name).not.toBe(zh);
      // A shop's upload (10 MB allowed) is refused alike.
      const form = new FormData();
      form.append("file", new File([new Uint8Array(bytes)], `${name}.jpg`, { type: "image/jpeg" }));
      const shop = await app.request("/api/merchant/file/upload", {
        method: "POST",
        headers: { Authorization: shopToken, "Accept-Language": "en" },
        body: form,
      });
      expect(shop.body, `shop: ${name}`).toMatchObject({ code: "A00001", msg: en, success: false });
    }
    expect(await counts()).toEqual(before);
  });

  it("chat pictures may be animated (the original kept with its frames, without its metadata; its animated ladder: animated-pictures.test.ts)", async () => {
    const { filePath } = okData(await upload(await animatedGif(), "hi.gif", { folder: "chat" }));
    expect((await sharp(await stored(filePath)).metadata()).pages).toBe(2);
  });
});
