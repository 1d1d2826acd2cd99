/**
 * The render cache in the real HTTP chain of main.ts (security headers → compression → cache →
 * a fake "Astro" handler that writes like the node adapter), with the real public content
 * version from the database: a change to a public table (trigger in migration 0002) makes the
 * next request a MISS.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../../src/server/db/schema/index.ts";
import { RenderCache } from "../../../src/server/http/render-cache/cache.ts";
import { cacheKey } from "../../../src/server/http/render-cache/page-policy.ts";
import { dbVersionSource } from "../../../src/server/http/render-cache/version.ts";
import { securityHeaders } from "../../../src/server/http/security.ts";
import { createTestApp, dbReady, type TestApp } from "../helpers.ts";

interface Sent {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

describe.skipIf(!dbReady)("render cache over HTTP", () => {
  let app: TestApp;
  let server: http.Server;
  let base: string;
  let renders = 0;
  let cache: RenderCache;

  beforeAll(async () => {
    app = await createTestApp();
    cache = new RenderCache({ version: dbVersionSource(app.ctx.db), versionIntervalMs: 0 });
    const compress = compression({ threshold: 1024 });
    const secure = securityHeaders(app.ctx.config);
    /** Renders like the Astro node adapter: writeHead(status, headers), chunks, end. */
    const fakeAstro = async (req: http.IncomingMessage, out: http.ServerResponse) => {
      renders++;
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/cookie") {
        out.writeHead(200, { "content-type": "text/html", "set-cookie": ["s=1; Path=/"] });
        out.end("<p>cookie</p>");
        return;
      }
      const [row] = await app.ctx.db.select({ price: products.price }).from(products).where(eq(products.prodId, 1));
      out.writeHead(url.pathname === "/detail/999999" ? 404 : 200, {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": "script-src 'self' 'sha256-abc'",
      });
      out.write(new TextEncoder().encode(`<html><body data-method="${req.method}"><p>price ${row?.price}</p>`));
      out.write(`<div>${"filler ".repeat(400)}</div>`);
      out.end("</body></html>");
    };
    server = http.createServer((req, res) => {
      secure(req, res);
      compress(req as never, res as never, () => {
        const path = req.url ?? "/";
        if (cache.applies(req, path))
          void cache.handle(req, res, cacheKey("zh", path), (out) => void fakeAstro(req, out));
        else void fakeAstro(req, res);
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await app?.close();
  });

  function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Sent> {
    return new Promise((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on("error", reject);
      req.end();
    });
  }

  it("MISS then HIT with ETag, CDN Cache-Control, Vary and the merged CSP", async () => {
    const a = await get("/detail/1?b=2&a=1");
    expect(a.status).toBe(200);
    expect(a.headers["x-cache"]).toBe("MISS");
    expect(a.headers.etag).toMatch(/^W\/"/);
    expect(a.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(a.headers.vary).toMatch(/Accept-Encoding/i);
    expect(a.headers["content-security-policy"]).toContain("'sha256-abc'");
    expect(a.headers["content-security-policy"]).toContain("frame-ancestors");
    expect(a.headers["x-content-type-options"]).toBe("nosniff");
    const before = renders;
    const b = await get("/detail/1?a=1&b=2");
    expect(b.headers["x-cache"]).toBe("HIT");
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(b.body.equals(a.body)).toBe(true);
    expect(b.headers["content-security-policy"]).toBe(a.headers["content-security-policy"]);
    expect(renders).toBe(before);
  });

  it("304 without body for a matching If-None-Match", async () => {
    const a = await get("/detail/1");
    const b = await get("/detail/1", { "If-None-Match": String(a.headers.etag) });
    expect(b.status).toBe(304);
    expect(b.body.length).toBe(0);
    expect(b.headers.etag).toBe(a.headers.etag);
  });

  it("compresses cached responses (br and gzip) and decompresses to the same HTML", async () => {
    const plain = await get("/list?st=1");
    const br = await get("/list?st=1", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await get("/list?st=1", { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(gz.headers["x-cache"]).toBe("HIT");
  });

  it("a change to a public table bumps the content version: the next request is a MISS with the new content", async () => {
    const a = await get("/detail/1");
    expect((await get("/detail/1")).headers["x-cache"]).toBe("HIT");
    await app.ctx.db
      .update(products)
      .set({ price: sql`${products.price} + 1` })
      .where(eq(products.prodId, 1));
    const b = await get("/detail/1");
    expect(b.headers["x-cache"]).toBe("MISS");
    expect(b.body.toString()).not.toBe(a.body.toString());
    expect(b.headers.etag).not.toBe(a.headers.etag);
    expect((await get("/detail/1")).headers["x-cache"]).toBe("HIT");
  });

  it("HEAD answers the headers only; the stored page is the full GET body", async () => {
    await get("/detail/2?head=1", {}, "HEAD").then((r) => {
      expect(r.status).toBe(200);
      expect(r.body.length).toBe(0);
      expect(r.headers["x-cache"]).toBe("MISS");
    });
    const g = await get("/detail/2?head=1");
    expect(g.headers["x-cache"]).toBe("HIT");
    expect(g.body.toString()).toContain('data-method="GET"');
  });

  it("404 pages are cached; other paths and cookie-setting responses are not", async () => {
    expect((await get("/detail/999999")).status).toBe(404);
    const nf = await get("/detail/999999");
    expect(nf.status).toBe(404);
    expect(nf.headers["x-cache"]).toBe("HIT");
    const user = await get("/user-center");
    expect(user.headers["x-cache"]).toBeUndefined();
    expect(user.headers["cache-control"]).toBeUndefined();
  });
});
