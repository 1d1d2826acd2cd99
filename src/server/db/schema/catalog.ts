/** Catalog (domain/catalog): platform and shop categories, brands, products with their texts and SKUs, hot search words. */
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { LocalizedText } from "../../../lib/locale.ts";
import { created, money, ts, tsvector, updated } from "./columns.ts";

/** shopId 0 = platform category tree (3 levels, grade 0/1/2); other shopIds = a shop's own categories. status 1 active. */
export const categories = pgTable(
  "categories",
  {
    categoryId: serial("category_id").primaryKey(),
    shopId: integer("shop_id").notNull().default(0),
    parentId: integer("parent_id").notNull().default(0),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    pic: text("pic"),
    icon: text("icon"),
    seq: integer("seq").notNull().default(0),
    status: smallint("status").notNull().default(1),
    grade: smallint("grade").notNull().default(0),
    updatedAt: updated(),
    /** The search terms of its own names (migration 0035; docs/search.md "Matching"). */
    searchVec: tsvector("search_vec"),
  },
  (t) => [index("categories_parent_idx").on(t.shopId, t.parentId)],
);

export const brands = pgTable("brands", {
  brandId: serial("brand_id").primaryKey(),
  name: jsonb("name").$type<LocalizedText>().notNull(),
  imgUrl: text("img_url"),
  firstLetter: text("first_letter").notNull().default(""),
  seq: integer("seq").notNull().default(0),
  status: smallint("status").notNull().default(1),
  /** The search terms of its own names (migration 0035; docs/search.md "Matching"). */
  searchVec: tsvector("search_vec"),
});

/** Which brands are offered in which (any level) platform category. */
export const categoryBrands = pgTable(
  "category_brands",
  {
    categoryId: integer("category_id").notNull(),
    brandId: integer("brand_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.brandId] })],
);

/**
 * status: 1 on sale, 0 off shelf by merchant, -1 deleted, 2 off shelf by platform, 3 on offer in the
 * points mall only (prodType 3; never listed, searched or put in a cart like ordinary goods).
 * prodType: 0 normal, 1 group buy, 2 seckill, 3 points (integral).
 * categoryId is the platform level-3 category; cpid/cid are derived from it.
 */
export const products = pgTable(
  "products",
  {
    prodId: serial("prod_id").primaryKey(),
    shopId: integer("shop_id").notNull(),
    categoryId: integer("category_id").notNull(),
    shopCategoryId: integer("shop_category_id"),
    brandId: integer("brand_id"),
    pic: text("pic").notNull(),
    /** Comma-separated image paths (gallery), as in the original contract. */
    imgs: text("imgs").notNull(),
    price: money("price").notNull(),
    oriPrice: money("ori_price").notNull(),
    totalStocks: integer("total_stocks").notNull().default(0),
    soldNum: integer("sold_num").notNull().default(0),
    commentNum: integer("comment_num").notNull().default(0),
    status: smallint("status").notNull().default(1),
    prodType: smallint("prod_type").notNull().default(0),
    /** 1 = seven-day no-reason return (the footer's promise); 0 = returns only for a fault (e.g. fresh food, custom goods). */
    sevenDayReturn: smallint("seven_day_return").notNull().default(1),
    /** Points-mall items (prodType 3): the points of one piece (price is the money part, 0 = points only). */
    scorePrice: integer("score_price").notNull().default(0),
    /** Points-mall items: how many pieces one buyer may exchange in all (0 = no limit). */
    scoreLimit: integer("score_limit").notNull().default(0),
    /** CONTRACT `mold`: 0 physical goods, 1 virtual goods (no address, no freight, write-off codes; docs/virtual-goods.md). */
    mold: smallint("mold").notNull().default(0),
    /**
     * Virtual goods: how long a write-off code is valid (CONTRACT `writeOffTime`): -1 long-term,
     * 0 until 24:00 Beijing time of the payment day, n > 0 until 24:00 Beijing time n days after it.
     */
    writeOffTime: integer("write_off_time").notNull().default(-1),
    /** Virtual goods: CONTRACT `isRefund` — 1 unused codes may be refunded, 0 no after-sales at all. */
    isRefund: smallint("is_refund").notNull().default(1),
    putawayTime: ts("putaway_time").notNull().defaultNow(),
    /** The shop's own product code (docs/product.md): the bulk import upserts by it; unique per shop. */
    code: text("code"),
    /** The platform's reason when it took the product off shelf (status 2). */
    offShelfReason: text("off_shelf_reason"),
    /**
     * SHA-256 of the bytes of the import line the product was last saved from, cleared by any other
     * save of the whole product: a line imported again unchanged is skipped before it is read.
     */
    importHash: text("import_hash"),
    createdAt: created(),
    updatedAt: updated(),
    /**
     * The product's names as search terms (docs/search.md "The index"): in the three languages
     * (CJK characters and bigrams, latin words, English stems) and the analyzer's words. Kept by
     * triggers on products, product_translations and product_search_words (migrations 0031,
     * 0035); its brand, categories and shop are matched by their own vectors.
     */
    searchVec: tsvector("search_vec"),
    /** Its parameters' values as search terms, kept with searchVec (migration 0035). */
    paramVec: tsvector("param_vec"),
  },
  (t) => [
    index("products_category_idx").on(t.categoryId),
    index("products_shop_idx").on(t.shopId),
    uniqueIndex("products_shop_code_uq")
      .on(t.shopId, t.code)
      .where(sql`${t.code} is not null`),
    // The import looks a chunk's line hashes up in one query (docs/product.md "Bulk import").
    index("products_shop_import_hash_idx")
      .on(t.shopId, t.importHash)
      .where(sql`${t.importHash} is not null`),
    index("products_brand_idx").on(t.brandId),
    index("products_search_idx").using("gin", t.searchVec),
    index("products_param_search_idx").using("gin", t.paramVec),
    // One index per sort order of the lists, over the products on sale (status 1).
    index("products_sale_sales_idx")
      .on(t.soldNum.desc().nullsFirst(), t.commentNum.desc().nullsFirst(), t.prodId)
      .where(sql`${t.status} = 1`),
    index("products_sale_newest_idx")
      .on(t.putawayTime.desc().nullsFirst(), t.prodId.desc().nullsFirst())
      .where(sql`${t.status} = 1`),
    index("products_sale_price_idx")
      .on(t.price, t.prodId)
      .where(sql`${t.status} = 1`),
    index("products_sale_category_sales_idx")
      .on(t.categoryId, t.soldNum.desc().nullsFirst(), t.prodId)
      .where(sql`${t.status} = 1`),
    // The brand filter of a category list (listProducts: brands of the goods on sale in the
    // category, by shop status and price range) read from the index alone.
    index("products_sale_category_brand_idx")
      .on(t.categoryId, t.brandId, t.shopId, t.price)
      .where(sql`${t.status} = 1`),
    // A shop's products on sale: its product count (index only) and its lists by sales.
    index("products_sale_shop_idx")
      .on(t.shopId, t.soldNum.desc().nullsFirst(), t.prodId)
      .where(sql`${t.status} = 1`),
    // The points-mall items (a few among 100,000 products: the sitemap's pages list them).
    index("products_points_idx")
      .on(t.prodId)
      .where(sql`${t.prodType} = 3`),
  ],
);

/** Product texts per locale. parameters = specification rows [{key, value}]. */
export const productTranslations = pgTable(
  "product_translations",
  {
    prodId: integer("prod_id").notNull(),
    locale: text("locale").notNull(),
    prodName: text("prod_name").notNull(),
    brief: text("brief").notNull().default(""),
    content: text("content").notNull().default(""),
    parameters: jsonb("parameters").$type<{ key: string; value: string }[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.prodId, t.locale] }),
    index("product_translations_name_trgm").using("gin", sql`${t.prodName} gin_trgm_ops`),
  ],
);

