import { describe, expect, it } from "vitest";
import { CATALOG_USAGE, CatalogUsageError, parseCatalogArgs } from "./scale-args.ts";

describe("npm run catalog's command line", () => {
  it("--help and -h ask for the usage text, which names every option", () => {
    expect(parseCatalogArgs(["--help"])).toEqual({ kind: "help" });
    expect(parseCatalogArgs(["-h"])).toEqual({ kind: "help" });
    expect(parseCatalogArgs(["--products", "5", "--help"])).toEqual({ kind: "help" });
    for (const option of ["--products", "--shops", "--seed", "--keep", "--reindex", "--help"])
      expect(CATALOG_USAGE).toContain(option);
  });

  it("reads the totals, the seed and --keep, with the defaults", () => {
    expect(parseCatalogArgs([])).toEqual({ kind: "generate", products: 100_000, shops: 1_000, seed: 26, keep: false });
    expect(parseCatalogArgs(["--products", "20000", "--shops", "300", "--seed", "7", "--keep"])).toEqual({
      kind: "generate",
      products: 20_000,
      shops: 300,
      seed: 7,
      keep: true,
    });
    expect(parseCatalogArgs(["--reindex"])).toEqual({ kind: "reindex" });
  });

  it("refuses an unknown option, a number that is not whole, and --reindex with generator options", () => {
    expect(() => parseCatalogArgs(["--product", "5"])).toThrow(CatalogUsageError);
    expect(() => parseCatalogArgs(["--products", "1e5"])).toThrow(/--products must be a whole number \(got 1e5\)/);
    expect(() => parseCatalogArgs(["--shops", "-3"])).toThrow(CatalogUsageError);
    expect(() => parseCatalogArgs(["--reindex", "--products", "10"])).toThrow(/--reindex takes no other option/);
  });
});
