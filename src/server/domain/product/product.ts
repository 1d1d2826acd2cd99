/**
 * A shop's goods in the database (docs/product.md): create, read, list, edit, delete, shelve,
 * the small price/stock call, the platform's off-shelf, the bulk import's upsert by code and the
 * CSV price/stock edit. Every write goes through the catalogue tables, so their triggers record
 * the content changes (render cache, read models, search vectors) like any other write. Every
 * query is scoped to the caller's shop: another shop's product answers like an unknown one.
 *
 * Stock arithmetic on products.total_stocks is always a delta (as the order submit does), so a
 * price/stock call racing with orders never loses a unit; SKUs are locked before their product,
 * in the order the submit locks them.
 */
import { and, asc, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import { LOCALES, type LocalizedText } from "../../../lib/locale.ts";
import { sanitizeRichText } from "../../../lib/sanitize.ts";
import { ProdMold } from "../../../lib/order/virtual-goods.ts";
import {
  combinationKey,
  missingLocales,
  type ProductBody,
  type SkuChange,
} from "../../../lib/product/product-schema.ts";
import type { Db, Tx } from "../../db/client.ts";
import { brands, categories, products, productTranslations, skus } from "../../db/schema/index.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { ownUploadsAmong } from "../upload/upload-owner.ts";
import { changeStockBy, type SkuDto } from "./stock-deltas.ts";
import {
  absoluteChange,
  assertReferences,
  assertShopMayShelve,
  deltaFits,
  NOT_FOUND,
  picturesOf,
  ProdStatus,
  ProductRefused,
  productFigures,
  type References,
  SKU_NOT_FOUND,
  skuTexts,
  statusAfterSave,
} from "./product-rules.ts";

export const E = "product.manage.errors.";

type Handle = Db | Tx;

// ---------------------------------------------------------------------------------------------
// References only the database can tell
// ---------------------------------------------------------------------------------------------

/** What the database holds of the references of `bodies`: categories, the shop's own categories, brands, the shop's uploads. */
export async function loadReferences(tx: Handle, shopId: number, bodies: readonly ProductBody[]): Promise<References> {
  const ids = (pick: (b: ProductBody) => number | null | undefined) => [
    ...new Set(bodies.flatMap((b) => (pick(b) == null ? [] : [pick(b)!]))),
  ];
  const catIds = ids((b) => b.categoryId);
  const ownIds = ids((b) => b.shopCategoryId);
  const brandIds = ids((b) => b.brandId);
  const pics = [...new Set(bodies.flatMap((b) => picturesOf(b).map((p) => p.pic)))];
  const [cats, own, brandRows, picRows] = await Promise.all([
    catIds.length
      ? tx
          .select({ id: categories.categoryId, grade: categories.grade, status: categories.status })
          .from(categories)
          .where(and(inArray(categories.categoryId, catIds), eq(categories.shopId, 0)))
      : [],
    ownIds.length
      ? tx
          .select({ id: categories.categoryId })
          .from(categories)
          .where(and(inArray(categories.categoryId, ownIds), eq(categories.shopId, shopId), eq(categories.status, 1)))
      : [],
    brandIds.length
      ? tx
          .select({ id: brands.brandId })
          .from(brands)
          .where(and(inArray(brands.brandId, brandIds), eq(brands.status, 1)))
      : [],
    ownUploadsAmong(tx, pics, { userId: null, shopId }),
  ]);
  return {
    categories: new Map(cats.map((c) => [c.id, { grade: c.grade, status: c.status }])),
    shopCategories: new Set(own.map((c) => c.id)),
    brands: new Set(brandRows.map((b) => b.id)),
    pictures: picRows,
  };
}

/** The category (level 3, on), the shop's own category, the brand, and the pictures (this shop's uploads, or kept). */
async function checkReferences(tx: Handle, shopId: number, body: ProductBody, keptPics: readonly string[]) {
  assertReferences(await loadReferences(tx, shopId, [body]), body, new Set(keptPics));
}

// ---------------------------------------------------------------------------------------------
// Writing a body
// ---------------------------------------------------------------------------------------------

interface ExistingSku {
  skuId: number;
  code: string | null;
  properties: LocalizedText;
  status: number;
}

/** The stored columns of a product of a body (but its shop, status and times). */
export function productValues(body: ProductBody) {
  return {
    categoryId: body.categoryId,
    shopCategoryId: body.shopCategoryId ?? null,
    brandId: body.brandId ?? null,
    pic: body.pic,
    imgs: [body.pic, ...body.imgs].join(","),
    ...productFigures(body.skus.map((s) => ({ ...s, oriPrice: s.oriPrice ?? s.price }))),
    sevenDayReturn: body.sevenDayReturn ? 1 : 0,
    mold: body.virtual ? ProdMold.VIRTUAL : ProdMold.PHYSICAL,
    writeOffTime: body.virtual?.writeOffTime ?? -1,
    isRefund: body.virtual ? (body.virtual.isRefund ? 1 : 0) : 1,
  };
}

/** The stored texts of a body, one row per language it has. */
export function translationRows(prodId: number, body: ProductBody) {
  return LOCALES.flatMap((locale) => {
    const text = body.texts[locale];
    if (!text) return [];
    return [
      {
        prodId,
        locale,
        prodName: text.name,
        brief: text.brief,
        content: sanitizeRichText(text.content),
        parameters: text.parameters,
      },
    ];
  });
}

/** The stored columns of a SKU of a body. */
export function skuValues(s: ProductBody["skus"][number]) {
  return {
    ...skuTexts(s),
    price: s.price,
    oriPrice: s.oriPrice ?? s.price,
    stocks: s.stocks,
    pic: s.pic ?? null,
    code: s.code ?? null,
    status: 1,
  };
}

/** The stored combination key of a SKU (its zh properties "k:v;k:v"), to match a body's SKU to it. */
const storedKey = (zhProps: string) =>
  zhProps === ""
    ? ""
    : zhProps
        .split(";")
        .map((kv) => kv.replace(":", "="))
        .join("\u0001");

/** Writes the texts and SKUs of `prodId` from `body`: SKUs matched by id, code or combination are changed, the rest added; SKUs left out are switched off. */
async function writeChildren(tx: Tx, prodId: number, body: ProductBody, existing: readonly ExistingSku[]) {
  const texts = translationRows(prodId, body);
  await tx.delete(productTranslations).where(
    and(
      eq(productTranslations.prodId, prodId),
      notInArray(
        productTranslations.locale,
        texts.map((t) => t.locale),
      ),
    ),
  );
  for (const row of texts)
    await tx
      .insert(productTranslations)
      .values(row)
      .onConflictDoUpdate({
        target: [productTranslations.prodId, productTranslations.locale],
        set: { prodName: row.prodName, brief: row.brief, content: row.content, parameters: row.parameters },
      });

  const byId = new Map(existing.map((s) => [s.skuId, s]));
  const byCode = new Map(existing.filter((s) => s.code).map((s) => [s.code!, s]));
  const byKey = new Map(existing.map((s) => [storedKey(s.properties.zh), s]));
  const used = new Set<number>();
  const skuIds: number[] = [];
  for (const [i, s] of body.skus.entries()) {
    let match: ExistingSku | undefined;
    if (s.skuId !== undefined) {
      match = byId.get(s.skuId);
      if (!match) throw new ProductRefused(["skus", i, "skuId"], SKU_NOT_FOUND, { id: s.skuId });
    } else match = (s.code ? byCode.get(s.code) : undefined) ?? byKey.get(combinationKey(s.properties));
    if (match && used.has(match.skuId)) match = undefined;
    const values = skuValues(s);
    if (match) {
      used.add(match.skuId);
      skuIds.push(match.skuId);
      await tx
        .update(skus)
        .set({ ...values, version: sql`${skus.version} + 1` })
        .where(eq(skus.skuId, match.skuId));
    } else {
      const [row] = await tx
        .insert(skus)
        .values({ ...values, prodId })
        .returning({ skuId: skus.skuId });
      skuIds.push(row!.skuId);
    }
  }
  const gone = existing.filter((s) => !used.has(s.skuId) && s.status === 1).map((s) => s.skuId);
  if (gone.length) await tx.update(skus).set({ status: 0 }).where(inArray(skus.skuId, gone));
  return skuIds;
}

export interface SavedProduct {
  prodId: number;
  skuIds: number[];
  status: number;
  /** Languages the body left out: the storefront shows the zh texts there. */
  missingLocales: string[];
}

async function codeTaken(tx: Handle, shopId: number, code: string, prodId: number | null): Promise<boolean> {
  const [row] = await tx
    .select({ prodId: products.prodId })
    .from(products)
    .where(
      and(
        eq(products.shopId, shopId),
        eq(products.code, code),
        prodId === null ? undefined : ne(products.prodId, prodId),
      ),
    );
  return Boolean(row);
}

export async function insertProduct(tx: Tx, shopId: number, body: ProductBody, now: Date, hash: string | null) {
  await checkReferences(tx, shopId, body, []);
  if (body.code && (await codeTaken(tx, shopId, body.code, null)))
    throw new ProductRefused(["code"], `${E}codeTaken`, { code: body.code });
  const status = statusAfterSave(null, body.onSale);
  const [row] = await tx
    .insert(products)
    .values({
      ...productValues(body),
      shopId,
      status,
      prodType: 0,
      code: body.code ?? null,
      importHash: hash,
      putawayTime: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ prodId: products.prodId });
  const prodId = row!.prodId;
  const skuIds = await writeChildren(tx, prodId, body, []);
  return { prodId, skuIds, status, missingLocales: missingLocales(body) };
}

/** The shop's product, locked with its SKUs (SKUs first, as the order submit locks them); deleted and points-mall goods are unknown. */
export async function lockOwn(tx: Tx, shopId: number, prodId: number) {
  const skuRows = await tx
    .select({ skuId: skus.skuId, code: skus.code, properties: skus.properties, status: skus.status })
    .from(skus)
    .where(eq(skus.prodId, prodId))
    .orderBy(asc(skus.skuId))
    .for("update");
  const [p] = await tx
    .select({ status: products.status, pic: products.pic, imgs: products.imgs, prodType: products.prodType })
    .from(products)
    .where(and(eq(products.prodId, prodId), eq(products.shopId, shopId)))
    .for("update");
  if (!p || p.status === ProdStatus.DELETED || p.prodType === 3) throw new DomainError(NOT_FOUND);
  return { product: p, skus: skuRows };
}

export async function updateLocked(
  tx: Tx,
  shopId: number,
  prodId: number,
  body: ProductBody,
  now: Date,
  hash: string | null,
  locked: Awaited<ReturnType<typeof lockOwn>>,
): Promise<SavedProduct> {
  const kept = [
    ...locked.product.imgs.split(","),
    locked.product.pic,
    ...(await tx.select({ pic: skus.pic }).from(skus).where(eq(skus.prodId, prodId))).flatMap((s) =>
      s.pic ? [s.pic] : [],
    ),
  ];
  await checkReferences(tx, shopId, body, kept);
  if (body.code && (await codeTaken(tx, shopId, body.code, prodId)))
    throw new ProductRefused(["code"], `${E}codeTaken`, { code: body.code });
  const status = statusAfterSave(locked.product.status, body.onSale);
  await tx
    .update(products)
    .set({
      ...productValues(body),
      status,
      code: body.code ?? sql`${products.code}`,
      importHash: hash,
      updatedAt: now,
      ...(status === ProdStatus.ON_SALE && locked.product.status !== ProdStatus.ON_SALE ? { putawayTime: now } : {}),
    })
    .where(eq(products.prodId, prodId));
  const skuIds = await writeChildren(tx, prodId, body, locked.skus);
  return { prodId, skuIds, status, missingLocales: missingLocales(body) };
}

/** A new product of the shop (a draft, or on sale with `onSale`). */
export async function createProduct(db: Db, shopId: number, body: ProductBody, now: Date): Promise<SavedProduct> {
  return db.transaction((tx) => insertProduct(tx, shopId, body, now, null));
}

/** Replaces everything the body says of the shop's product (SKUs left out are switched off; orders keep their snapshots). */
export async function updateProduct(
  db: Db,
  shopId: number,
  prodId: number,
  body: ProductBody,
  now: Date,
): Promise<SavedProduct> {
  return db.transaction(async (tx) =>
    updateLocked(tx, shopId, prodId, body, now, null, await lockOwn(tx, shopId, prodId)),
  );
}

/** Deletes the shop's product (status -1: it leaves every list; orders and carts keep their lines). */
export async function deleteProduct(db: Db, shopId: number, prodId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwn(tx, shopId, prodId);
    await tx
      .update(products)
      .set({ status: ProdStatus.DELETED, code: null, updatedAt: now })
      .where(eq(products.prodId, prodId));
  });
}

