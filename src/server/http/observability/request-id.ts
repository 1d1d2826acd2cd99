/**
 * The request id of a log line and of the `X-Request-Id` answer header: the one a proxy sent when
 * it looks like an id (letters, digits, `.`, `_`, `-`, `:`; at most 128), otherwise a new UUID. An
 * id that could carry a log injection or personal data is replaced, never echoed.
 */
import { randomUUID } from "node:crypto";

const ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const sent = Array.isArray(header) ? header[0] : header;
  return sent && ID.test(sent) ? sent : randomUUID();
}
