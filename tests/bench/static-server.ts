/**
 * The bench's reference server: node:http answering every request with the same saved HTML
 * bytes, compressed the way src/server/main.ts compresses (brotli quality 4 or gzip level 6 by
 * the `compression` middleware, threshold 1 KB).
 *   mode "fly":       through the `compression` middleware on every request (like an uncached page);
 *   mode "precompressed": the compressed bodies made once at start (like a static file server
 *                      with precompressed files — the upper bound for this page).
 * Usage: tsx tests/bench/static-server.ts <html-file> <port> [fly|precompressed]
 */
import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";
import compression from "compression";

const [file, portArg, mode = "fly"] = process.argv.slice(2);
if (!file || !portArg) {
  console.error("usage: static-server.ts <html-file> <port> [fly|precompressed]");
  process.exit(2);
}
const body = fs.readFileSync(file);
const compress = compression({ threshold: 1024 });
const br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
const gzip = zlib.gzipSync(body);

function precompressed(req: http.IncomingMessage, res: http.ServerResponse) {
  const accept = String(req.headers["accept-encoding"] ?? "");
  const [encoding, bytes] = /\bbr\b/.test(accept)
    ? ["br", br]
    : /\bgzip\b/.test(accept)
      ? ["gzip", gzip]
      : [null, body];
  res.statusCode = 200;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Vary", "Accept-Encoding");
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(bytes.length));
  res.end(bytes);
}

const server = http.createServer((req, res) => {
  if (mode === "precompressed") return precompressed(req, res);
  compress(req as never, res as never, () => {
    res.statusCode = 200;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(body);
  });
});
server.keepAliveTimeout = 5000;
server.listen(Number(portArg), "127.0.0.1", () => console.log(`static server (${mode}) listening on ${portArg}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
