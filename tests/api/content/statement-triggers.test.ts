/**
 * Migration 0037: the UPDATE and DELETE content triggers of skus and products fire once per
 * statement (transition tables) instead of once per row (docs/product.md "Deltas in groups").
 * Sameness: each kind of change runs twice, each time in a transaction that is rolled back, once
 * with the statement triggers and once with the per-row triggers as they were before 0037
 * (LEGACY below, read from migrations 0005, 0008, 0027 and 0035). Both must record the same tags
 * and agree on whether the public content version moved. The statement triggers record each tag
 * once.
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../../src/server/db/client.ts";
import { createTestApp, dbReady, type TestApp } from "../helpers.ts";

const migrations = new URL("../../../src/server/db/migrations/", import.meta.url);

/** The statement of a migration that starts with `start`. */
function statementOf(file: string, start: string): string {
  const text = fs.readFileSync(new URL(file, migrations), "utf8");
  const part = text.split("--> statement-breakpoint").find((s) => s.includes(start));
  if (!part) throw new Error(`${file}: no statement ${start}`);
  return part.slice(part.indexOf(start));
}

/** The per-row triggers as they were before migration 0037, in place of its statement triggers. */
const LEGACY = [
  `DROP TRIGGER skus_content_update ON skus`,
  `DROP TRIGGER skus_content_delete ON skus`,
  `DROP TRIGGER products_content_update ON products`,
  `DROP TRIGGER products_content_delete ON products`,
  statementOf("0008_content_changes.sql", "CREATE OR REPLACE FUNCTION skus_content_change()"),
  statementOf("0035_search_own_names.sql", "CREATE OR REPLACE FUNCTION products_content_change()"),
  statementOf("0027_bulk_content_changes.sql", "CREATE TRIGGER skus_content_change"),
  statementOf("0027_bulk_content_changes.sql", "CREATE TRIGGER products_content_change"),
  statementOf("0005_buying.sql", "CREATE TRIGGER skus_bump_version_update"),
  statementOf("0035_search_own_names.sql", "CREATE TRIGGER products_bump_version_update"),
];

interface Outcome {
  /** The distinct tags recorded, sorted. */
  tags: string[];
  /** Rows inserted into content_changes. */
  rows: number;
  bumped: boolean;
}

const ROLLBACK = new Error("rollback");

