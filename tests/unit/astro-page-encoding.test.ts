import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { encodePageInPieces, lengthOfPageBytes, PAGE_PIECE_CHARS } from "../../scripts/astro-page-encoding.mjs";

const require = createRequire(import.meta.url);
const astroRoot = path.dirname(require.resolve("astro/package.json"));
const renderJs = fs.readFileSync(path.join(astroRoot, "dist/runtime/server/render/astro/render.js"), "utf8");
const pageJs = fs.readFileSync(path.join(astroRoot, "dist/runtime/server/render/page.js"), "utf8");

type Destination = { write(chunk: unknown): void };
type RenderStreamToString = (result: object, template: string[], isPage: boolean) => Promise<string | Uint8Array>;

/** The rewritten renderStreamToString of the installed Astro, with its module's helpers stubbed. */
function rewrittenRenderStreamToString(): RenderStreamToString {
  const code = encodePageInPieces(renderJs);
  const start = code.indexOf("async function renderStreamToString(");
  const end = code.indexOf("\nasync function ", start + 1);
  const source = code.slice(start, end);
  const factory = new Function(
    "bufferHeadContent",
    "renderStreaming",
    "chunkToString",
    "DOCTYPE_EXP",
    "encoder",
    `${source}\nreturn renderStreamToString;`,
  ) as (...args: unknown[]) => RenderStreamToString;
  return factory(
    async () => {},
    // The template stands for the page: each of its strings is written as one chunk.
    async (template: string[], _result: object, destination: Destination) => {
      for (const chunk of template) destination.write(chunk);
    },
    (_result: object, chunk: unknown) => String(chunk),
    /<!doctype html/i,
    new TextEncoder(),
  );
}

describe("astro-page-encoding (scripts/astro-page-encoding.mjs)", () => {
  it("finds the code it rewrites in the installed Astro", () => {
    expect(() => encodePageInPieces(renderJs)).not.toThrow();
    expect(lengthOfPageBytes(pageJs)).toContain("body instanceof Uint8Array");
    expect(() => encodePageInPieces("export {}")).toThrow(/Astro upgrade/);
    expect(() => lengthOfPageBytes("export {}")).toThrow(/Astro upgrade/);
  });

  it("encodes a large page in pieces to the same UTF-8 bytes, with the doctype", async () => {
    const render = rewrittenRenderStreamToString();
    const chunks: string[] = [];
    for (let i = 0, length = 0; length < PAGE_PIECE_CHARS * 3; i++) {
      chunks.push(`<li data-i="${i}">简体中文 · 繁體中文 — “${i}” 😀</li>`);
      length += chunks.at(-1)!.length;
    }
    const out = await render({ partial: false, compressHTML: true }, chunks, true);
    expect(out).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(out as Uint8Array).equals(Buffer.from(`<!DOCTYPE html>${chunks.join("")}`))).toBe(true);
  });

  it("leaves a small page, and anything that is not a page, a string", async () => {
    const render = rewrittenRenderStreamToString();
    expect(await render({ partial: false, compressHTML: true }, ["<p>简体</p>"], true)).toBe(
      "<!DOCTYPE html><p>简体</p>",
    );
    const big = ["x".repeat(PAGE_PIECE_CHARS + 1), "y"];
    expect(await render({ partial: true, compressHTML: true }, big, false)).toBe(big.join(""));
  });
});
