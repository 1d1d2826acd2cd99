/**
 * Page query parsing that never fails: values a schema refuses are dropped one by one (so they
 * take their defaults) and the rest is kept. Pages use it with the shared zod schemas of
 * src/lib/catalog/catalog-params.ts, so /list?sort=9&pn=phone still searches "phone" with the default sort.
 */
import type { z } from "zod";

/** The first value of each query key ("a=1&a=2" → "1"). */
export function queryObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of params) if (!(k in out)) out[k] = v;
  return out;
}

/** Parses `input`, dropping refused keys until it passes (or nothing is left). */
export function parseWithFallback<S extends z.ZodType>(schema: S, input: Record<string, unknown>): z.output<S> {
  const data: Record<string, unknown> = { ...input };
  for (let attempt = 0; attempt <= Object.keys(input).length; attempt++) {
    const res = schema.safeParse(data);
    if (res.success) return res.data;
    const bad = new Set(
      res.error.issues.map((i) => i.path[0]).filter((k): k is string => typeof k === "string" && k in data),
    );
    if (bad.size === 0) break;
    for (const k of bad) delete data[k];
  }
  return schema.parse({});
}
