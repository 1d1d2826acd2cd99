/**
 * Public GET answers kept ready to send (docs/performance.md "API") — cross-cutting edge code,
 * not a feature (the product detail uses it, catalog.ts; main.ts serves them): the envelope serialised
 * once and compressed once (gzip and brotli), kept in the public read models with the content
 * tags of what it shows, so a request costs little more than writing the bytes. The compression
 * middleware of main.ts leaves an answer that already has a Content-Encoding alone. main.ts
 * answers a GET whose prepared answer is ready before the API app runs (servePrepared).
 */
import zlib from "node:zlib";
import type { Context } from "hono";
import type { ApiEnv } from "./context.ts";
import { ResponseCode } from "../../lib/api-types.ts";
import type { IncomingMessage, ServerResponse } from "node:http";
import { CaptureResponse } from "../http/render-cache/capture.ts";
import { brotliOptions, COMPRESS_THRESHOLD, negotiateEncoding } from "../http/render-cache/encoding.ts";
import { envelope } from "./envelope.ts";
import { GOODS_CACHE_CONTROL } from "./http-cache.ts";

export interface PreparedAnswer {
  json: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  /** Full header lists per encoding for the fast path (made on first use). */
  raw?: Partial<Record<"identity" | "gzip" | "br", string[]>>;
}

/** Read-model key of the prepared answer of `pathWithQuery` (exactly as a client asks it) in `locale`. */
export function answerKey(locale: string, pathWithQuery: string): string {
  return `answer ${locale} ${pathWithQuery}`;
}

/**
 * Every prepared answer shows goods and is dropped on the server at a change of them: browsers ask
 * again each time (GOODS_CACHE_CONTROL), the fast path makes that cheap.
 */
function answerHeaders(encoding: "identity" | "gzip" | "br"): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "Cache-Control": GOODS_CACHE_CONTROL,
    Vary: "Accept-Language, Cookie, Accept-Encoding",
  };
  if (encoding !== "identity") headers["Content-Encoding"] = encoding;
  return headers;
}

/**
 * The fast path (main.ts, before the API app): a GET whose prepared answer is in the read models
 * is written at once with the headers the API would send (`decorate` adds the security headers).
 * False: not prepared (or not current), the API answers it.
 */
export function servePrepared(
  memo: { peek<T>(key: string): T | undefined },
  locale: string,
  req: IncomingMessage,
  res: ServerResponse,
  decorate: (res: ServerResponse) => void,
): boolean {
  if (req.headers["x-forwarded-proto"] !== undefined || (req.socket as { encrypted?: boolean } | undefined)?.encrypted)
    return false;
  const a = memo.peek<{ prepared: PreparedAnswer | null }>(answerKey(locale, req.url ?? ""))?.prepared;
  if (!a) return false;
  const encoding = a.gzip ? negotiateEncoding(req.headers["accept-encoding"]) : "identity";
  const body = encoding === "br" ? a.br! : encoding === "gzip" ? a.gzip! : a.json;
  a.raw ??= {};
  let raw = a.raw[encoding];
  if (!raw) {
    const out = new CaptureResponse(req);
    decorate(out as unknown as ServerResponse);
    for (const [n, v] of Object.entries(answerHeaders(encoding))) out.setHeader(n, v);
    out.setHeader("Content-Length", String(body.length));
    raw = Object.entries(out.getHeaders()).flatMap(([n, v]) =>
      Array.isArray(v) ? v.flatMap((x) => [n, String(x)]) : [n, String(v)],
    );
    a.raw[encoding] = raw;
  }
  res.writeHead(200, raw);
  res.end(body);
  return true;
}

/**
 * Compression levels of a prepared answer: "best" for an answer asked again and again (a product's),
 * "quick" for one that may be asked once (a search: brotli 5 / gzip 6, a fraction of the time).
 */
const LEVELS = { best: { gzip: 9, br: 9 }, quick: { gzip: 6, br: 5 } } as const;

/** The OK envelope of `data`, serialised and (from 1 KB) compressed. */
export function prepareAnswer(data: unknown, levels: keyof typeof LEVELS = "best"): PreparedAnswer {
  const json = Buffer.from(JSON.stringify(envelope(ResponseCode.OK, data)));
  if (json.length < COMPRESS_THRESHOLD) return { json, gzip: null, br: null };
  const { gzip, br } = LEVELS[levels];
  return {
    json,
    gzip: zlib.gzipSync(json, { level: gzip }),
    br: zlib.brotliCompressSync(json, brotliOptions(br, json.length)),
  };
}

/** What a kept answer shows: its data, the content tags it depends on, and when it stops being true by itself (ms). */
export interface KeptData {
  data: unknown;
  tags: string[];
  until?: number;
}

/**
 * A public, user-independent GET answered from the read models (docs/performance.md "API"):
 * `load` gives the data and the tags of what it shows; the answer is kept serialised and
 * compressed under the request's exact path and query, so the next ask of the same URL is written
 * by main.ts's fast path before the API app runs, until a change of one of its tags (or `until`).
 * Concurrent asks of an answer not kept yet share one load.
 */
export async function keptAnswer(c: Context<ApiEnv>, load: () => Promise<KeptData>): Promise<Response> {
  const url = new URL(c.req.url);
  const { memo } = c.var.app.content;
  const answer = await memo.get(
    answerKey(c.var.locale, url.pathname + url.search),
    (a: { prepared: PreparedAnswer; tags: string[] }) => a.tags,
    async () => {
      const d = await load();
      return { prepared: prepareAnswer(d.data, "quick"), tags: d.tags, until: d.until ?? Infinity };
    },
    { until: (a) => a.until },
  );
  return sendPrepared(c, answer.prepared);
}

/** Sends a prepared answer in the best encoding the client accepts (GOODS_CACHE_CONTROL). */
export function sendPrepared(c: Context, a: PreparedAnswer): Response {
  const encoding = a.gzip ? negotiateEncoding(c.req.header("accept-encoding")) : "identity";
  const body = encoding === "br" ? a.br! : encoding === "gzip" ? a.gzip! : a.json;
  const headers = answerHeaders(encoding);
  return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), 200, headers);
}
