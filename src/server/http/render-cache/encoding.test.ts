import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { brotliOptions, etagMatches, negotiateEncoding, STREAM_BROTLI_OPTIONS, weakEtag } from "./encoding.ts";

describe("HTTP helpers", () => {
  it("weak ETag and If-None-Match", () => {
    const etag = weakEtag(Buffer.from("hello"));
    expect(etag).toMatch(/^W\/"[A-Za-z0-9+/=]+"$/);
    expect(etag).toBe(weakEtag(Buffer.from("hello")));
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`"x", ${etag.slice(2)}`, etag)).toBe(true);
    expect(etagMatches("*", etag)).toBe(true);
    expect(etagMatches('W/"other"', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });

  it("negotiates br, then gzip", () => {
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br");
    expect(negotiateEncoding("gzip, br;q=0")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("identity")).toBe("identity");
    expect(negotiateEncoding(undefined)).toBe("identity");
    expect(negotiateEncoding("deflate")).toBe("identity");
  });

  it("brotli options: a window just large enough for the body, the same bytes as the default window", () => {
    const { BROTLI_PARAM_LGWIN, BROTLI_PARAM_QUALITY, BROTLI_PARAM_SIZE_HINT } = zlib.constants;
    const window = (size: number) => brotliOptions(2, size).params![BROTLI_PARAM_LGWIN];
    expect(window(0)).toBe(10);
    expect(window(72_000)).toBe(17);
    expect(window((1 << 17) - 16)).toBe(17);
    expect(window((1 << 17) - 15)).toBe(18);
    expect(window(50 * 1024 * 1024)).toBe(24);
    const page = Buffer.from(
      Array.from({ length: 3000 }, (_, i) => `<li data-i="${i}">简体中文 · product ${i % 97}</li>`).join(""),
    );
    const options = brotliOptions(2, page.length);
    expect(options.params![BROTLI_PARAM_QUALITY]).toBe(2);
    expect(options.params![BROTLI_PARAM_SIZE_HINT]).toBe(page.length);
    const small = zlib.brotliCompressSync(page, options);
    expect(zlib.brotliDecompressSync(small).equals(page)).toBe(true);
    const wide = zlib.brotliCompressSync(page, { params: { [BROTLI_PARAM_QUALITY]: 2 } });
    expect(small.length).toBeLessThanOrEqual(wide.length + 16);
  });

  it("the middleware's brotli stream: quality 4, a 256 KB window, a body larger than it round-trips", async () => {
    const body = Buffer.from(
      Array.from({ length: 40_000 }, (_, i) => `{"id":${i},"name":"商品 ${i % 211}"}`).join(","),
    );
    expect(body.length).toBeGreaterThan(1 << 18);
    const stream = zlib.createBrotliCompress(STREAM_BROTLI_OPTIONS);
    const parts: Buffer[] = [];
    stream.on("data", (d: Buffer) => parts.push(d));
    const done = new Promise((resolve) => stream.on("end", resolve));
    stream.end(body);
    await done;
    expect(zlib.brotliDecompressSync(Buffer.concat(parts)).equals(body)).toBe(true);
  });
});
