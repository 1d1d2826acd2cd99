/**
 * Products read on the merchant side (docs/merchant-api.md "Products"): one product as the editor
 * loads it, and the shop's product list.
 */
import { and, asc, desc, eq, gte, ne, sql, type SQL } from "drizzle-orm";
import { LOCALES, pickText, type Locale, type LocalizedText } from "../../../lib/locale.ts";
import { ProdMold } from "../../../lib/order/virtual-goods.ts";
import type { Db } from "../../db/client.ts";
import { products, productTranslations, skus } from "../../db/schema/index.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { NOT_FOUND, ProdStatus } from "./product-rules.ts";
import type { SkuDto } from "./stock-deltas.ts";
import { pageOf } from "../kernel/page.ts";

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
  return pageOf(records, total, q);
}
