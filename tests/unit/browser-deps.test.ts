/**
 * Browser code (islands, browser client, stores, page scripts) never reaches zod, decimal.js or
 * i18next, also not through src/lib: they would cost island pages a third of their JS budget
 * (docs/performance.md "Browser JavaScript"). Walks the static and dynamic imports from every
 * browser source file.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BROWSER_DIRS = ["src/islands", "src/client", "src/stores", "src/scripts"];
/** Tests (every other file under these folders runs in the browser; the pages' island props live in src/components). */
const NOT_BROWSER = /\.test\.tsx?$/;
const FORBIDDEN = /^(zod|decimal\.js|i18next|react-i18next)(\/|$)/;

function files(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) files(p, out);
    else if (/\.(ts|tsx)$/.test(e.name) && !NOT_BROWSER.test(e.name)) out.push(p);
  }
  return out;
}

/** Import specifiers of a module, type-only imports excluded (they vanish at build time). */
function imports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(?:^|[;\n])\s*(import|export)\s+(type\s+)?[^'";]*?from\s*["']([^"']+)["']/g))
    if (!m[2]) out.push(m[3]!);
  for (const m of code.matchAll(/(?:^|[;\n])\s*import\s*["']([^"']+)["']/g)) out.push(m[1]!);
  for (const m of code.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) out.push(m[1]!);
  return out;
}

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const p = path.resolve(path.dirname(from), spec.replace(/\?.*$/, ""));
  return fs.existsSync(p) && fs.statSync(p).isFile() ? p : null;
}

describe("browser dependencies", () => {
  it("no browser module reaches zod, decimal.js or i18next", () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    const walk = (file: string, trail: string[]) => {
      if (seen.has(file) || !/\.(ts|tsx)$/.test(file)) return;
      seen.add(file);
      for (const spec of imports(fs.readFileSync(file, "utf8"))) {
        if (FORBIDDEN.test(spec)) problems.push([...trail, path.relative(ROOT, file), spec].join(" → "));
        const next = resolve(file, spec);
        if (next) walk(next, [...trail, path.relative(ROOT, file)]);
      }
    };
    for (const dir of BROWSER_DIRS) for (const f of files(path.join(ROOT, dir))) walk(f, []);
    expect(seen.size).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });
});
