/**
 * The merchant's stock delta (`PUT …/skus/{skuId}` with `stocksDelta` alone), committed in groups
 * (docs/product.md "The small call", docs/performance.md "Stock deltas in groups"): the deltas that
 * arrive while one group is being written wait for it, and then go together — one statement and
 * one commit for all of them instead of one each. On PostgreSQL a commit that records a content
 * change holds the database's notification lock until its WAL is flushed, so commits of changes
 * queue one behind the other; a group pays that once.
 *
 * Every caller still gets its own answer: its SKU's row after its own delta, or its own refusal
 * (not found; below 0 or above STOCK_MAX — nothing moved). A SKU is in a group at most once (a
 * second delta of it waits for the next group), so each delta is applied to the stock the one
 * before it left, and a SKU's stock never leaves 0 … STOCK_MAX. SKUs are locked in ascending ids,
 * then their products in ascending ids: the order of every stock writer (stock.ts). If the group's
 * statement fails (it changed nothing then), each delta is tried again alone.
 */
import { sql } from "drizzle-orm";
import { STOCK_MAX } from "../../../lib/product/product-schema.ts";
import { rowsOf, type Db } from "../../db/client.ts";
import { products, skus } from "../../db/schema/index.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { ProdStatus, ProductRefused, SKU_NOT_FOUND } from "./product-rules.ts";

/** One SKU as the small call answers it. */
export interface SkuDto {
  skuId: number;
  prodId: number;
  code: string | null;
  price: string;
  oriPrice: string;
  stocks: number;
  version: number;
}

export interface StockDelta {
  shopId: number;
  prodId: number;
  skuId: number;
  delta: number;
  now: Date;
}

interface Waiting extends StockDelta {
  resolve: (row: SkuDto) => void;
  reject: (err: unknown) => void;
}

/** At most this many deltas in one statement. */
export const GROUP_MAX = 500;

/**
 * The next group out of the waiting deltas (in arrival order): the first delta of each SKU, at
 * most `max`; the rest stay waiting in their order.
 */
export function nextGroup<T extends { skuId: number }>(waiting: readonly T[], max = GROUP_MAX) {
  const group: T[] = [];
  const rest: T[] = [];
  const skuIds = new Set<number>();
  for (const d of waiting) {
    if (group.length < max && !skuIds.has(d.skuId)) {
      skuIds.add(d.skuId);
      group.push(d);
    } else rest.push(d);
  }
  return { group, rest };
}

/**
 * Applies a group of deltas of distinct SKUs in one statement; answers each delta's SKU row after
 * it, or null when it did not move (unknown, another shop's, off sale, or out of 0 … STOCK_MAX).
 */
async function applyGroup(db: Db, group: readonly StockDelta[]): Promise<(SkuDto | null)[]> {
  const input = JSON.stringify(
    group.map((d, i) => ({ i, shop_id: d.shopId, prod_id: d.prodId, sku_id: d.skuId, delta: d.delta })),
  );
  const now = new Date(Math.max(...group.map((d) => d.now.getTime()))).toISOString();
  const rows = rowsOf<SkuDto & { i: number }>(
    await db.execute(sql`
      with d as (
        select * from jsonb_to_recordset(${input}::jsonb) as d(i int, shop_id int, prod_id int, sku_id int, delta int)
      ), locked as (
        -- Each SKU by its key, locked in ascending ids (a nested loop over the sorted deltas: the
        -- fences keep a scan of the table out, whatever its statistics say right after an import).
        select s.sku_id, d.i, d.delta from (select * from d order by sku_id offset 0) d
        join lateral (
          select s.sku_id from ${skus} s
          where s.sku_id = d.sku_id and s.prod_id = d.prod_id and s.status = 1
          for update
        ) s on true
        join lateral (
          select 1 from ${products} p
          where p.prod_id = d.prod_id and p.shop_id = d.shop_id and p.status <> ${ProdStatus.DELETED} and p.prod_type <> 3
          offset 0
        ) p on true
      ), moved as (
        update ${skus} s set stocks = s.stocks + l.delta, version = s.version + 1
        from locked l
        where s.sku_id = l.sku_id and s.stocks + l.delta between 0 and ${STOCK_MAX}
        returning l.i, s.sku_id as "skuId", s.prod_id as "prodId", s.code, s.price::text as price,
          s.ori_price::text as "oriPrice", s.stocks, s.version, l.delta
      ), own as (
        select p.prod_id, m.total from ${products} p
        join (select "prodId", sum(delta)::int as total from moved group by "prodId") m on m."prodId" = p.prod_id
        order by p.prod_id
        for update of p
      ), total as (
        update ${products} p set total_stocks = p.total_stocks + own.total, updated_at = ${now}::timestamptz
        from own where p.prod_id = own.prod_id
      )
      select i, "skuId", "prodId", code, price, "oriPrice", stocks, version from moved`),
  );
  const out: (SkuDto | null)[] = group.map(() => null);
  for (const { i, ...row } of rows) out[i] = row;
  return out;
}

/** Why a delta did not move its SKU: not the shop's SKU on sale, or out of 0 … STOCK_MAX. */
async function refusal(db: Db, d: StockDelta): Promise<DomainError> {
  const [cur] = rowsOf<{ stocks: number }>(
    await db.execute(sql`select s.stocks from ${skus} s join ${products} p on p.prod_id = s.prod_id
      where s.sku_id = ${d.skuId} and s.prod_id = ${d.prodId} and s.status = 1 and p.shop_id = ${d.shopId}
        and p.status <> ${ProdStatus.DELETED} and p.prod_type <> 3`),
  );
  if (!cur) return new DomainError(SKU_NOT_FOUND, { params: { id: d.skuId } });
  return new ProductRefused(["stocksDelta"], "product.manage.errors.deltaBelowZero", { stocks: cur.stocks });
}

class StockDeltaQueue {
  private waiting: Waiting[] = [];
  private writing = false;

  constructor(private readonly db: Db) {}

  add(d: StockDelta): Promise<SkuDto> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ...d, resolve, reject });
      // Deltas read in the same turn of the event loop join the first group too.
      if (!this.writing) {
        this.writing = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.waiting.length) {
      const { group, rest } = nextGroup(this.waiting);
      this.waiting = rest;
      await this.write(group);
    }
    this.writing = false;
  }

  private async write(group: readonly Waiting[]): Promise<void> {
    let rows: (SkuDto | null)[];
    try {
      rows = await applyGroup(this.db, group);
    } catch (err) {
      // Nothing of the group was written (one statement): each delta alone, answering for itself.
      if (group.length === 1) return group[0]!.reject(err);
      await Promise.all(group.map((d) => this.write([d])));
      return;
    }
    await Promise.all(
      group.map(async (d, i) => {
        const row = rows[i];
        if (row) return d.resolve(row);
        try {
          d.reject(await refusal(this.db, d));
        } catch (err) {
          d.reject(err);
        }
      }),
    );
  }
}

const queues = new WeakMap<Db, StockDeltaQueue>();

/**
 * Adds `delta` to one SKU of the shop's product (never below 0 nor above STOCK_MAX), with the
 * product's total and updated_at, in the next group of deltas; answers the SKU after it.
 */
export function changeStockBy(db: Db, d: StockDelta): Promise<SkuDto> {
  let q = queues.get(db);
  if (!q) queues.set(db, (q = new StockDeltaQueue(db)));
  return q.add(d);
}
