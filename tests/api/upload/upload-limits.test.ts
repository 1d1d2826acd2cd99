/**
 * Upload rate limits and quota (docs/security.md "Limits"): per owner and per IP, in windows of the
 * shared rate_limits table; a storage quota per owner from the sizes recorded in upload_owners.
 * Refusals: the envelope A00001 in the request's language (too many: HTTP 429); nothing stored.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits, uploadOwners } from "../../../src/server/db/schema/index.ts";
import { normalizeUpload } from "../../../src/server/domain/image/image-pipeline.ts";
import { admitUpload, usedBytes, type UploadLimits } from "../../../src/server/domain/upload/upload-limits.ts";
import { noisePng } from "../../fixtures/photos.ts";
import { createTestUser, type TestUser } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

/** Real PNGs of about `size` bytes (the pipeline refuses anything else), made once per size. */
const made = new Map<number, Uint8Array>();
const pngOf = (size: number) => made.get(size)!;
/** What the pipeline stores of a file of about `size` bytes: the quota counts this. */
const storedSize = async (size: number) => (await normalizeUpload(pngOf(size))).bytes.length;
const MB = 1024 * 1024;
const WIDE: UploadLimits = {
  ownerPerMinute: 1000,
  ownerPerDay: 1000,
  ipPerMinute: 1000,
  ipPerDay: 1000,
  quotaBytes: 100 * MB,
};

