/** Input parsing for handlers: every input goes through a zod rule from src/lib; failures become A00001. */
import type { Context } from "hono";
import type { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { ApiError } from "./envelope.ts";
import type { ApiEnv } from "./context.ts";

export function parseQuery<S extends z.ZodType>(c: Context<ApiEnv>, schema: S): z.infer<S> {
  return schema.parse(c.req.query());
}

export function parseParams<S extends z.ZodType>(c: Context<ApiEnv>, schema: S): z.infer<S> {
  return schema.parse(c.req.param());
}

export async function parseJson<S extends z.ZodType>(c: Context<ApiEnv>, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("api.badJson"));
  }
  return schema.parse(body);
}
