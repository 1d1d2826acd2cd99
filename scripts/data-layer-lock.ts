/**
 * The data layer's lock (docs/architecture.md "The browser's data layer"): every API call the
 * browser makes, read from the data modules (src/client/data/<feature>.ts) — one row per exported
 * function and path. `npm run docs:data-layer` writes the table into the doc;
 * tests/unit/data-layer.test.ts fails when the doc and the modules differ.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const DATA_DIR = "src/client/data";
export const DOC = "docs/architecture.md";
const START = "<!-- data-layer-lock:start -->";
const END = "<!-- data-layer-lock:end -->";

export interface DataCall {
  feature: string;
  fn: string;
  method: string;
  path: string;
}

const METHOD: Record<string, string> = { get: "GET", post: "POST", put: "PUT", del: "DELETE" };

/** The calls of one data module's source: per exported function, its method and every path literal in it. */
export function callsOf(feature: string, code: string): DataCall[] {
  const out: DataCall[] = [];
  const parts = code.split(/^export (?:async )?function /m).slice(1);
  for (const part of parts) {
    const fn = /^(\w+)/.exec(part)?.[1] ?? "?";
    const body = part.split(/^}$/m)[0] ?? part;
    const methods = [...body.matchAll(/\bapi\.(get|post|put|del)\b/g)].map((m) => METHOD[m[1]!]!);
    const method = methods[0] ?? "link";
    for (const m of body.matchAll(/(["`])(?:\$\{[^}]*\})?(\/[A-Za-z][^"`\s?]*)[^"`]*\1/g)) {
      if (!/^\s*\*/.test(body.slice(body.lastIndexOf("\n", m.index) + 1, m.index)))
        out.push({ feature, fn, method, path: m[2]!.replace(/\$\{(?:[\w.]*\.)?(\w+)\}/g, "{$1}") });
    }
  }
  return out;
}

/** Every call of every data module, by feature then function. */
export function dataLayerCalls(root = ROOT): DataCall[] {
  const dir = path.join(root, DATA_DIR);
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .sort()
    .flatMap((f) => callsOf(f.replace(/\.ts$/, ""), fs.readFileSync(path.join(dir, f), "utf8")));
}

/** The lock table as the doc holds it. */
export function lockTable(calls: readonly DataCall[]): string {
  const rows = calls.map((c) => `| ${c.feature} | \`${c.fn}\` | ${c.method} | \`${c.path}\` |`);
  return ["| feature | function | method | path |", "|---|---|---|---|", ...rows].join("\n");
}

/** The table between the doc's markers, or null when the markers are missing. */
export function lockInDoc(doc: string): string | null {
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  return a < 0 || b < a ? null : doc.slice(a + START.length, b).trim();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = path.join(ROOT, DOC);
  const doc = fs.readFileSync(file, "utf8");
  if (lockInDoc(doc) === null) throw new Error(`${DOC} has no ${START} … ${END} markers`);
  const next =
    doc.slice(0, doc.indexOf(START) + START.length) +
    "\n\n" +
    lockTable(dataLayerCalls()) +
    "\n\n" +
    doc.slice(doc.indexOf(END));
  fs.writeFileSync(file, next);
}
