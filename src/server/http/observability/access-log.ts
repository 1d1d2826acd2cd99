/**
 * Every request of the server (main.ts) gets a request id, is counted in the metrics and, once
 * answered, gets one access log line (docs/operations.md "Logs"):
 *   {"level":"info",…,"reqId":"…","method":"GET","route":"/detail/:id","status":200,"ms":12,"bytes":5120,"msg":"request"}
 * The route is the pattern (route-pattern.ts: no query string, no ids); `bytes` is what went out
 * on the connection for the answer, headers included. Never the client's address, who is logged
 * in, the query string or the body. Health checks, metric scrapes and static files (hashed
 * assets, uploads, files such as /favicon.svg) are logged only when they fail (status 400 and
 * up); at LOG_LEVEL=debug always.
 */
import type http from "node:http";
import { logger } from "../../log.ts";
import { requestIdFrom } from "./request-id.ts";
import { routePattern } from "./route-pattern.ts";

/** Routes answered often and for machines, not people: logged only when they fail. */
const QUIET_ROUTE =
  /^\/(?:api\/health(?:\/|$)|metrics$|_astro\/|uploads\/)|\.(?:svg|png|jpe?g|gif|webp|avif|ico|css|js|mjs|map|woff2?|txt|webmanifest)$/;

/** Whether an answered request gets its access line at the `info` level. */
export function accessLogged(route: string, status: number): boolean {
  return status >= 400 || !QUIET_ROUTE.test(route);
}

/** What counts an answered request: the metrics (metrics.ts `observe`). */
export interface RequestObserver {
  observe(method: string, route: string, status: number, seconds: number): void;
}

/**
 * Gives the request its id (the proxy's `X-Request-Id` when it looks like one, else a new one; set
 * on the request for the API's error log and on the answer), and when the answer is finished counts
 * it and writes its access line. Answers the id.
 */
export function trackRequest(req: http.IncomingMessage, res: http.ServerResponse, observer: RequestObserver): string {
  const t0 = performance.now();
  const socket = req.socket;
  const sentBefore = socket.bytesWritten;
  const reqId = requestIdFrom(req.headers["x-request-id"]);
  req.headers["x-request-id"] = reqId;
  res.setHeader("X-Request-Id", reqId);
  const url = req.url ?? "/";
  res.on("finish", () => {
    const status = res.statusCode;
    const route = status === 404 ? "unmatched" : routePattern(url);
    const seconds = (performance.now() - t0) / 1000;
    const method = req.method ?? "GET";
    observer.observe(method, route, status, seconds);
    const level = accessLogged(route, status) ? "info" : "debug";
    if (!logger.isLevelEnabled(level)) return;
    logger[level](
      { reqId, method, route, status, ms: Math.round(seconds * 1000), bytes: socket.bytesWritten - sentBefore },
      "request",
    );
  });
  return reqId;
}
