/**
 * Contracts once (docs/architecture.md "Pages and islands"): a shape the browser reads is declared
 * in src/lib/<feature>/, the domain returns it and the island imports it. An island file that
 * declares a type under the name of one src/lib or src/server/domain exports is a hand-made copy.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function files(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) files(p, out);
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Names of the top-level types and interfaces a file declares (`exported` only: the exported ones). */
function declared(file: string, exported: boolean): string[] {
  const re = exported
    ? /^export (?:interface|type) ([A-Za-z0-9_]+)/gm
    : /^(?:export )?(?:interface|type) ([A-Za-z0-9_]+)/gm;
  return [...fs.readFileSync(file, "utf8").matchAll(re)].map((m) => m[1]!);
}

describe("island contracts", () => {
  it("no island file declares a type that src/lib or the domain exports", () => {
    const shared = new Map<string, string>();
    for (const dir of ["src/lib", "src/server/domain"])
      for (const f of files(path.join(ROOT, dir)))
        for (const name of declared(f, true)) shared.set(name, path.relative(ROOT, f));
    expect(shared.size).toBeGreaterThan(100);
    const copies: string[] = [];
    for (const f of files(path.join(ROOT, "src/islands")))
      for (const name of declared(f, false))
        if (shared.has(name)) copies.push(`${path.relative(ROOT, f)}: ${name} (exported by ${shared.get(name)})`);
    expect(copies).toEqual([]);
  });
});
