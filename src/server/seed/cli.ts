/**
 * `npm run db:seed`: opens the database like the server does (PGlite in DATA_DIR/pglite, or
 * DATABASE_URL), applies migrations, empties every table and seeds the demo data again.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadConfig } from "../config.ts";
import { loadDotEnv } from "../env-file.ts";
import { withDemoDatabase } from "./demo-database.ts";
import { DEMO_USER, reseedDatabase } from "./index.ts";

const COUNTED = [
  "categories",
  "brands",
  "category_brands",
  "shops",
  "products",
  "product_translations",
  "skus",
  "prod_comments",
  "users",
  "notices",
  "hot_searches",
  "site_config",
  "renovations",
] as const;

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const t0 = performance.now();
  const refusal =
    "[seed] refusing to empty a production database (NODE_ENV=production) and fill it with demo data; set ALLOW_DEMO_SEED=1 for a demo.";
  await withDemoDatabase(config, refusal, async (database) => {
    const t1 = performance.now();
    const summary = await reseedDatabase(database.db, {
      uploadsDir: path.join(config.dataDir, "uploads"),
      mobileMallUrl: config.mobileMallUrl,
    });
    const t2 = performance.now();
    const counts: Record<string, number> = {};
    for (const table of COUNTED) {
      const result = await database.db.execute(sql.raw(`select count(*)::int as n from "${table}"`));
      const row = ((result as { rows?: { n: number }[] }).rows ?? (result as unknown as { n: number }[]))[0];
      counts[table] = Number(row?.n ?? 0);
    }
    const onSale = await database.db.execute(
      sql`select count(*)::int as n from products p join shops s on s.shop_id = p.shop_id where p.status = 1 and s.shop_status = 1`,
    );
    counts["products on sale in open shops"] = Number(
      ((onSale as { rows?: { n: number }[] }).rows ?? (onSale as unknown as { n: number }[]))[0]?.n ?? 0,
    );
    console.log(
      `[seed] ${database.driver}: seeded in ${Math.round(t2 - t1)} ms (open + migrate ${Math.round(t1 - t0)} ms)`,
    );
    for (const [k, v] of Object.entries(counts)) console.log(`[seed]   ${k.padEnd(32)} ${v}`);
    console.log(`[seed]   generated images                 ${summary.images}`);
    console.log(`[seed] demo account: ${DEMO_USER.username} / ${DEMO_USER.password} (mobile ${DEMO_USER.userMobile})`);
    console.log(
      `[seed] product with unsafe HTML (<script>, onclick) in its description: prodId ${summary.unsafeContentProdId}`,
    );
    console.log(`[seed] sold-out products: ${summary.soldOutProdIds.join(", ")}`);
  });
}

main().catch((err: unknown) => {
  console.error("[seed] failed:", err);
  process.exitCode = 1;
});
