import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalFileStorage } from "../providers/storage.ts";
import { notModified, uploadsHandler } from "./uploads.ts";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe("uploadsHandler", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "mall-uploads-"));
  const storage = new LocalFileStorage(root);
  let server: http.Server;
  let base = "";
  beforeAll(async () => {
    const handle = uploadsHandler(storage);
    server = http.createServer((req, res) =>
      handle(req, res, (req.url ?? "/").slice("/uploads".length), () => {
        res.statusCode = 404;
        res.end();
      }),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("serves a file stored after the server started, at once, cacheable for a year under its random name", async () => {
    const p = await storage.save(PNG, "png", "avatar");
    expect(p).toMatch(/^\/uploads\/avatar\/[0-9a-f-]{36}\.png$/);
    const res = await fetch(`${base}${p}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBeNull();
    const etag = res.headers.get("etag")!;
    const again = await fetch(`${base}${p}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
  });

  it("keeps the seed's named images a day, and runs no SVG as a document", async () => {
    await storage.put("/uploads/seed/p/1.svg", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"));
    const res = await fetch(`${base}/uploads/seed/p/1.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("serves nothing outside the storage's path shape, and no stored file that is not an image", async () => {
    fs.writeFileSync(path.join(root, ".secret.png"), "x");
    fs.writeFileSync(path.join(root, "avatar", "note.txt"), "x");
    const pdf = await storage.save(Buffer.from("%PDF-1.4\n%%EOF\n"), "pdf", "invoice");
    for (const p of [
      "/uploads/.secret.png",
      "/uploads/avatar/note.txt",
      "/uploads/avatar/..%2f..%2fetc%2fpasswd",
      "/uploads/avatar/%2e%2e/x.png",
      "/uploads/",
      "/uploads/avatar/",
      pdf,
    ]) {
      expect((await fetch(`${base}${p}`)).status, p).toBe(404);
    }
  });
});

describe("notModified", () => {
  it("matches strong and weak forms of the ETag, lists and *", () => {
    expect(notModified('"abc"', '"abc"')).toBe(true);
    expect(notModified('W/"abc"', '"abc"')).toBe(true);
    expect(notModified('"x", "abc"', '"abc"')).toBe(true);
    expect(notModified("*", '"abc"')).toBe(true);
    expect(notModified('"abd"', '"abc"')).toBe(false);
    expect(notModified(undefined, '"abc"')).toBe(false);
  });
});
