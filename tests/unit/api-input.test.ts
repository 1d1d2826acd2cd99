/**
 * The API edge reads its input one way (docs/architecture.md "The API edge"): every router goes
 * through the kit (src/server/api/kit.ts) — no `c.req.query`, `c.req.param`, `c.req.parseBody`, `c.req.arrayBuffer`,
 * `c.req.text`, `c.req.json` or direct `safeParse` of its own (none left, none allowed: app.ts's
 * middlewares read through the kit too) — and the token of the Authorization header has one
 * reader, bearerToken (src/server/http/bearer-token.ts), used by the kit's `sentToken` and the
 * private uploads' server.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SERVER = path.resolve(import.meta.dirname, "../../src/server");
const API = path.join(SERVER, "api");

const RAW_READ = /c\.req\.(?:query|param|parseBody|text|json|arrayBuffer|formData|blob)\(|\.safeParse\(/g;

function routerFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) routerFiles(p, out);
    else if (e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") && e.name !== "kit.ts") out.push(p);
  }
  return out;
}

describe("the API edge", () => {
  it("routers read their input through the kit", () => {
    const counts: Record<string, number> = {};
    for (const file of routerFiles(API)) {
      const n = [...fs.readFileSync(file, "utf8").matchAll(RAW_READ)].length;
      if (n > 0) counts[path.relative(API, file)] = n;
    }
    expect(counts).toEqual({});
  });

  it("the Authorization header has one reader (the kit's sentToken)", () => {
    const readers = routerFiles(API).filter((f) =>
      /header\(\s*["']authorization["']\s*\)/i.test(fs.readFileSync(f, "utf8")),
    );
    expect(readers.map((f) => path.relative(API, f))).toEqual([]);
  });

  it("a session token is taken out of its header in one place (bearerToken)", () => {
    // The metrics scrape checks its own METRICS_TOKEN, a strict "Bearer <token>" of another kind.
    const parsers = routerFiles(SERVER).filter((f) => /replace\(\s*\/\^Bearer/.test(fs.readFileSync(f, "utf8")));
    expect(parsers.map((f) => path.relative(SERVER, f))).toEqual(["http/bearer-token.ts"]);
  });
});
