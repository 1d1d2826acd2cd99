import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadsHandler } from "./uploads.ts";

describe("uploadsHandler", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "mall-uploads-"));
  let server: http.Server;
  let base = "";
  beforeAll(async () => {
    const handle = uploadsHandler(root);
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

  it("serves a file saved after the server started, at once", async () => {
    expect((await fetch(`${base}/uploads/avatar/new.png`)).status).toBe(404);
    fs.mkdirSync(path.join(root, "avatar"), { recursive: true });
    fs.writeFileSync(path.join(root, "avatar", "new.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const res = await fetch(`${base}/uploads/avatar/new.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const etag = res.headers.get("etag")!;
    expect((await fetch(`${base}/uploads/avatar/new.png`, { headers: { "If-None-Match": etag } })).status).toBe(304);
  });

  it("serves nothing outside the storage's path shape", async () => {
    fs.writeFileSync(path.join(root, ".secret.png"), "x");
    fs.writeFileSync(path.join(root, "avatar", "note.txt"), "x");
    for (const p of [
      "/uploads/.secret.png",
      "/uploads/avatar/note.txt",
      "/uploads/avatar/..%2f..%2fetc%2fpasswd",
      "/uploads/avatar/%2e%2e/x.png",
      "/uploads/",
      "/uploads/avatar/",
    ]) {
      expect((await fetch(`${base}${p}`)).status, p).toBe(404);
    }
  });
});
