/**
 * The import rules of the code layout (.dependency-cruiser.mjs, docs/architecture.md "Code
 * layout"): no import cycles, browser code never imports src/server, src/lib imports neither side,
 * business rules do not import the HTTP layer, pages import no database module — for .ts/.tsx
 * modules (dependency-cruiser) and for the imports of .astro files (frontmatter and `<script>`
 * blocks, which are browser code). Pages take only `content` and `config` from the app context
 * (docs/architecture.md "How a page reads data"). Also: every domain module
 * lives in a feature folder, every feature folder has its place in the order of features (a feature
 * imports only those below it, so the folders form no cycle) and is in the architecture doc's
 * feature table. And no large rooms: files over their kind's line limit (LINE_LIMITS).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import config, { DOMAIN_FEATURES } from "../../.dependency-cruiser.mjs";

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

/** Imports of an .astro file: the frontmatter's run on the server, a bundled `<script>`'s in the browser. */
function astroImports(code: string): { spec: string; browser: boolean }[] {
  const out: { spec: string; browser: boolean }[] = [];
  const specs = (text: string) => [
    ...[...text.matchAll(/(?:^|[;\n])\s*(?:import|export)\s+(?!type\s)[^'";]*?from\s*["']([^"']+)["']/g)].map(
      (m) => m[1]!,
    ),
    ...[...text.matchAll(/(?:^|[;\n])\s*import\s*["']([^"']+)["']/g)].map((m) => m[1]!),
    ...[...text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!),
  ];
  const front = /^---\n([\s\S]*?)\n---/.exec(code);
  if (front) for (const spec of specs(front[1]!)) out.push({ spec, browser: false });
  const template = code.slice(front?.[0].length ?? 0);
  for (const m of template.replace(/<script\b[^>]*\/>/g, "").matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? "";
    if (/is:inline|type=["'](application\/ld\+json|application\/json)["']/.test(attrs)) continue;
    for (const spec of specs(m[2]!)) out.push({ spec, browser: true });
  }
  return out;
}

function resolveFrom(file: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = path.resolve(path.dirname(file), spec.replace(/\?.*$/, ""));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return path.relative(ROOT, candidate);
  }
  return null;
}

function astroFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) astroFiles(p, out);
    else if (e.name.endsWith(".astro")) out.push(p);
  }
  return out;
}

function filesUnder(dir: string, ending: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) filesUnder(p, ending, out);
    else if (e.name.endsWith(ending)) out.push(p);
  }
  return out;
}

/** What a page's server code may take of the app context: its data door and its configuration. */
const PAGE_CONTEXT_MEMBERS = new Set(["content", "config"]);

/**
 * How code of the page side takes from the app context anything but `content` and `config` (a
 * database handle, the catalogue's handle, the whole context): each such use, by what it takes.
 */
function pageContextMisuses(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/getAppContext\(\)/g)) {
    const after = /^\s*\.\s*(\w+)/.exec(code.slice(m.index + m[0].length));
    const before = /const\s*\{([^}]*)\}\s*=\s*$/.exec(code.slice(0, m.index));
    const taken = after
      ? [after[1]!]
      : before
        ? before[1]!
            .split(",")
            .map((n) => n.trim().split(/[\s:]/)[0]!)
            .filter(Boolean)
        : ["the whole context"];
    out.push(...taken.filter((n) => !PAGE_CONTEXT_MEMBERS.has(n)));
  }
  return out;
}

/**
 * The most lines a file of a kind may have (issue 39 "Large rooms"): a larger one is split by
 * responsibility — an island into a hook (state and calls) and sections, a stylesheet by section.
 */
const LINE_LIMITS = [
  { kind: "domain module", dir: "src/server/domain", ending: ".ts", max: 600 },
  { kind: "stylesheet", dir: "src", ending: ".css", max: 500 },
  { kind: "island", dir: "src/islands", ending: ".tsx", max: 400 },
] as const;

