/**
 * The one table of request body limits (docs/security.md "Limits"): every request body, API or
 * page, is at most BODY_MAX_BYTES (1 MB); the routes below have limits of their own (smaller
 * ones for small forms, e.g. 4 KB for login; the uploads' larger ones: the 2 MB image limit and
 * the shop's 5 MB invoice PDF, each plus the multipart envelope), each with the message of its refusal. Larger bodies are answered 413
 * before they are read: main.ts checks Content-Length for every request (bodyVerdict), and the
 * API also counts chunked bodies as they stream in (limitBody, in src/server/api/app.ts). Page requests must
 * declare their length (browsers always do for form posts): a chunked body to a page is
 * answered 411. No router sets a limit of its own.
 */
import type http from "node:http";
import type { Context, Env, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { FLOW_LOG_MAX_BYTES } from "../../lib/flow-analysis/flow-analysis.ts";
import { IMAGE_MAX_BYTES, MERCHANT_IMAGE_MAX_BYTES } from "../../lib/image/upload-limits.ts";
import { INVOICE_PDF_MAX_BYTES } from "../domain/invoice/invoice.ts";

export const BODY_MAX_BYTES = 1024 * 1024;
/** Room for the multipart envelope (boundaries, part headers, file name) around an uploaded file. */
const MULTIPART_ENVELOPE_BYTES = 64 * 1024;
export const UPLOAD_BODY_MAX_BYTES = IMAGE_MAX_BYTES + MULTIPART_ENVELOPE_BYTES;
/** A shop's or the platform's picture upload: the 10 MB picture plus the envelope. */
export const MERCHANT_UPLOAD_BODY_MAX_BYTES = MERCHANT_IMAGE_MAX_BYTES + MULTIPART_ENVELOPE_BYTES;
/** The shop's invoice PDF upload (src/server/api/invoice.ts): the 5 MB PDF plus the envelope. */
export const INVOICE_UPLOAD_BODY_MAX_BYTES = INVOICE_PDF_MAX_BYTES + MULTIPART_ENVELOPE_BYTES;

/** A route's own limit: its method and path (as requested, with /api; `:name` is one path segment). */
export interface RouteBodyLimit {
  method: "POST" | "PUT" | "DELETE";
  path: string;
  limit: number;
  /** The message key of the 413 answer. */
  key: string;
}

const KB = 1024;
/** A renovation body: the 256 KB of content, its name and the JSON around them. */
const RENOVATION_BODY_MAX_BYTES = 300 * KB;
const route = (
  method: RouteBodyLimit["method"],
  path: string,
  limit: number,
  key = "account.bodyTooLarge",
): RouteBodyLimit => ({ method, path, limit, key });

/** The image uploads (src/server/api/upload.ts): one limit and one message for both. */
export const IMAGE_UPLOAD_PATHS = ["/api/p/file/upload", "/api/p/file/uploadImFile"] as const;
/** The shop's and the platform's picture uploads: 10 MB (docs/decisions.md "Upload limits"). */
export const MERCHANT_IMAGE_UPLOAD_PATHS = ["/api/merchant/file/upload", "/api/platform/file/upload"] as const;

/** Every route limit, by feature. */
export const ROUTE_BODY_LIMITS: readonly RouteBodyLimit[] = [
  // account
  route("POST", "/api/sms/sendLoginCode", 4 * KB),
  route("POST", "/api/sms/sendRegisterCode", 4 * KB),
  route("POST", "/api/sms/sendUpdatePwdCode", 4 * KB),
  route("POST", "/api/login", 4 * KB),
  route("POST", "/api/smsLogin", 4 * KB),
  route("POST", "/api/user/register", 4 * KB),
  route("PUT", "/api/user/checkUpdatePwdSms", 4 * KB),
  route("PUT", "/api/user/updatePwd", 4 * KB),
  route("PUT", "/api/p/user/setUserInfo", 4 * KB),
  route("PUT", "/api/p/user/updatePassword", 4 * KB),
  // upload (both image routes): the image itself is checked for 2 MB after the body is read ("image too large")
  ...IMAGE_UPLOAD_PATHS.map((path) => route("POST", path, UPLOAD_BODY_MAX_BYTES, "upload.imageTooLarge")),
  ...MERCHANT_IMAGE_UPLOAD_PATHS.map((path) =>
    route("POST", path, MERCHANT_UPLOAD_BODY_MAX_BYTES, "upload.imageTooLargeMerchant"),
  ),
  // renovation: its content is at most RENOVATION_MAX_BYTES (256 KB, checked by the domain); its body a little more
  ...["/api/merchant/renovations", "/api/platform/renovations"].flatMap((base) => [
    route("POST", base, RENOVATION_BODY_MAX_BYTES, "renovation.authoring.bodyTooLarge"),
    route("POST", `${base}/preview`, RENOVATION_BODY_MAX_BYTES, "renovation.authoring.bodyTooLarge"),
    route("PUT", `${base}/:id`, RENOVATION_BODY_MAX_BYTES, "renovation.authoring.bodyTooLarge"),
    route("POST", `${base}/:id/copy`, 4 * KB),
    route("POST", `${base}/:id/schedule`, 4 * KB),
  ]),
  route("POST", "/api/dev/jobs/run", 4 * KB),
  // footprint, flow-analysis
  route("POST", "/api/p/user/recentBrowse", 4 * KB, "catalog.bodyTooLarge"),
  route("POST", "/api/flowAnalysisLog", FLOW_LOG_MAX_BYTES, "catalog.bodyTooLarge"),
  route("POST", "/api/p/flowAnalysisLog", FLOW_LOG_MAX_BYTES, "catalog.bodyTooLarge"),
  // review
  route("POST", "/api/p/prodComm", 16 * KB),
  route("POST", "/api/merchant/reviews/:prodCommId/reply", 8 * KB),
  // invoice: the buyer's invoice details; the shop's PDF (checked for 5 MB after the body is read, "at most 5 MB")
  route("PUT", "/api/p/orderInvoice", 8 * KB),
  route("POST", "/api/merchant/invoices/:orderNumber/file", INVOICE_UPLOAD_BODY_MAX_BYTES, "invoice.pdfTooLarge"),
  // refund
  route("POST", "/api/p/orderRefund/apply", 16 * KB),
  route("PUT", "/api/p/orderRefund/update", 16 * KB),
  route("PUT", "/api/p/orderRefund/cancel", 16 * KB),
  route("POST", "/api/p/orderRefund/submitExpress", 16 * KB),
  route("POST", "/api/pay/refund-notify/sandbox", 16 * KB),
  route("POST", "/api/merchant/refunds/:refundSn/accept", 8 * KB),
  route("POST", "/api/merchant/refunds/:refundSn/refuse", 8 * KB),
  // merchant, order (the shop's side)
  route("POST", "/api/merchant/login", 4 * KB),
  route("POST", "/api/merchant/orders/:orderNumber/ship", 64 * KB),
  route("POST", "/api/merchant/deliveries/:orderDeliveryId/traces", 8 * KB),
  route("POST", "/api/merchant/writeOff", 4 * KB),
  // product: a body (256 KB of texts and SKUs), an import chunk (the CLI sends about 4 MB), a CSV chunk (1,000 lines)
  route("POST", "/api/merchant/products", 300 * KB, "product.manage.errors.bodyTooLarge"),
  route("PUT", "/api/merchant/products/:prodId", 300 * KB, "product.manage.errors.bodyTooLarge"),
  route("PUT", "/api/merchant/products/:prodId/skus/:skuId", 4 * KB),
  route("POST", "/api/merchant/products/import", 8 * 1024 * KB, "product.manage.errors.importTooLarge"),
  route("POST", "/api/merchant/products/prices", 256 * KB, "product.manage.errors.pricesTooLarge"),
  route("POST", "/api/platform/products/:prodId/offShelf", 4 * KB),
  // coupon, discount
  route("POST", "/api/merchant/coupons", 16 * KB),
  route("POST", "/api/platform/coupons", 16 * KB),
  route("POST", "/api/merchant/discounts", 16 * KB),
  // store-application
  route("POST", "/api/p/storeApplication", 16 * KB),
  route("PUT", "/api/p/storeAccount", 4 * KB),
  route("POST", "/api/platform/storeApplications/:applyId/approve", 1 * KB),
  route("POST", "/api/platform/storeApplications/:applyId/reject", 4 * KB),
];

const DEFAULT = { limit: BODY_MAX_BYTES, key: "api.bodyTooLarge" } as const;

const segments = (path: string) => path.replace(/\/+$/, "").split("/");
const TABLE = ROUTE_BODY_LIMITS.map((r) => ({ ...r, segments: segments(r.path) }));

/** The route's limit and refusal message of a request (path without query); the default for any other. */
export function bodyLimitOf(method: string, pathname: string): { limit: number; key: string } {
  const parts = segments(pathname);
  const hit = TABLE.find(
    (r) =>
      r.method === method &&
      r.segments.length === parts.length &&
      r.segments.every((s, i) => (s.startsWith(":") ? parts[i] !== "" : s === parts[i])),
  );
  return hit ? { limit: hit.limit, key: hit.key } : DEFAULT;
}

export type BodyVerdict = { ok: true } | { ok: false; status: 411 | 413; limit: number; key: string };

/** What the headers say about a body: too large (413), a page body of unknown length (411), or fine. */
export function bodyVerdict(
  method: string,
  url: string,
  headers: http.IncomingHttpHeaders,
  isApi: boolean,
): BodyVerdict {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return { ok: true };
  const pathname = url.split("?")[0] ?? "/";
  const { limit, key } = bodyLimitOf(method, pathname);
  const lengthHeader = headers["content-length"];
  if (lengthHeader !== undefined) {
    const length = Number(lengthHeader);
    if (!Number.isFinite(length) || length > limit) return { ok: false, status: 413, limit, key };
    return { ok: true };
  }
  if (headers["transfer-encoding"] && !isApi) return { ok: false, status: 411, limit, key };
  return { ok: true };
}

/**
 * The API's middleware: a body over the route's limit is answered by `refuse` (413 with the
 * route's message) before anything reads it. Chunked bodies are counted as they stream in;
 * main.ts already refused a Content-Length over the limit (checked again here from the header
 * alone, which lets the body be read without a web stream in between).
 */
export function limitBody<E extends Env>(refuse: (c: Context<E>, key: string) => Response): MiddlewareHandler<E> {
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const { limit, key } = bodyLimitOf(c.req.method, c.req.path);
    const declared = c.req.header("content-length");
    if (declared !== undefined && c.req.header("transfer-encoding") === undefined) {
      return Number(declared) <= limit ? next() : refuse(c, key);
    }
    return bodyLimit({ maxSize: limit, onError: () => refuse(c, key) })(c, next);
  };
}

