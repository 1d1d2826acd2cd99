/** /uploads of a test app on a free port (the server's own handler: variants on request, private files to their readers). */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { uploadsHandler } from "../../../src/server/http/uploads.ts";
import type { TestApp } from "../helpers.ts";

/** Serves the app's uploads (`platformToken` opens private ones); answers the base URL and how to stop. */
export async function serveUploads(app: TestApp, platformToken = ""): Promise<{ base: string; close: () => void }> {
  const serve = uploadsHandler(app.ctx.storage, app.ctx.db, platformToken);
  const server = http.createServer((req, res) =>
    serve(req, res, (req.url ?? "").slice("/uploads".length), () => {
      res.statusCode = 404;
      res.end();
    }),
  );
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
