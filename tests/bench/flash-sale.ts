/**
 * Flash-sale rush benchmark (issue "Marketing II", docs/flash-sale.md "Rush design"):
 * RUSH_BUYERS distinct buyers each submit one flash-sale order at the same moment, over HTTP on the
 * real server, for RUSH_UNITS units (per-user limit 1). Setup goes straight to the database while
 * the server is stopped (PGlite allows one process): a live session and activity, the buyers
 * (sessions, addresses) and each buyer's confirmed submit token — so the timed part is only the
 * rush. The order paths are computed with the server's PAYMENT_SECRET, as the detail page would
 * get them. Checks: exactly RUSH_UNITS orders, flash stock 0 and never below, 0 answers ≥ 500,
 * every loser told "insufficient inventory" or "too busy". Prints attempts/s and p50/p99.
 * Budgets: ≥ 500 attempts/s on PGlite, ≥ 1,500/s on PostgreSQL.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";
import {
  addresses,
  flashActivities,
  flashSessions,
  flashSkus,
  products,
  sessions,
  skus,
  submitTokens,
  users,
} from "../../src/server/db/schema/index.ts";
import { hashToken } from "../../src/server/domain/account/tokens.ts";
import { orderPathOf } from "../../src/server/domain/flash-sale/flash-sale.ts";
import type { Row } from "./server-speed.ts";

export const RUSH_BUYERS = 2000;
export const RUSH_UNITS = 100;
export const RUSH_BUDGET = { PGlite: 500, PostgreSQL: 1500 } as const;
export const RUSH_SECRET = "bench-rush-secret";

export interface RushSetup {
  seckillId: number;
  seckillSkuId: number;
  buyers: { userId: string; token: string; uuid: string }[];
}

/** Creates the activity (RUSH_UNITS units of one SKU of a shop-7 product, live for an hour) and the buyers with their confirmed tokens. */
export async function prepareRush(db: Db): Promise<RushSetup> {
  const now = new Date();
  const [p] = await db
    .select({ prodId: products.prodId, shopId: products.shopId, skuId: skus.skuId, price: skus.price })
    .from(products)
    .innerJoin(skus, eq(skus.prodId, products.prodId))
    .where(and(eq(products.shopId, 7), eq(products.status, 1), eq(skus.status, 1), gt(skus.stocks, 0)))
    .orderBy(asc(products.prodId), asc(skus.skuId))
    .limit(1);
  if (!p) throw new Error("no product for the rush");
  const [s] = await db
    .insert(flashSessions)
    .values({ startTime: new Date(now.getTime() - 60_000), endTime: new Date(now.getTime() + 3600_000) })
    .returning({ id: flashSessions.sessionId });
  const [a] = await db
    .insert(flashActivities)
    .values({ sessionId: s!.id, shopId: p.shopId, prodId: p.prodId, maxNum: 1, payMinutes: 5 })
    .returning({ id: flashActivities.seckillId });
  const [fs] = await db
    .insert(flashSkus)
    .values({
      seckillId: a!.id,
      skuId: p.skuId,
      price: (Number(p.price) / 2).toFixed(2),
      stocks: RUSH_UNITS,
      originStocks: RUSH_UNITS,
    })
    .returning({ id: flashSkus.seckillSkuId });
  const buyers: RushSetup["buyers"] = [];
  const CHUNK = 250;
  for (let i = 0; i < RUSH_BUYERS; i += CHUNK) {
    const part = Array.from({ length: Math.min(CHUNK, RUSH_BUYERS - i) }, (_, k) => ({
      userId: randomUUID(),
      token: randomBytes(24).toString("base64url"),
      uuid: randomBytes(24).toString("base64url"),
      n: i + k,
    }));
    await db
      .insert(users)
      .values(part.map((b) => ({ userId: b.userId, username: `rush_${process.pid}_${b.n}`, nickName: `rush${b.n}` })));
    await db.insert(sessions).values(
      part.map((b) => ({
        tokenHash: hashToken(b.token),
        kind: "user",
        userId: b.userId,
        expiresAt: new Date(now.getTime() + 3600_000),
      })),
    );
    const addrs = await db
      .insert(addresses)
      .values(
        part.map((b) => ({
          userId: b.userId,
          receiver: "Rush",
          mobile: "13800138000",
          provinceId: 31,
          province: "上海市",
          cityId: 3101,
          city: "上海市",
          areaId: 310104,
          area: "徐汇区",
          addr: "Bench Road 1",
          commonAddr: 1,
        })),
      )
      .returning({ addrId: addresses.addrId, userId: addresses.userId });
    const addrOf = new Map(addrs.map((x) => [x.userId, x.addrId]));
    await db.insert(submitTokens).values(
      part.map((b) => ({
        token: b.uuid,
        userId: b.userId,
        expiresAt: new Date(now.getTime() + 1800_000),
        createdAt: now,
        payload: {
          source: "buyNow",
          orderItem: { prodId: p.prodId, skuId: p.skuId, prodCount: 1, shopId: p.shopId },
          addrId: addrOf.get(b.userId)!,
          isScorePay: 0,
          userUseScore: null,
          shopIds: [p.shopId],
          couponUserIds: [],
          activity: { kind: "seckill", ref: { seckillId: a!.id, seckillSkuId: fs!.id } },
        },
      })),
    );
    buyers.push(...part.map(({ userId, token, uuid }) => ({ userId, token, uuid })));
  }
  return { seckillId: a!.id, seckillSkuId: fs!.id, buyers };
}

