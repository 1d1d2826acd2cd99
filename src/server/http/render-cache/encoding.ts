/**
 * HTTP validators and content negotiation of the render cache (and of prepared API answers):
 * weak ETags, If-None-Match, the best accepted encoding (br, then gzip) and which bodies are
 * worth compressing.
 */
import { createHash } from "node:crypto";
import zlib from "node:zlib";

/** Bodies smaller than this are not compressed (also the compression middleware's threshold, main.ts). */
export const COMPRESS_THRESHOLD = 1024;

/** Weak ETag of a body: W/"<sha1 base64>". */
export function weakEtag(body: Buffer): string {
  return `W/"${createHash("sha1").update(body).digest("base64")}"`;
}

/** Whether an If-None-Match header matches the ETag (weak comparison; "*" matches). */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const raw = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(",") : ifNoneMatch;
  const opaque = (t: string) => t.trim().replace(/^W\//, "");
  const want = opaque(etag);
  return raw.split(",").some((t) => t.trim() === "*" || opaque(t) === want);
}

export type ContentEncoding = "br" | "gzip" | "identity";

/** The best encoding the client accepts: br, then gzip, else identity (q=0 refuses). */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding {
  if (!acceptEncoding) return "identity";
  const raw = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : acceptEncoding;
  const q = new Map<string, number>();
  for (const part of raw.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    q.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const star = q.get("*");
  const accepts = (enc: string) => (q.has(enc) ? q.get(enc)! > 0 : star !== undefined && star > 0);
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
}

/** Content types worth compressing. */
export function isCompressible(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const t = contentType.split(";")[0]!.trim().toLowerCase();
  return (
    t.startsWith("text/") ||
    t === "application/xml" ||
    t === "application/json" ||
    t.endsWith("+xml") ||
    t.endsWith("+json") ||
    t === "application/javascript"
  );
}

/**
 * Brotli options for a body of `size` bytes at `quality`: the size hint, and a window (LGWIN) just
 * large enough for the whole body. Brotli's default window (4 MB) makes the encoder allocate
 * buffers of several hundred KB per call, above glibc's mmap threshold as the servers run it
 * (MALLOC_MMAP_THRESHOLD_, docs/performance.md "Memory"): each call then maps and faults in fresh
 * pages. A 72 KB product page at quality 2 took 0.65-1.2 ms that way and takes 0.28 ms with a
 * 128 KB window, to the same bytes (a window that holds the whole body loses nothing).
 */
export function brotliOptions(quality: number, size: number): zlib.BrotliOptions {
  const {
    BROTLI_PARAM_QUALITY,
    BROTLI_PARAM_SIZE_HINT,
    BROTLI_PARAM_LGWIN,
    BROTLI_MIN_WINDOW_BITS,
    BROTLI_MAX_WINDOW_BITS,
  } = zlib.constants;
  // The window holds (1 << lgwin) - 16 bytes.
  const lgwin = Math.min(BROTLI_MAX_WINDOW_BITS, Math.max(BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 16))));
  return { params: { [BROTLI_PARAM_QUALITY]: quality, [BROTLI_PARAM_SIZE_HINT]: size, [BROTLI_PARAM_LGWIN]: lgwin } };
}

/**
 * Brotli options of the compression middleware (main.ts), which compresses a stream of unknown
 * size: its default quality (4) with a 256 KB window instead of brotli's 4 MB, for the reason
 * above — a 20 KB streamed answer 3.2-3.6 ms → 2.8 ms; bodies over 256 KB compress a little less.
 */
export const STREAM_BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
};
