/**
 * Buying benchmarks (issue "Buying"), run by tests/bench/run.ts after its own sections:
 *  6. Cart: POST /p/shopCart/info and /p/shopCart/totalPay over HTTP at 50 connections for the
 *     bench duration (autocannon, the demo buyer's token, 3 lines in the cart); p99 against 25 ms.
 *     On PGlite (section 6) and on PostgreSQL (inside section 7, before its race).
 *  7. Submit-order race: 1,000 concurrent submits (1,000 submit tokens made beforehand with
 *     confirm, buy now × 1) on a SKU with 100 units in stock, over HTTP on the real server, once
 *     on PGlite and once on PostgreSQL (a fresh database `mall_bench_<pid>`, when one answers on
 *     PG_URL / 127.0.0.1:5432). Prints wall time, submits/s, orders created, refusals, and the
 *     stock afterwards read from the database: oversell must be 0.
 * JS bytes of /cart, /submit-order and /payment are measured by run.ts's section 1 (budget 80 KB).
 */
import autocannon, { type Result as CannonResult } from "autocannon";
import { and, count, eq } from "drizzle-orm";
import { openDatabase, type Database } from "../../src/server/db/client.ts";
import { orders, orderItems, products, shops, skus } from "../../src/server/db/schema/index.ts";

export const CART_P99_BUDGET_MS = 25;
export const RACE_ATTEMPTS = 1000;
export const RACE_STOCK = 100;

type Json = { code: string; msg: string | null; data: unknown };

