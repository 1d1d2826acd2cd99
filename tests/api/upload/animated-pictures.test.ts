/**
 * Animated chat pictures go through the ladder too (docs/image.md "Animated pictures", #41): a GIF
 * a buyer sends in the chat (made at test time, with a comment block where metadata hides) is
 * stored without its metadata, recorded as animated and made in animated WebP and an animated GIF
 * fallback at every width of the ladder up to its own (the worker, or on request before it), each
 * with its frames, delays and loop, served with its type and a year's immutable cache. The chat
 * message and GET /api/pictures carry `animated: true`, from which a reader builds those URLs.
 * An animation over its budget (frames, pixels over all frames) is refused from its header in the
 * uploader's language, and nothing is stored, counted or recorded.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgType, type ChatMessageDto } from "../../../src/lib/chat/chat.ts";
import { variantPath, type ImageInfo } from "../../../src/lib/image/ladder.ts";
import { images, rateLimits, uploadOwners } from "../../../src/server/db/schema/index.ts";
import { removeImage } from "../../../src/server/domain/image/image-store.ts";
import { drainImages } from "../../../src/server/domain/image/image-worker.ts";
import { animatedGif, gifBomb } from "../../fixtures/photos.ts";
import { createTestUser, type TestUser } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { serveUploads } from "./serve-uploads.ts";

const COMMENT = "GPS 30.2741N 120.1551E warehouse";

describe.skipIf(!dbReady)("animated chat pictures: the ladder in animated WebP and GIF", () => {
  let app: TestApp;
  let buyer: TestUser;
  let base: string;
  let closeUploads = () => {};

  beforeAll(async () => {
    app = await createTestApp();
    buyer = await createTestUser(app, "gifsender");
    ({ base, close: closeUploads } = await serveUploads(app));
  });
  afterAll(async () => {
    closeUploads();
    await app?.close();
  });

  const send = (bytes: Uint8Array, lang = "en") => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(bytes)], "funny.gif", { type: "image/gif" }));
    return app.request<{ filePath: string }>("/api/p/file/uploadImFile", {
      method: "POST",
      headers: { Authorization: buyer.token, "Accept-Language": lang },
      body: form,
    });
  };
  const stored = (p: string) => fs.readFile(path.join(app.ctx.config.dataDir, "uploads", p.slice("/uploads/".length)));
  const record = async (p: string) => (await app.ctx.db.select().from(images).where(eq(images.path, p)))[0];

  it("a GIF sent in the chat is stored stripped and made in animated WebP and GIF at every width up to its own", async () => {
    const gif = await animatedGif({ comment: COMMENT });
    expect(gif.includes(COMMENT)).toBe(true);
    const { filePath } = okData(await send(gif));
    expect(filePath).toMatch(/^\/uploads\/chat\/[0-9a-f-]{36}\.gif$/);
    const original = await stored(filePath);
    expect(original.includes(COMMENT)).toBe(false);
    expect((await sharp(original).metadata()).pages).toBe(12);
    expect(await record(filePath)).toMatchObject({ animated: true, state: "pending", width: 480, height: 270 });

    await drainImages(app.ctx.db, app.ctx.storage);
    const row = (await record(filePath))!;
    expect(row.state).toBe("ready");
    expect(row.color).toMatch(/^#[0-9a-f]{6}$/);

    for (const width of [160, 320, 480])
      for (const format of ["webp", "gif"] as const) {
        const p = variantPath(filePath, row.hash, width, format);
        const res = await fetch(base + p);
        expect(res.status, p).toBe(200);
        expect(res.headers.get("content-type"), p).toBe(`image/${format}`);
        expect(res.headers.get("cache-control"), p).toBe("public, max-age=31536000, immutable");
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(bytes.includes(COMMENT), p).toBe(false);
        const meta = await sharp(bytes).metadata();
        // Every frame (read without `animated`, the height is one frame's), each the variant's width at
        // the picture's proportions, its delay and loop kept.
        expect([meta.format, meta.width, meta.height, meta.pages, meta.loop], p).toEqual([
          format,
          width,
          Math.round((270 * width) / 480),
          12,
          0,
        ]);
        expect(meta.delay, p).toEqual(Array(12).fill(80));
        expect([meta.exif, meta.xmp, meta.comments], p).toEqual([undefined, undefined, undefined]);
      }
    // Nothing else: no still AVIF or JPEG (a browser would take the still), no width beyond its own.
    for (const p of [
      variantPath(filePath, row.hash, 320, "avif"),
      variantPath(filePath, row.hash, 320, "jpg"),
      variantPath(filePath, row.hash, 640, "webp"),
      variantPath(filePath, row.hash, 300, "webp"),
      variantPath(filePath, "0123456789ab", 320, "webp"),
    ])
      expect((await fetch(base + p)).status, p).toBe(404);
    // The 240-px chat box at 2× takes the 480-px WebP: smaller than the stored GIF.
    const shown = await fetch(base + variantPath(filePath, row.hash, 480, "webp"));
    expect(Number(shown.headers.get("content-length"))).toBeLessThan(original.length);

    // The message carries the picture, animated, to the buyer and in the history; so does GET /api/pictures.
    const buyerCall = <T>(p: string, body?: unknown) =>
      app.request<T>(`/api${p}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { Authorization: buyer.token, "Content-Type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const sent = okData(
      await buyerCall<ChatMessageDto>("/p/chat/messages", { shopId: 3, msgType: MsgType.IMAGE, content: filePath }),
    );
    const picture: ImageInfo = {
      width: 480,
      height: 270,
      color: row.color,
      hash: row.hash,
      alpha: false,
      animated: true,
    };
    expect(sent.picture).toEqual(picture);
    const history = okData(await buyerCall<{ records: ChatMessageDto[] }>("/p/chat/messages?shopId=3"));
    expect(history.records.find((m) => m.msgId === sent.msgId)?.picture).toEqual(picture);
    const known = okData(await app.request<Record<string, ImageInfo>>(`/api/pictures?paths=${filePath}`));
    expect(known[filePath]).toEqual(picture);

    // Removed with its picture (the clean-up of unused uploads).
    await removeImage(app.ctx.db, app.ctx.storage, filePath);
    for (const format of ["webp", "gif"] as const)
      await expect(stored(variantPath(filePath, row.hash, 320, format))).rejects.toThrow();
  }, 120_000);

  it("a variant asked for before the worker made it is made on request, animated", async () => {
    const { filePath } = okData(await send(await animatedGif({ width: 200, height: 200, frames: 4, seed: 9 })));
    const { hash } = (await record(filePath))!;
    const res = await fetch(base + variantPath(filePath, hash, 200, "webp"));
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.pages]).toEqual([200, 200, 4]);
    // A width beyond the ladder's steps below its own is nothing, made for nobody.
    expect((await fetch(base + variantPath(filePath, hash, 320, "webp"))).status).toBe(404);
  }, 120_000);

  it("a GIF is transparent only when some pixel is (libvips gives every GIF an alpha band)", async () => {
    const frame = (alpha: number) =>
      sharp({ create: { width: 40, height: 40, channels: 4, background: { r: 200, g: 40, b: 90, alpha } } })
        .png()
        .toBuffer();
    const sticker = await sharp([await frame(1), await frame(0)], { join: { animated: true } })
      .gif()
      .toBuffer();
    const { filePath } = okData(await send(sticker));
    expect(await record(filePath)).toMatchObject({ animated: true, alpha: true });
  });

  it("an animation over its budget is refused from its header in the uploader's language; nothing is stored, counted or recorded", async () => {
    const counts = async () => {
      const [o] = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(uploadOwners);
      const [i] = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(images);
      const [l] = await app.ctx.db
        .select({ n: sql<number>`coalesce(sum(${rateLimits.count}), 0)::int` })
        .from(rateLimits);
      const files = await fs.readdir(path.join(app.ctx.config.dataDir, "uploads", "chat")).catch(() => []);
      return [o!.n, i!.n, l!.n, files.length];
    };
    const bombs: [string, Buffer][] = [
      // 501 tiny frames: a few KB.
      ["too many frames", await gifBomb(8, 8, 501)],
      // 11 frames of 2,200 × 2,200 (53 MP over all frames, each within the stills' 50 MP): a few KB.
      ["too many pixels over all frames", await gifBomb(2200, 2200, 11)],
    ];
    const before = await counts();
    for (const [name, bytes] of bombs) {
      expect(bytes.length, name).toBeLessThan(2 * 1024 * 1024);
      for (const [lang, msg] of [
        ["en", "The animation is too large (at most 500 frames and 50 megapixels over all its frames)"],
        ["zh-CN", "动图过大（最多 500 帧，所有帧合计最多 50 百万像素）"],
        ["zh-TW", "動圖過大（最多 500 個影格，所有影格合計最多 50 百萬像素）"],
      ] as const)
        expect((await send(bytes, lang)).body, `${name} (${lang})`).toMatchObject({
          code: "A00001",
          msg,
          success: false,
        });
    }
    expect(await counts()).toEqual(before);
  }, 120_000);
});
