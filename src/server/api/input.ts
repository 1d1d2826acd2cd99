/**
 * Input and refusal helpers of the after-sales routers (review, invoice, refund, and their
 * merchant side): a zod rule's first problem becomes A00001 with its translated message (keys of
 * the feature namespaces as they are, generic ones naming the field); a domain refusal (an error
 * with an i18n `key`, e.g. ReviewError) becomes A00001 in the request's language.
 */
import type { Context } from "hono";
import type { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { messageKeyOf } from "../../lib/validation.ts";
import type { ApiVariables } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";

type Env = { Variables: ApiVariables };

const OWN = /^(rules|review|invoice|refund|order|orderSubmit|merchant|validation|flashSale|groupBuy)\./;

export function parseInput<E extends Env, S extends z.ZodType>(c: Context<E>, schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const t = (c.var as ApiVariables).t;
  if (OWN.test(issue.message) && !issue.message.startsWith("validation.")) throw new ApiError(ResponseCode.SHOW_FAIL, t(issue.message));
  const field = String(issue.path[issue.path.length - 1] ?? "");
  const label = field ? t(`validation.fields.${field}`, { defaultValue: field }) : "";
  const params: Record<string, unknown> = { field: label };
  if ("maximum" in issue) params.max = issue.maximum;
  if ("minimum" in issue) params.min = issue.minimum;
  throw new ApiError(ResponseCode.SHOW_FAIL, t(messageKeyOf(issue), params));
}

export async function jsonBody<E extends Env>(c: Context<E>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ApiError(ResponseCode.SHOW_FAIL, (c.var as ApiVariables).t("api.badJson"));
  }
}

/** A refusal of a domain module: an Error with an i18n key and optional params. */
function isKeyed(err: unknown): err is Error & { key: string; params?: Record<string, unknown> } {
  return err instanceof Error && typeof (err as { key?: unknown }).key === "string"
    && ["ReviewError", "InvoiceError", "RefundError", "OrderError", "MerchantError", "CouponError", "DiscountError", "FlashAdminError", "GroupBuyError"].includes(err.name);
}

/** Runs a domain call and answers its result; refusals become A00001 in the request's language. */
export async function runDomain<E extends Env, T>(c: Context<E>, f: () => Promise<T>) {
  try {
    return ok(c, await f());
  } catch (err) {
    if (isKeyed(err)) throw new ApiError(ResponseCode.SHOW_FAIL, (c.var as ApiVariables).t(err.key, err.params ?? {}));
    throw err;
  }
}