/** Whether a request URL is the API's (its answers are envelopes). */
export function isApiUrl(url: string): boolean {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}

/**
 * `Expect: 100-continue`: a body the headers already refuse (bodyVerdict) gets no "100 Continue" —
 * `handle` answers 413 / 411 before the client sends it; any other request is told to go on and
 * handled as usual.
 */
export function continueUnlessRefused(
  server: http.Server,
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): void {
  server.on("checkContinue", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = req.url ?? "/";
    if (bodyVerdict(req.method ?? "GET", url, req.headers, isApiUrl(url)).ok) res.writeContinue();
    handle(req, res);
  });
}

/** How much of a refused body is read (and thrown away) before the answer, so the client sees it. */
export const REFUSED_BODY_DRAIN_BYTES = 8 * 1024 * 1024;
/** How long a refused body may take to arrive before the answer is sent anyway. */
export const REFUSED_BODY_DRAIN_MS = 10_000;

/**
 * Answers a refused body (413 / 411) deterministically: a client that writes its whole body before
 * reading (most do) would otherwise get EPIPE / ECONNRESET instead of the answer, because the
 * connection closes with its body unread. So the body is read and thrown away first — at most
 * REFUSED_BODY_DRAIN_BYTES within REFUSED_BODY_DRAIN_MS — and then `answer` runs (it says
 * `Connection: close`). A declared length beyond the drain bound, a body that keeps coming or a
 * client waiting for `100 Continue` (it sends no body until told) gets the answer at once.
 */
export function answerAfterBody(req: http.IncomingMessage, answer: () => void): void {
  const declared = Number(req.headers["content-length"] ?? 0);
  const waitsForContinue = (req.headers.expect ?? "").toLowerCase() === "100-continue";
  if (waitsForContinue || !(declared <= REFUSED_BODY_DRAIN_BYTES) || req.complete) return answer();
  let read = 0;
  let done = false;
  const finish = (destroy: boolean) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    req.off("data", count);
    answer();
    if (destroy) req.socket.destroySoon();
  };
  const count = (chunk: Buffer) => {
    read += chunk.length;
    if (read > REFUSED_BODY_DRAIN_BYTES) finish(true);
  };
  const timer = setTimeout(() => finish(true), REFUSED_BODY_DRAIN_MS);
  timer.unref();
  req.on("data", count);
  req.once("end", () => finish(false));
  req.once("error", () => finish(true));
  req.resume();
}
