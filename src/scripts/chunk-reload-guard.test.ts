import { describe, expect, it } from "vitest";
import { isChunkLoadError, shouldReload } from "./chunk-reload-guard.ts";

describe("shouldReload", () => {
  it("reloads when it never reloaded before", () => {
    expect(shouldReload(1_000_000, null)).toBe(true);
  });
  it("does not reload twice within 60 s", () => {
    expect(shouldReload(1_000_000, 1_000_000 - 59_999)).toBe(false);
  });
  it("reloads again after 60 s", () => {
    expect(shouldReload(1_000_000, 1_000_000 - 60_000)).toBe(true);
  });
  it("treats a timestamp from the future (clock change) as stale", () => {
    expect(shouldReload(1_000, 5_000)).toBe(true);
  });
});

describe("isChunkLoadError", () => {
  it("recognises failed dynamic imports of the browsers", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /_astro/x.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
  });
  it("ignores other errors", () => {
    expect(isChunkLoadError(new Error("boom"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
