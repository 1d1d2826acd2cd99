/**
 * The one request body limit (docs/security.md "Limits"): every request body, API or page, is
 * at most BODY_MAX_BYTES (1 MB) — uploads (POST /api/p/file/upload) at most UPLOAD_BODY_MAX_BYTES
 * (the 2 MB image limit plus the multipart envelope). Larger bodies are answered 413 before they
 * are read: main.ts checks Content-Length for every request (refuseOversizedBody), and the API
 * also counts chunked bodies as they stream in (apiBodyLimit in src/server/api/app.ts). Page
 * requests must declare their length (browsers always do for form posts): a chunked body to a
 * page is answered 411. Routes may set smaller limits of their own (e.g. 4 KB for login).
 */
import type http from "node:http";
import { IMAGE_MAX_BYTES } from "../../lib/constants.ts";

export const BODY_MAX_BYTES = 1024 * 1024;
export const UPLOAD_BODY_MAX_BYTES = IMAGE_MAX_BYTES + 64 * 1024;

/** The upload endpoints (multipart); every other body is JSON or a form. */
const UPLOAD_PATHS = new Set(["/api/p/file/upload"]);

/** The body limit of a request path (without query). */
export function bodyLimitFor(pathname: string): number {
  return UPLOAD_PATHS.has(pathname.replace(/\/+$/, "")) ? UPLOAD_BODY_MAX_BYTES : BODY_MAX_BYTES;
}

/** The message of a refusal: uploads say what the person can fix ("image too large, at most 2 MB"). */
export function bodyTooLargeKey(pathname: string): string {
  return UPLOAD_PATHS.has(pathname.replace(/\/+$/, "")) ? "auth.imageTooLarge" : "api.bodyTooLarge";
}

export type BodyVerdict = { ok: true } | { ok: false; status: 411 | 413; limit: number };

/** What the headers say about a body: too large (413), a page body of unknown length (411), or fine. */
export function bodyVerdict(method: string, url: string, headers: http.IncomingHttpHeaders, isApi: boolean): BodyVerdict {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return { ok: true };
  const pathname = url.split("?")[0] ?? "/";
  const limit = bodyLimitFor(pathname);
  const lengthHeader = headers["content-length"];
  if (lengthHeader !== undefined) {
    const length = Number(lengthHeader);
    if (!Number.isFinite(length) || length > limit) return { ok: false, status: 413, limit };
    return { ok: true };
  }
  if (headers["transfer-encoding"] && !isApi) return { ok: false, status: 411, limit };
  return { ok: true };
}
