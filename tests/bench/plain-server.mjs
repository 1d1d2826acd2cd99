/**
 * The bench's plain Node reference for cached page hits: node:http answering every request with
 * the same saved bytes and headers the mall sent (tests/bench/server-speed.ts).
 * Usage: node tests/bench/plain-server.mjs <body-file> <headers-json-file> <port>
 */
import fs from "node:fs";
import http from "node:http";

const [bodyFile, headerFile, port] = process.argv.slice(2);
const body = fs.readFileSync(bodyFile);
const headers = JSON.parse(fs.readFileSync(headerFile, "utf8")).flat();
const server = http.createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 5000;
server.listen(Number(port), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
