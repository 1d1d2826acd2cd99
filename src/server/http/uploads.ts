/**
 * /uploads/* — stored images from DATA_DIR/uploads, looked up on every request, so a file saved a
 * moment ago (an avatar just uploaded, by this or another process sharing the folder) is served
 * at once. Stored names are unique (uuid) and never rewritten, so they are cacheable for a day
 * with an ETag; only the storage's own path shape is served (no dot files, no "..").
 */
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";

const PUBLIC_PATH = /^\/((?:[A-Za-z0-9][A-Za-z0-9_-]{0,63}\/)+)([A-Za-z0-9][A-Za-z0-9._-]{0,120})$/;
const TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  avif: "image/avif",
};

/** A handler for paths relative to /uploads ("/avatar/<uuid>.png"); calls notFound() for anything it does not serve. */
export function uploadsHandler(root: string) {
  const base = path.resolve(root);
  return (req: http.IncomingMessage, res: http.ServerResponse, pathname: string, notFound: () => void): void => {
    let rel: string;
    try {
      rel = decodeURIComponent(pathname.split("?")[0] ?? "");
    } catch {
      return notFound();
    }
    const m = PUBLIC_PATH.exec(rel);
    const type = m ? TYPES[(m[2]!.split(".").pop() ?? "").toLowerCase()] : undefined;
    if (!m || !type || rel.includes("..")) return notFound();
    const abs = path.join(base, ...rel.slice(1).split("/"));
    if (!abs.startsWith(base + path.sep)) return notFound();
    fs.stat(abs, (err, st) => {
      if (err || !st.isFile()) return notFound();
      const etag = `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
      res.setHeader("Cache-Control", "public, max-age=86400");
      res.setHeader("ETag", etag);
      res.setHeader("Last-Modified", st.mtime.toUTCString());
      if (req.headers["if-none-match"] === etag) {
        res.statusCode = 304;
        return res.end();
      }
      res.statusCode = 200;
      res.setHeader("Content-Type", type);
      res.setHeader("Content-Length", st.size);
      // SVG may carry script: never run it as a document of this origin.
      if (type === "image/svg+xml")
        res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      if (req.method === "HEAD") return res.end();
      fs.createReadStream(abs)
        .on("error", () => res.destroy())
        .pipe(res);
    });
  };
}