describe("code layout", () => {
  it.each(LINE_LIMITS)("no $kind over $max lines", ({ dir, ending, max }) => {
    const over = filesUnder(path.join(ROOT, dir), ending)
      .map((f) => path.relative(ROOT, f))
      .map((f) => ({ f, lines: fs.readFileSync(path.join(ROOT, f), "utf8").split("\n").length - 1 }))
      .filter((x) => x.lines > max)
      .map((x) => `${x.f}: ${x.lines}`);
    expect(over).toEqual([]);
  });

  it("src and scripts break no import rule", async () => {
    const out = await run(["src", "scripts"]);
    const violations = out.summary.violations.map(
      (v) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (${v.cycle.map((c) => c.name).join(" → ")})` : ""}`,
    );
    expect(violations).toEqual([]);
    expect(out.summary.totalCruised).toBeGreaterThan(300);
  }, 60_000);

  it("every domain module is in a feature folder", () => {
    const dir = path.join(ROOT, "src/server/domain");
    const flat = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
    expect(flat).toEqual([]);
  });

  it("every feature folder of src/server/domain has its place in the feature order (DOMAIN_FEATURES)", () => {
    const folders = fs
      .readdirSync(path.join(ROOT, "src/server/domain"), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect([...DOMAIN_FEATURES].sort()).toEqual(folders);
  });

  it(".astro files break no import rule (their <script> blocks are browser code)", () => {
    const rules = (config.forbidden ?? []).flatMap((r) => {
      const to = "to" in r ? r.to : undefined;
      return r.from?.path && to?.path ? [{ name: r.name, from: String(r.from.path), to: String(to.path) }] : [];
    });
    const violations: string[] = [];
    let checked = 0;
    for (const file of astroFiles(path.join(ROOT, "src"))) {
      const rel = path.relative(ROOT, file);
      for (const { spec, browser } of astroImports(fs.readFileSync(file, "utf8"))) {
        // A package is named as dependency-cruiser names it (node_modules/<package>/…).
        const target = spec.startsWith(".") ? resolveFrom(file, spec) : `node_modules/${spec}/`;
        if (!target) continue;
        checked++;
        // A bundled <script> runs in the browser like a page script of src/scripts.
        const from = browser ? "src/scripts/(script of an .astro file)" : rel;
        for (const rule of rules) {
          if (new RegExp(rule.from).test(from) && new RegExp(rule.to).test(target)) {
            violations.push(`${rule.name}: ${rel}${browser ? " <script>" : ""} → ${target}`);
          }
        }
      }
    }
    expect(violations).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });

  it("pages read data through getAppContext().content and hold no database handle", () => {
    // The check itself: each way of taking a handle is caught.
    expect(pageContextMisuses("const { db, config } = getAppContext();")).toEqual(["db"]);
    expect(pageContextMisuses("const page = await searchShops(await getAppContext().reads.db(), l);")).toEqual([
      "reads",
    ]);
    expect(pageContextMisuses("const ctx = getAppContext();")).toEqual(["the whole context"]);
    expect(pageContextMisuses("const { content } = getAppContext(); getAppContext().config.siteUrl;")).toEqual([]);
    const violations: string[] = [];
    let uses = 0;
    for (const dir of ["src/pages", "src/components", "src/layouts"]) {
      for (const file of filesUnder(path.join(ROOT, dir), "")) {
        if (!/\.(astro|ts|tsx)$/.test(file) || /\.test\.ts$/.test(file)) continue;
        const code = fs.readFileSync(file, "utf8");
        uses += code.match(/getAppContext\(\)/g)?.length ?? 0;
        for (const taken of pageContextMisuses(code)) violations.push(`${path.relative(ROOT, file)}: ${taken}`);
      }
    }
    expect(violations).toEqual([]);
    expect(uses).toBeGreaterThan(20);
  });

  it("every feature folder of src/server/domain is in the feature table of docs/architecture.md", () => {
    const doc = fs.readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
    const section = /^## Code layout: one name per feature\n([\s\S]*?)(?=^## )/m.exec(doc)?.[1] ?? "";
    const rows = section.split("\n").filter((l) => l.startsWith("|") && !/^\|[-\s|]+\|$/.test(l));
    const header = rows[0]?.split("|").map((c) => c.trim()) ?? [];
    const domainColumn = header.findIndex((c) => c.startsWith("domain"));
    expect(domainColumn).toBeGreaterThan(0);
    const named = new Set(
      rows
        .slice(1)
        .flatMap((r) => [...(r.split("|")[domainColumn] ?? "").matchAll(/([a-z][a-z0-9-]*)\//g)].map((m) => m[1]!)),
    );
    const folders = fs
      .readdirSync(path.join(ROOT, "src/server/domain"), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => !named.has(f))).toEqual([]);
  });
});
