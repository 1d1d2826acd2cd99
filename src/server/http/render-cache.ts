/**
 * Render cache for public pages (ARCHITECTURE "Pages are user-independent"; docs/architecture.md
 * "Render cache").
 *
 * - Which: GET/HEAD of the public browsing pages (home, /newIndex, /list, /detail/*, /shopIndex,
 *   /shopList, /shop-prod-list, /notice-list, /notice-detail, /termsPage), /sitemap*.xml and
 *   /robots.txt, in every locale. Their HTML is the same for every visitor by design, so cookies
 *   and Authorization do not take part in the key. A response is stored only when its status is
 *   200 or 404, it sets no cookie, is not marked private/no-store, and is not already encoded.
 * - Key: locale + path + query with its parameters sorted ("zh /list?cid=2&st=0").
 * - Where: process memory, LRU bounded by entry count (500) and body bytes (50 MB).
 * - Invalidation: every entry carries the public content version (content_versions, bumped by
 *   database triggers on any change to public tables, from any process). The version is read at
 *   most once per second (one shared query); a new version drops every entry. Entries also expire
 *   after maxAgeMs (60 s) because some content changes with time alone (notice publish times,
 *   flash-sale windows).
 * - Capture: Astro renders into a CaptureResponse (an in-memory ServerResponse stand-in), so
 *   the uncompressed body and the headers Astro set (status, content type, its CSP) are kept
 *   as they are; the real response is then written in one go.
 * - Headers: ETag W/"<sha1 base64>" (If-None-Match → 304 without body, also for responses that
 *   were not stored), Cache-Control "public, max-age=0, s-maxage=60, stale-while-revalidate=300"
 *   (browsers revalidate every time; a CDN may keep it 60 s and serve it stale up to 5 min while
 *   refreshing), Vary: Accept-Encoding, X-Cache: HIT | MISS | BYPASS (BYPASS = not cacheable, sent
 *   as rendered).
 * - Compression: a stored entry keeps lazily made brotli and gzip copies of its body (made once,
 *   reused by every hit); the response then carries Content-Encoding and the compression
 *   middleware of main.ts leaves it alone. Bodies under 1 KB or of other types go uncompressed
 *   through the middleware as before.
 */
import { createHash } from "node:crypto";
import { EventEmitter } from "node:events";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import type { Locale } from "../../lib/locale.ts";
import type { Db } from "../db/client.ts";
import { isAffected, versionFeed, type ChangeFeed } from "../db/content-changes.ts";
import { contentVersions } from "../db/schema/index.ts";
import { pageRoute } from "./locale-route.ts";

// ------------------------------------------------------------------ which requests

/** Public pages (without locale prefix) whose HTML is the same for every visitor. */
export const CACHEABLE_PAGE_PATHS: ReadonlySet<string> = new Set([
  "/",
  "/newIndex",
  "/list",
  "/detail",
  "/shopIndex",
  "/shopList",
  "/shop-prod-list",
  "/notice-list",
  "/notice-detail",
  "/termsPage",
  "/flash-sale",
  "/group-buy",
  "/robots.txt",
  "/sitemap.xml",
]);

/** Path prefixes of cacheable pages with a parameter in the path. */
export const CACHEABLE_PAGE_PATTERNS: readonly RegExp[] = [/^\/detail\/[^/]+$/, /^\/secdetail\/\d{1,10}$/, /^\/sitemap-[a-z0-9-]+\.xml$/];

export const HTML_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
export const DEFAULT_MAX_ENTRIES = 500;
export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
export const DEFAULT_VERSION_INTERVAL_MS = 1000;
export const DEFAULT_MAX_AGE_MS = 60_000;
/** Bodies smaller than this are not compressed (same threshold as main.ts). */
export const COMPRESS_THRESHOLD = 1024;

/** Whether a path (no locale prefix, no query) is a cacheable public page. A trailing slash is ignored. */
export function isCacheablePath(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
  return CACHEABLE_PAGE_PATHS.has(p) || CACHEABLE_PAGE_PATTERNS.some((re) => re.test(p));
}

