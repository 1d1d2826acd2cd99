/**
 * Render cache for public pages (ARCHITECTURE "Pages are user-independent"; docs/architecture.md
 * "Render cache"). Which requests and their keys: ./page-policy.ts; the store: ./lru.ts; how a
 * render is captured and which responses may be stored: ./capture.ts; ETag and encodings:
 * ./encoding.ts.
 *
 * - Where: process memory, LRU bounded by bytes (64 MB: bodies, compressed copies, headers; the
 *   entry count bound, 100,000, only guards the bookkeeping).
 * - Admission (./admission.ts): a page is stored on its second request while the first is still
 *   remembered (admitAfter 2, the server's default), so pages asked for once (a crawl of 100,000
 *   products) cost what they cost with the cache off: no compression for keeping, no memory, no
 *   eviction of the pages that are reused.
 * - Invalidation: every entry carries the content tags of what its page shows and the change-feed
 *   position it was rendered at (src/server/db/content-changes.ts: what changed in public content,
 *   from any process, read at most once per second); a change drops only the entries that show
 *   it (an entry without tags depends on every change). A plain version source (./version.ts) may
 *   stand in for the feed: then a new version drops every entry. Entries also expire after
 *   maxAgeMs (60 s) because some content changes with time alone (notice publish times,
 *   flash-sale windows).
 * - Headers: ETag W/"<sha1 base64>" (If-None-Match → 304 without body, also for responses that
 *   were not stored), Cache-Control "public, max-age=0, s-maxage=60, stale-while-revalidate=300"
 *   (browsers revalidate every time; a CDN may keep it 60 s and serve it stale up to 5 min while
 *   refreshing), Vary: Accept-Encoding, X-Cache: HIT | MISS | BYPASS (BYPASS = not cacheable, sent
 *   as rendered).
 * - Compression: a stored entry keeps brotli (quality 5) and gzip (level 6) copies of its body,
 *   made in the background once it is stored and reused by every hit (an 84 KB page: a few
 *   milliseconds, where brotli 9 took ~24 ms); the response then carries Content-Encoding and the
 *   compression middleware of main.ts leaves it alone. A response not kept is compressed at the
 *   quick levels. Bodies under 1 KB or of other types go uncompressed through the middleware.
 *   A large body (≥ 256 KB: a sitemap part is ~4.5 MB at 100,000 products) is kept only as its two
 *   compressed copies once they are made (~0.6 MB where body and copies took ~5 MB): all of a
 *   large mall's sitemap parts fit, where the full bodies evicted each other on every crawl, and
 *   the rare client that takes no encoding gets the gzip copy decompressed.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Locale } from "../../../lib/locale.ts";
import { isAffected, versionFeed, type ChangeFeed } from "../../db/content-changes.ts";
import { pageRoute } from "../locale-route.ts";
import { CaptureResponse, headerText, notStorableReason, type CapturedResponse } from "./capture.ts";
import {
  brotliOptions,
  COMPRESS_THRESHOLD,
  etagMatches,
  isCompressible,
  negotiateEncoding,
  weakEtag,
  type ContentEncoding,
} from "./encoding.ts";
import { Doorkeeper } from "./admission.ts";
import { LruCache } from "./lru.ts";
import { boundedQuery, cacheKey, isCacheablePath, isCacheableRequest, servesStale } from "./page-policy.ts";
import { DEFAULT_VERSION_INTERVAL_MS, type VersionSource } from "./version.ts";
import { logger } from "../../log.ts";
import { describeError, requestLine } from "../../error-log.ts";

export const HTML_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
export const DEFAULT_MAX_ENTRIES = 100_000;
export const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
/** Requests of a page before it is stored (1: the first; 2: the second while the first is remembered). */
export const DEFAULT_ADMIT_AFTER = 2;

export const DEFAULT_MAX_AGE_MS = 60_000;

/** Headers never stored or replayed (hop-by-hop, recomputed ones, ours). */
const DROP_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "date",
  "etag",
  "x-cache",
  "cache-control",
  "vary",
]);

