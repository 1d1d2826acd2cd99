/**
 * A large catalogue in the demo seed's shapes (`npm run catalog`, docs/performance.md "A large
 * catalogue"): on top of the demo data it adds shops up to `shops` and products up to `products`,
 * each product made from a demo product of the same third-level category (its texts in the three
 * languages, parameters, SKU structure and pictures — images are reused, none are drawn) with
 * another brand of that category, a variant, its own prices, stock, sales, reviews and listing
 * time. Each new shop gets a logo of its own (docs/design.md "Shop logos": its colour, one of the
 * six marks, the icon of the first category it sells and its wordmark), written with the
 * demo's pictures when `images` says where. Sales follow a long tail (most products sell little, a few sell a lot), shop sizes too.
 * Some shops are closed, some products are off shelf or sold out. Deterministic for a given
 * seed and seeding instant. Rows are written with multi-row INSERTs in batches, in one transaction,
 * with the content-change triggers off (one `*` change is recorded at the end instead).
 */
import { sql } from "drizzle-orm";
import type { LocalizedText } from "../../lib/locale.ts";
import { rowsOf, type Db, type Tx } from "../db/client.ts";
import { insertJson } from "../db/insert-json.ts";
import { indexMissing } from "../domain/catalog/search-index.ts";
import { recordVectorImages } from "../domain/image/image-store.ts";
import { LocalFileStorage, type FileStorage } from "../providers/storage.ts";
import { CATEGORY_TREE } from "./fixtures/categories.ts";
import { hsl, ImageStore, shopLogoSvg } from "./images.ts";
import { wordmark } from "./shops.ts";
import { cents, nicePrice, toTw, type Pair } from "./names.ts";
import { BOOK_VARIANTS, SCALE_VARIANTS, plausibleSales, withoutVariant } from "./plausible.ts";
import { Rng, SeedClock } from "./random.ts";

export interface ScaleOptions {
  /** Products in all, demo products included (default 100,000). */
  products: number;
  /** Shops in all, demo shops included (default 1,000). */
  shops: number;
  /** PRNG seed (default 26). */
  seed?: number;
  /** The instant timestamps count back from (default: the current time). */
  now?: Date;
  /** Progress lines. */
  log?: (line: string) => void;
  /**
   * Where the new shops' logos are written (the server's storage or a DATA_DIR/uploads folder);
   * without it they are recorded but not written (tests that read rows only).
   */
  images?: { storage: Pick<FileStorage, "put"> } | { uploadsDir: string };
}

export interface ScaleSummary {
  shopsAdded: number;
  productsAdded: number;
  skusAdded: number;
  reviewsAdded: number;
  /** First generated product id (the demo's products are below it). */
  firstProdId: number;
  /**
   * The search index of the generated products, in ms (docs/search.md "The index"): the analyzer's
   * words (jieba, pinyin: product_search_words), the search vectors (one UPDATE) and the merge of
   * the GIN index's pending list.
   */
  searchIndexMs: SearchIndexBuild;
}

const BATCH = 1000;

const SHOP_KINDS: readonly Pair[] = [
  ["官方旗舰店", "Official Flagship Store"],
  ["专卖店", "Exclusive Store"],
  ["专营店", "Specialty Store"],
  ["优品店", "Select Store"],
  ["工厂店", "Factory Store"],
];

const CITIES: readonly Pair[] = [
  ["杭州", "Hangzhou"],
  ["深圳", "Shenzhen"],
  ["上海", "Shanghai"],
  ["广州", "Guangzhou"],
  ["成都", "Chengdu"],
  ["义乌", "Yiwu"],
  ["苏州", "Suzhou"],
  ["武汉", "Wuhan"],
  ["厦门", "Xiamen"],
  ["青岛", "Qingdao"],
];

const tw = (pairs: readonly Pair[]) => pairs.map((p) => ({ zh: p[0], "zh-tw": toTw(p[0]), en: p[1] }));

interface Template {
  prodId: number;
  brandId: number | null;
  categoryId: number;
  topId: number;
  pic: string;
  imgs: string;
  texts: Record<string, { prodName: string; brief: string; content: string; parameters: unknown }>;
  skus: { skuName: LocalizedText; properties: LocalizedText; price: number; oriPrice: number; pic: string | null }[];
}

type Row = Record<string, unknown>;

