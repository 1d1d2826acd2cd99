/**
 * THE browser API client, on the platform's fetch. SPEC §6-§8:
 * - base: import.meta.env.PUBLIC_API_BASE ?? "/api";
 * - every request sends Content-Type: application/json (except multipart / form bodies) and
 *   Accept-Language in the page's locale (<html data-locale>, i.e. the URL's; never the lang cookie,
 *   so an island's data reads in the language of the page it is on);
 * - Authorization (raw token, no "Bearer") only on /p/ paths, the register-or-bind endpoint and
 *   the tracking log;
 * - envelope: success only when success === true and code "00000" → resolves data;
 *   A00004 → token cleared, login popup opened (not for collection checks or dontShowLogin), rejected;
 *   A00001 / A03002 → msg (or "Error") toasted 1.5 s, rejected; A00005 → "server had a small error"
 *   toasted 1.5 s, rejected; other codes → rejected with ApiError (the caller decides);
 *   network failure → "network error" toasted, rejected.
 * HTTP status is ignored so a 404/500 envelope is still read.
 *
 * Why not ofetch here (it stays in the stack for Node tools, scripts/ops/): this module is on
 * every page, and of what ofetch adds (retries, hooks, interceptors, destr, ufo) the client needs
 * only the base URL, the query string, a JSON body, a timeout and a content-type-aware parse —
 * a few lines over fetch, where ofetch cost 3.5 KB gzip of every page's 15 KB budget
 * (docs/performance.md).
 */
import { ResponseCode, type Envelope } from "../lib/api-types.ts";
import { TOAST_MS } from "../lib/toast-timing.ts";
import { $user, openLoginPopup } from "../stores/index.ts";
import { clientT, pageLocale, type ClientKey } from "./i18n.ts";
import { showToast, type ToastOptions } from "./toast.ts";
import { clearToken, getToken } from "./token.ts";

/** Register-or-bind endpoint: sends the token although it is not under /p/. */
export const REGISTER_OR_BIND_PATH = "/user/registerOrBindUser";
/** Tracking log (guest: /flowAnalysisLog, logged in: /p/flowAnalysisLog). */
export const FLOW_LOG_PATH = "/flowAnalysisLog";
/** Collection checks never open the login popup on A00004. */
export const COLLECTION_CHECK_MARK = "/collection/isCollection";

/** Error codes of the client itself (not sent by the server). */
export const CLIENT_ERROR = {
  NETWORK: "NETWORK",
  ABORTED: "ABORTED",
  BAD_RESPONSE: "BAD_RESPONSE",
} as const;

