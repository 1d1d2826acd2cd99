/**
 * /uploads/* — stored images, read from the storage on every request (providers/storage.ts: the
 * local folder or the shared database), so a file stored a moment ago by this or any other
 * process is served at once. Only image types are served publicly. Private uploads (store
 * application documents, invoice files: domain/upload/private-upload.ts) are answered only to
 * their owner — the buyer's session (Authorization or the login cookie), the shop's merchant token
 * — and to the platform's token, never cached by anyone else; to others they are a 404 like a file
 * that does not exist. The same holds for a private picture's preview (one small WebP, made on its
 * first request: src/lib/image/private.ts). Invoice PDFs are also downloaded through their feature's API (docs/invoice.md).
 */
import type http from "node:http";
import { Readable } from "node:stream";
import type { Db } from "../db/client.ts";
import { findUserSession } from "../domain/account/auth.ts";
import { hashToken } from "../domain/account/tokens.ts";
import { parseVariantPath } from "../domain/image/image-ladder.ts";
import { privatePreviewOnRequest, variantOnRequest } from "../domain/image/image-store.ts";
import { findMerchantSession } from "../domain/merchant/merchant.ts";
import { isPrivateUpload, privatePreviewSource } from "../../lib/image/private.ts";
import { mayReadPrivateUpload, type PrivateReader } from "../domain/upload/private-upload.ts";
import { platformTokenOk } from "../api/platform-auth.ts";
import { bearerToken } from "./bearer-token.ts";
import { isStoragePath, type FileStorage, type StoredFile } from "../providers/storage.ts";

const IMAGE_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  avif: "image/avif",
};
/** What a private upload may be: a picture, or an invoice PDF (a download). */
const PRIVATE_TYPES: Record<string, string> = { ...IMAGE_TYPES, pdf: "application/pdf" };

/**
 * Stored names are random and never rewritten, and a variant's name holds its source's content
 * hash (domain/image/image-ladder.ts): both are immutable. The seed's images keep their names
 * across reseeds.
 */
const UUID_NAME = /\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]+$/;

/**
 * The headers of a stored file's answer: ETag, caching (a year and immutable for uuid names),
 * `nosniff`, and for anything that is not a raster image a sandbox CSP — SVG may carry script, a
 * PDF may be an HTML polyglot — plus, with `attachment`, a download instead of a page.
 */
