/**
 * The command line of `npm run catalog` (scale-cli.ts): its options, read into what the
 * generator takes, and the usage text printed for `--help` or a line it cannot read.
 */
import { parseArgs } from "node:util";

/** The usage text (`npm run catalog -- --help`). */
export const CATALOG_USAGE = `Large catalogue generator — usage: npm run catalog -- [options]

Seeds the demo data again (every table emptied first) and adds generated shops and products up
to the given totals, in the database of the environment: DATABASE_URL (PostgreSQL), else PGlite
in DATA_DIR/pglite (stop a server on it first). See docs/search.md.

  --products N    products in all, demo included (default 100000)
  --shops N       shops in all, demo included (default 1000)
  --seed N        seed of the generator's random numbers (default 26): the same seed, the same catalogue
  --keep          add to a database that already holds the demo instead of seeding it again
  --reindex       only build the search index of every product again and print the time it took
  -h, --help      this text`;

/** What `npm run catalog` was asked to do. */
export type CatalogCommand =
  | { kind: "help" }
  | { kind: "reindex" }
  | { kind: "generate"; products: number; shops: number; seed: number; keep: boolean };

/** A command line that cannot be read: its message, printed above the usage text (exit code 2). */
export class CatalogUsageError extends Error {}

function count(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,7}$/.test(value)) throw new CatalogUsageError(`--${name} must be a whole number (got ${value})`);
  return Number(value);
}

/** Reads the arguments after `npm run catalog --`; throws CatalogUsageError for an unknown option or a bad number. */
export function parseCatalogArgs(args: readonly string[]): CatalogCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        products: { type: "string" },
        shops: { type: "string" },
        seed: { type: "string" },
        keep: { type: "boolean" },
        reindex: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (err) {
    throw new CatalogUsageError(err instanceof Error ? err.message : String(err));
  }
  if (values.help) return { kind: "help" };
  if (values.reindex) {
    const other = ["products", "shops", "seed", "keep"].filter((k) => values[k as keyof typeof values] !== undefined);
    if (other.length) throw new CatalogUsageError(`--reindex takes no other option (got --${other.join(", --")})`);
    return { kind: "reindex" };
  }
  return {
    kind: "generate",
    products: count(values.products, 100_000, "products"),
    shops: count(values.shops, 1_000, "shops"),
    seed: count(values.seed, 26, "seed"),
    keep: values.keep === true,
  };
}
