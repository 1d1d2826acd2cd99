/**
 * The API's NUL check reads a small body of declared length once, for the handler too
 * (src/server/api/app.ts): that is only safe while no route sets itself a smaller body limit than
 * SMALLEST_ROUTE_BODY_LIMIT. This reads every limit the routers set.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SMALLEST_ROUTE_BODY_LIMIT } from "../../src/server/api/app.ts";
import { FLOW_LOG_MAX_BYTES } from "../../src/lib/flow-analysis/flow-analysis.ts";
import { IMAGE_MAX_BYTES } from "../../src/lib/constants.ts";

const API = path.resolve(import.meta.dirname, "../../src/server/api");
const NAMED: Record<string, number> = { FLOW_LOG_MAX_BYTES, IMAGE_MAX_BYTES };

/** A limit expression of the sources: numbers, known constants, * and +. */
function evaluate(expr: string): number {
  const withValues = expr.replace(/[A-Z_]+/g, (name) => {
    if (!(name in NAMED)) throw new Error(`unknown limit ${name}`);
    return String(NAMED[name]);
  });
  if (!/^[\d\s*+]+$/.test(withValues)) throw new Error(`unreadable limit ${expr}`);
  return withValues.split("+").reduce((sum, term) => sum + term.split("*").reduce((p, f) => p * Number(f.trim()), 1), 0);
}

describe("route body limits", () => {
  it("no route limit is below the size the NUL check reads once", () => {
    const limits: { file: string; expr: string; value: number }[] = [];
    for (const file of fs.readdirSync(API).filter((f) => f.endsWith(".ts"))) {
      const src = fs.readFileSync(path.join(API, file), "utf8");
      for (const m of src.matchAll(/maxSize: ([\dA-Z][^,}\n]*)|(?:bodyOf|body)\((\d[^)]*)\)/g)) {
        const expr = (m[1] ?? m[2]!).trim();
        limits.push({ file, expr, value: evaluate(expr) });
      }
    }
    expect(limits.length).toBeGreaterThan(10);
    expect(limits.filter((l) => l.value < SMALLEST_ROUTE_BODY_LIMIT)).toEqual([]);
    expect(Math.min(...limits.map((l) => l.value))).toBe(SMALLEST_ROUTE_BODY_LIMIT);
  });
});
