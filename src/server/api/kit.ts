/**
 * The API kit — cross-cutting edge code, not a feature: how every router reads its input and
 * answers (docs/architecture.md "The API edge").
 *   parse / parseQuery / parseParams / parseJson   input through a zod rule (from src/lib or the
 *       router); the first problem becomes A00001 with a message in the request's language
 *       (issueMessage: app.ts's onError uses the same one for a zod error thrown anywhere)
 *   parseOr / parseParamsOr / parseQueryOr         the same, any problem being one refusal
 *       (a malformed id is an unknown one)
 *   checkedForm                                    a form checked by its src/lib rule ({form, errors}),
 *       else its first field's message as the refusal
 *   queryText / pathText                           one value as trimmed text, for the domain to check
 *   readJson / readObject / readIdBody             the body; not JSON → A00001 "not valid JSON"
 *   readText / readBytes / readForm                a body of another shape (raw digits, a file, a form)
 *   pathId, clientIp, sentToken                    an id of the path, the caller's IP, the token sent
 *   run                                            calls the domain and answers ok(value); any
 *       DomainError becomes its envelope (refusal: app.ts's onError maps one thrown outside run
 *       the same way)
 */
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import type { TFunction } from "i18next";
import { z } from "zod";
import { i18n } from "../../i18n/index.ts";
import { ResponseCode, type ResponseCodeValue } from "../../lib/api-types.ts";
import { ID_MAX } from "../../lib/ids.ts";
import { messageKeyOf } from "../../lib/validation.ts";
import { DomainError } from "../domain/kernel/domain-error.ts";
import { bearerToken } from "../http/bearer-token.ts";
import { clientIpOf } from "../http/client-ip.ts";
import { getCookie } from "hono/cookie";
import type { ApiVariables } from "./context.ts";
import { ApiError, envelope, ok } from "./envelope.ts";

/** Any API context: the buyer's and public routes' (ApiEnv) and the merchant's (MerchantEnv). */
type Env = { Variables: ApiVariables };

const tOf = <E extends Env>(c: Context<E>): TFunction => (c.var as ApiVariables).t;

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

type Issue = z.ZodError["issues"][number];

/**
 * The message of a zod issue. A message that is a translation key is that message (a feature's
 * own, "cart.badCount", or a generic one, "validation.required"); any other (zod's own text) is
 * the generic message of its kind (lib/validation.ts messageKeyOf). Its {{field}} names the
 * field: the innermost named one of the path (an item of a list is named by its list), looked up
 * in `<labels>.fields` when the routes have labels of their own, then in `validation.fields`;
 * {{max}} / {{min}} are the rule's bounds.
 */
export function issueMessage(t: TFunction, issue: Issue, labels?: string): string {
  const key = i18n.exists(issue.message) ? issue.message : messageKeyOf(issue);
  const named = [...issue.path].reverse().find((p) => typeof p === "string");
  const field = String(named ?? issue.path[issue.path.length - 1] ?? "");
  const generic = (f: string) => t(`validation.fields.${f}`, { defaultValue: f });
  const label = !field
    ? ""
    : labels
      ? t(`${labels}.fields.${field}`, { defaultValue: generic(field) })
      : generic(field);
  const params: Record<string, unknown> = { field: label };
  if ("maximum" in issue) params.max = issue.maximum;
  if ("minimum" in issue) params.min = issue.minimum;
  return t(key, params);
}

export interface ParseOptions {
  /** The namespace whose `fields.<field>` names the fields of these routes ("address", "submitOrder", "merchant"). */
  labels?: string;
  /** Messages answered with another code than A00001 (the checkout's "order expired" is A03002). */
  codes?: Readonly<Record<string, ResponseCodeValue>>;
  /** The message of the first problem, when the routes word it their own way (the product's place of the problem); else issueMessage. */
  message?: (t: TFunction, issue: Issue) => string;
}

/** `value` through `schema`; its first problem is answered A00001 (or its code in `options.codes`) with issueMessage. */
export function parse<E extends Env, S extends z.ZodType>(
  c: Context<E>,
  schema: S,
  value: unknown,
  options: ParseOptions = {},
): z.infer<S> {
  let r: z.ZodSafeParseResult<z.infer<S>>;
  try {
    r = schema.safeParse(value);
  } catch {
    // Zod's length checks still read `length` of a non-array that has one (a hostile
    // {"length": {…}} where a list belongs) and can throw: that input is simply invalid.
    const t = tOf(c);
    throw new ApiError(ResponseCode.SHOW_FAIL, t("validation.invalid", { field: t("validation.fields.request") }));
  }
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw new ApiError(
    options.codes?.[issue.message] ?? ResponseCode.SHOW_FAIL,
    options.message ? options.message(tOf(c), issue) : issueMessage(tOf(c), issue, options.labels),
  );
}

