/**
 * The answer envelope {code, msg, data, success} and pages — cross-cutting edge code, not a
 * feature. ApiError is a failure whose message is already translated (input refused by the kit,
 * a missing token); a domain refusal is a DomainError, answered by the kit (kit.ts `refusal`).
 */
import type { Context } from "hono";
import { ResponseCode, type Envelope, type Page } from "../../lib/api-types.ts";

export function envelope<T>(code: string, data: T, msg: string | null = null): Envelope<T> {
  return { code, msg, data, success: code === ResponseCode.OK };
}

export function ok<T>(c: Context, data: T) {
  return c.json(envelope(ResponseCode.OK, data));
}

/** A failure that becomes an envelope with its code and (already translated) message. */
export class ApiError extends Error {
  constructor(
    public code: string,
    message: string,
    public httpStatus: 200 | 400 | 404 | 500 = 200,
  ) {
    super(message);
  }
}

export function page<T>(records: T[], total: number, current: number, size: number): Page<T> {
  return { records, total, size, current, pages: Math.max(1, Math.ceil(total / size)) };
}
