/**
 * Flash sale (seckill), CONTRACT §6.1; docs/flash-sale.md. Sessions (time slots) hold
 * activities (one product each) with their own flash stock per SKU.
 *
 * - Lists: the sessions of today and tomorrow (Asia/Shanghai days) with their activities.
 * - Buying: the detail page asks an order path (an HMAC of buyer, activity and a 10-minute
 *   bucket; only while the activity runs) and the confirm / submit calls must carry it, so a bot
 *   cannot skip the page. Confirm and submit are the ordinary checkout (order/order-submit.ts)
 *   with this module's ActivityBuy: the flash price as a pricing provider, and in the submit
 *   transaction one conditional update of the flash stock (stocks >= n) and one conditional
 *   upsert of the buyer's pieces (count + n <= maxNum). The order pays within the activity's
 *   payMinutes; closing it unpaid puts the units (and the buyer's allowance) back.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { ID_MAX } from "../../../lib/ids.ts";
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { ResponseCode } from "../../../lib/api-types.ts";
import {
  FlashState,
  soldPercent,
  windowState,
  withinLimit,
  type FlashActivityDto,
  type FlashSessionDto,
  type FlashSkuDto,
} from "../../../lib/flash-sale/flash-sale.ts";
import { pickText, type Locale } from "../../../lib/locale.ts";
import { compare, formatPrice } from "../../../lib/money.ts";
import { rowsOf, type Db, type Tx } from "../../db/client.ts";
import {
  flashActivities,
  flashBuys,
  flashOrders,
  flashSessions,
  flashSkus,
  products,
  skus,
} from "../../db/schema/index.ts";
import { registerOrderTypeHooks } from "../order/order-lifecycle.ts";
import { peekSubmitToken } from "../order/order-submit.ts";
import { liveActivityProducts, type ActivityBuy } from "../order/order-buy-lines.ts";
import { OrderSubmitError, type ActivityRef } from "../order/order-submit-payload.ts";
import { DomainError } from "../kernel/domain-error.ts";

/** orders.orderType of flash-sale orders (CONTRACT: 2 seckill). */
export const FLASH_ORDER_TYPE = 2;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 3600_000;
/** Asia/Shanghai is UTC+8 all year. */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;
/** An order path is valid in its 10-minute bucket and the next one. */
const PATH_BUCKET_MS = 10 * MINUTE_MS;