/** The query string through `schema`. */
export function parseQuery<E extends Env, S extends z.ZodType>(
  c: Context<E>,
  schema: S,
  options?: ParseOptions,
): z.infer<S> {
  return parse(c, schema, c.req.query(), options);
}

/** The path parameters through `schema`. */
export function parseParams<E extends Env, S extends z.ZodType>(
  c: Context<E>,
  schema: S,
  options?: ParseOptions,
): z.infer<S> {
  return parse(c, schema, c.req.param(), options);
}

/** The JSON body through `schema`. */
export async function parseJson<E extends Env, S extends z.ZodType>(
  c: Context<E>,
  schema: S,
  options?: ParseOptions,
): Promise<z.infer<S>> {
  return parse(c, schema, await readJson(c), options);
}

/**
 * `value` through `schema`, where any problem is one refusal rather than a field's message: an id
 * that is malformed names nothing, so it is answered like an unknown one ("address not found").
 * `key` may choose the refusal from the first problem's message.
 */
export function parseOr<S extends z.ZodType>(
  schema: S,
  value: unknown,
  key: string | ((message: string) => string),
): z.infer<S> {
  const refuse = (message: string) => new DomainError(typeof key === "string" ? key : key(message));
  let r: z.ZodSafeParseResult<z.infer<S>>;
  try {
    r = schema.safeParse(value);
  } catch {
    throw refuse("");
  }
  if (!r.success) throw refuse(r.error.issues[0]!.message);
  return r.data;
}

/** The query string through `schema`; any problem is the refusal `key` (parseOr). */
export function parseQueryOr<E extends Env, S extends z.ZodType>(
  c: Context<E>,
  schema: S,
  key: string | ((message: string) => string),
): z.infer<S> {
  return parseOr(schema, c.req.query(), key);
}

/**
 * A form checked by its rule in src/lib, the one the browser's form runs ({form, errors}): the
 * form, or a refusal with its first field's message (in the form's order).
 */
export function checkedForm<F>(checked: { form: F | null; errors: Readonly<Record<string, string | undefined>> }): F {
  if (checked.form) return checked.form;
  throw new DomainError(Object.values(checked.errors).find(Boolean) ?? "validation.invalid");
}

/** The path parameters through `schema`; any problem is the refusal `key` (parseOr). */
export function parseParamsOr<E extends Env, S extends z.ZodType>(c: Context<E>, schema: S, key: string): z.infer<S> {
  return parseOr(schema, c.req.param(), key);
}

/** One query value through `schema` (absent = ""), its problems answered like parse's. */
export function parseQueryValue<E extends Env, S extends z.ZodType>(
  c: Context<E>,
  name: string,
  schema: S,
  options?: ParseOptions,
): z.infer<S> {
  return parse(c, schema, c.req.query(name) ?? "", options);
}

const textOf = (name: string) => z.object({ [name]: z.string().trim().default("") });

/** One query value as trimmed text ("" when absent), for a value the domain checks itself (an order or payment number). */
export function queryText<E extends Env>(c: Context<E>, name: string): string {
  return parse(c, textOf(name), c.req.query())[name] as string;
}

// ---------------------------------------------------------------------------------------------
// Bodies
// ---------------------------------------------------------------------------------------------

const badJson = <E extends Env>(c: Context<E>) => new ApiError(ResponseCode.SHOW_FAIL, tOf(c)("api.badJson"));

/**
 * The JSON body, or A00001 "not valid JSON". With `empty` the body may also be left out: a blank
 * body is that value, and blanks (any white space) around the JSON are ignored.
 */
export async function readJson<E extends Env>(c: Context<E>, options?: { empty: unknown }): Promise<unknown> {
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw badJson(c);
  }
  if (options) text = text.trim();
  if (options && text === "") return options.empty;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badJson(c);
  }
}

/** The body as sent, as text (a body of another shape than JSON: a raw id, digits). */
export async function readText<E extends Env>(c: Context<E>): Promise<string> {
  return c.req.text();
}

