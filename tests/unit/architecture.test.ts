/**
 * The import rules of the code layout (.dependency-cruiser.mjs, docs/architecture.md "Code
 * layout"): no import cycles, browser code never imports src/server, src/lib imports neither side,
 * business rules do not import the HTTP layer. Also: every domain module lives in a feature folder.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import config from "../../.dependency-cruiser.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");

async function run(paths: string[]): Promise<ICruiseResult> {
  const prev = process.cwd();
  process.chdir(ROOT);
  try {
    const result = await cruise(paths, { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } });
    return result.output as ICruiseResult;
  } finally {
    process.chdir(prev);
  }
}

describe("code layout", () => {
  it("src and scripts break no import rule", async () => {
    const out = await run(["src", "scripts"]);
    const violations = out.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (${v.cycle.map((c) => c.name).join(" → ")})` : ""}`);
    expect(violations).toEqual([]);
    expect(out.summary.totalCruised).toBeGreaterThan(300);
  }, 60_000);

  it("every domain module is in a feature folder", () => {
    const dir = path.join(ROOT, "src/server/domain");
    const flat = fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
    expect(flat).toEqual([]);
  });
});