export interface CacheEntry {
  key: string;
  status: number;
  headers: [string, string | string[]][];
  /** The body; null once it is kept only as its compressed copies (prepare). */
  body: Buffer | null;
  /** Length of the body (uncompressed). */
  size: number;
  etag: string | null;
  contentType: string;
  /** Change-feed position the page was rendered at. */
  version: string;
  storedAt: number;
  /** Its own age limit (ms), shorter than the cache's (search pages that carry no product tags). */
  maxAgeMs?: number | undefined;
  /** Content tags of what the page shows (empty: everything). */
  tags: ReadonlySet<string>;
  /** Answered as it was while a fresh render runs, once changed or too old (page-policy servesStale). */
  servesStale?: boolean;
  /** Something it shows changed: a servesStale entry is kept but no longer fresh. */
  stale?: boolean;
  /** Compressed copies, made on first demand (stored entries: right after storing). */
  encoded: Partial<Record<"br" | "gzip", Buffer>>;
  encoding?: Partial<Record<"br" | "gzip", Promise<Buffer>>>;
  /** The final header block of a HIT per encoding (flat name, value list for writeHead). */
  raw: Partial<Record<ContentEncoding, string[]>>;
}

export interface RenderCacheOptions {
  /** What changed in public content (dbChangeFeed): drops the entries that show it. */
  feed?: ChangeFeed;
  /** Or a single version (any change drops everything); used when no feed is given. */
  version?: VersionSource;
  maxEntries?: number;
  maxBytes?: number;
  /** 1: store a page on its first request (default here); 2: on its second (./admission.ts; the server's default). */
  admitAfter?: number;
  /** First requests remembered by the admission (2: per generation). */
  admitWindow?: number;
  versionIntervalMs?: number;
  /** Entries older than this are rendered again (time-dependent content); 0 = no limit. */
  maxAgeMs?: number;
  cacheControl?: string;
  /** false: nothing is stored or served from memory (ETag / 304 still work). */
  enabled?: boolean;
  /** Adds the headers every response carries (main.ts: the security headers), for the ready-made header blocks of hits. */
  decorate?: (req: IncomingMessage, res: ServerResponse) => void;
  now?: () => number;
}

export interface RenderCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  bypasses: number;
  invalidations: number;
  /** Misses not stored because the page was asked for the first time (admitAfter 2). */
  notAdmitted: number;
  /** Answers of a changed or old page while its fresh render ran (servesStale). */
  stale: number;
  version: string | null;
}

/** Renders a page into `out` (the real response or a CaptureResponse). */
export type RenderFn = (out: ServerResponse) => void | Promise<void>;

/** A cacheable page request: its locale, the path handed to Astro (query bounded) and the key. */
export interface ResolvedPage {
  locale: Locale;
  /** Path and bounded query without locale prefix, e.g. "/list?cpid=1". */
  path: string;
  key: string;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);
/** Compression of kept entries: made once per entry, in the background; cheap enough not to outweigh a render. */
const KEPT_BROTLI_QUALITY = 5;
const KEPT_GZIP_LEVEL = 6;
/**
 * Compression of responses that are not kept (RENDER_CACHE=0, or not storable now): quick levels,
 * since each is made for one response. A 76 KB product page (2026-11-28, same machine, same
 * minute): brotli 1 takes 0.31-0.34 ms for 16.8 KB, brotli 2 0.49-0.70 ms for 15.4 KB (quality
 * 4: ~1.0 ms, 14.5 KB); gzip 3 0.66-0.71 ms for 16.6 KB. On pages nobody asked for yet (a crawl)
 * the ~0.3 ms saved is ~6 % of a render; the 1.4 KB more is nothing on any link. Later the same
 * day, a 72 KB product page of the 100k catalogue: brotli 0 takes 0.10 ms for 16.9 KB where brotli 1
 * takes 0.21 ms for 16.2 KB, and gzip 1 0.29 ms for 16.5 KB (gzip 3: 0.39 ms, 16.0 KB); with
 * renders at ~3 ms a page, brotli 0 and gzip 1 save another 3-4 %.
 */
const FAST_BROTLI_QUALITY = 0;
const FAST_GZIP = { level: 1 };
/** Compressions of kept copies running at once from which prepare starts no more (two a page); see prepare. */
const BACKGROUND_COMPRESSIONS = 8;
/** Bodies from this size on get their compressed copies at once however many compressions run (sitemap parts). */
export const LARGE_BODY = 256 * 1024;
const RESOLVE_MEMO_MAX = 10_000;
const NO_REQUEST = { headers: {}, socket: {}, method: "GET", url: "/" } as unknown as IncomingMessage;