export function storedFileHeaders(
  publicPath: string,
  file: StoredFile,
  type: string,
  opts: { attachment?: string; private?: boolean } = {},
): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Type": type,
    "Content-Length": String(file.size),
    ETag: file.etag,
    "Last-Modified": file.lastModified.toUTCString(),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": opts.private
      ? "private, no-cache"
      : UUID_NAME.test(publicPath) || parseVariantPath(publicPath)
        ? "public, max-age=31536000, immutable"
        : "public, max-age=86400",
  };
  if (!type.startsWith("image/") || type === "image/svg+xml")
    headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
  if (opts.attachment) {
    const ascii = opts.attachment.replace(/[^A-Za-z0-9._-]/g, "_");
    headers["Content-Disposition"] =
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(opts.attachment)}`;
  }
  return headers;
}

/** Whether the request's If-None-Match names this file's ETag (weak or strong). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || bare(t) === bare(etag));
}

/**
 * A stored file as a web Response (the API's downloads, e.g. invoice PDFs): the headers of
 * storedFileHeaders, 304 when `ifNoneMatch` names its ETag, the bytes streamed otherwise.
 */
export async function storedFileResponse(
  publicPath: string,
  file: StoredFile,
  type: string,
  opts: { attachment?: string; private?: boolean; ifNoneMatch?: string; head?: boolean },
): Promise<Response> {
  const headers = storedFileHeaders(publicPath, file, type, opts);
  if (notModified(opts.ifNoneMatch, file.etag)) {
    const kept = Object.fromEntries(["ETag", "Cache-Control", "Last-Modified"].map((h) => [h, headers[h]!]));
    return new Response(null, { status: 304, headers: kept });
  }
  if (opts.head) return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(await file.stream()) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}

/**
 * The stored file at `publicPath`; a variant of a known picture's ladder that the background
 * worker has not made yet is made now (domain/image/image-store.ts), never any other size.
 */
async function readOrMake(db: Db | undefined, storage: FileStorage, publicPath: string): Promise<StoredFile | null> {
  const file = await storage.read(publicPath);
  if (file || !db) return file;
  const variant = parseVariantPath(publicPath);
  if (!variant || !(await variantOnRequest(db, storage, variant))) return null;
  return storage.read(publicPath);
}

/** The login cookie's token (src/client/token.ts), or "". */
function cookieToken(header: string | undefined): string {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === "token") {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return "";
      }
    }
  }
  return "";
}

/** Who the request speaks for: the platform's token, a buyer's session (header or cookie), a shop's session. */
async function readersOf(req: http.IncomingMessage, db: Db, platformToken: string): Promise<PrivateReader[]> {
  const header = bearerToken(req.headers.authorization);
  if (platformTokenOk(header, platformToken)) return [{ platform: true }];
  const now = new Date();
  const readers: PrivateReader[] = [];
  for (const token of new Set([header, cookieToken(req.headers.cookie)])) {
    if (!token) continue;
    const buyer = await findUserSession(db, hashToken(token), now);
    if (buyer) readers.push({ userId: buyer.userId });
    const shop = await findMerchantSession(db, token, now);
    if (shop) readers.push({ shopId: shop.shopId });
  }
  return readers;
}

/**
 * A private upload, or the preview of a private picture (made now if it was not yet), for a reader
 * allowed to see the picture (its owner, the platform); null for anyone else.
 */
async function readPrivate(
  req: http.IncomingMessage,
  db: Db | undefined,
  storage: FileStorage,
  publicPath: string,
  platformToken: string,
): Promise<StoredFile | null> {
  if (!db) return null;
  const previewOf = privatePreviewSource(publicPath);
  const source = previewOf ?? publicPath;
  if (!(await mayReadPrivateUpload(db, source, await readersOf(req, db, platformToken)))) return null;
  const file = await storage.read(publicPath);
  if (file || !previewOf || !(await privatePreviewOnRequest(storage, previewOf))) return file;
  return storage.read(publicPath);
}

/**
 * A handler for paths relative to /uploads ("/avatar/<uuid>.png"); calls notFound() for anything it
 * does not serve. `platformToken` (PLATFORM_API_TOKEN) opens every private upload.
 */
export function uploadsHandler(storage: FileStorage, db?: Db, platformToken = "") {
  return (req: http.IncomingMessage, res: http.ServerResponse, pathname: string, notFound: () => void): void => {
    // Taken as sent, never decoded: a stored file's name needs no escape (isStoragePath), so an
    // escaped slash, dot or control character, a "..", a made-up shape or an over-long name is a
    // 404 here, before the database is asked anything about it. The query is not read.
    const publicPath = `/uploads${pathname.split("?")[0] ?? ""}`;
    if (!isStoragePath(publicPath)) return notFound();
    const ext = (publicPath.split(".").pop() ?? "").toLowerCase();
    const isPrivate = isPrivateUpload(publicPath);
    const type = (isPrivate ? PRIVATE_TYPES : IMAGE_TYPES)[ext];
    if (!type) return notFound();
    const found = isPrivate
      ? readPrivate(req, db, storage, publicPath, platformToken)
      : readOrMake(db, storage, publicPath);
    void found.then(
      async (file) => {
        if (!file) return notFound();
        const headers = storedFileHeaders(publicPath, file, type, {
          private: isPrivate,
          attachment: ext === "pdf" ? (publicPath.split("/").pop() ?? "invoice.pdf") : undefined,
        });
        if (isPrivate) headers.Vary = "Authorization, Cookie";
        if (notModified(req.headers["if-none-match"], file.etag)) {
          res.statusCode = 304;
          for (const h of ["ETag", "Cache-Control", "Last-Modified"]) res.setHeader(h, headers[h]!);
          return res.end();
        }
        res.statusCode = 200;
        for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
        if (req.method === "HEAD") return res.end();
        (await file.stream()).on("error", () => res.destroy()).pipe(res);
      },
      () => {
        res.statusCode = 500;
        res.end();
      },
    );
  };
}
