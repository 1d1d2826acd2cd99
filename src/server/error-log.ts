/**
 * What the server log says about an unexpected error (docs/security.md "Logs"): the error's
 * name, its code and message, the SQL text of a failed query — never the query's parameters, a
 * database error's `detail` (it quotes the offending values), request bodies or query strings.
 * Those carry buyers' mobiles, addresses and names.
 */

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  query?: unknown;
  cause?: unknown;
  stack?: unknown;
}

/** The first line of a message with any "params:" part (drizzle appends the parameters) cut off. */
function firstLine(message: unknown): string {
  const s = typeof message === "string" ? message : String(message ?? "");
  return s
    .split("\n")[0]!
    .replace(/\s*params:.*$/s, "")
    .slice(0, 500);
}

/** One log line per error in the cause chain (at most 4), without personal data. */
export function describeError(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++, e = (e as ErrorLike).cause) {
    if (typeof e !== "object") {
      parts.push(typeof e === "string" ? firstLine(e) : typeof e);
      break;
    }
    const x = e as ErrorLike;
    const name = typeof x.name === "string" ? x.name : "Error";
    const code = typeof x.code === "string" || typeof x.code === "number" ? ` [${x.code}]` : "";
    const query = typeof x.query === "string" ? ` query: ${x.query.slice(0, 300)}` : "";
    const message = typeof x.query === "string" ? "failed query" : firstLine(x.message);
    parts.push(`${name}${code}: ${message}${query}`);
    if (depth === 0 && typeof x.stack === "string") {
      const frames = x.stack
        .split("\n")
        .filter((l) => /^\s+at /.test(l))
        .slice(0, 5)
        .join("\n");
      if (frames) parts.push(frames);
    }
  }
  return parts.join("\n  caused by ");
}

/** The request line for a log: method and path, never the query string. */
export function requestLine(method: string, path: string): string {
  return `${method} ${path.split("?")[0]}`;
}
