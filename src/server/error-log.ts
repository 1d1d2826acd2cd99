/**
 * What the server log says about an unexpected error (docs/security.md "Logs"): the error's
 * name, its code and message, the SQL text of a failed query — never the query's parameters, a
 * database error's `detail` (it quotes the offending values), request bodies or query strings.
 * Those carry buyers' mobiles, addresses and names. Every field is one line: control characters
 * are escaped (`logSafe`), so no input can start a forged log line.
 */

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  query?: unknown;
  cause?: unknown;
  stack?: unknown;
}

/**
 * A text as a log field: control characters (a line break would start a forged log line) and
 * the Unicode line separators written as \uXXXX escapes.
 */
export function logSafe(s: string): string {
  return s.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** The first line of a message with any "params:" part (drizzle appends the parameters) cut off. */
function firstLine(message: unknown): string {
  const s = typeof message === "string" ? message : String(message ?? "");
  return logSafe(
    s
      .split("\n")[0]!
      .replace(/\s*params:.*$/s, "")
      .slice(0, 500),
  );
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
    const name = typeof x.name === "string" ? logSafe(x.name.slice(0, 100)) : "Error";
    const code =
      typeof x.code === "string" || typeof x.code === "number" ? ` [${logSafe(String(x.code).slice(0, 40))}]` : "";
    const query = typeof x.query === "string" ? ` query: ${logSafe(x.query.slice(0, 300))}` : "";
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

/** The request line for a log: method and path, never the query string (control characters escaped). */
export function requestLine(method: string, path: string): string {
  return logSafe(`${method} ${path.split("?")[0]}`.slice(0, 300));
}