/** Whether this request may be answered from / stored in the cache (method and path). */
export function isCacheableRequest(method: string | undefined, pathWithQuery: string): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  const q = pathWithQuery.indexOf("?");
  return isCacheablePath(q === -1 ? pathWithQuery : pathWithQuery.slice(0, q));
}

/**
 * The query parameters each cacheable page reads; any other parameter is left out of the URL
 * the page sees (so of its canonical URL) and of the cache key, so arbitrary query strings can
 * not create new entries. Only the first value of a parameter is kept (pages read that one).
 */
export const PAGE_QUERY_PARAMS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries({
    "/list": ["pn", "cpid", "cid", "thCid", "st", "bid", "bName", "sort", "current", "size"],
    "/detail": ["evaluate", "rc"],
    "/shopIndex": ["sid", "cid", "pn", "sort", "current"],
    "/shop-prod-list": ["sid", "cid", "pn", "sort", "current"],
    "/shopList": ["shopName", "current"],
    "/notice-list": ["current", "shopId"],
    "/notice-detail": ["id"],
    "/termsPage": ["sts"],
    "/flash-sale": ["session"],
    "/group-buy": ["current"],
  }).map(([p, names]) => [p, new Set(names)]),
);

/** "?a=1&b=2" with only the parameters `pathname`'s page reads (first value each, original order), or "". */
export function boundedQuery(pathname: string, search: string): string {
  const s = search.startsWith("?") ? search.slice(1) : search;
  if (!s) return "";
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const allowed = PAGE_QUERY_PARAMS.get(p.startsWith("/detail/") ? "/detail" : p);
  if (!allowed) return "";
  const out = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(s)) if (allowed.has(name) && !out.has(name)) out.append(name, value);
  const q = out.toString();
  return q ? `?${q}` : "";
}

/**
 * What a page shows, as content tags (src/server/db/content-changes.ts), by path: the render
 * cache drops it only when one of them changes. Pages that show one product or shop add their
 * own tags (addCacheTags); a page with no tags at all depends on every change.
 */
export function pageCacheTags(pathname: string): readonly string[] {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
  switch (p) {
    case "/":
    case "/newIndex":
      return ["site", "home", "products", "shops"];
    case "/list":
      return ["site", "products", "shops"];
    case "/shopList":
      return ["site", "shops"];
    case "/notice-list":
    case "/notice-detail":
    case "/termsPage":
      return ["site"];
    default:
      return [];
  }
}

/** Cache key: locale + path + query sorted by parameter name (values of one name keep their order). */
export function cacheKey(locale: string, pathWithQuery: string): string {
  const hash = pathWithQuery.indexOf("#");
  const url = hash === -1 ? pathWithQuery : pathWithQuery.slice(0, hash);
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  if (q === -1 || q === url.length - 1) return `${locale} ${path}`;
  const params = new URLSearchParams(url.slice(q + 1));
  params.sort();
  const query = params.toString();
  return query ? `${locale} ${path}?${query}` : `${locale} ${path}`;
}

// ------------------------------------------------------------------ LRU

/** A Map-based LRU bounded by entry count and by the sum of the entries' sizes. */
export class LruCache<V> {
  private readonly map = new Map<string, { value: V; size: number }>();
  private total = 0;
  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.map.size;
  }

  get bytes(): number {
    return this.total;
  }

  /** The value, marked most recently used. */
  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }

  has(key: string): boolean {
    return this.map.has(key);
  }

  /** Stores a value; evicts the least recently used until both bounds hold. False when it can never fit. */
  set(key: string, value: V, size: number): boolean {
    this.delete(key);
    if (size > this.maxBytes || this.maxEntries < 1) return false;
    this.map.set(key, { value, size });
    this.total += size;
    this.evict();
    return true;
  }

  /** Changes the recorded size of an entry (e.g. compressed copies were added) and evicts as needed. */
  resize(key: string, size: number): void {
    const e = this.map.get(key);
    if (!e) return;
    this.total += size - e.size;
    e.size = size;
    this.evict(key);
  }

  delete(key: string): boolean {
    const e = this.map.get(key);
    if (!e) return false;
    this.map.delete(key);
    this.total -= e.size;
    return true;
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }

  keys(): string[] {
    return [...this.map.keys()];
  }

  /** [key, value] pairs, least recently used first (a copy: deleting while iterating is fine). */
  entries(): [string, V][] {
    return [...this.map].map(([k, e]) => [k, e.value]);
  }

  private evict(keep?: string): void {
    for (const key of this.map.keys()) {
      if (this.map.size <= this.maxEntries && this.total <= this.maxBytes) break;
      if (key === keep && this.map.size === 1) break;
      if (key === keep) continue;
      this.delete(key);
    }
  }
}

