/**
 * /uploads/* — stored images, read from the storage on every request (providers/storage.ts: the
 * local folder or the shared database), so a file stored a moment ago by this or any other
 * process is served at once. Only image types are served here; other stored files (invoice PDFs)
 * are downloaded through their feature's API by the people allowed to (docs/invoice.md).
 */
import type http from "node:http";
import { Readable } from "node:stream";
import type { Db } from "../db/client.ts";
import { parseVariantPath } from "../domain/image/image-ladder.ts";
import { variantOnRequest } from "../domain/image/image-store.ts";
import type { FileStorage, StoredFile } from "../providers/storage.ts";

const IMAGE_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  avif: "image/avif",
};
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

/** A handler for paths relative to /uploads ("/avatar/<uuid>.png"); calls notFound() for anything it does not serve. */
export function uploadsHandler(storage: FileStorage, db?: Db) {
  return (req: http.IncomingMessage, res: http.ServerResponse, pathname: string, notFound: () => void): void => {
    let publicPath: string;
    try {
      publicPath = `/uploads${decodeURIComponent(pathname.split("?")[0] ?? "")}`;
    } catch {
      return notFound();
    }
    const type = IMAGE_TYPES[(publicPath.split(".").pop() ?? "").toLowerCase()];
    if (!type) return notFound();
    void readOrMake(db, storage, publicPath).then(
      async (file) => {
        if (!file) return notFound();
        const headers = storedFileHeaders(publicPath, file, type);
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
