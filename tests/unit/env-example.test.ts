/**
 * `.env.example` lists every variable the server reads, each with its default, and docs/operations.md
 * "Environment variables" names each one: a variable added to the code without both fails here.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import { renderCacheOptionsFromEnv } from "../../src/server/http/render-cache/cache.ts";
import { logLevelFrom } from "../../src/server/log.ts";

const EXAMPLE = fs.readFileSync(".env.example", "utf8");

/** Files under `dir` (recursively) whose names end with one of `exts`, tests left out. */
function sources(dir: string, exts: string[]): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => exts.some((e) => f.endsWith(e)) && !/\.test\.ts$/.test(f))
    .map((f) => path.join(dir, f));
}

/** Every `process.env.X`, `import.meta.env.X` and `env.X` read in src/. */
function variablesInCode(): Set<string> {
  const out = new Set<string>();
  for (const file of sources("src", [".ts", ".tsx", ".astro", ".mjs"]))
    for (const m of fs.readFileSync(file, "utf8").matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) out.add(m[1]!);
  return out;
}

/** The variables loadConfig asks the environment for (whatever the spelling of the access). */
function variablesOfLoadConfig(dataDir: string): Set<string> {
  const asked = new Set<string>();
  const env = new Proxy({ DATA_DIR: dataDir } as NodeJS.ProcessEnv, {
    get(target, key) {
      if (typeof key === "string") asked.add(key);
      return target[key as string];
    },
  });
  loadConfig(env);
  renderCacheOptionsFromEnv(env);
  return asked;
}

/** Names set by a `NAME=` line (or a commented `# NAME=` one: NODE_ENV, which has no value to write). */
function listed(text: string): Set<string> {
  return new Set([...text.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));
}

describe(".env.example", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mall-env-example-"));
  const read = new Set([...variablesInCode(), ...variablesOfLoadConfig(dir)]);

  it("finds the variables the code reads (the scan itself works)", () => {
    for (const name of ["DATABASE_URL", "RENDER_CACHE_MAX_BYTES", "METRICS_TOKEN", "LOG_LEVEL", "JOBS"])
      expect(read).toContain(name);
  });

  it("lists every variable the server reads", () => {
    const inFile = listed(EXAMPLE);
    expect([...read].filter((name) => !inFile.has(name)).sort()).toEqual([]);
  });

  it("names every variable in docs/operations.md's table", () => {
    const doc = fs.readFileSync("docs/operations.md", "utf8");
    const section = doc.slice(doc.indexOf("## Environment variables"), doc.indexOf("## Data directory"));
    expect([...read].filter((name) => !section.includes(`\`${name}\``)).sort()).toEqual([]);
  });

  it("gives the defaults: its values change nothing", () => {
    const fromFile: NodeJS.ProcessEnv = { ...parseEnv(EXAMPLE), DATA_DIR: dir };
    expect(loadConfig(fromFile)).toEqual(loadConfig({ DATA_DIR: dir }));
    expect(renderCacheOptionsFromEnv(fromFile)).toEqual(renderCacheOptionsFromEnv({}));
    expect(logLevelFrom(fromFile.LOG_LEVEL)).toBe(logLevelFrom(undefined));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("deploy/mall.env.example sets only variables the server knows", () => {
    const deploy = listed(fs.readFileSync("deploy/mall.env.example", "utf8"));
    expect([...deploy].filter((name) => !read.has(name)).sort()).toEqual([]);
  });
});