// ------------------------------------------------------------------ content version

export type VersionSource = () => Promise<number | string | null | undefined>;

/** The public content version from content_versions (scope 'public'); null when the row is missing. */
export function dbVersionSource(db: Db, scope = "public"): VersionSource {
  return async () => {
    const [row] = await db.select({ version: contentVersions.version }).from(contentVersions).where(eq(contentVersions.scope, scope)).limit(1);
    return row ? row.version : null;
  };
}

/**
 * Reads the version at most once per `intervalMs`; concurrent callers share one query. A failed
 * read answers null (callers then neither serve nor store) and is retried after the interval.
 * `expire()` makes the next call read again (a write in this process just finished); a read that
 * was already under way when expire() was called does not count as fresh.
 */
export function throttledVersion(source: VersionSource, intervalMs = DEFAULT_VERSION_INTERVAL_MS, now: () => number = Date.now): (() => Promise<string | null>) & { expire(): void } {
  let value: string | null = null;
  let readAt = -Infinity;
  let pending: { generation: number; id: number; promise: Promise<string | null> } | null = null;
  let generation = 0;
  let reads = 0;
  const read = (): Promise<string | null> => {
    if (now() - readAt < intervalMs) return Promise.resolve(value);
    if (pending && pending.generation === generation) return pending.promise;
    const started = generation;
    const id = ++reads;
    const promise = (async () => {
      let v: string | null;
      try {
        const raw = await Promise.resolve().then(source);
        v = raw === null || raw === undefined ? null : String(raw);
      } catch {
        v = null;
      }
      if (started === generation) {
        value = v;
        readAt = now();
      }
      if (pending?.id === id) pending = null;
      return v;
    })();
    pending = { generation: started, id, promise };
    return promise;
  };
  return Object.assign(read, {
    expire() {
      generation++;
      readAt = -Infinity;
    },
  });
}

// ------------------------------------------------------------------ capture

export interface CapturedResponse {
  status: number;
  statusMessage: string;
  /** Header name (lower case) → value, as the handler set them. */
  headers: Map<string, string | string[]>;
  body: Buffer;
}

/**
 * A stand-in for http.ServerResponse that keeps everything in memory. It implements what the
 * Astro node handler and main.ts's page flow use (statusCode, set/get/removeHeader, writeHead,
 * write, end, destroy, events); `done` resolves when the response is complete.
 */
export class CaptureResponse extends EventEmitter {
  statusCode = 200;
  statusMessage = "";
  headersSent = false;
  writableEnded = false;
  writableFinished = false;
  finished = false;
  destroyed = false;
  sendDate = true;
  readonly req: IncomingMessage;
  private readonly headers = new Map<string, string | string[]>();
  private readonly chunks: Buffer[] = [];
  readonly done: Promise<CapturedResponse>;
  private resolveDone!: (r: CapturedResponse) => void;
  private rejectDone!: (e: unknown) => void;

  constructor(req: IncomingMessage) {
    super();
    this.req = req;
    this.done = new Promise((resolve, reject) => {
      this.resolveDone = resolve;
      this.rejectDone = reject;
    });
    // An unobserved rejection must not crash the process.
    this.done.catch(() => undefined);
  }

  setHeader(name: string, value: number | string | readonly string[]): this {
    this.headers.set(name.toLowerCase(), Array.isArray(value) ? [...(value as string[])] : String(value));
    return this;
  }

  appendHeader(name: string, value: string | readonly string[]): this {
    const key = name.toLowerCase();
    const prev = this.headers.get(key);
    const add = Array.isArray(value) ? [...(value as string[])] : [String(value)];
    this.headers.set(key, prev === undefined ? (add.length === 1 ? add[0]! : add) : [...(Array.isArray(prev) ? prev : [prev]), ...add]);
    return this;
  }