describe.skipIf(!dbReady)("skus and products content triggers once per statement (migration 0037)", () => {
  let app: TestApp;
  /** Two SKUs of product a, one of product b (another category), all in stock above 1. */
  let ids: { a: number; b: number; s1: number; s2: number; s3: number };

  beforeAll(async () => {
    app = await createTestApp();
    const rows = rowsOf<{ prod_id: number; category_id: number; sku_ids: number[] }>(
      await app.ctx.db.execute(sql`
        select p.prod_id, p.category_id, array_agg(s.sku_id order by s.sku_id) as sku_ids
        from products p join skus s on s.prod_id = p.prod_id
        where p.status = 1 and p.total_stocks > 1 and s.stocks > 1
        group by p.prod_id, p.category_id having count(*) >= 2
        order by p.prod_id`),
    );
    const a = rows[0]!;
    const b = rows.find((r) => r.category_id !== a.category_id)!;
    ids = { a: a.prod_id, b: b.prod_id, s1: a.sku_ids[0]!, s2: a.sku_ids[1]!, s3: b.sku_ids[0]! };
  });

  afterAll(async () => {
    await app?.close();
  });

  /** Runs `setup`, then `statements` (the changes measured), and rolls everything back. */
  async function outcome(statements: string[], legacy: boolean, setup: string[] = []): Promise<Outcome> {
    let out: Outcome | undefined;
    const mark = `select coalesce(max(id), 0)::text as id,
                    (select version from content_versions where scope = 'public')::text as version
                  from content_changes`;
    await app.ctx.db
      .transaction(async (tx) => {
        if (legacy) for (const s of LEGACY) await tx.execute(sql.raw(s));
        for (const s of setup) await tx.execute(sql.raw(s));
        const before = rowsOf<{ id: string; version: string }>(await tx.execute(sql.raw(mark)))[0]!;
        for (const s of statements) await tx.execute(sql.raw(s));
        const after = rowsOf<{ version: string }>(await tx.execute(sql.raw(mark)))[0]!;
        const recorded = rowsOf<{ tag: string }>(
          await tx.execute(sql`select tag from content_changes where id > ${before.id}::bigint`),
        ).map((r) => r.tag);
        out = { tags: [...new Set(recorded)].sort(), rows: recorded.length, bumped: after.version !== before.version };
        throw ROLLBACK;
      })
      .catch((err: unknown) => {
        if (err !== ROLLBACK) throw err;
      });
    return out!;
  }

  /** `several`: more than one statement or table, so a tag may be recorded once by each. */
  const cases: {
    name: string;
    statements: () => string[];
    setup?: () => string[];
    expected?: "none" | "stock";
    several?: true;
    /** The per-row triggers recorded a tag more than once (two SKUs of one product). */
    fewer?: true;
  }[] = [
    {
      name: "a SKU's stock, not crossing 0",
      statements: () => [`UPDATE skus SET stocks = stocks + 3, version = version + 1 WHERE sku_id = ${ids.s1}`],
      expected: "stock",
    },
    {
      name: "a SKU sold out",
      statements: () => [`UPDATE skus SET stocks = 0, version = version + 1 WHERE sku_id = ${ids.s1}`],
    },
    {
      name: "a SKU back in stock",
      setup: () => [`UPDATE skus SET stocks = 0 WHERE sku_id = ${ids.s1}`],
      statements: () => [`UPDATE skus SET stocks = 5 WHERE sku_id = ${ids.s1}`],
    },
    {
      name: "a SKU's price",
      statements: () => [`UPDATE skus SET price = price + 1 WHERE sku_id = ${ids.s1}`],
    },
    {
      name: "a SKU unchanged",
      statements: () => [`UPDATE skus SET stocks = stocks WHERE sku_id = ${ids.s1}`],
      expected: "none",
    },
    {
      name: "no SKU",
      statements: () => [`UPDATE skus SET stocks = stocks + 1 WHERE sku_id = -1`],
      expected: "none",
    },
    {
      name: "SKUs of two products: stock, sold out, price, unchanged",
      statements: () => [
        `UPDATE skus SET stocks = CASE sku_id WHEN ${ids.s1} THEN stocks + 1 WHEN ${ids.s2} THEN 0 ELSE stocks END,
           price = CASE sku_id WHEN ${ids.s3} THEN price + 1 ELSE price END
         WHERE sku_id IN (${ids.s1}, ${ids.s2}, ${ids.s3})`,
      ],
    },
    {
      name: "SKUs of two products, stock only",
      statements: () => [`UPDATE skus SET stocks = stocks + 1 WHERE sku_id IN (${ids.s1}, ${ids.s2}, ${ids.s3})`],
      expected: "stock",
      fewer: true,
    },
    {
      name: "a SKU moved to another product",
      statements: () => [`UPDATE skus SET prod_id = ${ids.b} WHERE sku_id = ${ids.s1}`],
    },
    {
      name: "a SKU's key changed",
      statements: () => [`UPDATE skus SET sku_id = -${ids.s1} WHERE sku_id = ${ids.s1}`],
    },
    {
      name: "SKUs of two products deleted",
      statements: () => [`DELETE FROM skus WHERE sku_id IN (${ids.s1}, ${ids.s3})`],
    },
    {
      name: "a product's stock total and updated_at",
      statements: () => [
        `UPDATE products SET total_stocks = total_stocks + 3, updated_at = now() + interval '1 second' WHERE prod_id = ${ids.a}`,
      ],
      expected: "stock",
    },
    {
      name: "a product sold out",
      statements: () => [`UPDATE products SET total_stocks = 0 WHERE prod_id = ${ids.a}`],
    },
    {
      name: "a product back in stock",
      setup: () => [`UPDATE products SET total_stocks = 0 WHERE prod_id = ${ids.a}`],
      statements: () => [`UPDATE products SET total_stocks = 7 WHERE prod_id = ${ids.a}`],
    },
    {
      name: "a product's sales and review counters",
      statements: () => [
        `UPDATE products SET sold_num = sold_num + 1, comment_num = comment_num + 1 WHERE prod_id = ${ids.a}`,
      ],
      expected: "stock",
    },
    {
      name: "a product's search vectors only",
      statements: () => [
        `UPDATE products SET search_vec = to_tsvector('simple', 'zz'), param_vec = to_tsvector('simple', 'yy')
         WHERE prod_id IN (${ids.a}, ${ids.b})`,
      ],
      expected: "none",
    },
    {
      name: "a product off shelf",
      statements: () => [`UPDATE products SET status = 0 WHERE prod_id = ${ids.a}`],
    },
    {
      name: "a product moved to another category",
      statements: () => [
        `UPDATE products SET category_id = (SELECT category_id FROM products WHERE prod_id = ${ids.b}) WHERE prod_id = ${ids.a}`,
      ],
    },
    {
      name: "products: one stock only, one price, one search vector",
      statements: () => [
        `UPDATE products SET total_stocks = total_stocks + CASE prod_id WHEN ${ids.a} THEN 1 ELSE 0 END,
           price = price + CASE prod_id WHEN ${ids.b} THEN 1 ELSE 0 END,
           search_vec = to_tsvector('simple', 'zz')
         WHERE prod_id IN (${ids.a}, ${ids.b})`,
      ],
    },
    {
      name: "a product deleted, then its SKUs",
      statements: () => [`DELETE FROM products WHERE prod_id = ${ids.a}`, `DELETE FROM skus WHERE prod_id = ${ids.a}`],
      several: true,
    },
    {
      name: "a product's SKUs deleted, then the product",
      statements: () => [`DELETE FROM skus WHERE prod_id = ${ids.a}`, `DELETE FROM products WHERE prod_id = ${ids.a}`],
      several: true,
    },
    {
      name: "a group of stock deltas in one statement (SKUs and their products' totals)",
      statements: () => [
        `WITH moved AS (
           UPDATE skus s SET stocks = s.stocks + d.delta, version = s.version + 1
           FROM (VALUES (${ids.s1}, 2), (${ids.s2}, 1), (${ids.s3}, -1)) AS d(sku_id, delta)
           WHERE s.sku_id = d.sku_id
           RETURNING s.prod_id, d.delta
         )
         UPDATE products p SET total_stocks = p.total_stocks + m.total, updated_at = now() + interval '1 second'
         FROM (SELECT prod_id, sum(delta)::int AS total FROM moved GROUP BY prod_id) m WHERE p.prod_id = m.prod_id`,
      ],
      expected: "stock",
      several: true,
    },
  ];

  for (const c of cases) {
    it(`${c.name}: the same tags as the per-row triggers, each once`, async () => {
      const setup = c.setup?.() ?? [];
      const perStatement = await outcome(c.statements(), false, setup);
      const perRow = await outcome(c.statements(), true, setup);
      expect(perStatement.tags).toEqual(perRow.tags);
      expect(perStatement.bumped).toBe(perRow.bumped);
      expect(perStatement.rows).toBeLessThanOrEqual(perRow.rows);
      if (c.fewer) expect(perStatement.rows).toBeLessThan(perRow.rows);
      if (c.several) expect(perStatement.rows).toBeLessThanOrEqual(perRow.rows);
      else expect(perStatement.rows).toBe(perStatement.tags.length);
      if (c.expected === "none") expect(perStatement).toEqual({ tags: [], rows: 0, bumped: false });
      if (c.expected === "stock") {
        expect(perStatement.tags.every((t) => t.startsWith("stock:"))).toBe(true);
        expect(perStatement.tags.length).toBeGreaterThan(0);
        expect(perStatement.bumped).toBe(false);
      } else if (c.expected === undefined) {
        expect(perStatement.tags.filter((t) => t === `product:${ids.a}` || t === `product:${ids.b}`)).not.toEqual([]);
      }
    });
  }
});