/** The start of the Asia/Shanghai day of `now`. */
export function shanghaiDayStart(now: Date): Date {
  return new Date(Math.floor((now.getTime() + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS);
}

// ------------------------------------------------------------------------------------------
// Order path
// ------------------------------------------------------------------------------------------

function pathFor(secret: string, userId: string, seckillId: number, bucket: number): string {
  return createHmac("sha256", `seckill-path:${secret}`)
    .update(`${userId}:${seckillId}:${bucket}`)
    .digest("base64url")
    .slice(0, 32);
}

/** The order path of a buyer for an activity at `now`. */
export function orderPathOf(secret: string, userId: string, seckillId: number, now: Date): string {
  return pathFor(secret, userId, seckillId, Math.floor(now.getTime() / PATH_BUCKET_MS));
}

/** Whether `path` is the buyer's path for this activity (this bucket or the one before). */
export function orderPathValid(secret: string, userId: string, seckillId: number, path: string, now: Date): boolean {
  const b = Math.floor(now.getTime() / PATH_BUCKET_MS);
  const given = Buffer.from(path);
  return [b, b - 1].some((bucket) => {
    const want = Buffer.from(pathFor(secret, userId, seckillId, bucket));
    return want.length === given.length && timingSafeEqual(want, given);
  });
}

// ------------------------------------------------------------------------------------------
// Reading
// ------------------------------------------------------------------------------------------

type Q = Db | Tx;
type ActivityRow = typeof flashActivities.$inferSelect & { startTime: Date; endTime: Date };

/** Activities with their SKUs as DTOs (activities of offline products or closed shops are left out). */
async function activityDtos(
  q: Q,
  rows: readonly ActivityRow[],
  locale: Locale,
  now: Date,
): Promise<FlashActivityDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.seckillId);
  const prods = await liveActivityProducts(
    q,
    rows.map((r) => r.prodId),
    locale,
  );
  const skuRows = await q
    .select({
      seckillSkuId: flashSkus.seckillSkuId,
      seckillId: flashSkus.seckillId,
      skuId: flashSkus.skuId,
      seckillPrice: flashSkus.price,
      stocks: flashSkus.stocks,
      origin: flashSkus.originStocks,
      price: skus.price,
      skuName: skus.skuName,
      properties: skus.properties,
      pic: skus.pic,
      skuStatus: skus.status,
    })
    .from(flashSkus)
    .innerJoin(skus, eq(skus.skuId, flashSkus.skuId))
    .where(inArray(flashSkus.seckillId, ids))
    .orderBy(asc(flashSkus.seckillSkuId));
  const out: FlashActivityDto[] = [];
  for (const r of rows) {
    const p = prods.get(r.prodId);
    if (!p) continue;
    const list = skuRows.filter((s) => s.seckillId === r.seckillId && s.skuStatus === 1);
    if (list.length === 0) continue;
    const skuDtos: FlashSkuDto[] = list.map((s) => ({
      seckillSkuId: s.seckillSkuId,
      skuId: s.skuId,
      skuName: pickText(s.skuName, locale),
      properties: pickText(s.properties, locale),
      pic: s.pic || p.pic,
      price: formatPrice(s.price),
      seckillPrice: formatPrice(s.seckillPrice),
      seckillStocks: s.stocks,
    }));
    const cheapest = skuDtos.reduce((a, b) => (compare(b.seckillPrice, a.seckillPrice) < 0 ? b : a));
    const total = list.reduce((n, s) => n + s.stocks, 0);
    const origin = list.reduce((n, s) => n + s.origin, 0);
    out.push({
      seckillId: r.seckillId,
      sessionId: r.sessionId,
      prodId: r.prodId,
      shopId: r.shopId,
      prodName: p.name,
      pic: p.pic,
      startTime: r.startTime.toISOString(),
      endTime: r.endTime.toISOString(),
      activityStatus: r.status === 1 ? windowState(r.startTime, r.endTime, now) : FlashState.ENDED,
      seckillPrice: cheapest.seckillPrice,
      price: cheapest.price,
      maxNum: r.maxNum,
      payMinutes: r.payMinutes,
      seckillTotalStocks: total,
      seckillOriginStocks: origin,
      salesRatio: soldPercent(origin, total),
      seckillSkuList: skuDtos,
    });
  }
  return out;
}

const activityColumns = {
  seckillId: flashActivities.seckillId,
  sessionId: flashActivities.sessionId,
  shopId: flashActivities.shopId,
  prodId: flashActivities.prodId,
  maxNum: flashActivities.maxNum,
  payMinutes: flashActivities.payMinutes,
  status: flashActivities.status,
  createdAt: flashActivities.createdAt,
  startTime: flashSessions.startTime,
  endTime: flashSessions.endTime,
};

/** The sessions overlapping today and tomorrow (Asia/Shanghai), earliest first, each with its activities. */
export async function flashSessionList(db: Db, locale: Locale, now: Date): Promise<FlashSessionDto[]> {
  const from = shanghaiDayStart(now);
  const to = new Date(from.getTime() + 2 * DAY_MS);
  const sessions = await db
    .select()
    .from(flashSessions)
    .where(and(lt(flashSessions.startTime, to), gte(flashSessions.endTime, from)))
    .orderBy(asc(flashSessions.startTime), asc(flashSessions.sessionId))
    .limit(48);
  if (sessions.length === 0) return [];
  const rows = await db
    .select(activityColumns)
    .from(flashActivities)
    .innerJoin(flashSessions, eq(flashSessions.sessionId, flashActivities.sessionId))
    .where(
      and(
        inArray(
          flashActivities.sessionId,
          sessions.map((s) => s.sessionId),
        ),
        eq(flashActivities.status, 1),
      ),
    )
    .orderBy(asc(flashActivities.seckillId));
  const acts = await activityDtos(db, rows, locale, now);
  return sessions.map((s) => ({
    sessionId: s.sessionId,
    startTime: s.startTime.toISOString(),
    endTime: s.endTime.toISOString(),
    activityStatus: windowState(s.startTime, s.endTime, now),
    activities: acts.filter((a) => a.sessionId === s.sessionId),
  }));
}

