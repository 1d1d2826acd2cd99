/**
 * Uploads on shared storage (providers/storage.ts, STORAGE=database): a file uploaded through one
 * process is served by another process with another data directory, both on one database.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../../src/server/db/schema/index.ts";
import { hashToken, newToken } from "../../../src/server/domain/account/tokens.ts";
import { DatabaseFileStorage, LocalFileStorage, type FileStorage } from "../../../src/server/providers/storage.ts";
import { uploadsHandler } from "../../../src/server/http/uploads.ts";
import { DEMO_USER } from "../../../src/server/seed/index.ts";
import sharp from "sharp";
import { createTestApp, dbReady, okData, PNG_1X1, type TestApp } from "../helpers.ts";

/** A second "process": its own /uploads server over its own storage object. */
async function serve(storage: FileStorage): Promise<{ base: string; close: () => Promise<void> }> {
  const handle = uploadsHandler(storage);
  const server = http.createServer((req, res) =>
    handle(req, res, (req.url ?? "/").slice("/uploads".length), () => {
      res.statusCode = 404;
      res.end();
    }),
  );
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.skipIf(!dbReady)("upload storage shared through the database", () => {
  let app: TestApp;
  let token: string;
  let local: FileStorage;

  beforeAll(async () => {
    app = await createTestApp();
    local = app.ctx.storage;
    // This process stores uploads in the database, as every process of a STORAGE=database deployment.
    app.ctx.storage = new DatabaseFileStorage(app.ctx.db);
    token = newToken();
    await app.ctx.db.insert(sessions).values({
      tokenHash: hashToken(token),
      kind: "user",
      userId: DEMO_USER.userId,
      expiresAt: new Date(Date.now() + 3600_000),
    });
  });
  afterAll(async () => {
    if (app) app.ctx.storage = local;
    await app?.close();
  });

  it("an upload through one process is served by another with another data directory", async () => {
    const form = new FormData();
    form.append("file", new File([PNG_1X1], "me.png", { type: "image/png" }));
    const res = await app.request<{ filePath: string }>("/api/p/file/upload?folder=review", {
      method: "POST",
      headers: { Authorization: token },
      body: form,
    });
    const { filePath } = okData(res);
    expect(filePath).toMatch(/^\/uploads\/review\/[0-9a-f-]{36}\.png$/);
    // Nothing in this process's data directory: the file lives in the shared database.
    expect(fs.existsSync(path.join(app.ctx.config.dataDir, "uploads", "review"))).toBe(false);

    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), "mall-other-process-"));
    const other = await serve(new DatabaseFileStorage(app.ctx.db));
    const diskOnly = await serve(new LocalFileStorage(path.join(otherDir, "uploads")));
    try {
      const got = await fetch(`${other.base}${filePath}`);
      expect(got.status).toBe(200);
      // The pipeline's re-encoded copy: the same pixels.
      expect(
        await sharp(Buffer.from(await got.arrayBuffer()))
          .raw()
          .toBuffer(),
      ).toEqual(await sharp(PNG_1X1).raw().toBuffer());
      expect(got.headers.get("content-type")).toBe("image/png");
      expect(got.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(got.headers.get("x-content-type-options")).toBe("nosniff");
      const etag = got.headers.get("etag")!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
      expect((await fetch(`${other.base}${filePath}`, { headers: { "If-None-Match": etag } })).status).toBe(304);
      // The same path on a machine keeping uploads on its own disk: not there (why STORAGE=database exists).
      expect((await fetch(`${diskOnly.base}${filePath}`)).status).toBe(404);
    } finally {
      await other.close();
      await diskOnly.close();
    }
  });

  it("a later upload's review checks find the file through the shared storage", async () => {
    const p = await app.ctx.storage.save(PNG_1X1, "png", "review");
    expect(await new DatabaseFileStorage(app.ctx.db).exists(p)).toBe(true);
    expect(await new DatabaseFileStorage(app.ctx.db).exists(p.replace(/\.png$/, ".gif"))).toBe(false);
    expect(await new DatabaseFileStorage(app.ctx.db).exists("/uploads/review/../x.png")).toBe(false);
  });

  it("put replaces a named file and its ETag changes with the bytes", async () => {
    const storage = new DatabaseFileStorage(app.ctx.db);
    await storage.put("/uploads/seed/t/1.svg", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"));
    const first = (await storage.read("/uploads/seed/t/1.svg"))!;
    await storage.put("/uploads/seed/t/1.svg", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' width='2'/>"));
    const second = (await storage.read("/uploads/seed/t/1.svg"))!;
    expect(second.etag).not.toBe(first.etag);
    const chunks: Buffer[] = [];
    for await (const c of await second.stream()) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toContain("width='2'");
    await expect(storage.put("/uploads/../etc/x.svg", Buffer.from("x"))).rejects.toThrow(/bad storage path/);
  });
});