interface Brand {
  brandId: number;
  name: LocalizedText;
}

interface NewShop {
  shopId: number;
  tops: number[];
  weight: number;
}

async function rows<T>(q: Db | Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await q.execute(query));
}

/** Adds the large catalogue to a database that holds the demo seed. */
export async function generateCatalog(db: Db, opts: ScaleOptions): Promise<ScaleSummary> {
  const log = opts.log ?? (() => {});
  const rng = new Rng(opts.seed ?? 26);
  const clock = new SeedClock(opts.now ?? new Date());
  const images = new ImageStore();
  const summary = await db.transaction(async (tx) => {
    const [role] = await rows<{ su: boolean }>(
      tx,
      sql`select rolsuper as su from pg_roles where rolname = current_user`,
    );
    // Without the per-row content-change triggers (superuser only); the search text is filled in one statement below.
    if (role?.su) await tx.execute(sql`set local session_replication_role = replica`);

    const templates = await loadTemplates(tx);
    if (templates.length === 0) throw new Error("catalog: the demo seed is missing (run npm run db:seed first)");
    const byLeaf = new Map<number, Template[]>();
    for (const t of templates) byLeaf.set(t.categoryId, [...(byLeaf.get(t.categoryId) ?? []), t]);
    const leavesByTop = new Map<number, number[]>();
    for (const t of templates) {
      const list = leavesByTop.get(t.topId) ?? [];
      if (!list.includes(t.categoryId)) list.push(t.categoryId);
      leavesByTop.set(t.topId, list);
    }
    const tops = [...leavesByTop.keys()].sort((a, b) => a - b);
    const brandsByLeaf = await loadBrands(tx);
    const reviewPool = await rows<{ userId: string; content: string; score: number; evaluate: number }>(
      tx,
      sql`select user_id as "userId", content, score, evaluate from prod_comments order by prod_comm_id limit 400`,
    );
    // Every name in each language is a product's own: the demo's names are taken already.
    const usedNames = new Set(
      (await rows<{ name: string }>(tx, sql`select locale || ' ' || prod_name as name from product_translations`)).map(
        (r) => r.name,
      ),
    );
    const topNames = new Map(
      (
        await rows<{ id: number; en: string }>(
          tx,
          sql`select category_id as id, name->>'en' as en from categories where shop_id = 0 and parent_id = 0`,
        )
      ).map((r) => [r.id, r.en]),
    );
    const [max] = await rows<{
      shop: number;
      prod: number;
      sku: number;
      comm: number;
      products: number;
      shops: number;
    }>(
      tx,
      sql`select (select coalesce(max(shop_id), 0) from shops)::int as shop, (select coalesce(max(prod_id), 0) from products)::int as prod,
                 (select coalesce(max(sku_id), 0) from skus)::int as sku, (select coalesce(max(prod_comm_id), 0) from prod_comments)::int as comm,
                 (select count(*) from products)::int as products, (select count(*) from shops)::int as shops`,
    );
    if (!max) throw new Error("catalog: no counts");

    // Shops: a brand store, a city store or a plain one, selling in one or two top-level categories.
    const variants = tw(SCALE_VARIANTS);
    const editions = tw(BOOK_VARIANTS);
    const kinds = tw(SHOP_KINDS);
    const cities = tw(CITIES);
    const newShops: NewShop[] = [];
    const shopRows: Row[] = [];
    const shopCount = Math.max(0, opts.shops - max.shops);
    for (let i = 0; i < shopCount; i++) {
      const shopId = max.shop + 1 + i;
      const top = rng.pick(tops);
      const shopTops = rng.chance(0.3) ? [top, rng.pick(tops)] : [top];
      const leaf = rng.pick(leavesByTop.get(top)!);
      const brand = rng.pick(
        brandsByLeaf.get(leaf) ?? [{ brandId: 0, name: { zh: "优选", "zh-tw": "優選", en: "Youxuan" } }],
      );
      const kind = rng.pick(kinds);
      const city = rng.pick(cities);
      const byBrand = rng.chance(0.5);
      const no = ` ${shopId}`;
      const name: LocalizedText = byBrand
        ? {
            zh: `${brand.name.zh}${kind.zh}${no}`,
            "zh-tw": `${brand.name["zh-tw"]}${kind["zh-tw"]}${no}`,
            en: `${brand.name.en} ${kind.en}${no}`,
          }
        : {
            zh: `${city.zh}${kind.zh}${no}`,
            "zh-tw": `${city["zh-tw"]}${kind["zh-tw"]}${no}`,
            en: `${city.en} ${kind.en}${no}`,
          };
      const type = rng.chance(0.02) ? 1 : rng.chance(0.15) ? 2 : 0;
      const status = rng.chance(0.04) ? 2 : 1;
      newShops.push({ shopId, tops: shopTops, weight: 1 / Math.pow(i + 1, 0.7) });
      shopRows.push({
        shop_id: shopId,
        shop_name: name,
        intro: {
          zh: `${name.zh}，正品保障，七天无理由退货。`,
          "zh-tw": `${name["zh-tw"]}，正品保障，七天無理由退貨。`,
          en: `${name.en}: genuine goods, 7-day returns.`,
        },
        shop_logo: images.add(
          `shop/g${shopId}.svg`,
          shopLogoSvg({
            word: wordmark(name.en),
            // Golden-angle hues: neighbouring shops are far apart on the colour wheel.
            color: hsl(Math.round((shopId * 137.508) % 360), 62 + (shopId % 3) * 8, 38 + (shopId % 2) * 6),
            icon: CATEGORY_TREE.find((c) => c.name[1] === topNames.get(top))?.icon ?? "store",
            shape: shopId,
          }),
        ),
        type,
        shop_status: status,
        tel: `0571-${rng.int(8000_0000, 8999_9999)}`,
        fans_count: Math.floor(Math.pow(rng.next(), 4) * 200_000),
        sold_num: 0,
        rating: (4 + rng.int(0, 10) / 10).toFixed(1),
        created_at: clock.between(rng, 30, 1500),
        updated_at: clock.ago(1),
      });
    }
    await insertJson(tx, "shops", shopRows);
    log(`[catalog] ${shopRows.length} shops added`);
    if (newShops.length === 0) throw new Error("catalog: no new shops to sell the products (raise --shops)");

    // Products: shop by a long-tail weight, category among the shop's, a demo product as the model.
    const cumulative: number[] = [];
    let acc = 0;
    for (const s of newShops) cumulative.push((acc += s.weight));
    const pickShop = (): NewShop => {
      const r = rng.next() * acc;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid]! < r) lo = mid + 1;
        else hi = mid;
      }
      return newShops[lo]!;
    };
    /**
     * The model's name with the new brand and a variant of its own in place of the model's (goods:
     * "经典款", sometimes a model code; books: an edition), different from every name so far.
     */
    const productNames = (
      model: Template,
      brand: Brand,
      oldBrand: Brand | undefined,
      prodId: number,
    ): Record<"zh" | "zh-tw" | "en", string> => {
      const branded = (locale: "zh" | "zh-tw" | "en") => {
        const name = (model.texts[locale] ?? model.texts.zh!).prodName;
        const oldName = oldBrand?.name[locale] ?? "";
        const rest = oldName && name.startsWith(`${oldName} `) ? name.slice(oldName.length + 1) : name;
        return `${brand.name[locale] && oldName ? `${brand.name[locale]} ` : ""}${rest}`;
      };
      const base = { zh: branded("zh"), "zh-tw": branded("zh-tw"), en: branded("en") };
      const book = /^《[^》]+》/.exec(base.zh);
      const stem = book
        ? {
            zh: book[0],
            "zh-tw": /^《[^》]+》/.exec(base["zh-tw"])?.[0] ?? base["zh-tw"],
            en: base.en.replace(/ \([^)]*\)$/, ""),
          }
        : withoutVariant(base);
      const make = (attempt: number): Record<"zh" | "zh-tw" | "en", string> => {
        if (book) {
          const v = rng.pick(editions);
          const publisher = attempt >= 6 && brand.name.zh ? brand.name : null;
          // A later printing, and at last the id: every name is a product's own.
          const nth = attempt >= 12 ? (attempt >= 30 ? prodId : attempt - 10) : 0;
          const of = (locale: "zh" | "zh-tw" | "en") =>
            locale === "en"
              ? `${stem.en} (${v.en}${publisher ? `, ${publisher.en}` : ""}${nth ? `, printing ${nth}` : ""})`
              : `${stem[locale]}${v[locale]}${publisher ? `（${publisher[locale]}）` : ""}${nth ? `第${nth}次印刷` : ""}`;
          return { zh: of("zh"), "zh-tw": of("zh-tw"), en: of("en") };
        }
        const v = rng.pick(variants);
        const code =
          attempt >= 12
            ? ` ${prodId}`
            : attempt >= 4 || rng.chance(0.5)
              ? ` ${String.fromCharCode(65 + rng.int(0, 25))}${rng.int(10, attempt >= 8 ? 999 : 99)}`
              : "";
        return {
          zh: `${stem.zh} ${v.zh}${code}`,
          "zh-tw": `${stem["zh-tw"]} ${v["zh-tw"]}${code}`,
          en: `${stem.en} ${v.en}${code}`,
        };
      };
      for (let attempt = 0; ; attempt++) {
        const names = make(attempt);
        const keys = (["zh", "zh-tw", "en"] as const).map((l) => `${l} ${names[l]}`);
        if (attempt < 31 && keys.some((k) => usedNames.has(k))) continue;
        for (const k of keys) usedNames.add(k);
        return names;
      }
    };
    const productCount = Math.max(0, opts.products - max.products);
    let nextSku = max.sku + 1;
    let nextComm = max.comm + 1;
    let skusAdded = 0;
    let reviewsAdded = 0;
    for (let start = 0; start < productCount; start += BATCH) {
      const prodRows: Row[] = [];
      const textRows: Row[] = [];
      const skuRows: Row[] = [];
      const reviewRows: Row[] = [];
      for (let i = start; i < Math.min(productCount, start + BATCH); i++) {
        const prodId = max.prod + 1 + i;
        const shop = pickShop();
        const leaf = rng.pick(leavesByTop.get(rng.pick(shop.tops))!);
        const model = rng.pick(byLeaf.get(leaf)!);
        const brand = rng.pick(
          brandsByLeaf.get(leaf) ?? [{ brandId: model.brandId ?? 0, name: { zh: "", "zh-tw": "", en: "" } }],
        );
        const oldBrand = brandsByLeaf.get(leaf)?.find((b) => b.brandId === model.brandId);
        const factor = 0.6 + rng.next() * 0.9;
        const skuPlans = model.skus.map((s) => {
          const price = nicePrice((s.price * factor) / 100);
          return {
            skuId: nextSku++,
            skuName: s.skuName,
            properties: s.properties,
            price,
            oriPrice: Math.max(price, nicePrice((s.oriPrice * factor) / 100)),
            stocks: rng.chance(0.08) ? 0 : rng.int(1, 800),
            pic: s.pic,
          };
        });
        if (rng.chance(0.01)) for (const s of skuPlans) s.stocks = 0;
        const cheapest = skuPlans.reduce((a, b) => (b.price < a.price ? b : a));
        const putawayTime = rng.chance(0.1) ? clock.between(rng, 0.1, 14) : clock.between(rng, 15, 720);
        // Pareto-like: half sell under ~10, one in a hundred over ~1,000, a few tens of thousands —
        // bounded by the listing age (plausible.ts).
        const soldNum = plausibleSales(
          Math.min(200_000, Math.floor(5 / Math.pow(1 - rng.next(), 1.2)) - 5) + rng.int(0, 3),
          putawayTime,
          clock.now,
        );
        const status = rng.chance(0.03) ? 0 : rng.chance(0.005) ? 2 : 1;
        const reviews = status === 1 && reviewPool.length ? Math.min(10, Math.floor(Math.log2(1 + soldNum / 20))) : 0;
        const names = productNames(model, brand, oldBrand, prodId);
        for (const locale of ["zh", "zh-tw", "en"] as const) {
          const t = model.texts[locale] ?? model.texts.zh!;
          const prodName = names[locale];
          textRows.push({
            prod_id: prodId,
            locale,
            prod_name: prodName,
            brief: t.brief,
            content: t.content.replace(t.prodName, prodName),
            parameters: t.parameters,
          });
        }
        prodRows.push({
          prod_id: prodId,
          shop_id: shop.shopId,
          category_id: leaf,
          shop_category_id: null,
          brand_id: brand.brandId || model.brandId,
          pic: model.pic,
          imgs: model.imgs,
          price: cents(cheapest.price),
          ori_price: cents(cheapest.oriPrice),
          total_stocks: skuPlans.reduce((n, s) => n + s.stocks, 0),
          sold_num: soldNum,
          comment_num: reviews,
          status,
          prod_type: 0,
          putaway_time: putawayTime,
          created_at: putawayTime,
          updated_at: putawayTime,
        });
        for (const s of skuPlans)
          skuRows.push({
            sku_id: s.skuId,
            prod_id: prodId,
            sku_name: s.skuName,
            properties: s.properties,
            price: cents(s.price),
            ori_price: cents(s.oriPrice),
            stocks: s.stocks,
            pic: s.pic,
            status: 1,
            version: 0,
          });
        for (let k = 0; k < reviews; k++) {
          const r = rng.pick(reviewPool);
          const sku = rng.pick(skuPlans);
          reviewRows.push({
            prod_comm_id: nextComm++,
            prod_id: prodId,
            user_id: r.userId,
            sku_id: sku.skuId,
            sku_name: sku.skuName,
            score: r.score,
            evaluate: r.evaluate,
            content: r.content,
            pics: "",
            is_anonymous: rng.chance(0.2) ? 1 : 0,
            status: 1,
            rec_time: new Date(
              putawayTime.getTime() + rng.next() * Math.max(60_000, clock.now.getTime() - putawayTime.getTime()),
            ),
          });
        }
      }
      await insertJson(tx, "products", prodRows);
      await insertJson(tx, "product_translations", textRows);
      await insertJson(tx, "skus", skuRows);
      await insertJson(tx, "prod_comments", reviewRows);
      skusAdded += skuRows.length;
      reviewsAdded += reviewRows.length;
      if ((start / BATCH) % 10 === 9 || start + BATCH >= productCount)
        log(`[catalog] ${Math.min(productCount, start + BATCH)} / ${productCount} products`);
    }

    const firstProdId = max.prod + 1;
    await tx.execute(
      sql`update shops s set sold_num = x.n from (select shop_id, sum(sold_num)::int as n from products where prod_id >= ${firstProdId} group by shop_id) x where s.shop_id = x.shop_id`,
    );
    for (const [table, column] of [
      ["shops", "shop_id"],
      ["products", "prod_id"],
      ["skus", "sku_id"],
      ["prod_comments", "prod_comm_id"],
    ] as const) {
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${table}', '${column}'), coalesce((select max("${column}") from "${table}"), 0) + 1, false)`,
        ),
      );
    }
    const searchIndexMs = await buildSearchIndex(tx, firstProdId, log);
    for (const table of ["shops", "products", "product_translations", "skus", "prod_comments", "product_search_words"])
      await tx.execute(sql.raw(`analyze "${table}"`));
    if (role?.su) await tx.execute(sql`set local session_replication_role = origin`);
    // Every cached page and read model of a running server is out of date.
    await recordVectorImages(tx, images.records());
    await tx.execute(sql`select content_change(array['*'])`);
    return {
      shopsAdded: shopRows.length,
      productsAdded: productCount,
      skusAdded,
      reviewsAdded,
      firstProdId,
      searchIndexMs,
    };
  });
  // Written after the commit, like the demo's pictures (seed/index.ts).
  if (opts.images)
    await images.flush("storage" in opts.images ? opts.images.storage : new LocalFileStorage(opts.images.uploadsDir));
  return summary;
}

