/**
 * HTTP validators and content negotiation of the render cache (and of prepared API answers):
 * weak ETags, If-None-Match, the best accepted encoding (br, then gzip) and which bodies are
 * worth compressing.
 */
import { createHash } from "node:crypto";

/** Bodies smaller than this are not compressed (same threshold as main.ts). */
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
