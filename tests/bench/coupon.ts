/**
 * Coupon claim benchmark (issue "Marketing I", docs/performance.md): POST /p/myCoupon/receive at
 * 50 connections over HTTP on the real server, the demo buyer's token. Each claim is a transaction
 * that locks its coupon row (docs/pricing.md "Coupons"), so claims of one coupon queue: the
 * figure includes that wait. Setup through the platform API: COUPONS platform coupons of
 * PER_COUPON units each, per-user limit PER_COUPON; CLAIMS = COUPONS × PER_COUPON claims in all,
 * round-robin over the coupons (so about 50 / COUPONS claims wait on each row at a time), then
 * every coupon is read back: all of its stock claimed, none below zero. Budget: p99 ≤ 25 ms on
 * PostgreSQL; PGlite printed too.
 */
import autocannon from "autocannon";
import type { Row } from "./server-speed.ts";

export const CLAIM_P99_BUDGET_MS = 25;
const COUPONS = 20;
const PER_COUPON = 100;
export const CLAIMS = COUPONS * PER_COUPON;
/**
 * The platform API secret of the bench's servers (they run with NODE_ENV=production, where the
 * development default is refused): run.ts passes it as PLATFORM_API_TOKEN.
 */
export const BENCH_PLATFORM_TOKEN = `bench-platform-${process.pid}-${Date.now()}`;
const PLATFORM_TOKEN = BENCH_PLATFORM_TOKEN;

type Json = { code: string; msg: string | null; data: unknown };

async function api(origin: string, path: string, token: string, body?: unknown): Promise<Json> {
  const res = await fetch(`${origin}/api${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", "accept-language": "en", authorization: token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as Json;
}

export interface ClaimFigures {
  requestsPerSec: number;
  p99Ms: number;
  p50Ms: number;
  non2xx: number;
  errors: number;
  /** Claims the coupons record afterwards (must equal CLAIMS), and the lowest stock left (must be 0, never below). */
  claimed: number;
  lowestStock: number;
}

/** Creates the coupons, fires CLAIMS claims at `connections`, reads the coupons back. */
export async function benchClaim(origin: string, buyerToken: string, connections: number): Promise<ClaimFigures> {
  const tag = `bench-${Date.now()}`;
  const ids: number[] = [];
  for (let i = 0; i < COUPONS; i++) {
    const r = await api(origin, "/platform/coupons", PLATFORM_TOKEN, {
      couponName: `${tag}-${i}`,
      couponType: 1,
      reduceAmount: "1",
      validTimeType: 2,
      validDays: 1,
      overTime: new Date(Date.now() + 3600_000).toISOString(),
      stocks: PER_COUPON,
      limitNum: PER_COUPON,
    });
    if (r.code !== "00000") throw new Error(`create coupon: ${r.code} ${r.msg}`);
    ids.push((r.data as { couponId: number }).couponId);
  }
  let n = 0;
  const result = await autocannon({
    url: `${origin}/api/p/myCoupon/receive`,
    connections,
    amount: CLAIMS,
    headers: { "content-type": "application/json", authorization: buyerToken, "accept-language": "en" },
    requests: [{ method: "POST", setupRequest: (req) => ({ ...req, body: String(ids[n++ % ids.length]) }) }],
  });
  const page = (await api(origin, `/platform/coupons?size=100`, PLATFORM_TOKEN)).data as {
    records: { couponId: number; claimed: number; stocks: number }[];
  };
  const mine = page.records.filter((c) => ids.includes(c.couponId));
  return {
    requestsPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors,
    claimed: mine.reduce((s, c) => s + c.claimed, 0),
    lowestStock: Math.min(...mine.map((c) => c.stocks)),
  };
}

export function printClaim(db: string, r: ClaimFigures): void {
  const ok = r.claimed === CLAIMS && r.lowestStock === 0 && r.non2xx === 0 && r.errors === 0;
  console.log(
    `  claim on ${db}: ${r.requestsPerSec} claims/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms; ${r.claimed}/${CLAIMS} claimed, lowest stock ${r.lowestStock}, non-2xx ${r.non2xx}, errors ${r.errors}${ok ? "" : " — CHECK FAILED"}`,
  );
}

/** The server-budget row: PostgreSQL against the budget; PGlite printed without one. */
export function claimRow(db: "PGlite" | "PostgreSQL", r: ClaimFigures, connections: number): Row {
  const sound = r.claimed === CLAIMS && r.lowestStock === 0 && r.non2xx === 0 && r.errors === 0;
  return {
    what: `POST /api/p/myCoupon/receive (${connections} conn.)`,
    db,
    figure: `p99 ${r.p99Ms} ms, ${r.requestsPerSec} claims/s`,
    budget: db === "PostgreSQL" ? `p99 ≤ ${CLAIM_P99_BUDGET_MS} ms` : "(printed)",
    within: db === "PostgreSQL" ? sound && r.p99Ms <= CLAIM_P99_BUDGET_MS : sound ? null : false,
    detail: { ...r },
  };
}