  getHeader(name: string): string | string[] | undefined {
    return this.headers.get(name.toLowerCase());
  }

  getHeaders(): OutgoingHttpHeaders {
    return Object.fromEntries(this.headers);
  }

  getHeaderNames(): string[] {
    return [...this.headers.keys()];
  }

  hasHeader(name: string): boolean {
    return this.headers.has(name.toLowerCase());
  }

  removeHeader(name: string): void {
    this.headers.delete(name.toLowerCase());
  }

  flushHeaders(): void {
    this.headersSent = true;
  }

  writeHead(status: number, ...rest: unknown[]): this {
    this.statusCode = status;
    for (const arg of rest) {
      if (typeof arg === "string") this.statusMessage = arg;
      else if (Array.isArray(arg)) {
        // [[name, value], …] or [name, value, name, value, …]
        if (arg.length > 0 && Array.isArray(arg[0])) for (const [n, v] of arg as [string, string][]) this.appendHeader(n, v);
        else for (let i = 0; i + 1 < arg.length; i += 2) this.appendHeader(String(arg[i]), String(arg[i + 1]));
      } else if (arg && typeof arg === "object") {
        for (const [n, v] of Object.entries(arg as Record<string, unknown>)) {
          if (v !== undefined) this.setHeader(n, v as string | string[]);
        }
      }
    }
    this.headersSent = true;
    return this;
  }

  write(chunk: unknown, encoding?: unknown, cb?: unknown): boolean {
    if (this.writableEnded) return false;
    this.headersSent = true;
    this.push(chunk, encoding);
    const callback = typeof encoding === "function" ? encoding : cb;
    if (typeof callback === "function") queueMicrotask(() => (callback as () => void)());
    return true;
  }

  end(chunk?: unknown, encoding?: unknown, cb?: unknown): this {
    if (this.writableEnded) return this;
    if (typeof chunk === "function") {
      cb = chunk;
      chunk = undefined;
    } else if (typeof encoding === "function") {
      cb = encoding;
      encoding = undefined;
    }
    if (chunk !== undefined && chunk !== null) this.push(chunk, encoding);
    this.headersSent = true;
    this.writableEnded = this.finished = this.writableFinished = true;
    this.resolveDone({ status: this.statusCode, statusMessage: this.statusMessage, headers: new Map(this.headers), body: Buffer.concat(this.chunks) });
    queueMicrotask(() => {
      if (typeof cb === "function") (cb as () => void)();
      this.emit("finish");
      this.emit("close");
    });
    return this;
  }

  destroy(err?: unknown): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    if (!this.writableEnded) this.rejectDone(err ?? new Error("response destroyed before it ended"));
    queueMicrotask(() => this.emit("close"));
    return this;
  }

  // Streams API bits some handlers probe.
  cork(): void {}
  uncork(): void {}
  setTimeout(): this {
    return this;
  }

  private push(chunk: unknown, encoding: unknown): void {
    if (typeof chunk === "string") this.chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    else if (chunk instanceof Uint8Array) this.chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    else if (chunk !== undefined && chunk !== null) this.chunks.push(Buffer.from(String(chunk)));
  }
}

// ------------------------------------------------------------------ HTTP helpers

/** Weak ETag of a body: W/"<sha1 base64>". */
export function weakEtag(body: Buffer): string {
  return `W/"${createHash("sha1").update(body).digest("base64")}"`;
}

/** Whether an If-None-Match header matches the ETag (weak comparison; "*" matches). */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const raw = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(",") : ifNoneMatch;
  const opaque = (t: string) => t.trim().replace(/^W\//, "");
  const want = opaque(etag);
  return raw.split(",").some((t) => t.trim() === "*" || opaque(t) === want);
}

export type ContentEncoding = "br" | "gzip" | "identity";