/** The time each step of a search index build took, in ms. */
export interface SearchIndexBuild {
  words: number;
  vectors: number;
  merge: number;
}

/**
 * Builds the search index of the products from `fromProdId` on inside a transaction
 * (docs/search.md "The index"): the analyzer's words of those without words (jieba, pinyin:
 * product_search_words; their per-row trigger is off when session_replication_role is replica),
 * then every vector in one UPDATE (words included, so each is computed once), then the GIN
 * index's pending list merged (a bulk load leaves it long, and every search would read it).
 */
export async function buildSearchIndex(
  tx: Tx,
  fromProdId: number,
  log: (line: string) => void = () => {},
): Promise<SearchIndexBuild> {
  const t0 = performance.now();
  const worded = await indexMissing(tx);
  const t1 = performance.now();
  log(`[catalog] search words of ${worded} products in ${Math.round((t1 - t0) / 1000)} s`);
  await refreshSearchText(tx, fromProdId);
  const t2 = performance.now();
  log(`[catalog] search vectors in ${Math.round((t2 - t1) / 1000)} s`);
  await tx.execute(sql`select gin_clean_pending_list('products_search_idx')`);
  await tx.execute(sql`select gin_clean_pending_list('products_param_search_idx')`);
  const t3 = performance.now();
  log(`[catalog] search index pending list merged in ${Math.round((t3 - t2) / 1000)} s`);
  return { words: t1 - t0, vectors: t2 - t1, merge: t3 - t2 };
}

