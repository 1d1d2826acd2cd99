/**
 * POST /p/file/upload: images by content (magic bytes), at most 2 MB, stored under DATA_DIR/uploads.
 * POST /p/file/uploadImFile (SPEC §7): the chat pictures, with the rules of /p/file/upload?folder=chat.
 */
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../../src/server/db/schema/index.ts";
import { hashToken, newToken } from "../../../src/server/domain/account/tokens.ts";
import { DEMO_USER } from "../../../src/server/seed/index.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

const PNG_1X1 = new Uint8Array(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
);
const GIF_1X1 = new Uint8Array(Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"));

describe.skipIf(!dbReady)("upload API", () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await createTestApp();
    token = newToken();
    await app.ctx.db.insert(sessions).values({
      tokenHash: hashToken(token),
      kind: "user",
      userId: DEMO_USER.userId,
      expiresAt: new Date(Date.now() + 3600_000),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const uploadsDir = () => path.join(app.ctx.config.dataDir, "uploads");
  const filesOf = async (folder: string) => {
    try {
      return await fs.readdir(path.join(uploadsDir(), folder));
    } catch {
      return [];
    }
  };
  const avatarFiles = () => filesOf("avatar");
  const upload = (
    bytes: Uint8Array<ArrayBuffer>,
    name: string,
    type: string,
    opts: { lang?: string; auth?: string | null; query?: string; field?: string; route?: string } = {},
  ) => {
    const form = new FormData();
    form.append("file", new File([bytes], name, { type }));
    if (opts.field !== undefined) form.append("folder", opts.field);
    const auth = opts.auth === undefined ? token : opts.auth;
    return app.request<{ filePath: string }>(`/api${opts.route ?? "/p/file/upload"}${opts.query ?? ""}`, {
      method: "POST",
      headers: { ...(opts.lang ? { "Accept-Language": opts.lang } : {}), ...(auth ? { Authorization: auth } : {}) },
      body: form,
    });
  };

  const samePixels = async (a: Uint8Array, b: Uint8Array) =>
    expect(Buffer.compare(await sharp(a).raw().toBuffer(), await sharp(b).raw().toBuffer())).toBe(0);

  it("stores a real PNG under /uploads/avatar/<uuid>.png (re-encoded by the image pipeline, the same pixels)", async () => {
    const { filePath } = okData(await upload(PNG_1X1, "me.png", "image/png", { query: "?folder=avatar" }));
    expect(filePath).toMatch(/^\/uploads\/avatar\/[0-9a-f-]{36}\.png$/);
    const onDisk = await fs.readFile(path.join(uploadsDir(), filePath.slice("/uploads/".length)));
    await samePixels(onDisk, PNG_1X1);
  });

  it("the format comes from the content, not the name or type header", async () => {
    const { filePath } = okData(await upload(GIF_1X1, "photo.jpg", "image/jpeg", { field: "avatar" }));
    expect(filePath).toMatch(/\.gif$/);
  });

  it("a .png-named text file is refused and nothing is written", async () => {
    const before = await avatarFiles();
    const res = await upload(new TextEncoder().encode("hello, I am not an image"), "fake.png", "image/png", {
      lang: "en",
    });
    expect(res.body).toEqual({
      code: "A00001",
      msg: "Image format must be jpg, png, gif or webp",
      data: null,
      success: false,
    });
    expect((await upload(new TextEncoder().encode("<svg/>"), "x.svg", "image/svg+xml")).body.msg).toBe(
      "图片格式须为 jpg、png、gif 或 webp",
    );
    expect(await avatarFiles()).toEqual(before);
  });

  it("more than 2 MB is refused (a valid PNG header does not help)", async () => {
    const before = await avatarFiles();
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG_1X1);
    const res = await upload(big, "big.png", "image/png", { lang: "en" });
    expect(res.body).toMatchObject({ code: "A00001", msg: "Image too large, at most 2 MB", success: false });
    const huge = new Uint8Array(3 * 1024 * 1024);
    huge.set(PNG_1X1);
    expect((await upload(huge, "huge.png", "image/png")).body).toMatchObject({
      code: "A00001",
      msg: "图片过大，最大 2 MB",
    });
    // Exactly 2 MB is fine.
    const max = new Uint8Array(2 * 1024 * 1024);
    max.set(PNG_1X1);
    okData(await upload(max, "max.png", "image/png"));
    expect((await avatarFiles()).length).toBe(before.length + 1);
  });

  it("each feature uploads into its own folder (refund vouchers, review photos)", async () => {
    const refund = okData(await upload(PNG_1X1, "voucher.png", "image/png", { query: "?folder=refund" }));
    expect(refund.filePath).toMatch(/^\/uploads\/refund\/[0-9a-f-]{36}\.png$/);
    const review = okData(await upload(GIF_1X1, "photo.gif", "image/gif", { field: "review" }));
    expect(review.filePath).toMatch(/^\/uploads\/review\/[0-9a-f-]{36}\.gif$/);
    // A renamed text file and a 3 MB image are refused for these folders too, in the buyer's language.
    const fake = await upload(new TextEncoder().encode("%PDF-1.7 not an image"), "voucher.jpg", "image/jpeg", {
      lang: "zh-TW",
      query: "?folder=refund",
    });
    expect(fake.body).toMatchObject({ code: "A00001", success: false });
    expect(fake.body.msg).toMatch(/jpg/);
    const huge = new Uint8Array(3 * 1024 * 1024);
    huge.set(PNG_1X1);
    expect((await upload(huge, "huge.png", "image/png", { lang: "en", query: "?folder=review" })).body).toMatchObject({
      code: "A00001",
      msg: "Image too large, at most 2 MB",
    });
  });

  it("no file, a bad folder, or no token are refused", async () => {
    const none = await app.request("/api/p/file/upload", {
      method: "POST",
      headers: { Authorization: token, "Accept-Language": "en" },
      body: new FormData(),
    });
    expect(none.body).toMatchObject({ code: "A00001", msg: "Please choose an image to upload" });
    expect((await upload(PNG_1X1, "a.png", "image/png", { lang: "en", query: "?folder=../etc" })).body).toMatchObject({
      code: "A00001",
      msg: "Invalid upload folder",
    });
    expect((await upload(PNG_1X1, "a.png", "image/png", { auth: null })).body.code).toBe("A00004");
  });

  describe("POST /p/file/uploadImFile: the chat upload's rules", () => {
    const im = { route: "/p/file/uploadImFile" };
    const chatFiles = () => filesOf("chat");

    it("stores a real image under /uploads/chat/, the same pixels, as /p/file/upload?folder=chat does", async () => {
      const { filePath } = okData(await upload(PNG_1X1, "pic.png", "image/png", im));
      expect(filePath).toMatch(/^\/uploads\/chat\/[0-9a-f-]{36}\.png$/);
      const onDisk = await fs.readFile(path.join(uploadsDir(), filePath.slice("/uploads/".length)));
      await samePixels(onDisk, PNG_1X1);
      const viaFolder = okData(await upload(PNG_1X1, "pic.png", "image/png", { query: "?folder=chat" }));
      expect(viaFolder.filePath.replace(/[0-9a-f-]{36}/, "ID")).toBe(filePath.replace(/[0-9a-f-]{36}/, "ID"));
    });

    it("always the chat folder: a folder sent by query or field is ignored", async () => {
      for (const opts of [{ query: "?folder=avatar" }, { field: "review" }, { query: "?folder=../etc" }]) {
        const { filePath } = okData(await upload(GIF_1X1, "pic.jpg", "image/jpeg", { ...im, ...opts }));
        expect(filePath).toMatch(/^\/uploads\/chat\/[0-9a-f-]{36}\.gif$/);
      }
    });

    it("a renamed text file and more than 2 MB are refused in the buyer's language; nothing is written", async () => {
      const before = await chatFiles();
      const text = new TextEncoder().encode("hello, I am not an image");
      const messages = {
        en: "Image format must be jpg, png, gif or webp",
        "zh-CN": "图片格式须为 jpg、png、gif 或 webp",
      };
      for (const [lang, msg] of Object.entries(messages)) {
        const res = await upload(text, "fake.png", "image/png", { ...im, lang });
        expect(res.body).toEqual({ code: "A00001", msg, data: null, success: false });
      }
      const zhTw = await upload(text, "fake.png", "image/png", { ...im, lang: "zh-TW" });
      expect(zhTw.body).toMatchObject({ code: "A00001", success: false });
      expect(zhTw.body.msg).toMatch(/jpg/);
      expect(zhTw.body.msg).not.toBe(messages["zh-CN"]);
      const big = new Uint8Array(2 * 1024 * 1024 + 1);
      big.set(PNG_1X1);
      expect((await upload(big, "big.png", "image/png", { ...im, lang: "en" })).body).toMatchObject({
        code: "A00001",
        msg: "Image too large, at most 2 MB",
      });
      expect(await chatFiles()).toEqual(before);
      // Exactly 2 MB is fine.
      const max = new Uint8Array(2 * 1024 * 1024);
      max.set(PNG_1X1);
      okData(await upload(max, "max.png", "image/png", im));
      expect((await chatFiles()).length).toBe(before.length + 1);
    });

    it("a body over the upload limit is 413 with the image message, as for /p/file/upload", async () => {
      const huge = new Uint8Array(3 * 1024 * 1024);
      huge.set(PNG_1X1);
      for (const route of ["/p/file/upload", "/p/file/uploadImFile"]) {
        const res = await upload(huge, "huge.png", "image/png", { route, lang: "en" });
        expect(res.status, route).toBe(413);
        expect(res.body, route).toMatchObject({ code: "A00001", msg: "Image too large, at most 2 MB" });
      }
    });

    it("no file, not multipart, or no token are refused", async () => {
      const none = await app.request("/api/p/file/uploadImFile", {
        method: "POST",
        headers: { Authorization: token, "Accept-Language": "en" },
        body: new FormData(),
      });
      expect(none.body).toMatchObject({ code: "A00001", msg: "Please choose an image to upload" });
      const json = await app.request("/api/p/file/uploadImFile", {
        method: "POST",
        headers: { Authorization: token, "Accept-Language": "en", "Content-Type": "application/json" },
        body: "{}",
      });
      expect(json.body).toMatchObject({ code: "A00001", msg: "Please choose an image to upload" });
      expect((await upload(PNG_1X1, "a.png", "image/png", { ...im, auth: null })).body.code).toBe("A00004");
    });
  });
});
