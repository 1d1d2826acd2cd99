/**
 * The one server process (ARCHITECTURE.md "One process, three doors"):
 *   /api/*                 → the Hono API
 *   /im/websocket/...      → chat websocket (src/server/http/chat-socket.ts; docs/chat.md)
 *   /uploads/*             → stored images (the upload storage, looked up per request: src/server/http/uploads.ts)
 *   everything else        → hashed client assets, then Astro pages (@astrojs/node, middleware mode)
 * HTML and JSON are compressed (brotli or gzip); public pages go through the render cache
 * (src/server/http/render-cache/cache.ts), whose hits are answered first of all; SIGTERM shuts down
 * gracefully.
 */
import http from "node:http";
import path from "node:path";
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import compression from "compression";
import sirv from "sirv";
import { getRequestListener } from "@hono/node-server";
import { loadConfig } from "./config.ts";
import { loadDotEnv } from "./env-file.ts";
import { bootstrap } from "./bootstrap.ts";
import { productionRefusals, REFUSED_EXIT_CODE } from "./production-guard.ts";
import { createApi, requestLocale } from "./api/app.ts";
import { servePrepared } from "./api/prepared-answer.ts";
import { securityHeaders } from "./http/security.ts";
import { COMPRESS_THRESHOLD, STREAM_BROTLI_OPTIONS } from "./http/render-cache/encoding.ts";
import { pageRoute, queryHasControlChars } from "./http/locale-route.ts";
import { answerAfterBody, bodyVerdict, continueUnlessRefused, isApiUrl } from "./http/body-limit.ts";
import { uploadsHandler } from "./http/uploads.ts";
import { startImageWorker } from "./domain/image/image-worker.ts";
import { connectionDrain } from "./http/drain.ts";
import { useSyncDigests } from "./http/fast-digest.ts";
import { envelope } from "./api/envelope.ts";
import { describeError } from "./error-log.ts";
import { getT } from "../i18n/index.ts";
import { ResponseCode } from "../lib/api-types.ts";
import { localeFromHeader } from "../lib/locale.ts";
import { RenderCache, renderCacheOptionsFromEnv } from "./http/render-cache/cache.ts";
import { pageCacheTags } from "./http/render-cache/page-policy.ts";
import { scheduleUploadCleanup, startJobRunner } from "./all-jobs.ts";
import { openChatBus } from "./domain/chat/chat-bus.ts";
import { createChatServer } from "./http/chat-socket.ts";
import { logLevelFrom, logger } from "./log.ts";
import { trackRequest } from "./http/observability/access-log.ts";
import { createMetrics } from "./http/observability/metrics.ts";

type NodeHandler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  next?: (err?: unknown) => void,
  locals?: object,
) => Promise<void> | void;

/**
 * 413 / 411 without handling the body (src/server/http/body-limit.ts): the envelope for the API, a
 * short text for pages; the connection is closed. The body is read and thrown away first (bounded,
 * answerAfterBody) so a client that writes it all before reading sees the answer, not EPIPE.
 */
function refuseBody(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: 411 | 413,
  tooLargeKey: string,
  isApi: boolean,
): void {
  const locale = isApi ? localeFromHeader(req.headers["accept-language"]) : pageRoute(req.url ?? "/").locale;
  const msg = getT(locale)(status === 413 ? tooLargeKey : "api.lengthRequired");
  res.statusCode = status;
  res.setHeader("Connection", "close");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Type", isApi ? "application/json; charset=utf-8" : "text/plain; charset=utf-8");
  const text = isApi ? JSON.stringify(envelope(ResponseCode.SHOW_FAIL, null, msg)) : msg;
  answerAfterBody(req, () => res.end(text));
}

