/**
 * The deterministic demo seed: categories (3 levels), brands, shops of the three types, products
 * with SKUs and generated images, reviews, notices, hot searches, site configuration,
 * renovations, users, coupons and limited-time discounts. Everything is written in ONE transaction; data comes from a seeded
 * PRNG, timestamps count back from the seeding instant (see random.ts), ids are explicit.
 */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { seedCatalog } from "./catalog.ts";
import { seedContent } from "./content.ts";
import type { SeedContext } from "./context.ts";
import { ImageStore } from "./images.ts";
import { recordVectorImages } from "../domain/image/image-store.ts";
import { isPrivateUpload } from "../../lib/image/private.ts";
import { insertProducts, planProducts } from "./products.ts";
import { Rng, SeedClock } from "./random.ts";
import { seedRenovations } from "./renovations.ts";
import { insertShops, planShops } from "./shops.ts";
import { seedMerchants } from "./merchants.ts";
import { seedMarketing } from "./marketing.ts";
import { seedStoreApplications } from "./store-applications.ts";
import { insertReviews, planReviews, seedUsers, settleDemoPoints } from "./users.ts";
import { seedAfterSales } from "./after-sales.ts";
import { seedChat } from "./chat.ts";
import { seedFlashGroup } from "./flash-group.ts";
import { seedPointsMall } from "./points-mall.ts";
import { seedShopOrders } from "./shop-orders.ts";
import { seedShowcase } from "./showcase.ts";
import { LocalFileStorage, type FileStorage } from "../providers/storage.ts";
import { seedVirtualGoods } from "./virtual-goods.ts";
import { seedSearchSynonyms } from "./search-synonyms.ts";
import { indexMissing } from "../domain/catalog/search-index.ts";

export { DEMO_USER, REVIEWER_PASSWORD } from "./users.ts";

export type SeedOptions = SeedTarget & {
  /** The seeding instant timestamps count back from (default: the current time). */
  now?: Date;
  /** Encoded in the footer QR code (default http://localhost:4321/). */
  mobileMallUrl?: string;
};

/** Where the generated images go: the server's storage, or a DATA_DIR/uploads folder (tests, CLI). */
type SeedTarget = { storage: FileStorage } | { uploadsDir: string };

export interface SeedSummary {
  unsafeContentProdId: number;
  soldOutProdIds: number[];
  images: number;
}

/** Tables whose serial ids the seed sets explicitly; their sequences are moved past the seeded ids. */
const SERIAL_COLUMNS: [table: string, column: string][] = [
  ["categories", "category_id"],
  ["brands", "brand_id"],
  ["shops", "shop_id"],
  ["products", "prod_id"],
  ["skus", "sku_id"],
  ["prod_comments", "prod_comm_id"],
  ["notices", "id"],
  ["hot_searches", "hot_search_id"],
  ["renovations", "renovation_id"],
  ["merchant_accounts", "merchant_id"],
];

/** Rows of db.execute(): PGlite answers {rows}, postgres-js answers the array itself. */
function resultRows<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

async function siteConfigCount(q: Db | Tx): Promise<number> {
  const first = resultRows<{ n: number }>(await q.execute(sql`select count(*)::int as n from site_config`))[0];
  return first ? Number(first.n) : 0;
}

/**
 * Seeds an empty database (bootstrap). Several processes may start at once against one
 * PostgreSQL: a transaction-scoped advisory lock serialises them and the emptiness is checked
 * again under the lock, so only the first one seeds.
 */
export async function seedDatabase(db: Db, opts: SeedOptions): Promise<void> {
  await runSeed(db, opts, false);
}

/**
 * Empties every table of the public schema (RESTART IDENTITY CASCADE) and seeds again, all in
 * one transaction: if seeding fails, the previous data stays. Used by `npm run db:seed`.
 */
export async function reseedDatabase(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  return (await runSeed(db, opts, true))!;
}

const SEED_LOCK_KEY = 7_270_001;

async function runSeed(db: Db, opts: SeedOptions, truncateFirst: boolean): Promise<SeedSummary | null> {
  const images = new ImageStore();
  const summary = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (truncateFirst) await truncateAll(tx);
    else if ((await siteConfigCount(tx)) > 0) return null;
    const ctx: SeedContext = {
      tx,
      rng: new Rng(),
      clock: new SeedClock(opts.now ?? new Date()),
      images,
      mobileMallUrl: opts.mobileMallUrl ?? "http://localhost:4321/",
    };
    const seeded = await seedInto(ctx);
    // The generated pictures are recorded by the image pipeline as vector originals (docs/image.md);
    // the applicants' private documents have no public record.
    await recordVectorImages(
      tx,
      images.records().filter((r) => !isPrivateUpload(r.path)),
    );
    return seeded;
  });
  // Files are written after the data is committed (a failed seed leaves no rows behind; the
  // files are plain overwrites, so a later run replaces them byte for byte).
  if (!summary) return null;
  // The analyzer's words of every product (a running server's search index would add them too).
  await indexMissing(db);
  await images.flush("storage" in opts ? opts.storage : new LocalFileStorage(opts.uploadsDir));
  return { ...summary, images: images.size };
}

async function seedInto(ctx: SeedContext): Promise<Omit<SeedSummary, "images">> {
  const catalog = await seedCatalog(ctx);
  await seedSearchSynonyms(ctx, catalog);
  const shopNodes = planShops(ctx, catalog);
  const productSet = planProducts(ctx, catalog, shopNodes);
  const usersSet = await seedUsers(ctx);
  const reviews = planReviews(ctx, productSet.all, shopNodes, usersSet);

  const soldByShop = new Map<number, number>();
  for (const p of productSet.all) soldByShop.set(p.shopId, (soldByShop.get(p.shopId) ?? 0) + p.soldNum);
  await insertShops(ctx, shopNodes, soldByShop);
  await seedMerchants(ctx, shopNodes);
  await insertProducts(ctx, productSet);
  await insertReviews(ctx, reviews);
  await seedContent(ctx);
  await seedRenovations(ctx, catalog, shopNodes, productSet);
  await seedMarketing(ctx);
  await seedStoreApplications(ctx);
  await resetSequences(ctx.tx);
  await seedAfterSales(ctx);
  await seedChat(ctx);
  await seedShowcase(ctx, await seedFlashGroup(ctx));
  await seedShopOrders(ctx);
  await seedPointsMall(ctx);
  await seedVirtualGoods(ctx, catalog);
  await settleDemoPoints(ctx);
  return { unsafeContentProdId: productSet.unsafeContentProdId, soldOutProdIds: productSet.soldOutProdIds };
}

async function truncateAll(tx: Tx): Promise<void> {
  const rows = resultRows<{ name: string }>(
    await tx.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`),
  );
  const names = rows.map((r) => `"${r.name.replace(/"/g, '""')}"`);
  if (names.length) await tx.execute(sql.raw(`truncate table ${names.join(", ")} restart identity cascade`));
}

async function resetSequences(tx: Tx): Promise<void> {
  for (const [table, column] of SERIAL_COLUMNS) {
    await tx.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', '${column}'), coalesce((select max("${column}") from "${table}"), 0) + 1, false)`,
      ),
    );
  }
}
