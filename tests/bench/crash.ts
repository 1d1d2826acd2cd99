/**
 * Crash bench (docs/security.md "Security tests"), section 9 of `npm run bench`
 * (alone: BENCH_ONLY=crash npm run bench). On the default embedded database (PGlite in DATA_DIR):
 *   1. buyers (the demo buyer and the ten reviewers) submit orders of one SKU and pay them — by
 *      balance and through the sandbox provider with the payment's page key — as fast as they can;
 *   2. the server is killed with SIGKILL in the middle of the burst;
 *   3. it is started again on the same data directory, and the figures are read back:
 *      - stock: the SKU's stock + the pieces in orders that are not closed = the stock before;
 *      - orders: every order the server answered with a number exists; every payment it answered
 *        "paid" is paid;
 *      - balance and points: each user's total equals the sum of their ledger (ledgerMismatches);
 *      - payments: a paid payment's orders are paid (and nothing is paid twice).
 * Prints the figures and "agree" / "DISAGREE"; never throws on a disagreement (bench style), but
 * the summary names every mismatch.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { openDatabase } from "../../src/server/db/client.ts";
import { orderItems, orders, payments, skus } from "../../src/server/db/schema/index.ts";
import { OrderStatus } from "../../src/lib/order/order-state.ts";
import { ledgerMismatches } from "../../src/server/domain/points/points-ledger.ts";
import { pickRaceSku, setStock } from "./buying.ts";

export interface CrashServer {
  child: {
    pid?: number;
    kill: (signal: NodeJS.Signals) => boolean;
    once: (event: "exit", cb: () => void) => unknown;
    exitCode: number | null;
    signalCode: NodeJS.Signals | null;
  };
  port: number;
}
export interface CrashDeps {
  start: (dataDir: string) => Promise<CrashServer>;
  stop: (server: CrashServer) => Promise<void>;
}

const STOCK = 5_000;
const BUYERS = ["demo", ...Array.from({ length: 10 }, (_, i) => `reviewer${String(i + 1).padStart(2, "0")}`)];
const PASSWORDS: Record<string, string> = { demo: "Demo1234" };

type Json = { code: string; msg: string | null; data: unknown };

async function call(
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
    signal: AbortSignal.timeout(15_000),
  });
  return (await res.json()) as Json;
}

export interface CrashFigures {
  killedAfterMs: number;
  submitted: number;
  paidAcknowledged: number;
  requestsCutOff: number;
  lostOrders: string[];
  lostPayments: string[];
  stock: { before: number; after: number; inOpenOrders: number; agree: boolean };
  ledgerMismatches: number;
  paidPaymentsWithUnpaidOrders: number;
  restartMs: number;
  agree: boolean;
}

export async function benchCrash(dataDir: string, deps: CrashDeps): Promise<CrashFigures> {
  const pgliteDir = `${dataDir}/pglite`;
  // the SKU and its stock, set while no server holds the database
  let sku: Awaited<ReturnType<typeof pickRaceSku>>;
  {
    const db = await openDatabase({ dataDir: pgliteDir });
    sku = await pickRaceSku(db.db, 11);
    await setStock(db.db, sku.skuId, STOCK);
    await db.close();
  }
  const before = await openDatabase({ dataDir: pgliteDir });
  const openBefore = await piecesInOpenOrders(before.db, sku.skuId);
  await before.close();

  let server = await deps.start(dataDir);
  let origin = `http://127.0.0.1:${server.port}`;
  const tokens: string[] = [];
  for (const u of BUYERS) {
    const r = await call(origin, "/login", null, { userName: u, passWord: PASSWORDS[u] ?? "Review1234" });
    if (r.code !== "00000") throw new Error(`login ${u}: ${r.msg}`);
    tokens.push((r.data as { accessToken: string }).accessToken);
    const addrs = (await call(origin, "/p/address/list", tokens.at(-1)!)).data as unknown[];
    if (!addrs?.length)
      await call(origin, "/p/address/addAddr", tokens.at(-1)!, {
        receiver: "Crash Bench",
        mobile: "13800138000",
        provinceId: 44,
        cityId: 4403,
        areaId: 440305,
        addr: "Bench road 9",
      });
  }

  const submitted = new Set<string>();
  const paid = new Set<string>();
  let cutOff = 0;
  let stop = false;
  const buyer = async (token: string, i: number) => {
    while (!stop) {
      try {
        const conf = await call(origin, "/p/order/confirm", token, {
          orderItem: { prodId: sku.prodId, skuId: sku.skuId, prodCount: 1, shopId: sku.shopId },
        });
        if (conf.code !== "00000") continue;
        const sub = await call(origin, "/p/order/submit", token, { uuid: (conf.data as { uuid: string }).uuid });
        if (sub.code !== "00000") continue;
        const orderNumber = (sub.data as { orderNumbers: string }).orderNumbers;
        submitted.add(orderNumber);
        if (i === 0) {
          const pay = await call(origin, "/p/order/pay", token, { orderNumbers: orderNumber, payType: 9 });
          if (pay.code === "00000" && (pay.data as { type?: number }).type === 1) paid.add(orderNumber);
        } else {
          const pay = await call(origin, "/p/order/pay", token, { orderNumbers: orderNumber, payType: 3 });
          if (pay.code !== "00000") continue;
          const { payNo, codeUrl } = pay.data as { payNo: string; codeUrl: string };
          const key = new URL(codeUrl, origin).searchParams.get("key");
          const done = await call(origin, "/pay/sandbox/complete", null, { payNo, key });
          if (done.code === "00000" && (done.data as { paid?: boolean }).paid) paid.add(orderNumber);
        }
      } catch {
        cutOff++;
        if (stop) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  const killAfter = 2_000 + Math.floor(Math.random() * 1_500);
  const started = performance.now();
  const running = tokens.flatMap((t, i) => [buyer(t, i), buyer(t, i)]);
  await new Promise((r) => setTimeout(r, killAfter));
  const exited = new Promise<void>((r) => server.child.once("exit", () => r()));
  server.child.kill("SIGKILL");
  await exited;
  const killedAfterMs = Math.round(performance.now() - started);
  stop = true;
  await Promise.all(running);

  const t0 = performance.now();
  server = await deps.start(dataDir);
  const restartMs = Math.round(performance.now() - t0);
  origin = `http://127.0.0.1:${server.port}`;
  const health = await fetch(`${origin}/api/health`);
  if (!health.ok) throw new Error("no health after restart");
  await deps.stop(server);

  const after = await openDatabase({ dataDir: pgliteDir });
  try {
    const db = after.db;
    const [row] = await db.select({ stocks: skus.stocks }).from(skus).where(eq(skus.skuId, sku.skuId));
    const inOpen = await piecesInOpenOrders(db, sku.skuId);
    const known = submitted.size
      ? await db
          .select({ orderNumber: orders.orderNumber, status: orders.status })
          .from(orders)
          .where(inArray(orders.orderNumber, [...submitted]))
      : [];
    const found = new Map(known.map((o) => [o.orderNumber, o.status]));
    const lostOrders = [...submitted].filter((n) => !found.has(n));
    const lostPayments = [...paid].filter((n) => {
      const s = found.get(n);
      return s === undefined || s === OrderStatus.UNPAY || s === OrderStatus.CLOSE;
    });
    const mismatches = await ledgerMismatches(db);
    const paidPays = await db
      .select({ orderNumbers: payments.orderNumbers })
      .from(payments)
      .where(eq(payments.status, 1));
    const paidOrderNumbers = paidPays.flatMap((p) => String(p.orderNumbers).split(","));
    const unpaid = paidOrderNumbers.length
      ? (
          await db
            .select({ n: orders.orderNumber })
            .from(orders)
            .where(and(inArray(orders.orderNumber, paidOrderNumbers), eq(orders.status, OrderStatus.UNPAY)))
        ).length
      : 0;
    const stockAgree = row!.stocks + (inOpen - openBefore) === STOCK;
    const figures: CrashFigures = {
      killedAfterMs,
      submitted: submitted.size,
      paidAcknowledged: paid.size,
      requestsCutOff: cutOff,
      lostOrders,
      lostPayments,
      stock: { before: STOCK, after: row!.stocks, inOpenOrders: inOpen - openBefore, agree: stockAgree },
      ledgerMismatches: mismatches.length,
      paidPaymentsWithUnpaidOrders: unpaid,
      restartMs,
      agree:
        stockAgree && lostOrders.length === 0 && lostPayments.length === 0 && mismatches.length === 0 && unpaid === 0,
    };
    return figures;
  } finally {
    await after.close();
  }
}

async function piecesInOpenOrders(db: Awaited<ReturnType<typeof openDatabase>>["db"], skuId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<string>`coalesce(sum(${orderItems.prodCount}), 0)` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.orderNumber, orderItems.orderNumber))
    .where(and(eq(orderItems.skuId, skuId), ne(orders.status, OrderStatus.CLOSE)));
  return Number(r?.n ?? 0);
}

export function printCrash(f: CrashFigures): void {
  console.log(
    `  killed with SIGKILL ${f.killedAfterMs} ms into the burst; restarted on the same data directory in ${f.restartMs} ms`,
  );
  console.log(
    `  orders answered with a number: ${f.submitted}; payments answered "paid": ${f.paidAcknowledged}; requests cut off by the kill: ${f.requestsCutOff}`,
  );
  console.log(
    `  lost orders: ${f.lostOrders.length}; lost payments: ${f.lostPayments.length}${f.lostOrders.length + f.lostPayments.length ? ` (${[...f.lostOrders, ...f.lostPayments].slice(0, 5).join(", ")})` : ""}`,
  );
  console.log(
    `  stock: ${f.stock.after} left + ${f.stock.inOpenOrders} in orders = ${f.stock.after + f.stock.inOpenOrders} of ${f.stock.before} — ${f.stock.agree ? "agree" : "DISAGREE"}`,
  );
  console.log(
    `  balance / points ledgers: ${f.ledgerMismatches} users whose total differs from their ledger; paid payments with unpaid orders: ${f.paidPaymentsWithUnpaidOrders}`,
  );
  console.log(
    `  => ${f.agree ? "stock, orders, payments and ledgers agree after the crash" : "DISAGREE after the crash"}`,
  );
}
