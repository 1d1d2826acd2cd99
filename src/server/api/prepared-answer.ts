/**
 * Public GET answers kept ready to send (docs/performance.md "API"): the envelope serialised
 * once and compressed once (gzip and brotli), kept in the public read models with the content
 * tags of what it shows, so a request costs little more than writing the bytes. The compression
 * middleware of main.ts leaves an answer that already has a Content-Encoding alone.
 */
import zlib from "node:zlib";
import type { Context } from "hono";
import { ResponseCode } from "../../lib/api-types.ts";
import { COMPRESS_THRESHOLD, negotiateEncoding } from "../http/render-cache.ts";
import { envelope } from "./envelope.ts";

export interface PreparedAnswer {
  json: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
}

/** The OK envelope of `data`, serialised and (from 1 KB) compressed. */
export function prepareAnswer(data: unknown): PreparedAnswer {
  const json = Buffer.from(JSON.stringify(envelope(ResponseCode.OK, data)));
  if (json.length < COMPRESS_THRESHOLD) return { json, gzip: null, br: null };
  return {
    json,
    gzip: zlib.gzipSync(json, { level: 9 }),
    br: zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length } }),
  };
}

/** Sends a prepared answer in the best encoding the client accepts, cacheable for `maxAgeSeconds` like cachePublic. */
export function sendPrepared(c: Context, a: PreparedAnswer, maxAgeSeconds = 60): Response {
  const encoding = a.gzip ? negotiateEncoding(c.req.header("accept-encoding")) : "identity";
  const body = encoding === "br" ? a.br! : encoding === "gzip" ? a.gzip! : a.json;
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "Cache-Control": `public, max-age=${maxAgeSeconds}`,
    Vary: "Accept-Language, Cookie, Accept-Encoding",
  };
  if (encoding !== "identity") headers["Content-Encoding"] = encoding;
  return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), 200, headers);
}