describe.skipIf(!dbReady)("uploads: rate limits and quota", () => {
  let app: TestApp;
  const upload = (user: TestUser, bytes: Uint8Array = pngOf(100), lang = "en") => {
    const form = new FormData();
    form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], "x.png", { type: "image/png" }));
    return app.request<{ filePath: string }>("/api/p/file/upload?folder=review", {
      method: "POST",
      headers: { Authorization: user.token, "Accept-Language": lang },
      body: form,
    });
  };
  const rowsOf = async (user: TestUser) =>
    app.ctx.db.select().from(uploadOwners).where(eq(uploadOwners.userId, user.userId));
  const filesOnDisk = async () => {
    try {
      return (await fs.readdir(path.join(app.ctx.config.dataDir, "uploads", "review"))).length;
    } catch {
      return 0;
    }
  };

  beforeAll(async () => {
    app = await createTestApp();
    for (const size of [100, 300 * 1024, 600 * 1024]) made.set(size, new Uint8Array(await noisePng(size)));
  });
  afterAll(async () => {
    await app?.close();
  });

  it("defaults come from the environment: 20 a minute, 200 a day, 200 MB", () => {
    expect(app.ctx.config.uploadLimits).toMatchObject({ ownerPerMinute: 20, ownerPerDay: 200, quotaBytes: 200 * MB });
  });

  it("per owner: past the limit the upload is refused with 429 in the request's language, nothing stored", async () => {
    app.ctx.config.uploadLimits = { ...WIDE, ownerPerDay: 3 };
    const u = await createTestUser(app, "busy");
    for (let i = 0; i < 3; i++) okData(await upload(u));
    const files = await filesOnDisk();
    for (const [lang, msg] of [
      ["en", "Too many uploads; please try again later"],
      ["zh", "上传过于频繁，请稍后再试"],
      ["zh-tw", "上傳過於頻繁，請稍後再試"],
    ] as const) {
      const res = await upload(u, pngOf(100), lang);
      expect(res.status, lang).toBe(429);
      expect(res.body, lang).toMatchObject({ code: "A00001", msg });
    }
    expect(await rowsOf(u)).toHaveLength(3);
    expect(await filesOnDisk()).toBe(files);
    // Another buyer is not stopped by it.
    okData(await upload(await createTestUser(app, "calm")));
    // The count is a row of the shared rate_limits table (every process sees it).
    const rows = await app.ctx.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `upload:user:${u.userId}:%`));
    expect(rows.map((r) => r.key).sort()).toEqual([`upload:user:${u.userId}:day`, `upload:user:${u.userId}:minute`]);
  });

  it("per IP: all buyers of one address together", async () => {
    app.ctx.config.uploadLimits = { ...WIDE, ipPerDay: 1000 };
    const now = new Date();
    const a = { userId: "ip-a", shopId: null };
    const b = { userId: "ip-b", shopId: null };
    const limits = { ...WIDE, ipPerMinute: 2 };
    await admitUpload(app.ctx.db, a, "203.0.113.9", 10, limits, now);
    await admitUpload(app.ctx.db, b, "203.0.113.9", 10, limits, now);
    await expect(admitUpload(app.ctx.db, b, "203.0.113.9", 10, limits, now)).rejects.toMatchObject({
      key: "upload.uploadTooMany",
      httpStatus: 429,
    });
    await admitUpload(app.ctx.db, b, "203.0.113.10", 10, limits, now);
    // The next minute is a new window.
    await admitUpload(app.ctx.db, a, "203.0.113.9", 10, limits, new Date(now.getTime() + 60_000));
  });

  it("quota: the recorded sizes add up; a file that would pass the quota is refused, in each language", async () => {
    app.ctx.config.uploadLimits = { ...WIDE, quotaBytes: 1 * MB };
    const u = await createTestUser(app, "hoarder");
    okData(await upload(u, pngOf(600 * 1024)));
    expect(await usedBytes(app.ctx.db, { userId: u.userId, shopId: null })).toBe(await storedSize(600 * 1024));
    for (const [lang, msg] of [
      ["en", "Your storage is full (at most 1 MB); files you no longer use are freed within a day"],
      ["zh", "您的存储空间已满（最多 1 MB），不再使用的文件会在一天内释放"],
    ] as const) {
      const res = await upload(u, pngOf(600 * 1024), lang);
      expect(res.body, lang).toMatchObject({ code: "A00001", msg });
    }
    expect(await rowsOf(u)).toHaveLength(1);
    okData(await upload(u, pngOf(300 * 1024)));
  });

  it("quota at its edge: uploads at the same moment cannot pass it together; what it refuses is not kept", async () => {
    app.ctx.config.uploadLimits = { ...WIDE, quotaBytes: 1 * MB };
    const u = await createTestUser(app, "racer");
    okData(await upload(u, pngOf(300 * 1024)));
    const files = await filesOnDisk();
    // 700 KB left: each of six 300 KB uploads fits alone, two fit together.
    const results = await Promise.all(Array.from({ length: 6 }, () => upload(u, pngOf(300 * 1024))));
    const ok = results.filter((r) => r.body.success);
    expect(ok).toHaveLength(2);
    for (const r of results.filter((x) => !x.body.success))
      expect(r.body).toMatchObject({
        code: "A00001",
        msg: "Your storage is full (at most 1 MB); files you no longer use are freed within a day",
      });
    expect(await usedBytes(app.ctx.db, { userId: u.userId, shopId: null })).toBe(3 * (await storedSize(300 * 1024)));
    expect(await rowsOf(u)).toHaveLength(3);
    // Only the two admitted files were kept.
    expect(await filesOnDisk()).toBe(files + 2);
  });

  it("a shop's decoration pictures count against the shop", async () => {
    app.ctx.config.uploadLimits = { ...WIDE, ownerPerDay: 1 };
    const token = okData(
      await app.request<{ accessToken: string }>("/api/merchant/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: "shop02", password: "Shop1234" }),
      }),
    ).accessToken;
    const send = () => {
      const form = new FormData();
      form.append("file", new File([pngOf(100) as Uint8Array<ArrayBuffer>], "d.png", { type: "image/png" }));
      return app.request<{ filePath: string }>("/api/merchant/file/upload", {
        method: "POST",
        headers: { Authorization: token },
        body: form,
      });
    };
    const { filePath } = okData(await send());
    expect((await app.ctx.db.select().from(uploadOwners).where(eq(uploadOwners.path, filePath)))[0]).toMatchObject({
      shopId: 2,
      userId: null,
      size: await storedSize(100),
    });
    expect((await send()).status).toBe(429);
  });
});