export class ApiError extends Error {
  readonly code: string;
  readonly msg: string | null;
  readonly data: unknown;
  /** HTTP status, when a response arrived. */
  readonly status: number | null;
  /** True when the client already told the user (toast or login popup); callers should not repeat it. */
  readonly handled: boolean;
  constructor(init: {
    code: string;
    msg?: string | null;
    data?: unknown;
    status?: number | null;
    handled?: boolean;
    cause?: unknown;
  }) {
    super(init.msg || init.code, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "ApiError";
    this.code = init.code;
    this.msg = init.msg ?? null;
    this.data = init.data ?? null;
    this.status = init.status ?? null;
    this.handled = init.handled ?? false;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type Query = Record<string, QueryValue>;
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

export interface RequestOptions {
  query?: Query;
  /** JSON-serialisable body, or FormData / URLSearchParams / Blob sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
  /** A00004 clears the token but does not open the login popup. */
  dontShowLogin?: boolean;
  /** No toasts for A00001 / A03002 / A00005 / network errors (the caller shows its own). */
  silent?: boolean;
  signal?: AbortSignal;
  /** Milliseconds; none by default. */
  timeout?: number;
}

export interface ApiClientDeps {
  /** fetch implementation (tests inject a fake). Default: globalThis.fetch. */
  fetch?: typeof globalThis.fetch;
  /** Default: import.meta.env.PUBLIC_API_BASE ?? "/api". */
  baseURL?: string;
  toast?: (message: string, options?: ToastOptions) => void;
  translate?: (key: ClientKey) => string | Promise<string>;
  /** Called on A00004 unless suppressed. Default: openLoginPopup. */
  onUnauthorized?: () => void;
  token?: () => string | null;
  clearToken?: () => void;
  locale?: () => string;
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  /** No envelope handling: the parsed body as is (for hosts that do not speak the envelope). */
  raw<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, query?: Query, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  del<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
}

export function defaultApiBase(): string {
  // Written out in full so Vite replaces it at build time.
  const base: unknown = import.meta.env.PUBLIC_API_BASE;
  return typeof base === "string" && base ? base : "/api";
}

/** The path part of a request path or URL, without query or hash. */
function pathnameOf(path: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      return new URL(path).pathname;
    } catch {
      return path;
    }
  }
  return path.split(/[?#]/)[0]!;
}

/** Whether a request path gets the Authorization header (SPEC §6). */
export function needsAuth(path: string): boolean {
  const p = pathnameOf(path);
  const rel = p.startsWith("/") ? p : `/${p}`;
  return rel.startsWith("/p/") || rel === REGISTER_OR_BIND_PATH || rel === FLOW_LOG_PATH || rel.endsWith(FLOW_LOG_PATH);
}

function isEnvelope(x: unknown): x is Envelope {
  return typeof x === "object" && x !== null && typeof (x as { code?: unknown }).code === "string";
}

function isRawBody(b: unknown): boolean {
  return (
    (typeof FormData !== "undefined" && b instanceof FormData) ||
    (typeof URLSearchParams !== "undefined" && b instanceof URLSearchParams) ||
    (typeof Blob !== "undefined" && b instanceof Blob)
  );
}

/** base + path (absolute URLs as they are) + the query (null / undefined dropped, arrays repeated). */
export function requestUrl(base: string, path: string, query?: Query): string {
  let url = /^[a-z][a-z0-9+.-]*:\/\//i.test(path) ? path : `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null) continue;
    for (const one of Array.isArray(v) ? v : [v]) params.append(k, String(one));
  }
  const qs = params.toString();
  if (qs) url += (url.includes("?") ? "&" : "?") + qs;
  return url;
}

/** The response body: parsed JSON for a JSON content type (the text if it does not parse), else the text; undefined when empty. */
async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  if (!/^application\/(?:[\w!#$%&*.^`~-]*\+)?json\b/i.test(res.headers.get("content-type") ?? "")) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(deps: ApiClientDeps = {}): ApiClient {
  const toast = deps.toast ?? ((m: string, o?: ToastOptions) => void showToast(m, o));
  const translate = deps.translate ?? ((k: ClientKey) => clientT(k));
  const onUnauthorized = deps.onUnauthorized ?? openLoginPopup;
  const token = deps.token ?? getToken;
  const dropToken =
    deps.clearToken ??
    (() => {
      clearToken();
      $user.set(null);
    });
  const locale = deps.locale ?? pageLocale;
  const base = deps.baseURL ?? defaultApiBase();
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  async function say(text: string | Promise<string>, silent: boolean | undefined): Promise<void> {
    if (silent) return;
    toast(await text, { duration: TOAST_MS, type: "error" });
  }

  async function send(
    method: HttpMethod,
    path: string,
    options: RequestOptions,
  ): Promise<{ body: unknown; status: number }> {
    const headers: Record<string, string> = { "Accept-Language": locale() };
    if (!isRawBody(options.body)) headers["Content-Type"] = "application/json";
    if (needsAuth(path)) {
      const t = token();
      if (t) headers.Authorization = t;
    }
    Object.assign(headers, options.headers);
    const signals = [options.signal, options.timeout ? AbortSignal.timeout(options.timeout) : undefined].filter(
      (x): x is AbortSignal => !!x,
    );
    const init: RequestInit = { method, headers, signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0] };
    const b = options.body;
    if (b !== undefined && method !== "GET")
      init.body = isRawBody(b) || typeof b === "string" ? (b as BodyInit) : JSON.stringify(b);
    try {
      const res = await doFetch(requestUrl(base, path, options.query), init);
      return { body: await readBody(res), status: res.status };
    } catch (e) {
      const aborted = options.signal?.aborted === true;
      if (aborted) throw new ApiError({ code: CLIENT_ERROR.ABORTED, cause: e });
      await say(translate("networkError"), options.silent);
      throw new ApiError({ code: CLIENT_ERROR.NETWORK, handled: !options.silent, cause: e });
    }
  }

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const { body, status } = await send(method, path, options);
    if (!isEnvelope(body)) {
      await say(translate("serverError"), options.silent);
      throw new ApiError({ code: CLIENT_ERROR.BAD_RESPONSE, status, data: body, handled: !options.silent });
    }
    if (body.success === true && body.code === ResponseCode.OK) return body.data as T;
    const base = { code: body.code, msg: body.msg ?? null, data: body.data, status };
    switch (body.code) {
      case ResponseCode.UNAUTHORIZED: {
        dropToken();
        const suppress = options.dontShowLogin === true || pathnameOf(path).includes(COLLECTION_CHECK_MARK);
        if (!suppress) onUnauthorized();
        throw new ApiError({ ...base, handled: !suppress });
      }
      case ResponseCode.SHOW_FAIL:
      case ResponseCode.REPEAT_ORDER:
        await say(body.msg ? body.msg : translate("error"), options.silent);
        throw new ApiError({ ...base, handled: !options.silent });
      case ResponseCode.SERVER_ERROR:
        await say(translate("serverError"), options.silent);
        throw new ApiError({ ...base, handled: !options.silent });
      default:
        throw new ApiError(base);
    }
  }

  async function raw<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const { body } = await send(method, path, options);
    return body as T;
  }

  return {
    request,
    raw,
    get: <T>(path: string, query?: Query, options: RequestOptions = {}) =>
      request<T>("GET", path, { ...options, query: query ?? options.query }),
    post: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
      request<T>("POST", path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
      request<T>("PUT", path, { ...options, body }),
    del: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
      request<T>("DELETE", path, { ...options, body }),
  };
}

/** The shared client for the page. */
export const api: ApiClient = createApiClient();