export async function startServer() {
  const t0 = performance.now();
  // Astro's per-render CSP hashes of inline scripts, without WebCrypto's thread-pool round trips.
  useSyncDigests();
  // .env fills in what the environment lacks (never overrides it), before anything reads it.
  loadDotEnv((msg) => logger.info(msg));
  logger.level = logLevelFrom(process.env.LOG_LEVEL);
  const config = loadConfig();
  const log = (msg: string) => logger.info(msg);
  const refusals = productionRefusals(config);
  if (refusals.length > 0) {
    // Plain text on stderr: the operator reads it at the console before anything runs.
    console.error(
      `[mall] refusing to start in production (NODE_ENV=production):\n${refusals.map((r) => `  - ${r}`).join("\n")}\nSee docs/security.md "Production checklist".`,
    );
    process.exit(REFUSED_EXIT_CODE);
  }
  if (config.production && !config.previewSecret) log("PREVIEW_SECRET is not set: decoration previews are refused");
  const ctx = await bootstrap(config, { log });
  const api = createApi(ctx);
  // Due-time jobs (close unpaid orders, auto-confirm receipt): JOBS=0 turns the runner off in this
  // process (another process or `npm run ops -- jobs run` does them); JOBS_INTERVAL_MS, default 15 s.
  const jobsInterval = Number(process.env.JOBS_INTERVAL_MS) > 0 ? Number(process.env.JOBS_INTERVAL_MS) : 15_000;
  const stopJobs = process.env.JOBS === "0" ? null : startJobRunner(ctx.db, jobsInterval);
  // The recurring clean-up of unused uploads (domain/upload/upload-cleanup.ts) is one row of the jobs table.
  if (stopJobs) await scheduleUploadCleanup(ctx.db, new Date());
  // The image worker makes the ladder of every recorded picture (domain/image/image-worker.ts):
  // IMAGE_WORKER=0 turns it off in this process (another process does it; `npm run ops -- image-backfill` makes what is missing).
  const stopImages = process.env.IMAGE_WORKER === "0" ? null : startImageWorker(ctx.db, ctx.storage);
  const apiListener = getRequestListener(api.fetch);

  const uploads = uploadsHandler(ctx.storage, ctx.db, ctx.config.platformApiToken);
  const clientDir = path.resolve("dist/client");
  const assets = sirv(clientDir, {
    dev: false,
    etag: true,
    gzip: false,
    brotli: false,
    setHeaders(res, pathname) {
      res.setHeader(
        "Cache-Control",
        pathname.startsWith("/_astro/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });
  const entry = path.resolve("dist/server/entry.mjs");
  if (!fs.existsSync(entry)) throw new Error("dist/server/entry.mjs is missing: run `npm run build` first");
  const { handler: astroHandler } = (await import(pathToFileURL(entry).href)) as { handler: NodeHandler };

  const secure = securityHeaders(config);
  // The render cache follows the content changes the read models follow (one feed per process).
  const renderCache = new RenderCache({ feed: ctx.content.feed, decorate: secure, ...renderCacheOptionsFromEnv() });
  const compress = compression({ threshold: COMPRESS_THRESHOLD, brotli: STREAM_BROTLI_OPTIONS });
  let inFlight = 0;
  let chatSockets = () => 0;
  const metrics = createMetrics({
    token: process.env.METRICS_TOKEN || undefined,
    database: ctx.database,
    renderCache: () => renderCache.stats(),
    readModels: () => [
      { store: "public", entries: ctx.content.memo.size, bytes: ctx.content.memo.bytes },
      { store: "buyers", entries: ctx.buyers.memo.size, bytes: ctx.buyers.memo.bytes },
    ],
    catalogueReads: () => ctx.reads.stats,
    connections: () => new Promise((resolve) => server.getConnections((_e, n) => resolve(n ?? 0))),
    chatSockets: () => chatSockets(),
  });

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    // Every answer carries a request id (the proxy's, or a new one; the API's error log names it),
    // is counted in the metrics and gets one access log line (http/observability/access-log.ts).
    drain.track(res);
    const reqId = trackRequest(req, res, metrics);
    const url0 = req.url ?? "/";
    if (metrics.serve(req, res, reqId)) return;
    // A stored page is answered before anything else (static files, routing, middleware).
    if (renderCache.serveHit(req, res)) return;
    // A public API answer kept ready (api/prepared-answer.ts) likewise.
    if (
      req.method === "GET" &&
      req.url?.startsWith("/api/") &&
      servePrepared(
        ctx.content.memo,
        requestLocale(req.headers["accept-language"], req.headers.cookie),
        req,
        res,
        (out) => secure(req, out),
      )
    )
      return;
    inFlight++;
    res.on("close", () => inFlight--);
    secure(req, res);
    const isApi = isApiUrl(url0);
    const body = bodyVerdict(req.method ?? "GET", url0, req.headers, isApi);
    if (!body.ok) return refuseBody(req, res, body.status, body.key, isApi);
    compress(req as never, res as never, () => {
      const url = req.url ?? "/";
      if (isApi) {
        // A write through this process's API expires the change feed itself (src/server/api/app.ts).
        void apiListener(req, res);
      } else if (url.startsWith("/uploads/")) {
        uploads(req, res, url.slice("/uploads".length), () => {
          res.statusCode = 404;
          res.setHeader("Content-Type", "text/plain; charset=utf-8");
          res.end("Not found");
        });
      } else {
        assets(req, res, () => {
          // Locale prefixes (/zh-tw, /en) are stripped here and handed to Astro as locals;
          // anything Astro does not match (or a foreign locale prefix) renders the 404 page.
          // A cacheable page sees only the query parameters it reads (render-cache/page-policy.ts boundedQuery).
          const page = renderCache.resolve(url);
          const route = page ? { locale: page.locale, path: page.path, foreign: false } : pageRoute(url);
          const locals = {
            locale: route.locale,
            pathNoLocale: route.path,
            cacheTags: new Set<string>(),
            cacheAge: {} as { maxAgeMs?: number },
          };
          // A control character in the query (NUL, a line break …): the 400 page, before any page
          // (or the render cache) reads the query — it never reaches a database query or a log.
          if (queryHasControlChars(url)) {
            req.url = "/404";
            // Astro answers its 404 route with 404 whatever the page sets: this one is a 400.
            const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => http.ServerResponse;
            res.writeHead = ((_status: number, ...rest: unknown[]) => writeHead(400, ...rest)) as typeof res.writeHead;
            void astroHandler(
              req,
              res,
              () => {
                res.statusCode = 400;
                res.end();
              },
              { ...locals, notFound: true, badRequest: true },
            );
            return;
          }
          // `out` is the real response, or the render cache's in-memory capture of it.
          const renderPage = (out: http.ServerResponse) => {
            const notFound = () => {
              req.url = "/404";
              void astroHandler(
                req,
                out,
                () => {
                  out.statusCode = 404;
                  out.end();
                },
                { ...locals, notFound: true },
              );
            };
            if (route.foreign) return notFound();
            req.url = route.path;
            void astroHandler(
              req,
              out,
              (err) => {
                if (err) {
                  out.statusCode = 500;
                  out.end();
                } else notFound();
              },
              locals,
            );
          };
          // Public pages: in-memory render cache + ETag/304 + CDN Cache-Control (docs/architecture.md).
          if (page && renderCache.applies(req, page.path)) {
            const pathname = page.path.split("?")[0]!;
            void renderCache.handle(
              req,
              res,
              page.key,
              renderPage,
              () => [...pageCacheTags(pathname), ...locals.cacheTags],
              () => locals.cacheAge.maxAgeMs,
            );
          } else renderPage(res);
        });
      }
    });
  };
  const server = http.createServer(handle);
  continueUnlessRefused(server, handle);
  // SIGTERM: keep-alive connections close after their answer (http/drain.ts).
  const drain = connectionDrain(server);
  // Longer than a proxy's idle upstream keep-alive (nginx: 60 s) so the proxy, not this process,
  // closes idle connections: a request never races a close (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  // Chat: this process's sockets; events reach the other processes through LISTEN/NOTIFY on PostgreSQL.
  ctx.chatBus = await openChatBus(ctx.database);
  const chat = createChatServer(ctx, ctx.chatBus);
  chatSockets = () => chat.size;
  server.on("upgrade", (req, socket, head) => chat.handleUpgrade(req, socket, head));

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  log(
    `listening on http://localhost:${config.port} (${ctx.database.driver}; ready in ${Math.round(performance.now() - t0)} ms)`,
  );

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    ctx.draining = true;
    log(`${signal}: stop accepting, finishing ${inFlight} in-flight request(s)…`);
    await chat.close();
    // Readiness answers 503 and every answer closes its connection; for SHUTDOWN_GRACE_MS (default
    // 2 s) the process still accepts, so a proxy's keep-alive connections end after an answer
    // instead of being closed under a request (a POST cannot be retried: 502). Then it stops
    // accepting (the proxy retries refused connections elsewhere) and finishes what is in flight.
    drain.start();
    const grace = Number(process.env.SHUTDOWN_GRACE_MS || 2_000);
    await new Promise((r) => setTimeout(r, Number.isFinite(grace) && grace >= 0 ? grace : 2_000));
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await stopJobs?.();
    await stopImages?.();
    await ctx.database.close();
    log("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  startServer().catch((err: unknown) => {
    logger.fatal({ err: describeError(err) }, "failed to start");
    process.exit(1);
  });
}
