/**
 * A feature writes only its own tables (docs/architecture.md "Code layout"): a module of
 * `src/server/domain/<feature>/` inserts into, updates and deletes from the tables of its feature's
 * schema file (`src/server/db/schema/<feature>.ts`) only. Another feature's rows change through that
 * feature's domain function, in the caller's transaction (product/stock.ts takeStock and returnStock,
 * points-ledger changePoints, balance changeBalance, payment closeWaitingPayments and
 * recordPaymentPaid, jobs finishJobs, order insertOrder, setOrderStatus, setOrderRefundStatus and
 * closeRefundedOrder, …), or through an event the owner subscribes to when the owner sits above it
 * in the order of features (a registry: registerOrderTypeHooks, registerOrderSettlement, review's
 * onLineReviewed, invoice's onInvoiceChanged, the store application's onStoreAccountSet).
 *
 * OWNERS names the tables whose writers are not (only) the feature of their schema file, with the
 * reason. NOT_YET lists the writes across features that are still to move behind their owner's
 * function: the list may only shrink, and any other write across features fails.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCHEMA = path.join(ROOT, "src/server/db/schema");
const DOMAIN = path.join(ROOT, "src/server/domain");

/** Writers of a table other than its schema file's feature: a feature folder, or one module (folder/file.ts). */
const OWNERS: Record<string, readonly string[]> = {
  // The goods' rows of the catalogue's schema are the product feature's: product.ts edits them,
  // product/stock.ts takes, gives back and counts sold stock for every feature that sells.
  products: ["product"],
  skus: ["product"],
  productTranslations: ["product"],
  // The pictures' table sits in the upload schema; the image pipeline owns it.
  images: ["image"],
  // One table of sessions: buyers' (account) and shops' (merchant).
  sessions: ["account", "merchant"],
  // The user row is account's; the paid level and the growth are member's; the totals (balance,
  // points) change only through the user ledger, kernel/user-ledger.ts, with a row of user_ledger.
  users: ["account", "member", "kernel/user-ledger.ts"],
  userLedger: ["kernel/user-ledger.ts"],
  // Rate limits are shared by every feature that limits (kernel/rate-limit.ts).
  rateLimits: ["kernel/rate-limit.ts"],
  // A shop's row is the shop feature's; its search vector (shops.search_vec, migration 0035) is
  // the search index's, which fills the vectors of rows written with the triggers off.
  shops: ["shop", "catalog/search-index.ts"],
};

/**
 * Writes across features still to move (feature → tables; by feature, so splitting a module keeps
 * the list): may only shrink, and is empty — every write across features goes through its owner.
 */
const NOT_YET: Record<string, readonly string[]> = {};

/** Table → the feature of its schema file, by its drizzle name and by its SQL name. */
function schemaFeatures(): Map<string, { feature: string; name: string }> {
  const out = new Map<string, { feature: string; name: string }>();
  for (const f of fs.readdirSync(SCHEMA)) {
    const feature = f.replace(/\.ts$/, "");
    for (const m of fs
      .readFileSync(path.join(SCHEMA, f), "utf8")
      .matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g)) {
      out.set(m[1]!, { feature, name: m[1]! });
      out.set(m[2]!, { feature, name: m[1]! });
    }
  }
  return out;
}

function modules(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) modules(p, out);
    else if (e.name.endsWith(".ts") && !e.name.endsWith(".test.ts")) out.push(p);
  }
  return out;
}

/**
 * drizzle's tx.insert(t) / update(t) / delete(t) (also schema.t), and SQL's insert into / update …
 * set / delete from, with the table named or interpolated (`update ${t} set`).
 */
const WRITE =
  /\.(?:insert|update|delete)\(\s*(?:\w+\.)?(\w+)\s*\)|\b(?:insert\s+into|delete\s+from)\s+(?:\$\{\s*)?(\w+)|\bupdate\s+(?:\$\{\s*)?(\w+)\s*\}?\s+set\b/gi;

describe("table owners", () => {
  it("a domain module writes only its feature's tables (OWNERS, NOT_YET)", () => {
    const tables = schemaFeatures();
    expect(tables.size).toBeGreaterThan(40);
    const across: Record<string, Set<string>> = {};
    for (const file of modules(DOMAIN)) {
      const rel = path.relative(DOMAIN, file).split(path.sep).join("/");
      const feature = rel.split("/")[0]!;
      const written = new Set<string>();
      for (const m of fs.readFileSync(file, "utf8").matchAll(WRITE)) {
        const t = tables.get(m[1] ?? m[2] ?? m[3] ?? "");
        if (t) written.add(t.name);
      }
      for (const name of written) {
        const owners = OWNERS[name] ?? [tables.get(name)!.feature];
        if (!owners.includes(feature) && !owners.includes(rel)) (across[feature] ??= new Set()).add(name);
      }
    }
    const sorted = Object.fromEntries(Object.entries(across).map(([f, names]) => [f, [...names].sort()]));
    expect(sorted).toEqual(NOT_YET);
  });

  it("every table named in OWNERS exists", () => {
    const tables = schemaFeatures();
    expect(Object.keys(OWNERS).filter((t) => !tables.has(t))).toEqual([]);
  });
});