/** The best encoding the client accepts: br, then gzip, else identity (q=0 refuses). */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding {
  if (!acceptEncoding) return "identity";
  const raw = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : acceptEncoding;
  const q = new Map<string, number>();
  for (const part of raw.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    q.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const star = q.get("*");
  const accepts = (enc: string) => (q.has(enc) ? q.get(enc)! > 0 : star !== undefined && star > 0);
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
}

/** Content types worth compressing. */
export function isCompressible(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const t = contentType.split(";")[0]!.trim().toLowerCase();
  return t.startsWith("text/") || t === "application/xml" || t === "application/json" || t.endsWith("+xml") || t.endsWith("+json") || t === "application/javascript";
}

/** Headers never stored or replayed (hop-by-hop, recomputed ones, ours). */
const DROP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "date", "etag", "x-cache", "cache-control", "vary"]);

function headerText(v: string | string[] | undefined): string {
  return v === undefined ? "" : Array.isArray(v) ? v.join(", ") : v;
}

/** Why a captured response can not be stored (null = it can). */
export function notStorableReason(r: Pick<CapturedResponse, "status" | "headers">): string | null {
  if (r.status !== 200 && r.status !== 404) return "status";
  if (r.headers.has("set-cookie")) return "set-cookie";
  const cc = headerText(r.headers.get("cache-control")).toLowerCase();
  if (/\b(private|no-store|no-cache)\b/.test(cc)) return "cache-control";
  const enc = headerText(r.headers.get("content-encoding")).toLowerCase();
  if (enc && enc !== "identity") return "encoded";
  if (r.headers.has("location")) return "redirect";
  return null;
}

// ------------------------------------------------------------------ the cache