export class RenderCache {
  private readonly lru: LruCache<CacheEntry>;
  private readonly feed: ChangeFeed;
  private readonly maxAgeMs: number;
  private readonly cacheControl: string;
  private readonly enabled: boolean;
  private readonly decorate: RenderCacheOptions["decorate"];
  private readonly now: () => number;
  private readonly resolved = new Map<string, ResolvedPage | null>();
  private readonly encodings = new Map<string, ContentEncoding>();
  private readonly doorkeeper: Doorkeeper | null;
  private counters = { hits: 0, misses: 0, bypasses: 0, invalidations: 0, notAdmitted: 0, stale: 0 };
  /** Keys whose fresh render runs in the background (one at a time per key). */
  private readonly revalidating = new Set<string>();
  /** Compressions of kept copies running on the thread pool (prepare). */
  private compressing = 0;

  constructor(opts: RenderCacheOptions) {
    this.lru = new LruCache(opts.maxEntries ?? DEFAULT_MAX_ENTRIES, opts.maxBytes ?? DEFAULT_MAX_BYTES);
    this.now = opts.now ?? Date.now;
    const intervalMs = opts.versionIntervalMs ?? DEFAULT_VERSION_INTERVAL_MS;
    if (!opts.feed && !opts.version) throw new Error("RenderCache needs a feed or a version source");
    this.feed = opts.feed ?? versionFeed(opts.version!, { intervalMs, now: this.now });
    this.maxAgeMs = opts.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
    this.cacheControl = opts.cacheControl ?? HTML_CACHE_CONTROL;
    this.enabled = opts.enabled ?? true;
    this.decorate = opts.decorate;
    this.doorkeeper = (opts.admitAfter ?? 1) >= 2 ? new Doorkeeper(opts.admitWindow) : null;
    this.feed.subscribe((changed) => {
      let dropped = 0;
      for (const [key, e] of this.lru.entries()) {
        if (isAffected(e.tags, changed)) {
          if (e.servesStale) e.stale = true;
          else this.lru.delete(key);
          dropped++;
        }
      }
      if (dropped) this.counters.invalidations++;
    });
  }

  stats(): RenderCacheStats {
    return { entries: this.lru.size, bytes: this.lru.bytes, ...this.counters, version: this.feed.position };
  }

  clear(): void {
    this.lru.clear();
    this.doorkeeper?.clear();
  }

  /** Whether `handle` should be used for this request. pathWithQuery has no locale prefix. */
  applies(req: IncomingMessage, pathWithQuery: string): boolean {
    return isCacheableRequest(req.method, pathWithQuery);
  }

  /**
   * The cacheable page behind a request URL (with locale prefix), or null: not a cacheable
   * page path, or a foreign locale prefix. Unknown query parameters are left out of the path
   * and the key (boundedQuery). Remembered per URL (bounded).
   */
  resolve(url: string): ResolvedPage | null {
    let r = this.resolved.get(url);
    if (r !== undefined) return r;
    r = null;
    const route = pageRoute(url);
    if (!route.foreign) {
      const q = route.path.indexOf("?");
      const pathname = q === -1 ? route.path : route.path.slice(0, q);
      if (isCacheablePath(pathname)) {
        const path = pathname + boundedQuery(pathname, q === -1 ? "" : route.path.slice(q + 1));
        r = { locale: route.locale, path, key: cacheKey(route.locale, path) };
      }
    }
    if (this.resolved.size >= RESOLVE_MEMO_MAX) this.resolved.clear();
    this.resolved.set(url, r);
    return r;
  }