/** One activity (also ended ones, so their page says so); null when unknown or its product is gone. */
export async function flashActivity(
  q: Q,
  seckillId: number,
  locale: Locale,
  now: Date,
): Promise<FlashActivityDto | null> {
  const rows = await q
    .select(activityColumns)
    .from(flashActivities)
    .innerJoin(flashSessions, eq(flashSessions.sessionId, flashActivities.sessionId))
    .where(eq(flashActivities.seckillId, seckillId))
    .limit(1);
  const [dto] = await activityDtos(q, rows, locale, now);
  return dto ?? null;
}

/** Units left of a flash SKU (the gate's loader). */
export async function flashSkuStock(db: Db, seckillSkuId: number): Promise<number> {
  const [row] = await db
    .select({ stocks: flashSkus.stocks })
    .from(flashSkus)
    .where(eq(flashSkus.seckillSkuId, seckillSkuId))
    .limit(1);
  return row?.stocks ?? 0;
}

/**
 * What a flash-sale submit token confirmed (its SKU and quantity), read without claiming it: the
 * quantity the gate counts is the one the order will buy. Null for a token that is not an
 * unused, unexpired flash-sale buy.
 */
export async function confirmedFlashBuy(
  db: Db,
  token: string,
  now: Date,
): Promise<{ seckillId: number; seckillSkuId: number; prodCount: number } | null> {
  const payload = await peekSubmitToken(db, token, now);
  if (!payload || payload.source !== "buyNow" || payload.activity?.kind !== "seckill") return null;
  const { seckillId, seckillSkuId } = payload.activity.ref;
  if (!Number.isSafeInteger(seckillId) || !Number.isSafeInteger(seckillSkuId)) return null;
  return { seckillId: seckillId!, seckillSkuId: seckillSkuId!, prodCount: payload.orderItem.prodCount };
}

// ------------------------------------------------------------------------------------------
// Buying
// ------------------------------------------------------------------------------------------

async function loadForBuy(q: Q, seckillId: number, seckillSkuId: number) {
  const [row] = await q
    .select({ ...activityColumns, skuId: flashSkus.skuId, price: flashSkus.price, stocks: flashSkus.stocks })
    .from(flashActivities)
    .innerJoin(flashSessions, eq(flashSessions.sessionId, flashActivities.sessionId))
    .innerJoin(
      flashSkus,
      and(eq(flashSkus.seckillId, flashActivities.seckillId), eq(flashSkus.seckillSkuId, seckillSkuId)),
    )
    .where(eq(flashActivities.seckillId, seckillId))
    .limit(1);
  return row ?? null;
}

/** The running state check shared by confirm and submit (throws the SPEC §8 messages). */
function checkRunning(a: { status: number; startTime: Date; endTime: Date }, now: Date): void {
  const st = a.status === 1 ? windowState(a.startTime, a.endTime, now) : FlashState.ENDED;
  if (st === FlashState.UPCOMING) throw new OrderSubmitError("flashSale.notStarted");
  if (st === FlashState.ENDED) throw new OrderSubmitError("flashSale.eventEnded");
}

async function boughtBy(q: Q, seckillId: number, userId: string): Promise<number> {
  const [row] = await q
    .select({ count: flashBuys.count })
    .from(flashBuys)
    .where(and(eq(flashBuys.seckillId, seckillId), eq(flashBuys.userId, userId)))
    .limit(1);
  return row?.count ?? 0;
}

/**
 * The ActivityBuy of a flash SKU (order/order-submit.ts): ref {seckillId, seckillSkuId}. The
 * buy-now line must be that SKU of that product.
 */