/** Puts the shop's product on sale or takes it off; one the platform took off stays off. */
export async function setShelf(db: Db, shopId: number, prodId: number, onSale: boolean, now: Date) {
  return db.transaction(async (tx) => {
    const { product } = await lockOwn(tx, shopId, prodId);
    assertShopMayShelve(product.status, onSale);
    const status = onSale
      ? ProdStatus.ON_SALE
      : product.status === ProdStatus.PLATFORM_OFF
        ? product.status
        : ProdStatus.OFF_SHELF;
    if (status !== product.status)
      await tx
        .update(products)
        .set({ status, updatedAt: now, ...(onSale ? { putawayTime: now } : {}) })
        .where(eq(products.prodId, prodId));
    return { prodId, status };
  });
}

// ---------------------------------------------------------------------------------------------
// The small call: one SKU's price or stock
// ---------------------------------------------------------------------------------------------

/**
 * Changes one SKU: absolute values with the version read (stale → refused, 409) or a stock delta
 * (refused when the stock would fall below 0). The product's lowest price and stock follow.
 */
export async function changeSku(
  db: Db,
  shopId: number,
  prodId: number,
  skuId: number,
  change: SkuChange,
  now: Date,
): Promise<SkuDto> {
  if (isDeltaOnly(change)) return changeStockBy(db, { shopId, prodId, skuId, delta: change.stocksDelta, now });
  return db.transaction(async (tx) => {
    const [cur] = await tx
      .select({ price: skus.price, oriPrice: skus.oriPrice, stocks: skus.stocks, version: skus.version })
      .from(skus)
      .innerJoin(products, eq(products.prodId, skus.prodId))
      .where(shopSku(shopId, prodId, skuId))
      .for("update", { of: skus });
    if (!cur) throw new DomainError(SKU_NOT_FOUND, { params: { id: skuId } });
    const next = absoluteChange(cur, change);
    let stockDelta = 0;
    const set: Record<string, unknown> = {
      price: next.price,
      oriPrice: next.oriPrice,
      version: sql`${skus.version} + 1`,
    };
    if (next.stocks !== undefined) {
      stockDelta = next.stocks - cur.stocks;
      set.stocks = next.stocks;
    } else if (change.stocksDelta !== undefined) {
      if (!deltaFits(cur.stocks, change.stocksDelta))
        throw new ProductRefused(["stocksDelta"], `${E}deltaBelowZero`, { stocks: cur.stocks });
      stockDelta = change.stocksDelta;
      set.stocks = sql`${skus.stocks} + ${change.stocksDelta}`;
    }
    const [row] = await tx.update(skus).set(set).where(eq(skus.skuId, skuId)).returning({
      skuId: skus.skuId,
      prodId: skus.prodId,
      code: skus.code,
      price: skus.price,
      oriPrice: skus.oriPrice,
      stocks: skus.stocks,
      version: skus.version,
    });
    await refreshProduct(tx, prodId, stockDelta, now);
    return row!;
  });
}