  /**
   * The hit path, before anything else of the request chain: answers synchronously from a stored
   * entry with its ready-made header block and compressed body, and returns true; false when the
   * request must take the full path (not a stored page, changes not looked at recently, a
   * conditional or HTTPS request, a body not compressed yet).
   */
  serveHit(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.enabled || (req.method !== "GET" && req.method !== "HEAD") || !this.feed.current()) return false;
    const url = req.url;
    if (!url) return false;
    const page = this.resolve(url);
    if (!page) return false;
    const entry = this.lru.get(page.key);
    if (!entry || entry.stale || this.expired(entry)) return false;
    const h = req.headers;
    if (
      h["if-none-match"] !== undefined ||
      h["x-forwarded-proto"] !== undefined ||
      (req.socket as { encrypted?: boolean }).encrypted
    )
      return false;
    let encoding: ContentEncoding = "identity";
    if (req.method !== "HEAD" && entry.size >= COMPRESS_THRESHOLD && isCompressible(entry.contentType)) {
      const accept = h["accept-encoding"] ?? "";
      let e = this.encodings.get(accept);
      if (e === undefined) {
        e = negotiateEncoding(accept);
        if (this.encodings.size > 100) this.encodings.clear();
        this.encodings.set(accept, e);
      }
      encoding = e;
    }
    const raw = entry.raw[encoding];
    const body = encoding === "identity" ? entry.body : entry.encoded[encoding];
    if (!raw || (!body && req.method !== "HEAD")) return false;
    this.counters.hits++;
    res.writeHead(entry.status, raw);
    if (req.method === "HEAD") res.end();
    else res.end(body ?? undefined);
    return true;
  }

  /**
   * Answers a cacheable request: from memory when a fresh entry exists (HIT), else renders it
   * into a CaptureResponse, stores it when allowed (MISS) and sends it. `tagsOf` answers, after
   * the render, the content tags of what the page showed.
   */
  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    render: RenderFn,
    tagsOf?: () => Iterable<string>,
    maxAgeOf?: () => number | undefined,
  ): Promise<void> {
    const version = this.enabled ? (this.feed.fresh() ? this.feed.position : await this.feed.sync()) : null;
    if (version !== null) {
      const entry = this.lru.get(key);
      if (entry && !entry.stale && !this.expired(entry)) {
        this.counters.hits++;
        return this.send(req, res, entry, "HIT");
      }
      if (entry?.servesStale) {
        this.counters.stale++;
        this.revalidate(req, key, render, tagsOf, maxAgeOf);
        return this.send(req, res, entry, "STALE");
      }
      if (entry) this.lru.delete(key);
    }
    const entry = await this.renderEntry(req, res, key, version, render, tagsOf, maxAgeOf);
    if (!entry) return;
    this.counters.misses++;
    // With the memory cache off (RENDER_CACHE=0) nothing was stored: say so.
    return this.send(req, res, entry, this.enabled ? "MISS" : "BYPASS");
  }

  /**
   * The fresh render of a servesStale page, in the background while its old copy is answered;
   * one at a time per key. Stored when nothing changed while it ran (else the next ask tries again).
   */
  private revalidate(
    req: IncomingMessage,
    key: string,
    render: RenderFn,
    tagsOf?: () => Iterable<string>,
    maxAgeOf?: () => number | undefined,
  ): void {
    if (this.revalidating.has(key)) return;
    this.revalidating.add(key);
    const background = { ...NO_REQUEST, headers: req.headers, url: req.url, method: "GET" } as IncomingMessage;
    // After the stale answer is on its way: the render of a large page holds the event loop a moment.
    setImmediate(() => {
      void this.renderEntry(background, null, key, this.feed.position, render, tagsOf, maxAgeOf).finally(() =>
        this.revalidating.delete(key),
      );
    });
  }

  /**
   * Renders a page into a CaptureResponse and stores it when allowed; answers the entry to send,
   * or null when the response was sent already (an error, or a response that may not be stored).
   * `res` null: a background render, nothing is sent.
   */
  private async renderEntry(
    req: IncomingMessage,
    res: ServerResponse | null,
    key: string,
    version: string | null,
    render: RenderFn,
    tagsOf?: () => Iterable<string>,
    maxAgeOf?: () => number | undefined,
  ): Promise<CacheEntry | null> {
    const capture = new CaptureResponse(req);
    const method = req.method;
    // HEAD is rendered as GET so the stored body is complete; the real response still knows it
    // answers a HEAD (Node sends no body, compression skips it).
    if (method === "HEAD") req.method = "GET";
    let captured: CapturedResponse;
    try {
      await render(capture as unknown as ServerResponse);
      captured = await capture.done;
    } catch (err) {
      req.method = method;
      if (res && !res.headersSent) {
        res.statusCode = 500;
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end("Internal Server Error");
      } else res?.destroy();
      logger.error(
        {
          reqId: req.headers["x-request-id"],
          route: requestLine(req.method ?? "GET", req.url ?? ""),
          err: describeError(err),
        },
        "render failed",
      );
      return null;
    }
    req.method = method;

    if (notStorableReason(captured) !== null) {
      this.counters.bypasses++;
      if (res) this.sendRaw(res, captured);
      return null;
    }
    const servesStale = isServesStaleKey(key);
    const contentType = headerText(captured.headers.get("content-type"));
    const entry: CacheEntry = {
      key,
      status: captured.status,
      headers: [...captured.headers].filter(([n]) => !DROP_HEADERS.has(n)),
      body: captured.body,
      size: captured.body.length,
      etag: captured.status === 200 ? weakEtag(captured.body) : null,
      contentType,
      version: version ?? "",
      storedAt: this.now(),
      tags: new Set(tagsOf ? tagsOf() : []),
      maxAgeMs: maxAgeOf?.(),
      servesStale,
      encoded: {},
      raw: {},
    };
    // Store only when no change was seen while rendering (else the page may mix before and after),
    // and (admitAfter 2) when the page was asked for recently already — a servesStale page at once.
    if (version !== null && this.feed.position === version) {
      if (this.doorkeeper && !servesStale && !this.doorkeeper.admit(key)) this.counters.notAdmitted++;
      else if (this.lru.set(key, entry, entrySize(entry))) this.prepare(entry);
    }
    return entry;
  }

  /** A non-cacheable response, sent as rendered. */
  private sendRaw(res: ServerResponse, r: CapturedResponse): void {
    res.statusCode = r.status;
    if (r.statusMessage) res.statusMessage = r.statusMessage;
    for (const [name, value] of r.headers) {
      if (name === "content-length" || name === "transfer-encoding" || name === "connection") continue;
      res.setHeader(name, value);
    }
    res.setHeader("X-Cache", "BYPASS");
    res.end(r.body);
  }

  private async send(
    req: IncomingMessage,
    res: ServerResponse,
    entry: CacheEntry,
    xcache: "HIT" | "MISS" | "BYPASS" | "STALE",
  ): Promise<void> {
    const common = (): void => {
      res.setHeader("Cache-Control", this.cacheControl);
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("X-Cache", xcache);
      if (entry.etag) res.setHeader("ETag", entry.etag);
    };
    if (entry.etag && etagMatches(req.headers["if-none-match"], entry.etag)) {
      res.statusCode = 304;
      common();
      res.end();
      return;
    }
    const plain = entry.body;
    let body: Buffer | null = plain;
    let encoding: ContentEncoding = "identity";
    if (entry.size >= COMPRESS_THRESHOLD && isCompressible(entry.contentType) && req.method !== "HEAD") {
      encoding = negotiateEncoding(req.headers["accept-encoding"]);
      if (encoding !== "identity") {
        try {
          // A hit: the copy made once. Otherwise (a miss, kept or not) the quick levels: a fraction
          // of a millisecond, done here, which costs less than a compression stream handing the
          // work to the thread pool and back; the kept copies are made in the background.
          body =
            xcache === "HIT" || xcache === "STALE" || !plain
              ? await this.encoded(entry, encoding)
              : encoding === "br"
                ? zlib.brotliCompressSync(plain, brotliOptions(FAST_BROTLI_QUALITY, plain.length))
                : zlib.gzipSync(plain, FAST_GZIP);
        } catch {
          encoding = "identity";
          body = plain;
        }
      }
    }
    // A large body kept only compressed, asked for without an encoding: its gzip copy, decompressed
    // (a HEAD sends no body).
    if (encoding === "identity" && !body && entry.encoded.gzip)
      body = req.method === "HEAD" ? Buffer.alloc(0) : await gunzip(entry.encoded.gzip);
    if (!body) {
      res.statusCode = 500;
      res.end();
      return;
    }
    res.statusCode = entry.status;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    common();
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", String(encoding === "identity" ? entry.size : body.length));
    res.end(body);
  }

  /**
   * After storing: the header block of identity hits, and both compressed copies made in the
   * background; once both exist the body itself is dropped (a hit is sent compressed; a client
   * that accepts neither gets the gzip copy decompressed), so a product page takes ~32 KB of the
   * cache instead of ~100. None are started while BACKGROUND_COMPRESSIONS jobs run, except for
   * a large body (a sitemap part): each waiting job holds its body even after its entry is
   * evicted, and when many pages are stored at once (a crawl going round the catalogue a second
   * time) the queue held hundreds of MB. Such an entry's first hit makes the copy it asks for.
   */
  private prepare(entry: CacheEntry): void {
    entry.raw.identity = this.headerBlock(entry, "identity", entry.size);
    if (entry.size < COMPRESS_THRESHOLD || !isCompressible(entry.contentType)) return;
    if (entry.size < LARGE_BODY && this.compressing >= BACKGROUND_COMPRESSIONS) return;
    for (const enc of ["br", "gzip"] as const) this.encoded(entry, enc).catch(() => undefined);
  }

  /** The full header list of a hit in `encoding`, as main.ts's chain would have sent it. */
  private headerBlock(entry: CacheEntry, encoding: ContentEncoding, length: number): string[] {
    const out = new CaptureResponse(NO_REQUEST);
    this.decorate?.(NO_REQUEST, out as unknown as ServerResponse);
    for (const [name, value] of entry.headers) out.setHeader(name, value);
    out.setHeader("Cache-Control", this.cacheControl);
    out.setHeader("Vary", "Accept-Encoding");
    out.setHeader("X-Cache", "HIT");
    if (entry.etag) out.setHeader("ETag", entry.etag);
    if (encoding !== "identity") out.setHeader("Content-Encoding", encoding);
    out.setHeader("Content-Length", String(length));
    const raw: string[] = [];
    for (const [name, value] of Object.entries(out.getHeaders())) {
      if (Array.isArray(value)) for (const v of value) raw.push(name, String(v));
      else if (value !== undefined) raw.push(name, String(value));
    }
    return raw;
  }

  /** The body in `encoding`, made once per entry (concurrent requests share the work). */
  private encoded(entry: CacheEntry, encoding: "br" | "gzip"): Promise<Buffer> {
    const ready = entry.encoded[encoding];
    if (ready) return Promise.resolve(ready);
    entry.encoding ??= {};
    let p = entry.encoding[encoding];
    if (!p) {
      const body = entry.body;
      // Never without a body: one is dropped only once both copies exist.
      if (!body) return Promise.reject(new Error("render cache: body dropped before its copies were made"));
      this.compressing++;
      const made =
        encoding === "br"
          ? brotli(body, brotliOptions(KEPT_BROTLI_QUALITY, body.length))
          : gzip(body, { level: KEPT_GZIP_LEVEL });
      void made.then(
        () => this.compressing--,
        () => this.compressing--,
      );
      p = made.then((buf) => {
        entry.encoded[encoding] = buf;
        entry.raw[encoding] = this.headerBlock(entry, encoding, buf.length);
        delete entry.encoding?.[encoding];
        if (entry.encoded.br && entry.encoded.gzip) entry.body = null;
        if (this.lru.has(entry.key)) this.lru.resize(entry.key, entrySize(entry));
        return buf;
      });
      entry.encoding[encoding] = p;
    }
    return p;
  }

  private expired(entry: CacheEntry): boolean {
    const limit =
      entry.maxAgeMs !== undefined && (this.maxAgeMs <= 0 || entry.maxAgeMs < this.maxAgeMs)
        ? entry.maxAgeMs
        : this.maxAgeMs;
    return limit > 0 && this.now() - entry.storedAt >= limit;
  }
}