/**
 * The body as text for a check made before the route (app.ts: no NUL anywhere). With `once` the
 * body itself is read (Hono keeps the text, so the route reads the same); otherwise a copy, so the
 * route still reads the original stream byte for byte.
 */
export async function peekText<E extends Env>(c: Context<E>, options: { once: boolean }): Promise<string> {
  return options.once ? c.req.text() : c.req.raw.clone().text();
}

/** The body as sent, as bytes (a file sent raw: an invoice PDF). */
export async function readBytes<E extends Env>(c: Context<E>): Promise<Uint8Array> {
  return new Uint8Array(await c.req.arrayBuffer());
}

/** A form body (multipart or URL-encoded) as Hono reads it; `all` keeps every value of a repeated field. */
export async function readForm<E extends Env>(
  c: Context<E>,
  options?: { all: boolean },
): Promise<Record<string, unknown>> {
  return c.req.parseBody(options);
}

/** The JSON body when it is an object, else A00001 "not valid JSON". */
export async function readObject<E extends Env>(c: Context<E>): Promise<Record<string, unknown>> {
  const body = await readJson(c);
  if (!body || typeof body !== "object" || Array.isArray(body)) throw badJson(c);
  return body as Record<string, unknown>;
}

/**
 * A body that names one id: the raw id (a JSON number or digit string, or plain text digits) or
 * an object {key: id}; blank is {}. Anything but an object is the id itself, so `true` or `[1]`
 * is "not valid" rather than "empty".
 */
export async function readIdBody<E extends Env>(c: Context<E>, key: string): Promise<unknown> {
  const text = (await c.req.text()).trim();
  if (text === "") return {};
  if (/^\d+$/.test(text)) return { [key]: text };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badJson(c);
  }
  return body !== null && typeof body === "object" && !Array.isArray(body) ? body : { [key]: body };
}

/** A path parameter that is an id (1 to ID_MAX in plain digits); anything else is refused with `notFoundKey`: a malformed id is an unknown one. */
export function pathId<E extends Env>(c: Context<E>, name: string, notFoundKey: string): number {
  const raw = c.req.param(name) ?? "";
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > ID_MAX) throw new DomainError(notFoundKey);
  return id;
}

/** The token of the Authorization header (raw, a "Bearer " prefix tolerated); "" when none was sent. */
export function sentToken<E extends Env>(c: Context<E>): string {
  return bearerToken(c.req.header("authorization"));
}

/**
 * Downloads a person opens with a plain link (GET, no Authorization header: the invoice PDF) may
 * send the buyer's token in the login cookie the site keeps it in (src/client/token.ts, SameSite=Lax).
 * They only read the caller's own file, so a link from another site gives nothing away.
 */
const COOKIE_DOWNLOADS = new Set(["/api/p/orderInvoice/file"]);
const TOKEN_COOKIE = "token";

/** The token a request sends: Authorization, else for a cookie download the login cookie. */
export function sentTokenOrCookie<E extends Env>(c: Context<E>): string {
  const header = sentToken(c);
  if (header || !["GET", "HEAD"].includes(c.req.method) || !COOKIE_DOWNLOADS.has(c.req.path)) return header;
  return (getCookie(c, TOKEN_COOKIE) ?? "").trim();
}

/** The caller's IP for rate limits: the socket peer, or behind TRUST_PROXY the client it forwarded for (src/server/http/client-ip.ts). */
export function clientIp<E extends Env>(c: Context<E>): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return clientIpOf(
    incoming?.socket?.remoteAddress ?? "",
    c.req.header("x-forwarded-for"),
    (c.var as ApiVariables).app.config.trustProxy,
  );
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** The envelope of a domain refusal: its code, data and message (DomainError.messageIn) in the request's language. */
export function refusal<E extends Env>(c: Context<E>, err: DomainError): Response {
  return c.json(envelope(err.code, err.data, err.messageIn(tOf(c))), err.httpStatus);
}

/** Runs a domain call and answers its value; a DomainError (of any feature) is answered with its envelope. */
export async function run<E extends Env, T>(c: Context<E>, fn: () => T | Promise<T>): Promise<Response> {
  try {
    return ok(c, await fn());
  } catch (err) {
    if (err instanceof DomainError) return refusal(c, err);
    throw err;
  }
}