async function api(
  origin: string,
  path: string,
  token: string | null,
  body?: unknown,
  method = body === undefined ? "GET" : "POST",
): Promise<Json> {
  const headers: Record<string, string> = { "content-type": "application/json", "accept-language": "en" };
  if (token) headers.authorization = token;
  const res = await fetch(`${origin}/api${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as Json;
}

function must(r: Json, what: string): unknown {
  if (r.code !== "00000") throw new Error(`${what}: ${r.code} ${r.msg}`);
  return r.data;
}

export async function login(origin: string): Promise<string> {
  const data = must(await api(origin, "/login", null, { userName: "demo", passWord: "Demo1234" }), "login") as {
    accessToken: string;
  };
  return data.accessToken;
}

/** A buyable SKU with at least `min` stock of an open shop, read from the database. */
export async function pickRaceSku(
  db: Database["db"],
  skip = 0,
): Promise<{ skuId: number; prodId: number; shopId: number }> {
  const rows = await db
    .select({ skuId: skus.skuId, prodId: skus.prodId, shopId: products.shopId })
    .from(skus)
    .innerJoin(products, eq(products.prodId, skus.prodId))
    .innerJoin(shops, eq(shops.shopId, products.shopId))
    .where(and(eq(skus.status, 1), eq(products.status, 1), eq(shops.shopStatus, 1)))
    .orderBy(skus.skuId)
    .offset(skip)
    .limit(1);
  if (!rows[0]) throw new Error("no buyable SKU");
  return rows[0];
}

export async function setStock(db: Database["db"], skuId: number, stock: number): Promise<void> {
  await db.update(skus).set({ stocks: stock }).where(eq(skus.skuId, skuId));
}

async function ensureAddress(origin: string, token: string): Promise<void> {
  const list = must(await api(origin, "/p/address/list", token), "address list") as unknown[];
  if (list.length > 0) return;
  must(
    await api(origin, "/p/address/addAddr", token, {
      receiver: "Bench Buyer",
      mobile: "13800138000",
      provinceId: 44,
      cityId: 4403,
      areaId: 440305,
      addr: "Bench road 1",
      postCode: "518000",
    }),
    "add address",
  );
}

export interface CartFigures {
  info: { requestsPerSec: number; p99Ms: number; non2xx: number; errors: number };
  totalPay: { requestsPerSec: number; p99Ms: number; non2xx: number; errors: number };
}

/** Section 6: cart info and totalPay latency at `connections`. */
export async function benchCart(
  origin: string,
  token: string,
  connections: number,
  duration: number,
): Promise<CartFigures> {
  for (const [prodId, skuId, shopId] of await cartCandidates(origin)) {
    must(await api(origin, "/p/shopCart/changeItem", token, { prodId, skuId, shopId, count: 1 }), "add to cart");
  }
  const cart = must(await api(origin, "/p/shopCart/info", token, {}), "cart info") as {
    shopCartItemDiscounts: { shopCartItems: { basketId: number }[] }[];
  }[];
  const basketIds = cart.flatMap((s) => s.shopCartItemDiscounts.flatMap((d) => d.shopCartItems.map((i) => i.basketId)));
  // Errors come in a 200 envelope: make sure both calls succeed before timing them.
  must(await api(origin, "/p/shopCart/totalPay", token, basketIds), "totalPay");
  const run = (path: string, body: string) =>
    autocannon({
      url: `${origin}${path}`,
      method: "POST",
      body,
      connections,
      duration,
      headers: { "content-type": "application/json", authorization: token, "accept-language": "zh" },
    });
  const pick = (r: CannonResult) => ({
    requestsPerSec: Math.round(r.requests.average),
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  });
  const info = pick(await run("/api/p/shopCart/info", "{}"));
  const totalPay = pick(await run("/api/p/shopCart/totalPay", JSON.stringify(basketIds)));
  return { info, totalPay };
}

/** Three [prodId, skuId, shopId] from the first product list page. */
async function cartCandidates(origin: string): Promise<[number, number, number][]> {
  const out: [number, number, number][] = [];
  for (let prodId = 1; out.length < 3 && prodId < 60; prodId++) {
    const r = await api(origin, `/prod/prodInfo?prodId=${prodId}`, null);
    if (r.code !== "00000") continue;
    const d = r.data as {
      status: number;
      shop: { shopId: number; shopStatus: number };
      skuList?: { skuId: number; stocks: number; status: number }[];
    };
    const sku = d.skuList?.find((s) => s.status === 1 && s.stocks > 5);
    if (sku && d.status === 1 && d.shop.shopStatus === 1) out.push([prodId, sku.skuId, d.shop.shopId]);
  }
  return out;
}

export interface RaceFigures {
  attempts: number;
  stock: number;
  wallMs: number;
  submitsPerSec: number;
  created: number;
  outOfStock: number;
  otherRefusals: Record<string, number>;
  stockAfter: number;
  ordersInDb: number;
  unitsOrdered: number;
  oversell: number;
}

/** Section 7: makes the submit tokens, then fires all submits at once. The caller set the stock to RACE_STOCK. */
export async function submitRace(
  origin: string,
  token: string,
  sku: { skuId: number; prodId: number; shopId: number },
  readBack: () => Promise<{ stock: number; orders: number; units: number }>,
): Promise<RaceFigures> {
  await ensureAddress(origin, token);
  const uuids: string[] = [];
  const BATCH = 25;
  while (uuids.length < RACE_ATTEMPTS) {
    const n = Math.min(BATCH, RACE_ATTEMPTS - uuids.length);
    const got = await Promise.all(
      Array.from({ length: n }, () =>
        api(origin, "/p/order/confirm", token, {
          orderItem: { prodId: sku.prodId, skuId: sku.skuId, prodCount: 1, shopId: sku.shopId },
        }),
      ),
    );
    for (const r of got) uuids.push((must(r, "confirm") as { uuid: string }).uuid);
  }
  const t0 = performance.now();
  const results = await Promise.all(
    uuids.map((uuid) =>
      api(origin, "/p/order/submit", token, { uuid }).catch((e: unknown) => ({
        code: "FETCH",
        msg: String(e),
        data: null,
      })),
    ),
  );
  const wallMs = performance.now() - t0;
  const created = results.filter((r) => r.code === "00000").length;
  const outOfStock = results.filter((r) => r.code === "A03010").length;
  const otherRefusals: Record<string, number> = {};
  for (const r of results)
    if (r.code !== "00000" && r.code !== "A03010")
      otherRefusals[`${r.code} ${r.msg ?? ""}`.trim()] = (otherRefusals[`${r.code} ${r.msg ?? ""}`.trim()] ?? 0) + 1;
  const back = await readBack();
  return {
    attempts: RACE_ATTEMPTS,
    stock: RACE_STOCK,
    wallMs: Math.round(wallMs),
    submitsPerSec: Math.round(RACE_ATTEMPTS / (wallMs / 1000)),
    created,
    outOfStock,
    otherRefusals,
    stockAfter: back.stock,
    ordersInDb: back.orders,
    unitsOrdered: back.units,
    oversell: Math.max(0, back.units - RACE_STOCK) + (back.stock < 0 ? -back.stock : 0),
  };
}

/** Stock of the SKU and the orders holding it, read from the database. */
export async function raceReadBack(
  db: Database["db"],
  skuId: number,
): Promise<{ stock: number; orders: number; units: number }> {
  const [s] = await db.select({ stock: skus.stocks }).from(skus).where(eq(skus.skuId, skuId));
  const [o] = await db
    .select({ n: count() })
    .from(orderItems)
    .innerJoin(orders, eq(orders.orderNumber, orderItems.orderNumber))
    .where(eq(orderItems.skuId, skuId));
  const items = await db.select({ c: orderItems.prodCount }).from(orderItems).where(eq(orderItems.skuId, skuId));
  return { stock: s!.stock, orders: Number(o!.n), units: items.reduce((a, r) => a + r.c, 0) };
}

export function printRace(label: string, r: RaceFigures): void {
  console.log(
    `  ${label.padEnd(10)} ${r.attempts} submits on ${r.stock} units: ${r.wallMs} ms (${r.submitsPerSec} submits/s); created ${r.created}, out of stock ${r.outOfStock}; in the database: ${r.ordersInDb} orders, ${r.unitsOrdered} units, stock now ${r.stockAfter}; oversell ${r.oversell} — ${r.oversell === 0 && r.created === r.stock ? "correct" : "WRONG"}`,
  );
  for (const [k, n] of Object.entries(r.otherRefusals)) console.log(`      other answer ×${n}: ${k}`);
}

export { openDatabase };