export function flashBuy(ref: { seckillId: number; seckillSkuId: number }): ActivityBuy {
  let price: string | null = null;
  let skuId = 0;
  const matches = async (q: Q, line: { prodId: number; skuId: number }) => {
    const a = await loadForBuy(q, ref.seckillId, ref.seckillSkuId);
    if (!a || a.prodId !== line.prodId || a.skuId !== line.skuId) throw new OrderSubmitError("flashSale.notFound");
    price = formatPrice(a.price);
    skuId = a.skuId;
    return a;
  };
  return {
    kind: "seckill",
    ref: { seckillId: ref.seckillId, seckillSkuId: ref.seckillSkuId },
    orderType: FLASH_ORDER_TYPE,
    ownStock: true,
    provider: (line) =>
      price !== null && line.skuId === skuId
        ? { kind: "seckill", activityId: ref.seckillId, price, excludesDiscounts: true }
        : null,
    check: async (q, userId, line, now) => {
      const a = await matches(q, line);
      checkRunning(a, now);
      if (!withinLimit(a.maxNum, await boughtBy(q, a.seckillId, userId), line.prodCount))
        throw new OrderSubmitError("flashSale.overLimit", ResponseCode.SHOW_FAIL, { max: a.maxNum });
      if (a.stocks < line.prodCount) throw new OrderSubmitError("flashSale.soldOut", ResponseCode.NO_STOCK);
    },
    take: async (tx, userId, line, now) => {
      const a = await matches(tx, line);
      checkRunning(a, now);
      const n = line.prodCount;
      const took = await tx
        .update(flashSkus)
        .set({ stocks: sql`${flashSkus.stocks} - ${n}` })
        .where(and(eq(flashSkus.seckillSkuId, ref.seckillSkuId), gte(flashSkus.stocks, n)))
        .returning({ left: flashSkus.stocks });
      if (took.length === 0) throw new OrderSubmitError("flashSale.soldOut", ResponseCode.NO_STOCK);
      if (a.maxNum >= 0 && n > a.maxNum)
        throw new OrderSubmitError("flashSale.overLimit", ResponseCode.SHOW_FAIL, { max: a.maxNum });
      const counted = rowsOf<{ count: number }>(
        await tx.execute(sql`
        insert into flash_buys (seckill_id, user_id, count) values (${a.seckillId}, ${userId}, ${n})
        on conflict (seckill_id, user_id) do update set count = flash_buys.count + excluded.count
        where ${a.maxNum} < 0 or flash_buys.count + excluded.count <= ${a.maxNum}
        returning count`),
      );
      if (counted.length === 0)
        throw new OrderSubmitError("flashSale.overLimit", ResponseCode.SHOW_FAIL, { max: a.maxNum });
      return {
        payDeadline: new Date(now.getTime() + a.payMinutes * MINUTE_MS),
        record: async (orderNumber) => {
          await tx
            .insert(flashOrders)
            .values({ orderNumber, seckillId: a.seckillId, seckillSkuId: ref.seckillSkuId, userId, count: n });
        },
      };
    },
  };
}

/** The flash ActivityBuy a submit token stands for (null when it is not a flash one). */
export function flashBuyOf(ref: ActivityRef): ActivityBuy | null {
  const { seckillId, seckillSkuId } = ref.ref;
  if (ref.kind !== "seckill" || !Number.isSafeInteger(seckillId) || !Number.isSafeInteger(seckillSkuId)) return null;
  return flashBuy({ seckillId: seckillId!, seckillSkuId: seckillSkuId! });
}

// A flash order closing unpaid gives its units and the buyer's allowance back (once).
registerOrderTypeHooks(FLASH_ORDER_TYPE, {
  onClose: async (tx, order) => {
    const [fo] = await tx
      .update(flashOrders)
      .set({ returned: 1 })
      .where(and(eq(flashOrders.orderNumber, order.orderNumber), eq(flashOrders.returned, 0)))
      .returning();
    if (fo) {
      await tx
        .update(flashSkus)
        .set({ stocks: sql`${flashSkus.stocks} + ${fo.count}` })
        .where(eq(flashSkus.seckillSkuId, fo.seckillSkuId));
      await tx
        .update(flashBuys)
        .set({ count: sql`greatest(0, ${flashBuys.count} - ${fo.count})` })
        .where(and(eq(flashBuys.seckillId, fo.seckillId), eq(flashBuys.userId, fo.userId)));
    }
    return true;
  },
});

// ------------------------------------------------------------------------------------------
// Merchant side (docs/merchant-api.md "Flash sale")
// ------------------------------------------------------------------------------------------

/** A refusal of the merchant side; `key` is an i18n key (flashSale.* / groupBuy.*). */
export class FlashAdminError extends DomainError {}

/** Longest session: 24 hours. */
const SESSION_MAX_MS = DAY_MS;