/** Whether the page of a cache key ("zh /sitemap.xml") is answered stale while it is made again. */
function isServesStaleKey(key: string): boolean {
  const path = key.slice(key.indexOf(" ") + 1);
  const q = path.indexOf("?");
  return servesStale(q === -1 ? path : path.slice(0, q));
}

function entrySize(e: CacheEntry): number {
  let n = (e.body?.length ?? 0) + e.key.length + 512;
  for (const [k, v] of e.headers) n += k.length + headerText(v).length;
  if (e.encoded.br) n += e.encoded.br.length;
  if (e.encoded.gzip) n += e.encoded.gzip.length;
  return n;
}

/**
 * Options from the environment: RENDER_CACHE=0 turns the memory cache off (ETag/304 remain);
 * RENDER_CACHE_MAX_BYTES, RENDER_CACHE_MAX_ENTRIES, RENDER_CACHE_MAX_AGE_MS, RENDER_CACHE_ADMIT
 * (requests before a page is stored: 2 by default, 1 stores on the first).
 */
export function renderCacheOptionsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): Pick<RenderCacheOptions, "enabled" | "maxEntries" | "maxBytes" | "maxAgeMs" | "admitAfter"> {
  const int = (v: string | undefined, d: number) => (v !== undefined && /^\d+$/.test(v.trim()) ? Number(v) : d);
  return {
    enabled: env.RENDER_CACHE !== "0",
    maxEntries: int(env.RENDER_CACHE_MAX_ENTRIES, DEFAULT_MAX_ENTRIES),
    maxBytes: int(env.RENDER_CACHE_MAX_BYTES, DEFAULT_MAX_BYTES),
    maxAgeMs: int(env.RENDER_CACHE_MAX_AGE_MS, DEFAULT_MAX_AGE_MS),
    admitAfter: int(env.RENDER_CACHE_ADMIT, DEFAULT_ADMIT_AFTER),
  };
}