export interface CacheEntry {
  key: string;
  status: number;
  headers: [string, string | string[]][];
  body: Buffer;
  etag: string | null;
  contentType: string;
  /** Change-feed position the page was rendered at. */
  version: string;
  storedAt: number;
  /** Content tags of what the page shows (empty: everything). */
  tags: ReadonlySet<string>;
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
/**
 * Compression of responses that are not kept (RENDER_CACHE=0, or not storable now): quick levels,
 * since each is made for one response. A 93 KB product page: brotli 2 takes 0.26 ms for 16.0 KB
 * (quality 4: 0.57 ms, 15.0 KB), gzip 3 0.34 ms for 17.3 KB (level 6: 0.73 ms, 15.7 KB).
 */
const FAST_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } };
const FAST_GZIP = { level: 3 };
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
  private counters = { hits: 0, misses: 0, bypasses: 0, invalidations: 0 };

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
    this.feed.subscribe((changed) => {
      let dropped = 0;
      for (const [key, e] of this.lru.entries()) {
        if (isAffected(e.tags, changed)) {
          this.lru.delete(key);
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
    if (!entry || (this.maxAgeMs > 0 && this.now() - entry.storedAt >= this.maxAgeMs)) return false;
    const h = req.headers;
    if (h["if-none-match"] !== undefined || h["x-forwarded-proto"] !== undefined || (req.socket as { encrypted?: boolean }).encrypted) return false;
    let encoding: ContentEncoding = "identity";
    if (req.method !== "HEAD" && entry.body.length >= COMPRESS_THRESHOLD && isCompressible(entry.contentType)) {
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
    if (!raw || !body) return false;
    this.counters.hits++;
    res.writeHead(entry.status, raw);
    if (req.method === "HEAD") res.end();
    else res.end(body);
    return true;
  }

  /**
   * Answers a cacheable request: from memory when a fresh entry exists (HIT), else renders it
   * into a CaptureResponse, stores it when allowed (MISS) and sends it. `tagsOf` answers, after
   * the render, the content tags of what the page showed.
   */
  async handle(req: IncomingMessage, res: ServerResponse, key: string, render: RenderFn, tagsOf?: () => Iterable<string>): Promise<void> {
    const version = this.enabled ? (this.feed.fresh() ? this.feed.position : await this.feed.sync()) : null;
    if (version !== null) {
      const entry = this.lru.get(key);
      if (entry && (this.maxAgeMs <= 0 || this.now() - entry.storedAt < this.maxAgeMs)) {
        this.counters.hits++;
        return this.send(req, res, entry, "HIT");
      }
      if (entry) this.lru.delete(key);
    }

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
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end("Internal Server Error");
      } else res.destroy();
      console.error(`[mall] render failed for ${req.url ?? ""}:`, err);
      return;
    }
    req.method = method;

    if (notStorableReason(captured) !== null) {
      this.counters.bypasses++;
      return this.sendRaw(res, captured);
    }
    const contentType = headerText(captured.headers.get("content-type"));
    const entry: CacheEntry = {
      key,
      status: captured.status,
      headers: [...captured.headers].filter(([n]) => !DROP_HEADERS.has(n)),
      body: captured.body,
      etag: captured.status === 200 ? weakEtag(captured.body) : null,
      contentType,
      version: version ?? "",
      storedAt: this.now(),
      tags: new Set(tagsOf ? tagsOf() : []),
      encoded: {},
      raw: {},
    };
    this.counters.misses++;
    // Store only when no change was seen while rendering (else the page may mix before and after).
    if (version !== null && this.feed.position === version && this.lru.set(key, entry, entrySize(entry))) this.prepare(entry);
    // With the memory cache off (RENDER_CACHE=0) nothing was stored: say so.
    return this.send(req, res, entry, this.enabled ? "MISS" : "BYPASS");
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

  private async send(req: IncomingMessage, res: ServerResponse, entry: CacheEntry, xcache: "HIT" | "MISS" | "BYPASS"): Promise<void> {
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
    let body = entry.body;
    let encoding: ContentEncoding = "identity";
    if (body.length >= COMPRESS_THRESHOLD && isCompressible(entry.contentType) && req.method !== "HEAD") {
      encoding = negotiateEncoding(req.headers["accept-encoding"]);
      if (encoding !== "identity") {
        try {
          // Not kept (RENDER_CACHE=0, or not storable now): the quick levels; kept: the best, made once.
          // The quick levels take a fraction of a millisecond: done here, which costs less than a
          // compression stream handing the work to the thread pool and back.
          body = xcache === "BYPASS" || !this.lru.has(entry.key)
            ? (encoding === "br" ? zlib.brotliCompressSync(entry.body, FAST_BROTLI) : zlib.gzipSync(entry.body, FAST_GZIP))
            : await this.encoded(entry, encoding);
        } catch {
          encoding = "identity";
        }
      }
    }
    res.statusCode = entry.status;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    common();
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", String(encoding === "identity" ? entry.body.length : body.length));
    res.end(body);
  }

  /** After storing: compress in the background and make the header blocks of hits. */
  private prepare(entry: CacheEntry): void {
    entry.raw.identity = this.headerBlock(entry, "identity", entry.body.length);
    if (entry.body.length < COMPRESS_THRESHOLD || !isCompressible(entry.contentType)) return;
    for (const enc of ["br", "gzip"] as const) {
      this.encoded(entry, enc).then(
        (buf) => (entry.raw[enc] = this.headerBlock(entry, enc, buf.length)),
        () => undefined,
      );
    }
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
      p = (encoding === "br"
        ? brotli(entry.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length } })
        : gzip(entry.body, { level: 9 })
      ).then((buf) => {
        entry.encoded[encoding] = buf;
        delete entry.encoding?.[encoding];
        if (this.lru.has(entry.key)) this.lru.resize(entry.key, entrySize(entry));
        return buf;
      });
      entry.encoding[encoding] = p;
    }
    return p;
  }
}

function entrySize(e: CacheEntry): number {
  let n = e.body.length + e.key.length + 512;
  for (const [k, v] of e.headers) n += k.length + headerText(v).length;
  if (e.encoded.br) n += e.encoded.br.length;
  if (e.encoded.gzip) n += e.encoded.gzip.length;
  return n;
}

/** Options from the environment: RENDER_CACHE=0 turns the memory cache off (ETag/304 remain). */
export function renderCacheOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Pick<RenderCacheOptions, "enabled" | "maxEntries" | "maxBytes" | "maxAgeMs"> {
  const int = (v: string | undefined, d: number) => (v !== undefined && /^\d+$/.test(v.trim()) ? Number(v) : d);
  return {
    enabled: env.RENDER_CACHE !== "0",
    maxEntries: int(env.RENDER_CACHE_MAX_ENTRIES, DEFAULT_MAX_ENTRIES),
    maxBytes: int(env.RENDER_CACHE_MAX_BYTES, DEFAULT_MAX_BYTES),
    maxAgeMs: int(env.RENDER_CACHE_MAX_AGE_MS, DEFAULT_MAX_AGE_MS),
  };
}
