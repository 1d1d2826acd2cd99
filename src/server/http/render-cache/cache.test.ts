import { describe, expect, it } from "vitest";
import type { IncomingMessage } from "node:http";
import zlib from "node:zlib";
import type { CaptureResponse } from "./capture.ts";
import { LARGE_BODY, RenderCache, renderCacheOptionsFromEnv } from "./cache.ts";

describe("RenderCache with a fake version source", () => {
  /** A minimal response recorder for RenderCache.handle. */
  function fakeRes() {
    const headers = new Map<string, unknown>();
    const res = {
      statusCode: 200,
      statusMessage: "",
      headersSent: false,
      body: Buffer.alloc(0),
      ended: false,
      setHeader(n: string, v: unknown) {
        headers.set(n.toLowerCase(), v);
        return res;
      },
      getHeader: (n: string) => headers.get(n.toLowerCase()),
      removeHeader: (n: string) => headers.delete(n.toLowerCase()),
      end(b?: Buffer | string) {
        if (b) res.body = Buffer.from(b);
        res.ended = true;
        res.headersSent = true;
      },
      destroy() {},
      headers,
    };
    return res;
  }
  const req = (headers: Record<string, string> = {}, method = "GET") =>
    ({ method, url: "/", headers }) as unknown as IncomingMessage;

  function setup(opts: { maxEntries?: number; maxAgeMs?: number; enabled?: boolean; admitAfter?: number } = {}) {
    let version = 1;
    let t = 0;
    let renders = 0;
    const cache = new RenderCache({ version: async () => version, versionIntervalMs: 1000, now: () => t, ...opts });
    const render =
      (body: string, extra: Record<string, string> = {}, status = 200) =>
      (out: import("node:http").ServerResponse) => {
        renders++;
        out.writeHead(status, { "content-type": "text/html; charset=utf-8", ...extra });
        out.end(body);
      };
    return {
      cache,
      render,
      get renders() {
        return renders;
      },
      setVersion: (v: number) => (version = v),
      tick: (ms: number) => (t += ms),
      async get(
        key: string,
        r: ReturnType<typeof render>,
        headers: Record<string, string> = {},
        method = "GET",
        maxAgeMs?: number,
      ) {
        const res = fakeRes();
        await cache.handle(req(headers, method), res as never, key, r, undefined, () => maxAgeMs);
        return res;
      },
    };
  }

  it("admitAfter 2: a page asked for once is not stored; its second request is", async () => {
    const s = setup({ admitAfter: 2 });
    for (let i = 0; i < 50; i++)
      expect((await s.get(`zh /detail/${i}`, s.render(`p${i}`))).headers.get("x-cache")).toBe("MISS");
    expect(s.cache.stats()).toMatchObject({ entries: 0, notAdmitted: 50 });
    expect((await s.get("zh /detail/7", s.render("p7"))).headers.get("x-cache")).toBe("MISS");
    const hit = await s.get("zh /detail/7", s.render("again"));
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(hit.body.toString()).toBe("p7");
    expect(s.cache.stats()).toMatchObject({ entries: 1 });
  });

  it("a miss is compressed at the quick level, even when kept; hits use the kept copy", async () => {
    const s = setup();
    const html = "<p>" + "product page ".repeat(400) + "</p>";
    const miss = await s.get("zh /x", s.render(html), { "accept-encoding": "br" });
    expect(miss.headers.get("content-encoding")).toBe("br");
    expect(zlib.brotliDecompressSync(miss.body).toString()).toBe(html);
    await new Promise((r) => setTimeout(r, 50));
    const hit = await s.get("zh /x", s.render("other"), { "accept-encoding": "gzip" });
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(zlib.gunzipSync(hit.body).toString()).toBe(html);
  });

  it("a large body is kept only as its compressed copies; every encoding, none and HEAD still answer it whole", async () => {
    const s = setup({ admitAfter: 2 });
    const key = "zh /sitemap-zh-products-1.xml";
    const xml =
      "<urlset>" +
      Array.from({ length: 12_000 }, (_, i) => `<url><loc>/detail/${i}</loc></url>`).join("") +
      "</urlset>";
    expect(xml.length).toBeGreaterThan(LARGE_BODY);
    const render = s.render(xml, { "content-type": "application/xml" });
    const miss = await s.get(key, render, { "accept-encoding": "gzip" });
    expect(miss.headers.get("x-cache")).toBe("MISS");
    expect(zlib.gunzipSync(miss.body).toString()).toBe(xml);
    await new Promise((r) => setTimeout(r, 100));
    // Kept: the two copies only, a small part of the body's size.
    expect(s.cache.stats().bytes).toBeLessThan(xml.length / 4);
    const br = await s.get(key, render, { "accept-encoding": "br" });
    expect(br.headers.get("x-cache")).toBe("HIT");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(xml);
    const plain = await s.get(key, render);
    expect(plain.headers.get("x-cache")).toBe("HIT");
    expect(plain.headers.get("content-encoding")).toBeUndefined();
    expect(plain.body.toString()).toBe(xml);
    expect(plain.headers.get("content-length")).toBe(String(xml.length));
    const head = await s.get(key, render, {}, "HEAD");
    expect(head.headers.get("content-length")).toBe(String(xml.length));
    expect(s.renders).toBe(1);
  });

  it("a page of any size is kept as its two compressed copies; one asked without an encoding is decompressed", async () => {
    const s = setup({ admitAfter: 1 });
    const html = `<html>${Array.from({ length: 2_000 }, (_, i) => `<p>item ${i}</p>`).join("")}</html>`;
    const render = s.render(html);
    expect((await s.get("zh /notice-list", render, { "accept-encoding": "br" })).headers.get("x-cache")).toBe("MISS");
    await new Promise((r) => setTimeout(r, 100));
    expect(s.cache.stats().bytes).toBeLessThan(html.length / 2);
    const plain = await s.get("zh /notice-list", render);
    expect(plain.headers.get("x-cache")).toBe("HIT");
    expect(plain.headers.get("content-encoding")).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
    const gz = await s.get("zh /notice-list", render, { "accept-encoding": "gzip" });
    expect(zlib.gunzipSync(gz.body).toString()).toBe(html);
    expect(s.renders).toBe(1);
  });

  it("a sitemap is kept at its first request; once changed its old copy is answered while one fresh render runs", async () => {
    const s = setup({ admitAfter: 2 });
    const key = "zh /sitemap-zh-products-3.xml";
    const xml = (v: string) => s.render(`<urlset>${v}</urlset>`, { "content-type": "application/xml" });
    expect((await s.get(key, xml("v1"))).headers.get("x-cache")).toBe("MISS");
    expect((await s.get(key, xml("x"))).headers.get("x-cache")).toBe("HIT");
    s.setVersion(2);
    s.tick(1000);
    // Changed: the old copy at once, and one render in the background however many ask meanwhile.
    const before = s.renders;
    const stale = await Promise.all([s.get(key, xml("v2")), s.get(key, xml("v2")), s.get(key, xml("v2"))]);
    expect(stale.map((r) => r.headers.get("x-cache"))).toEqual(["STALE", "STALE", "STALE"]);
    expect(stale.map((r) => r.body.toString())).toEqual(Array(3).fill("<urlset>v1</urlset>"));
    await new Promise((r) => setTimeout(r, 20));
    expect(s.renders).toBe(before + 1);
    const fresh = await s.get(key, xml("v3"));
    expect(fresh.headers.get("x-cache")).toBe("HIT");
    expect(fresh.body.toString()).toBe("<urlset>v2</urlset>");
    expect(s.cache.stats()).toMatchObject({ stale: 3, entries: 1 });
    // Too old likewise: answered, then made again.
    s.tick(61_000);
    expect((await s.get(key, xml("v4"))).headers.get("x-cache")).toBe("STALE");
    await new Promise((r) => setTimeout(r, 20));
    expect((await s.get(key, xml("v5"))).body.toString()).toBe("<urlset>v4</urlset>");
    // Other pages are dropped as before.
    await s.get("zh /detail/1", s.render("d1"));
    await s.get("zh /detail/1", s.render("d1"));
    s.setVersion(3);
    s.tick(1000);
    expect((await s.get("zh /detail/1", s.render("d2"))).headers.get("x-cache")).toBe("MISS");
  });

  it("an entry's own shorter age limit wins over the cache's", async () => {
    const s = setup({ maxAgeMs: 60_000 });
    await s.get("zh /list?pn=a", s.render("a"), {}, "GET", 10_000);
    s.tick(5_000);
    expect((await s.get("zh /list?pn=a", s.render("b"), {}, "GET", 10_000)).headers.get("x-cache")).toBe("HIT");
    s.tick(5_000);
    const late = await s.get("zh /list?pn=a", s.render("b"), {}, "GET", 10_000);
    expect(late.headers.get("x-cache")).toBe("MISS");
    expect(late.body.toString()).toBe("b");
  });

  it("MISS then HIT with the same ETag; 304 for a matching If-None-Match", async () => {
    const s = setup();
    const a = await s.get("zh /", s.render("<h1>home</h1>"));
    expect(a.headers.get("x-cache")).toBe("MISS");
    expect(a.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(a.headers.get("vary")).toBe("Accept-Encoding");
    const b = await s.get("zh /", s.render("<h1>other</h1>"));
    expect(b.headers.get("x-cache")).toBe("HIT");
    expect(b.body.toString()).toBe("<h1>home</h1>");
    expect(b.headers.get("etag")).toBe(a.headers.get("etag"));
    expect(s.renders).toBe(1);
    const c = await s.get("zh /", s.render("x"), { "if-none-match": String(a.headers.get("etag")) });
    expect(c.statusCode).toBe(304);
    expect(c.body.length).toBe(0);
    expect(s.cache.stats()).toMatchObject({ entries: 1, hits: 2, misses: 1 });
  });

  it("with the memory cache off every response is rendered and marked BYPASS, ETag/304 still work", async () => {
    const s = setup({ enabled: false });
    const a = await s.get("zh /", s.render("<h1>home</h1>"));
    const b = await s.get("zh /", s.render("<h1>home</h1>"));
    expect([a.headers.get("x-cache"), b.headers.get("x-cache")]).toEqual(["BYPASS", "BYPASS"]);
    expect(s.renders).toBe(2);
    const c = await s.get("zh /", s.render("<h1>home</h1>"), { "if-none-match": String(a.headers.get("etag")) });
    expect(c.statusCode).toBe(304);
  });

  it("a new content version invalidates every entry (read at most once per second)", async () => {
    const s = setup();
    await s.get("zh /", s.render("v1"));
    await s.get("en /", s.render("v1"));
    s.setVersion(2);
    s.tick(500);
    expect((await s.get("zh /", s.render("v2"))).body.toString()).toBe("v1"); // version not re-read yet
    s.tick(500);
    const r = await s.get("zh /", s.render("v2"));
    expect(r.headers.get("x-cache")).toBe("MISS");
    expect(r.body.toString()).toBe("v2");
    expect(s.cache.stats()).toMatchObject({ entries: 1, invalidations: 1 });
  });

  it("entries expire after maxAgeMs", async () => {
    const s = setup({ maxAgeMs: 60_000 });
    await s.get("zh /", s.render("a"));
    s.tick(59_000);
    expect((await s.get("zh /", s.render("b"))).headers.get("x-cache")).toBe("HIT");
    s.tick(1_000);
    expect((await s.get("zh /", s.render("b"))).body.toString()).toBe("b");
  });

  it("does not store responses that set a cookie or fail, and sends them unchanged", async () => {
    const s = setup();
    const a = await s.get("zh /", s.render("a", { "set-cookie": "x=1" }));
    expect(a.headers.get("x-cache")).toBe("BYPASS");
    expect(a.headers.get("set-cookie")).toBe("x=1");
    expect(a.headers.get("etag")).toBeUndefined();
    const b = await s.get("zh /", s.render("err", {}, 500));
    expect(b.statusCode).toBe(500);
    expect(s.cache.stats().entries).toBe(0);
    const c = await s.get("zh /", s.render("nf", {}, 404));
    expect(c.headers.get("x-cache")).toBe("MISS");
    expect((await s.get("zh /", s.render("nf2", {}, 404))).body.toString()).toBe("nf");
  });

  it("stays bounded by the entry count", async () => {
    const s = setup({ maxEntries: 2 });
    for (const k of ["a", "b", "c"]) await s.get(k, s.render(k));
    expect(s.cache.stats().entries).toBe(2);
    expect((await s.get("a", s.render("a2"))).headers.get("x-cache")).toBe("MISS");
  });

  it("compresses cached bodies once per encoding", async () => {
    const s = setup();
    const html = `<html>${"<p>hello world</p>".repeat(200)}</html>`;
    await s.get("zh /", s.render(html));
    const br = await s.get("zh /", s.render(html), { "accept-encoding": "gzip, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    const zlib = await import("node:zlib");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(html);
    const gz = await s.get("zh /", s.render(html), { "accept-encoding": "gzip" });
    expect(zlib.gunzipSync(gz.body).toString()).toBe(html);
    expect(Number(gz.headers.get("content-length"))).toBe(gz.body.length);
    const plain = await s.get("zh /", s.render(html));
    expect(plain.body.toString()).toBe(html);
    expect(plain.headers.get("content-encoding")).toBeUndefined();
  });

  it("renders HEAD as GET and stores the full body", async () => {
    const s = setup();
    let seen = "";
    await s.get(
      "zh /",
      (out) => {
        seen = String((out as unknown as CaptureResponse).req.method);
        out.writeHead(200, { "content-type": "text/html" });
        out.end("full");
      },
      {},
      "HEAD",
    );
    expect(seen).toBe("GET");
    expect((await s.get("zh /", s.render("x"))).body.toString()).toBe("full");
  });

  it("when the version cannot be read, renders every time but still sends ETag", async () => {
    const cache = new RenderCache({ version: async () => null });
    const res = fakeRes();
    await cache.handle(req(), res as never, "k", (out) => void out.end("x"));
    expect(res.headers.get("etag")).toBeDefined();
    expect(cache.stats().entries).toBe(0);
  });
});

describe("renderCacheOptionsFromEnv", () => {
  it("options from the environment", () => {
    expect(renderCacheOptionsFromEnv({})).toEqual({
      enabled: true,
      maxEntries: 100_000,
      maxBytes: 32 * 1024 * 1024,
      maxAgeMs: 60_000,
      admitAfter: 2,
    });
    expect(
      renderCacheOptionsFromEnv({ RENDER_CACHE: "0", RENDER_CACHE_MAX_ENTRIES: "10", RENDER_CACHE_ADMIT: "1" }),
    ).toMatchObject({
      enabled: false,
      maxEntries: 10,
      admitAfter: 1,
    });
  });
});

describe("bounded query strings", () => {
  it("resolve() maps URLs with any extra parameters onto one page and key", () => {
    const cache = new RenderCache({ version: async () => 1 });
    const a = cache.resolve("/en/list?cpid=1&utm=1");
    const b = cache.resolve("/en/list?zzz=2&cpid=1");
    expect(a).toEqual({ locale: "en", path: "/list?cpid=1", key: "en /list?cpid=1" });
    expect(b).toEqual(a);
    expect(cache.resolve("/user-center")).toBeNull();
    expect(cache.resolve("/fr/list")).toBeNull();
  });
});

describe("RenderCache hit path", () => {
  it("serveHit answers a stored page with its ready header block and compressed body, else declines", async () => {
    const cache = new RenderCache({
      version: async () => 1,
      decorate: (_req, res) => res.setHeader("X-Content-Type-Options", "nosniff"),
    });
    const body = `<html>${"x".repeat(4000)}</html>`;
    const written: { status?: number; headers?: string[]; body?: Buffer } = {};
    const res = {
      writeHead(status: number, headers: string[]) {
        written.status = status;
        written.headers = headers;
      },
      end(b?: Buffer) {
        written.body = b;
      },
    } as unknown as import("node:http").ServerResponse;
    const req = (headers: Record<string, string> = {}) =>
      ({ method: "GET", url: "/notice-list?x=1", headers, socket: {} }) as unknown as IncomingMessage;
    expect(cache.serveHit(req(), res)).toBe(false); // nothing read, nothing stored
    const page = cache.resolve("/notice-list")!;
    const out = {
      statusCode: 0,
      headers: new Map<string, unknown>(),
      setHeader(n: string, v: unknown) {
        out.headers.set(n.toLowerCase(), v);
      },
      end() {},
      getHeader: () => undefined,
      removeHeader() {},
    };
    await cache.handle(
      req(),
      out as never,
      page.key,
      (o) => {
        o.writeHead(200, { "content-type": "text/html" });
        o.end(body);
      },
      () => ["site"],
    );
    await new Promise((r) => setTimeout(r, 50)); // background compression
    expect(cache.serveHit(req({ "accept-encoding": "gzip" }), res)).toBe(true);
    expect(written.status).toBe(200);
    const h = Object.fromEntries(
      written.headers!.reduce<[string, string][]>((acc, v, i, a) => (i % 2 ? acc : [...acc, [v, a[i + 1]!]]), []),
    );
    expect(h).toMatchObject({
      "x-content-type-options": "nosniff",
      "content-type": "text/html",
      "x-cache": "HIT",
      "content-encoding": "gzip",
      vary: "Accept-Encoding",
    });
    expect(zlib.gunzipSync(written.body!).toString()).toBe(body);
    expect(h["content-length"]).toBe(String(written.body!.length));
    // Conditional requests take the full path (304 there).
    expect(cache.serveHit(req({ "if-none-match": "x" }), res)).toBe(false);
  });

  it("pages stored at once get their compressed copies in the background only a few at a time; the others at their first hit", async () => {
    const cache = new RenderCache({ version: async () => 1, admitAfter: 1 });
    const written: { headers?: string[]; body?: Buffer } = {};
    const res = {
      writeHead: (_s: number, headers: string[]) => (written.headers = headers),
      end: (b?: Buffer) => (written.body = b),
    } as unknown as import("node:http").ServerResponse;
    const req = (url: string, headers: Record<string, string> = { "accept-encoding": "br" }) =>
      ({ method: "GET", url, headers, socket: {} }) as unknown as IncomingMessage;
    const sink = () => ({ statusCode: 0, setHeader() {}, getHeader: () => undefined, removeHeader() {}, end() {} });
    // Bodies that take brotli a while: the twelve stores happen before any compression is back.
    let seed = 7;
    const text = () =>
      Array.from({ length: 60_000 }, () =>
        ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % 36).toString(36),
      ).join("");
    const urls = Array.from({ length: 12 }, (_, i) => `/notice-list?current=${i + 1}`);
    const bodies = urls.map(() => `<html>${text()}</html>`);
    await Promise.all(
      urls.map((url, i) =>
        cache.handle(req(url), sink() as never, cache.resolve(url)!.key, (o) => {
          o.writeHead(200, { "content-type": "text/html" });
          o.end(bodies[i]);
        }),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    const ready = urls.filter((u) => cache.serveHit(req(u), res));
    expect(ready).toHaveLength(4);
    // Another page's first hit makes its copy (the full path), and from then on it is ready.
    const other = urls.find((u) => !ready.includes(u))!;
    expect(cache.serveHit(req(other), res)).toBe(false);
    await cache.handle(req(other), sink() as never, cache.resolve(other)!.key, () => {
      throw new Error("a hit renders nothing");
    });
    expect(cache.serveHit(req(other), res)).toBe(true);
    expect(zlib.brotliDecompressSync(written.body!).toString()).toBe(bodies[urls.indexOf(other)]);
  });
});