/** A new session [start, end): end after start, at most 24 hours, not already over. */
export async function createFlashSession(
  db: Db,
  input: { startTime: Date; endTime: Date },
  now: Date,
): Promise<number> {
  const len = input.endTime.getTime() - input.startTime.getTime();
  if (!(len > 0) || len > SESSION_MAX_MS || input.endTime.getTime() <= now.getTime())
    throw new FlashAdminError("flashSale.badWindow");
  const [row] = await db
    .insert(flashSessions)
    .values({ startTime: input.startTime, endTime: input.endTime, createdAt: now })
    .returning({ id: flashSessions.sessionId });
  return row!.id;
}

export interface FlashActivityInput {
  sessionId: number;
  prodId: number;
  maxNum: number;
  payMinutes: number;
  skus: { skuId: number; price: string; stocks: number }[];
}

/** A new flash activity of the shop's own product: every SKU of that product, flash price below its price, stock ≥ 1. */
export async function createFlashActivity(
  db: Db,
  shopId: number,
  input: FlashActivityInput,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(flashSessions)
      .where(eq(flashSessions.sessionId, input.sessionId))
      .limit(1);
    if (!session || session.endTime.getTime() <= now.getTime()) throw new FlashAdminError("flashSale.sessionNotFound");
    const [prod] = await tx
      .select({ shopId: products.shopId, status: products.status })
      .from(products)
      .where(eq(products.prodId, input.prodId))
      .limit(1);
    if (!prod || prod.shopId !== shopId) throw new FlashAdminError("flashSale.prodNotFound");
    const ids = input.skus.map((s) => s.skuId);
    if (ids.length === 0 || new Set(ids).size !== ids.length) throw new FlashAdminError("flashSale.badSkus");
    const rows = await tx
      .select({ skuId: skus.skuId, price: skus.price })
      .from(skus)
      .where(and(inArray(skus.skuId, ids), eq(skus.prodId, input.prodId)));
    if (rows.length !== ids.length) throw new FlashAdminError("flashSale.badSkus");
    for (const s of input.skus) {
      const base = rows.find((r) => r.skuId === s.skuId)!;
      if (
        !(compare(s.price, 0) > 0) ||
        compare(s.price, base.price) >= 0 ||
        !Number.isSafeInteger(s.stocks) ||
        s.stocks < 1
      )
        throw new FlashAdminError("flashSale.badSkus");
    }
    const [a] = await tx
      .insert(flashActivities)
      .values({
        sessionId: input.sessionId,
        shopId,
        prodId: input.prodId,
        maxNum: input.maxNum,
        payMinutes: input.payMinutes,
        createdAt: now,
      })
      .returning({ id: flashActivities.seckillId });
    await tx.insert(flashSkus).values(
      input.skus.map((s) => ({
        seckillId: a!.id,
        skuId: s.skuId,
        price: formatPrice(s.price),
        stocks: s.stocks,
        originStocks: s.stocks,
      })),
    );
    return a!.id;
  });
}

/** The shop's flash activities, newest first. */
export async function shopFlashActivities(
  db: Db,
  shopId: number,
  locale: Locale,
  now: Date,
): Promise<FlashActivityDto[]> {
  const rows = await db
    .select(activityColumns)
    .from(flashActivities)
    .innerJoin(flashSessions, eq(flashSessions.sessionId, flashActivities.sessionId))
    .where(eq(flashActivities.shopId, shopId))
    .orderBy(sql`${flashActivities.seckillId} desc`)
    .limit(100);
  return activityDtos(db, rows, locale, now);
}

/** Ends one of the shop's flash activities now (no new orders; unpaid ones may still be paid within their limit). */
export async function endFlashActivity(db: Db, shopId: number, seckillId: number): Promise<void> {
  // an id outside the column's range names nothing (and must not reach the database)
  if (!Number.isSafeInteger(seckillId) || seckillId < 1 || seckillId > ID_MAX)
    throw new FlashAdminError("flashSale.notFound");
  const done = await db
    .update(flashActivities)
    .set({ status: 0 })
    .where(and(eq(flashActivities.seckillId, seckillId), eq(flashActivities.shopId, shopId)))
    .returning({ id: flashActivities.seckillId });
  if (done.length === 0) throw new FlashAdminError("flashSale.notFound");
}
