/**
 * The browser's data layer (docs/architecture.md "The browser's data layer"): islands and page
 * scripts reach the API only through the data modules (src/client/data/<feature>.ts, one function
 * per call, on the one API client src/client/api.ts). So no island or page script holds an API
 * path or calls the client itself, and the doc's list of calls is the modules' own.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DOC, dataLayerCalls, lockInDoc, lockTable } from "../../scripts/data-layer-lock.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CALLERS = ["src/islands", "src/scripts"];
/** What an island or script may take from the API client: its error type, not its calls. */
const CLIENT_ALLOWED = new Set(["isApiError", "ApiError", "CLIENT_ERROR"]);

function files(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) files(p, out);
    else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

/** The code without comments (doc comments name the calls they describe). */
function code(file: string): string {
  return fs
    .readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
}

/** String and template literals that start with a path ("/…"), with a leading `${…}` dropped. */
function pathLiterals(text: string): string[] {
  return [...text.matchAll(/(["'`])(?:\$\{[^}]*\})?(\/[^"'`\s]*)[^"'`]*\1/g)].map((m) => m[2]!);
}

/** A path that is also a page (the API's POST /login and the /login page share a name). */
function isPage(p: string): boolean {
  const base = path.join(ROOT, "src/pages", p);
  return fs.existsSync(`${base}.astro`) || fs.existsSync(path.join(base, "index.astro"));
}

const calls = dataLayerCalls(ROOT);
/** The locked paths up to their first parameter, without those that are also pages. */
const apiPrefixes = [...new Set(calls.map((c) => c.path.split("{")[0]!))].filter((p) => !isPage(p));

function isApiPath(literal: string): boolean {
  const p = literal.split(/[?#]/)[0]!;
  if (p.startsWith("/api/") || p.startsWith("/p/")) return true;
  return apiPrefixes.some((a) => (a.endsWith("/") ? p.startsWith(a) : p === a || p.startsWith(`${a}/`)));
}

describe("the browser's data layer", () => {
  const sources = CALLERS.flatMap((d) => files(path.join(ROOT, d)));

  it("finds the callers and the calls", () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(calls.length).toBeGreaterThan(90);
  });

  it("no island or page script holds an API path", () => {
    const found = sources.flatMap((f) =>
      pathLiterals(code(f))
        .filter(isApiPath)
        .map((p) => `${path.relative(ROOT, f)}: ${p}`),
    );
    expect(found).toEqual([]);
  });

  it("islands and page scripts take only the error type from the API client, never its calls", () => {
    const found: string[] = [];
    for (const f of sources) {
      const text = code(f);
      for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*["']([^"']*client\/api(?:\.ts)?)["']/g)) {
        if (m[1]) continue;
        for (const name of m[2]!.split(",").map((s) => s.trim()))
          if (name && !name.startsWith("type ") && !CLIENT_ALLOWED.has(name))
            found.push(`${path.relative(ROOT, f)}: ${name}`);
      }
      if (/import\(\s*["'][^"']*client\/api(?:\.ts)?["']\s*\)/.test(text))
        found.push(`${path.relative(ROOT, f)}: import()`);
    }
    expect(found).toEqual([]);
  });

  it("every call is in the doc's list, and the list holds nothing else (npm run docs:data-layer)", () => {
    const doc = fs.readFileSync(path.join(ROOT, DOC), "utf8");
    expect(lockInDoc(doc)).toBe(lockTable(calls));
  });

  it("the test's own path check sees a path in a call", () => {
    expect(pathLiterals('get<X>("/p/address/list", { a: 1 })').filter(isApiPath)).toEqual(["/p/address/list"]);
    expect(pathLiterals("put(`/p/myOrder/cancel/${n}`)").filter(isApiPath)).toEqual(["/p/myOrder/cancel/${n}"]);
    expect(pathLiterals("href={`${base}/api/p/x`}").filter(isApiPath)).toEqual(["/api/p/x"]);
    expect(pathLiterals('localePath(locale, "/login")').filter(isApiPath)).toEqual([]);
  });
});
