/**
 * Hostile inputs for the API fuzz test (fuzz.test.ts): bad values for path parameters, query
 * strings and bodies. Every value here must be refused wherever it is sent — none of them is a
 * valid id, amount, name or choice — so a request built only from them may change nothing.
 *
 * The field names the bodies and query strings use are read from the API and validation sources
 * (every `name:` key of a rule), so a new field is fuzzed without editing this file.
 */
import fs from "node:fs";
import path from "node:path";

/** A small seeded PRNG (mulberry32): the same seed gives the same cases. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

/** Sample `n` distinct items (all of them when there are fewer). */
export function sample<T>(r: () => number, list: readonly T[], n: number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

const HUGE_TEXT = "界".repeat(40_000);
const CONTROL = "a\u0007b\u001b[31mc\u007fd\u0085e";

/**
 * JSON values that no field accepts, whatever its type: wrong types, out-of-range numbers, and
 * strings no text rule takes (control characters, longer than any field). Ordinary strings are
 * valid text for a name or a remark, so they are sent only to number-like fields (below).
 */
export const BAD_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [null],
  { $ne: null },
  -1,
  -0.5,
  1.5,
  2.5e-8,
  2147483648,
  -2147483649,
  9007199254740993,
  1e308,
  HUGE_TEXT,
  CONTROL,
  "\u0000",
  "ok\u0008",
  "\ud800\u0001",
  [HUGE_TEXT],
  { toString: CONTROL },
];

/** Strings a number, id, amount or choice field must refuse (and a text field would take). */
export const NUMERIC_STRINGS: readonly string[] = [
  "",
  " ",
  "abc",
  "-1",
  "1.5",
  "1e3",
  "0x10",
  "١٢",
  "99999999999999999999",
  "2147483648",
  "NaN",
  "Infinity",
  "null",
  "true",
  "' or 1=1 --",
  "1; drop table users",
  " 1",
  "1 ",
  "1.0",
  "01",
  "+1",
  "1\n",
];

/** A field that holds a number, an id, an amount or a choice (by its name). */
export const isNumericField = (name: string) =>
  /(Id|Ids|Sn|Number|Numbers|count|Count|num|Num|amount|Amount|price|Price|status|Status|type|Type|level|Level|score|Score|current|size|sort|state|sex|isDefault|points|Points|total|Total|money|Money)$/.test(
    name,
  );

/** Path parameter values that name nothing (never digits of an existing row). */
export const BAD_PATH_VALUES: readonly string[] = [
  "-1",
  "0",
  "1.5",
  "2147483648",
  "99999999999",
  "abc",
  "1e3",
  "0x10",
  "%20",
  "%E2%80%AE1",
  "..%2F..%2Fetc",
  "%3Cscript%3E",
  "x".repeat(300),
  "%F0%9F%92%A5",
  "null",
  "undefined",
  "1%0A2",
];

/**
 * Query string values: the same classes as BAD_VALUES, as text. Not "0": it is a real choice for
 * some fields (shopId 0 is the platform's own customer service, parentId 0 the top level).
 */
export const BAD_QUERY_VALUES: readonly string[] = [
  "-1",
  "1.5",
  " 1",
  "1.0",
  "01",
  "2147483648",
  "-2147483649",
  "99999999999999999999",
  "abc",
  "1e3",
  "0x10",
  "",
  " ",
  "١٢",
  "NaN",
  "true",
  "null",
  "[]",
  "{}",
  "x".repeat(20_000),
  "\u0007\u001b",
  "\u202e",
  "' or 1=1 --",
  "<img src=x onerror=alert(1)>",
];

function nested(depth: number, leaf: string): string {
  return "[".repeat(depth) + leaf + "]".repeat(depth);
}