/** A SKU on sale of one of the shop's products that is not deleted and not a points item (joined with products). */
function shopSku(shopId: number, prodId: number, skuId: number) {
  return and(
    eq(skus.skuId, skuId),
    eq(skus.prodId, prodId),
    eq(skus.status, 1),
    eq(products.shopId, shopId),
    ne(products.status, ProdStatus.DELETED),
    ne(products.prodType, 3),
  );
}

function isDeltaOnly(change: SkuChange): change is SkuChange & { stocksDelta: number } {
  return (
    change.stocksDelta !== undefined &&
    change.version === undefined &&
    change.price === undefined &&
    change.oriPrice === undefined &&
    change.stocks === undefined
  );
}

/** The product's lowest price from its SKUs on sale, its stock moved by `stockDelta`. */
export async function refreshProduct(tx: Tx, prodId: number, stockDelta: number, now: Date) {
  const list = await tx
    .select({ price: skus.price, oriPrice: skus.oriPrice, stocks: skus.stocks })
    .from(skus)
    .where(and(eq(skus.prodId, prodId), eq(skus.status, 1)));
  const { price, oriPrice } = productFigures(list.length ? list : [{ price: "0", oriPrice: "0", stocks: 0 }]);
  await tx
    .update(products)
    .set({ price, oriPrice, totalStocks: sql`${products.totalStocks} + ${stockDelta}`, updatedAt: now })
    .where(eq(products.prodId, prodId));
}

