/**
 * Demo data a shopper believes (docs/demo-data.md "Names and sales"), for the demo seed and for
 * the large catalogue generator (`npm run catalog`, src/server/seed/scale.ts) at a small size:
 * - every product has its own name in each language;
 * - no name carries two variant suffixes ("经典款 经典款", "2026新款 2026款");
 * - sales are plausible for the listing age: at most MAX_DAILY_SALES a day since listing, so a
 *   new product (listed within 30 days) never shows tens of thousands sold;
 * - a flash sale or group buy never asks more than the product's own price (its cheapest SKU is
 *   in the activity), so the home's activity cards and the product's other cards agree;
 * - every shop has a logo of its own, the generated ones too (written beside the demo's pictures).
 * PGlite only: the seed is the same on PostgreSQL.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, rowsOf, type Database } from "../../../src/server/db/client.ts";
import { reseedDatabase } from "../../../src/server/seed/index.ts";
import { MAX_DAILY_SALES, VARIANT_WORDS } from "../../../src/server/seed/plausible.ts";
import { generateCatalog } from "../../../src/server/seed/scale.ts";
import { dbDriver } from "../helpers.ts";

const NOW = new Date("2026-10-15T03:37:00Z");

describe.skipIf(dbDriver !== "pglite")("demo data a shopper believes", () => {
  let database: Database;
  let uploads: string;
  const q = async <T>(text: string) => rowsOf<T>(await database.db.execute(sql.raw(text)));

  beforeAll(async () => {
    database = await openDatabase({});
    await database.migrate();
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), "mall-seed-truth-"));
    await reseedDatabase(database.db, { uploadsDir: uploads, now: NOW });
  }, 300_000);
  afterAll(async () => {
    await database?.close();
    if (uploads) fs.rmSync(uploads, { recursive: true, force: true });
  });

  const duplicateNames = () =>
    q<{ locale: string; name: string; n: number }>(
      `select locale, prod_name as name, count(*)::int as n from product_translations group by 1, 2 having count(*) > 1 order by n desc limit 5`,
    );
  /** Names with two variant words among their words, or a repeated word, or "2026" twice. */
  const doubledSuffixes = async () => {
    const names = await q<{ id: number; locale: string; name: string }>(
      `select prod_id as id, locale, prod_name as name from product_translations`,
    );
    return names.filter(({ locale, name }) => {
      const words = name.split(/\s+/);
      if ((name.match(/2026/g) ?? []).length > 1) return true;
      if (words.some((w, i) => i > 0 && w === words[i - 1])) return true;
      return locale !== "en" && words.filter((w) => VARIANT_WORDS.has(w)).length > 1;
    });
  };
  const implausibleSales = () =>
    q<{ id: number; sold: number; days: number }>(
      `select prod_id as id, sold_num as sold, round(extract(epoch from ('${NOW.toISOString()}'::timestamptz - putaway_time)) / 86400, 1)::float as days
         from products
        where sold_num > ${MAX_DAILY_SALES} * greatest(extract(epoch from ('${NOW.toISOString()}'::timestamptz - putaway_time)) / 86400, 0.1) + 60
        order by prod_id limit 5`,
    );

  it("the demo seed: unique names, one variant each, sales within the listing age, activities below the product's price", async () => {
    expect(await duplicateNames()).toEqual([]);
    expect((await doubledSuffixes()).slice(0, 5)).toEqual([]);
    expect(await implausibleSales()).toEqual([]);
    // New products exist and sell, but not like year-old best sellers.
    const [fresh] = await q<{ n: number; max: number }>(
      `select count(*)::int as n, max(sold_num)::int as max from products
        where putaway_time > '${NOW.toISOString()}'::timestamptz - interval '30 days' and prod_type = 0`,
    );
    expect(fresh!.n).toBeGreaterThan(10);
    expect(fresh!.max).toBeLessThan(MAX_DAILY_SALES * 30);
    const dearer = await q(
      `select 'group' as kind, a.prod_id from group_activities a join group_skus g using (group_activity_id) join products p using (prod_id)
        group by a.prod_id, p.price having min(g.act_price) >= p.price
       union all
       select 'flash', a.prod_id from flash_activities a join flash_skus f using (seckill_id) join products p using (prod_id)
        group by a.prod_id, p.price having min(f.price) >= p.price`,
    );
    expect(dearer).toEqual([]);
  });

  it("the catalogue generator at a small size keeps the same promises", async () => {
    const summary = await generateCatalog(database.db, {
      products: 1500,
      shops: 40,
      seed: 11,
      now: NOW,
      images: { uploadsDir: uploads },
    });
    expect(summary.productsAdded).toBeGreaterThan(1000);
    expect(await duplicateNames()).toEqual([]);
    expect((await doubledSuffixes()).slice(0, 5)).toEqual([]);
    expect(await implausibleSales()).toEqual([]);
    // The long tail stays: some generated products sell thousands, most a few.
    const [tail] = await q<{ top: number; few: number }>(
      `select count(*) filter (where sold_num > 1000)::int as top, count(*) filter (where sold_num < 100)::int as few
         from products where prod_id >= ${summary.firstProdId}`,
    );
    expect(tail!.top).toBeGreaterThan(0);
    expect(tail!.few).toBeGreaterThan(tail!.top * 10);
    // Each shop its own logo, on disk and recorded as a picture.
    const logos = await q<{ id: number; logo: string | null; recorded: boolean }>(
      `select s.shop_id as id, s.shop_logo as logo, exists (select 1 from images i where i.path = s.shop_logo) as recorded
         from shops s order by s.shop_id`,
    );
    expect(logos.length).toBe(40);
    expect(logos.filter((l) => !l.logo || !l.recorded)).toEqual([]);
    expect(new Set(logos.map((l) => l.logo)).size).toBe(logos.length);
    for (const l of logos.slice(-3))
      expect(fs.readFileSync(path.join(uploads, l.logo!.slice("/uploads/".length))).toString()).toMatch(/^<svg /);
  }, 300_000);
});
