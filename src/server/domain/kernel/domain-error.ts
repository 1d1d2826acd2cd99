/**
 * The one base of every refusal a domain module throws (kernel: shared by all features, not a
 * feature of its own). A refusal names its message by i18n key and params, so the HTTP edge
 * answers it in the request's language: the envelope {code, msg: t(key, params), data} with the
 * given code (default A00001, "show the message") and, when a refusal needs one, another HTTP
 * status (src/server/api/kit.ts `refusal`; every router and app.ts's onError use that one mapping).
 * Feature errors extend it (CartError, OrderError, RefundError, …) so domain code can still tell
 * its own refusals apart.
 */
import { ResponseCode, type ResponseCodeValue } from "../../../lib/api-types.ts";

/** Translates a key with its params: the request's i18next `t`, as the edge hands it. */
export type Translate = (key: string, params: Record<string, unknown>) => string;

export type RefusalStatus = 200 | 400 | 403 | 404 | 409 | 413 | 429;

export interface DomainErrorOptions {
  /** Values of the message's placeholders. */
  params?: Record<string, unknown>;
  /** The envelope code (default A00001). */
  code?: ResponseCodeValue;
  /** What the envelope carries besides the message (default null). */
  data?: unknown;
  /** The HTTP status of the answer (default 200, like every envelope). */
  httpStatus?: RefusalStatus;
}

export class DomainError extends Error {
  readonly params: Record<string, unknown>;
  readonly code: ResponseCodeValue;
  readonly data: unknown;
  readonly httpStatus: RefusalStatus;

  constructor(
    readonly key: string,
    options: DomainErrorOptions = {},
  ) {
    super(key);
    this.name = new.target.name;
    this.params = options.params ?? {};
    this.code = options.code ?? ResponseCode.SHOW_FAIL;
    this.data = options.data ?? null;
    this.httpStatus = options.httpStatus ?? 200;
  }

  /**
   * The message in the caller's language: the key with its params. A refusal that names its place
   * (a field of a product body, a block of a renovation) composes it of several keys and overrides
   * this, so every router answers it with the kit's one `run`.
   */
  messageIn(t: Translate): string {
    return t(this.key, this.params);
  }
}