/** properties: "k1:v1;k2:v2" per locale; stocks counted per SKU (-1 never used: stock is always finite here). */
export const skus = pgTable(
  "skus",
  {
    skuId: serial("sku_id").primaryKey(),
    prodId: integer("prod_id").notNull(),
    skuName: jsonb("sku_name").$type<LocalizedText>().notNull(),
    properties: jsonb("properties").$type<LocalizedText>().notNull(),
    price: money("price").notNull(),
    oriPrice: money("ori_price").notNull(),
    stocks: integer("stocks").notNull().default(0),
    pic: text("pic"),
    status: smallint("status").notNull().default(1),
    version: integer("version").notNull().default(0),
    /** The shop's own SKU code (the CSV price/stock edit finds SKUs by it). */
    code: text("code"),
  },
  (t) => [
    index("skus_prod_idx").on(t.prodId),
    index("skus_code_idx")
      .on(t.code)
      .where(sql`${t.code} is not null`),
  ],
);

/** type 1 product keyword, 2 shop keyword. content = the search keyword; title = what is shown. */
export const hotSearches = pgTable("hot_searches", {
  hotSearchId: serial("hot_search_id").primaryKey(),
  shopId: integer("shop_id").notNull().default(0),
  title: jsonb("title").$type<LocalizedText>().notNull(),
  content: jsonb("content").$type<LocalizedText>().notNull(),
  type: smallint("type").notNull().default(1),
  seq: integer("seq").notNull().default(0),
  status: smallint("status").notNull().default(1),
  createdAt: created(),
});

/**
 * Synonym sets and brand aliases of the search (docs/search.md "Synonyms"), kept by the platform
 * (`/platform/search/synonyms`, `npm run ops -- synonyms`): every word of a set finds what the
 * others find (跑鞋 = 跑步鞋 = running shoes). brandId: the set names that brand (苹果 = Apple = iPhone).
 */
export const searchSynonyms = pgTable("search_synonyms", {
  synonymId: serial("synonym_id").primaryKey(),
  words: text("words").array().notNull(),
  brandId: integer("brand_id"),
  updatedAt: updated(),
});

/**
 * The words the search analyzer found in a product's texts (jieba words and their pinyin,
 * search-analyzer.ts), written by the search index (search-index.ts) when the change feed names
 * the product; a trigger folds them into products.search_vec. dupKey: the same for
 * near-identical names (ranking keeps them off one page). rating: the average score of its shown
 * reviews (null: none), a tie-breaker of relevance after sales.
 */
export const productSearchWords = pgTable(
  "product_search_words",
  {
    prodId: integer("prod_id").primaryKey(),
    terms: text("terms").array().notNull(),
    dupKey: text("dup_key").notNull().default(""),
    rating: real("rating"),
    indexedAt: ts("indexed_at").notNull().defaultNow(),
  },
  // INCLUDE (rating, dup_key) in migration 0038, which drizzle's index builder does not express:
  // the relevance ranking reads both by an index-only scan instead of a probe of the wide row.
  (t) => [index("product_search_words_rank_idx").on(t.prodId)],
);
