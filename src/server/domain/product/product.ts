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
import { and, asc, desc, eq, gte, inArray, ne, notInArray, sql, type SQL } from "drizzle-orm";
import { LOCALES, pickText, type Locale, type LocalizedText } from "../../../lib/locale.ts";
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
import {
  absoluteChange,
  assertReferences,
  assertShopMayShelve,
  bodyHash,
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

const E = "product.manage.errors.";

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

async function insertProduct(tx: Tx, shopId: number, body: ProductBody, now: Date, hash: string | null) {
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
async function lockOwn(tx: Tx, shopId: number, prodId: number) {
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

async function updateLocked(
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

export interface SkuDto {
  skuId: number;
  prodId: number;
  code: string | null;
  price: string;
  oriPrice: string;
  stocks: number;
  version: number;
}

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
  return db.transaction(async (tx) => {
    const [cur] = await tx
      .select({ price: skus.price, oriPrice: skus.oriPrice, stocks: skus.stocks, version: skus.version })
      .from(skus)
      .innerJoin(products, eq(products.prodId, skus.prodId))
      .where(
        and(
          eq(skus.skuId, skuId),
          eq(skus.prodId, prodId),
          eq(skus.status, 1),
          eq(products.shopId, shopId),
          ne(products.status, ProdStatus.DELETED),
          ne(products.prodType, 3),
        ),
      )
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

/** The product's lowest price from its SKUs on sale, its stock moved by `stockDelta`. */
async function refreshProduct(tx: Tx, prodId: number, stockDelta: number, now: Date) {
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
// Reading
// ---------------------------------------------------------------------------------------------

type PartialText = { zh: string; "zh-tw"?: string; en?: string };

/** "colour:red;size:L" per language back into [{name, value}] (languages without texts left out). */
function propertiesOf(stored: LocalizedText): { name: PartialText; value: PartialText }[] {
  const split = (s: string | undefined) => (s ? s.split(";").map((kv) => kv.split(":")) : []);
  const zh = split(stored.zh);
  const tw = split(stored["zh-tw"]);
  const en = split(stored.en);
  return zh.map(([k = "", v = ""], i) => {
    const name: PartialText = { zh: k };
    const value: PartialText = { zh: v };
    if (tw[i]) [name["zh-tw"], value["zh-tw"]] = tw[i] as [string, string];
    if (en[i]) [name.en, value.en] = en[i] as [string, string];
    return { name, value };
  });
}

export interface ProductDto {
  prodId: number;
  shopId: number;
  code: string | null;
  status: number;
  offShelfReason: string | null;
  categoryId: number;
  shopCategoryId: number | null;
  brandId: number | null;
  texts: Partial<
    Record<Locale, { name: string; brief: string; content: string; parameters: { key: string; value: string }[] }>
  >;
  missingLocales: string[];
  pic: string;
  imgs: string[];
  price: string;
  oriPrice: string;
  totalStocks: number;
  soldNum: number;
  sevenDayReturn: boolean;
  virtual: { writeOffTime: number; isRefund: boolean } | null;
  putawayTime: string;
  createTime: string;
  updateTime: string;
  skus: (SkuDto & { properties: { name: PartialText; value: PartialText }[]; pic: string | null })[];
}

/** One of the shop's products as the shop wrote it (SKUs switched off are not shown). */
export async function readProduct(db: Db, shopId: number, prodId: number): Promise<ProductDto> {
  const [p] = await db
    .select()
    .from(products)
    .where(and(eq(products.prodId, prodId), eq(products.shopId, shopId), ne(products.status, ProdStatus.DELETED)));
  if (!p || p.prodType === 3) throw new DomainError(NOT_FOUND);
  const [texts, skuRows] = await Promise.all([
    db.select().from(productTranslations).where(eq(productTranslations.prodId, prodId)),
    db
      .select()
      .from(skus)
      .where(and(eq(skus.prodId, prodId), eq(skus.status, 1)))
      .orderBy(asc(skus.skuId)),
  ]);
  const textOf = Object.fromEntries(
    texts.map((t) => [t.locale, { name: t.prodName, brief: t.brief, content: t.content, parameters: t.parameters }]),
  ) as ProductDto["texts"];
  const imgs = p.imgs.split(",").filter((s) => s && s !== p.pic);
  return {
    prodId: p.prodId,
    shopId: p.shopId,
    code: p.code,
    status: p.status,
    offShelfReason: p.status === ProdStatus.PLATFORM_OFF ? p.offShelfReason : null,
    categoryId: p.categoryId,
    shopCategoryId: p.shopCategoryId,
    brandId: p.brandId,
    texts: textOf,
    missingLocales: LOCALES.filter((l) => !textOf[l]),
    pic: p.pic,
    imgs,
    price: p.price,
    oriPrice: p.oriPrice,
    totalStocks: p.totalStocks,
    soldNum: p.soldNum,
    sevenDayReturn: p.sevenDayReturn === 1,
    virtual: p.mold === ProdMold.VIRTUAL ? { writeOffTime: p.writeOffTime, isRefund: p.isRefund === 1 } : null,
    putawayTime: p.putawayTime.toISOString(),
    createTime: p.createdAt.toISOString(),
    updateTime: p.updatedAt.toISOString(),
    skus: skuRows.map((s) => ({
      skuId: s.skuId,
      prodId: s.prodId,
      code: s.code,
      properties: propertiesOf(s.properties),
      price: s.price,
      oriPrice: s.oriPrice,
      stocks: s.stocks,
      pic: s.pic,
      version: s.version,
    })),
  };
}

export interface ProductListQuery {
  status?: number;
  categoryId?: number;
  /** Products with a SKU on sale whose stock is at most this. */
  lowStock?: number;
  updatedSince?: Date;
  code?: string;
  current: number;
  size: number;
}

export interface ProductRowDto {
  prodId: number;
  code: string | null;
  name: string;
  status: number;
  categoryId: number;
  pic: string;
  price: string;
  totalStocks: number;
  soldNum: number;
  updateTime: string;
}

/** The shop's products (not deleted), most recently changed first. */
export async function listProducts(db: Db, shopId: number, locale: Locale, q: ProductListQuery) {
  const where: (SQL | undefined)[] = [
    eq(products.shopId, shopId),
    ne(products.status, ProdStatus.DELETED),
    ne(products.prodType, 3),
    q.status !== undefined ? eq(products.status, q.status) : undefined,
    q.categoryId !== undefined ? eq(products.categoryId, q.categoryId) : undefined,
    q.updatedSince ? gte(products.updatedAt, q.updatedSince) : undefined,
    q.code ? eq(products.code, q.code) : undefined,
    q.lowStock !== undefined
      ? sql`exists (select 1 from skus s where s.prod_id = "products"."prod_id" and s.status = 1 and s.stocks <= ${q.lowStock})`
      : undefined,
  ];
  const cond = and(...where);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(products)
    .where(cond);
  const rows = await db
    .select({
      prodId: products.prodId,
      code: products.code,
      status: products.status,
      categoryId: products.categoryId,
      pic: products.pic,
      price: products.price,
      totalStocks: products.totalStocks,
      soldNum: products.soldNum,
      updatedAt: products.updatedAt,
      names: sql<Partial<LocalizedText> | null>`(select jsonb_object_agg(pt.locale, pt.prod_name) from product_translations pt where pt.prod_id = "products"."prod_id")`,
    })
    .from(products)
    .where(cond)
    .orderBy(desc(products.updatedAt), desc(products.prodId))
    .limit(q.size)
    .offset((q.current - 1) * q.size);
  const records: ProductRowDto[] = rows.map((r) => ({
    prodId: r.prodId,
    code: r.code,
    name: pickText(r.names, locale),
    status: r.status,
    categoryId: r.categoryId,
    pic: r.pic,
    price: r.price,
    totalStocks: r.totalStocks,
    soldNum: r.soldNum,
    updateTime: r.updatedAt.toISOString(),
  }));
  return { records, total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) };
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

// ---------------------------------------------------------------------------------------------
// Bulk: the import's upsert by code, the CSV price/stock edit
// ---------------------------------------------------------------------------------------------

export type UpsertOutcome = "created" | "updated" | "unchanged";

/**
 * One import line: the shop's product with `body.code` is created or changed, all or nothing
 * (its own transaction); a line whose body is the one imported last time changes nothing.
 * With `dryRun` only the checks run (inside a transaction that is rolled back).
 */
export async function upsertByCode(
  db: Db,
  shopId: number,
  body: ProductBody & { code: string },
  now: Date,
  dryRun = false,
): Promise<UpsertOutcome> {
  const hash = bodyHash(body);
  const [found] = await db
    .select({ prodId: products.prodId, importHash: products.importHash })
    .from(products)
    .where(and(eq(products.shopId, shopId), eq(products.code, body.code)));
  if (found?.importHash === hash) return "unchanged";
  const rollback = new Error("dry run");
  try {
    return await db.transaction(async (tx) => {
      let outcome: UpsertOutcome;
      if (found) {
        await updateLocked(tx, shopId, found.prodId, body, now, hash, await lockOwn(tx, shopId, found.prodId));
        outcome = "updated";
      } else {
        await insertProduct(tx, shopId, body, now, hash);
        outcome = "created";
      }
      if (dryRun) throw Object.assign(rollback, { outcome });
      return outcome;
    });
  } catch (err) {
    if (err === rollback) return (rollback as Error & { outcome: UpsertOutcome }).outcome;
    throw err;
  }
}

export interface PriceRow {
  code: string;
  price?: string;
  stocks?: number;
}

/**
 * The CSV edit: each row's SKU (by its SKU code, else a single-SKU product's code) gets the
 * price and/or stock given, each row on its own transaction (the SKU locked, the product's stock
 * moved by the difference, as the small call does); answers the rows it could not place.
 */
export async function editPrices(
  db: Db,
  shopId: number,
  rows: readonly { line: number; row: PriceRow }[],
  now: Date,
): Promise<{ changed: number; refused: { line: number; error: DomainError }[] }> {
  const refused: { line: number; error: DomainError }[] = [];
  let changed = 0;
  for (const { line, row } of rows) {
    const sku = await findSkuByCode(db, shopId, row.code);
    if (!("skuId" in sku)) {
      refused.push({ line, error: new ProductRefused(["code"], `${E}${sku.problem}`, { code: row.code }) });
      continue;
    }
    await db.transaction(async (tx) => {
      const [cur] = await tx
        .select({ price: skus.price, oriPrice: skus.oriPrice, stocks: skus.stocks, version: skus.version })
        .from(skus)
        .where(eq(skus.skuId, sku.skuId))
        .for("update");
      const next = absoluteChange(cur!, { price: row.price, stocks: row.stocks });
      await tx
        .update(skus)
        .set({
          price: next.price,
          oriPrice: next.oriPrice,
          stocks: next.stocks ?? cur!.stocks,
          version: sql`${skus.version} + 1`,
        })
        .where(eq(skus.skuId, sku.skuId));
      await refreshProduct(tx, sku.prodId, next.stocks === undefined ? 0 : next.stocks - cur!.stocks, now);
    });
    changed++;
  }
  return { changed, refused };
}

/** The shop's SKU on sale with this SKU code, else the only SKU of its product with this code; or why not. */
async function findSkuByCode(
  db: Db,
  shopId: number,
  code: string,
): Promise<{ skuId: number; prodId: number } | { problem: "codeNotFound" | "codeAmbiguous" }> {
  const live = and(
    eq(products.shopId, shopId),
    ne(products.status, ProdStatus.DELETED),
    ne(products.prodType, 3),
    eq(skus.status, 1),
  );
  const bySku = await db
    .select({ skuId: skus.skuId, prodId: skus.prodId })
    .from(skus)
    .innerJoin(products, eq(products.prodId, skus.prodId))
    .where(and(live, eq(skus.code, code)))
    .limit(2);
  if (bySku.length > 1) return { problem: "codeAmbiguous" };
  if (bySku[0]) return bySku[0];
  const single = await db
    .select({ skuId: skus.skuId, prodId: skus.prodId })
    .from(skus)
    .innerJoin(products, eq(products.prodId, skus.prodId))
    .where(and(live, eq(products.code, code)))
    .limit(2);
  return single.length === 1 ? single[0]! : { problem: "codeNotFound" };
}