// ---------------------------------------------------------------------------------------------
// The platform
// ---------------------------------------------------------------------------------------------

/** The platform takes any product off shelf with a reason (status 2); the shop can not put it back. */
export async function platformOffShelf(db: Db, prodId: number, reason: string, now: Date) {
  const [row] = await db
    .update(products)
    .set({ status: ProdStatus.PLATFORM_OFF, offShelfReason: reason, updatedAt: now })
    .where(and(eq(products.prodId, prodId), inArray(products.status, [ProdStatus.ON_SALE, ProdStatus.OFF_SHELF])))
    .returning({ prodId: products.prodId, status: products.status });
  if (!row) {
    const [p] = await db.select({ status: products.status }).from(products).where(eq(products.prodId, prodId));
    if (!p || p.status === ProdStatus.DELETED || p.status === ProdStatus.POINTS_ONLY) throw new DomainError(NOT_FOUND);
    throw new DomainError(`${E}alreadyPlatformOff`);
  }
  return row;
}

/** The platform lifts its off-shelf: the product is the shop's draft again (status 0), for the shop to put on sale. */
export async function platformRelease(db: Db, prodId: number, now: Date) {
  const [row] = await db
    .update(products)
    .set({ status: ProdStatus.OFF_SHELF, offShelfReason: null, updatedAt: now })
    .where(and(eq(products.prodId, prodId), eq(products.status, ProdStatus.PLATFORM_OFF)))
    .returning({ prodId: products.prodId, status: products.status });
  if (!row) throw new DomainError(`${E}notPlatformOff`);
  return row;
}