/** Raw bodies sent as they are: broken JSON, wrong top-level types, deep nesting. */
export const RAW_BODIES: readonly { label: string; body: string; type?: string }[] = [
  { label: "broken JSON", body: '{"a":' },
  { label: "broken JSON 2", body: "{'prodId': 1}" },
  { label: "trailing garbage", body: "{} x" },
  { label: "bare word", body: "nul" },
  { label: "JSON null", body: "null" },
  { label: "JSON array", body: "[]" },
  { label: "JSON string", body: '"abc"' },
  { label: "JSON false", body: "false" },
  { label: "JSON negative", body: "-1" },
  { label: "JSON fraction", body: "1.5" },
  { label: "JSON huge number", body: "1e999" },
  { label: "JSON big integer", body: "99999999999999999999" },
  { label: "JSON id spelt 1.0", body: '"1.0"' },
  { label: "JSON id with spaces", body: '" 1 "' },
  { label: "JSON id with a zero", body: '"01"' },
  { label: "deep array", body: nested(20_000, "1") },
  { label: "deep object", body: '{"a":'.repeat(5_000) + "1" + "}".repeat(5_000) },
  { label: "wide array", body: JSON.stringify(Array.from({ length: 20_000 }, (_, i) => -i - 1)) },
  { label: "duplicate keys", body: '{"prodId":-1,"prodId":"x"}' },
  { label: "__proto__", body: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
  { label: "BOM", body: "\ufeff{}" },
  { label: "form body", body: "prodId=-1&count=abc", type: "application/x-www-form-urlencoded" },
  { label: "text body", body: "hello", type: "text/plain" },
  {
    label: "broken multipart",
    body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
    type: "multipart/form-data; boundary=x",
  },
  { label: "xml", body: '<?xml version="1.0"?><a>1</a>', type: "application/xml" },
];

function namesIn(text: string, names: Set<string>) {
  for (const m of text.matchAll(
    /\b([a-z][A-Za-z0-9]{1,30})\s*:\s*(?:z\.|intField|[a-zA-Z]*Rule\b|[a-zA-Z]*(?:Field|String|Text|Id|Ids|Schema)\(|\w+\.(?:optional|nullable)\()/g,
  ))
    names.add(m[1]!);
  for (const m of text.matchAll(/(?:query|param)\(\s*"([a-zA-Z][A-Za-z0-9]*)"\s*\)/g)) names.add(m[1]!);
  for (const m of text.matchAll(/\bq\.([a-z][A-Za-z0-9]*)/g)) names.add(m[1]!);
  // fields read by hand from a parsed body: body.x, b?.x
  for (const m of text.matchAll(/\b(?:body|b)\??\.([a-z][A-Za-z0-9]*)\b(?!\()/g)) names.add(m[1]!);
}

const sourceFiles = (dir: string) =>
  (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .map((f) => path.join(dir, f));

/** Every `name:` key of a zod rule or object literal in the API and validation sources. */
export function fieldNames(root: string): string[] {
  const names = new Set<string>();
  for (const file of [...sourceFiles(path.join(root, "src/server/api")), ...sourceFiles(path.join(root, "src/lib"))])
    namesIn(fs.readFileSync(file, "utf8"), names);
  return [...names].sort();
}

/**
 * The field names a route is likely to read: those of the API module that declares its path and
 * of the modules that one imports (its rules). Most object cases use these, so a route's own
 * fields are hit often.
 */
export function routeFieldNames(root: string, routePath: string): string[] {
  const apiDir = path.join(root, "src/server/api");
  const literal = routePath.replace(/^\/api/, "").replace(/\/:.*$/, "");
  const names = new Set<string>();
  for (const file of sourceFiles(apiDir)) {
    const text = fs.readFileSync(file, "utf8");
    if (!text.includes(`"${literal}`)) continue;
    namesIn(text, names);
    for (const m of text.matchAll(/from "(\.{1,2}\/[^"]+\.ts)"/g)) {
      const imported = path.resolve(path.dirname(file), m[1]!);
      if (imported.includes(`${path.sep}lib${path.sep}`) || imported.startsWith(apiDir))
        namesIn(fs.readFileSync(imported, "utf8"), names);
    }
  }
  return [...names].sort();
}

/** A bad value for a field of this name. */
export function badValue(r: () => number, field: string): unknown {
  return isNumericField(field) && r() < 0.5 ? pick(r, NUMERIC_STRINGS) : pick(r, BAD_VALUES);
}

/** One object body: a random subset of the known fields, every one with a bad value. */
export function badObject(r: () => number, fields: readonly string[], depth = 0): Record<string, unknown> {
  // mostly small objects, so one bad field is often alone with the route's valid-looking defaults
  const n = 1 + Math.floor(r() ** 3 * Math.min(fields.length, depth === 0 ? 40 : 6));
  const out: Record<string, unknown> = {};
  for (const f of sample(r, fields, n)) {
    // sometimes nest a bad value a level down, where lists of objects are expected
    out[f] = depth === 0 && r() < 0.15 ? [badObject(r, fields, 1)] : badValue(r, f);
  }
  return out;
}

/** One query string from a random subset of the known fields with bad values. */
export function badQuery(r: () => number, fields: readonly string[]): string {
  const params = new URLSearchParams();
  for (const f of sample(r, fields, 1 + Math.floor(r() * 12))) params.append(f, pick(r, BAD_QUERY_VALUES));
  return params.toString();
}