export interface RushFigures {
  attempts: number;
  attemptsPerSec: number;
  wallMs: number;
  p50Ms: number;
  p99Ms: number;
  won: number;
  soldOut: number;
  busy: number;
  other: number;
  status5xx: number;
  orders: number;
  stockLeft: number;
}

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

/** Fires every buyer's submit at once; `readBack` answers the orders made for the activity and the stock left. */
export async function runRush(
  origin: string,
  setup: RushSetup,
  readBack: () => Promise<{ orders: number; stockLeft: number }>,
): Promise<RushFigures> {
  const now = new Date();
  const bodies = setup.buyers.map((b) => ({
    url: `${origin}/api/p/seckill/${orderPathOf(RUSH_SECRET, b.userId, setup.seckillId, now)}/submit`,
    init: {
      method: "POST",
      headers: { "content-type": "application/json", authorization: b.token, "accept-language": "en" },
      body: JSON.stringify({
        seckillId: setup.seckillId,
        seckillSkuId: setup.seckillSkuId,
        prodCount: 1,
        uuid: b.uuid,
      }),
    },
  }));
  const lat: number[] = [];
  const counts = { won: 0, soldOut: 0, busy: 0, other: 0, status5xx: 0 };
  const others = new Set<string>();
  const t0 = performance.now();
  await Promise.all(
    bodies.map(async (b) => {
      const s = performance.now();
      try {
        const res = await fetch(b.url, b.init);
        const j = (await res.json()) as { code: string; msg: string | null };
        lat.push(performance.now() - s);
        if (res.status >= 500) counts.status5xx++;
        if (j.code === "00000") counts.won++;
        else if (j.msg === "Insufficient inventory") counts.soldOut++;
        else if (j.msg === "The flash sale is too busy, please retry later") counts.busy++;
        else {
          counts.other++;
          others.add(`${res.status} ${j.code} ${j.msg}`);
        }
      } catch (e) {
        lat.push(performance.now() - s);
        counts.other++;
        others.add(String((e as Error).cause ?? e).slice(0, 120));
      }
    }),
  );
  const wallMs = performance.now() - t0;
  lat.sort((x, y) => x - y);
  const back = await readBack();
  if (others.size) console.log(`  other answers: ${[...others].slice(0, 5).join(" | ")}`);
  return {
    attempts: bodies.length,
    attemptsPerSec: Math.round((bodies.length * 1000) / wallMs),
    wallMs: Math.round(wallMs),
    p50Ms: Math.round(pct(lat, 0.5)),
    p99Ms: Math.round(pct(lat, 0.99)),
    ...counts,
    ...back,
  };
}

/** Orders made for the activity and the flash units left. */
export async function rushReadBack(
  db: Db,
  seckillId: number,
  seckillSkuId: number,
): Promise<{ orders: number; stockLeft: number }> {
  const [o] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`flash_orders`)
    .where(sql`seckill_id = ${seckillId}`);
  const [s] = await db
    .select({ stocks: flashSkus.stocks })
    .from(flashSkus)
    .where(eq(flashSkus.seckillSkuId, seckillSkuId));
  return { orders: Number(o?.n ?? 0), stockLeft: s?.stocks ?? -1 };
}

export function rushSound(r: RushFigures): boolean {
  return r.won === RUSH_UNITS && r.orders === RUSH_UNITS && r.stockLeft === 0 && r.status5xx === 0 && r.other === 0;
}

export function printRush(db: "PGlite" | "PostgreSQL", r: RushFigures): void {
  console.log(
    `  rush on ${db}: ${r.attempts} attempts in ${r.wallMs} ms = ${r.attemptsPerSec} attempts/s (budget ≥ ${RUSH_BUDGET[db]}), p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms; ` +
      `${r.won} won, ${r.soldOut} sold out, ${r.busy} too busy, ${r.other} other, ${r.status5xx} 5xx; ${r.orders} orders, ${r.stockLeft} units left${rushSound(r) ? "" : " — CHECK FAILED"}`,
  );
}

export function rushRow(db: "PGlite" | "PostgreSQL", r: RushFigures): Row {
  return {
    what: `flash-sale rush: ${RUSH_BUYERS} buyers on ${RUSH_UNITS} units`,
    db,
    figure: `${r.attemptsPerSec} attempts/s, p99 ${r.p99Ms} ms`,
    budget: `≥ ${RUSH_BUDGET[db]} attempts/s, exactly ${RUSH_UNITS} orders`,
    within: rushSound(r) && r.attemptsPerSec >= RUSH_BUDGET[db],
    detail: { ...r },
  };
}