/**
 * Builds the whole search index again (`npm run catalog -- --reindex`; the bench's measure of an
 * index build): every product's words and vector, in one transaction, without the per-row
 * triggers when the role may. Answers the time of each step.
 */
export async function rebuildSearchIndex(db: Db, log: (line: string) => void = () => {}): Promise<SearchIndexBuild> {
  return db.transaction(async (tx) => {
    const [role] = await rows<{ su: boolean }>(
      tx,
      sql`select rolsuper as su from pg_roles where rolname = current_user`,
    );
    if (role?.su) await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`delete from product_search_words`);
    const build = await buildSearchIndex(tx, 0, log);
    await tx.execute(sql`analyze products`);
    await tx.execute(sql`analyze product_search_words`);
    return build;
  });
}

/** Fills the search vectors of products from prodId on (the triggers do it for ordinary writes). */
async function refreshSearchText(tx: Tx, fromProdId: number): Promise<void> {
  await tx.execute(sql`update products p set (search_vec, param_vec) =
    (select v.names, v.params from product_search_vecs(p.prod_id) v) where p.prod_id >= ${fromProdId}`);
}

async function loadTemplates(tx: Tx): Promise<Template[]> {
  const base = await rows<Omit<Template, "texts" | "skus">>(
    tx,
    sql`select p.prod_id as "prodId", p.brand_id as "brandId", p.category_id as "categoryId", p.pic, p.imgs,
               c1.category_id as "topId"
        from products p
        join shops s on s.shop_id = p.shop_id and s.shop_status = 1
        join categories c3 on c3.category_id = p.category_id and c3.status = 1
        join categories c2 on c2.category_id = c3.parent_id and c2.status = 1
        join categories c1 on c1.category_id = c2.parent_id and c1.status = 1
        where p.status = 1 and p.prod_type = 0
        order by p.prod_id`,
  );
  const byId = new Map<number, Template>(base.map((b) => [b.prodId, { ...b, texts: {}, skus: [] }]));
  const texts = await rows<{
    prodId: number;
    locale: string;
    prodName: string;
    brief: string;
    content: string;
    parameters: unknown;
  }>(
    tx,
    sql`select prod_id as "prodId", locale, prod_name as "prodName", brief, content, parameters from product_translations order by prod_id, locale`,
  );
  for (const t of texts) {
    const tpl = byId.get(t.prodId);
    if (tpl) tpl.texts[t.locale] = t;
  }
  const skuRows = await rows<{
    prodId: number;
    skuName: LocalizedText;
    properties: LocalizedText;
    price: string;
    oriPrice: string;
    pic: string | null;
  }>(
    tx,
    sql`select prod_id as "prodId", sku_name as "skuName", properties, price::text as price, ori_price::text as "oriPrice", pic from skus where status = 1 order by sku_id`,
  );
  for (const s of skuRows) {
    const tpl = byId.get(s.prodId);
    if (tpl)
      tpl.skus.push({
        skuName: s.skuName,
        properties: s.properties,
        price: Math.round(Number(s.price) * 100),
        oriPrice: Math.round(Number(s.oriPrice) * 100),
        pic: s.pic,
      });
  }
  return [...byId.values()].filter((t) => t.skus.length > 0 && t.texts.zh);
}

async function loadBrands(tx: Tx): Promise<Map<number, Brand[]>> {
  const list = await rows<{ categoryId: number; brandId: number; name: LocalizedText }>(
    tx,
    sql`select cb.category_id as "categoryId", b.brand_id as "brandId", b.name from category_brands cb join brands b on b.brand_id = cb.brand_id and b.status = 1 order by cb.category_id, b.brand_id`,
  );
  const out = new Map<number, Brand[]>();
  for (const r of list) out.set(r.categoryId, [...(out.get(r.categoryId) ?? []), { brandId: r.brandId, name: r.name }]);
  return out;
}
