/**
 * Fuzz of every API route (docs/security.md "Security tests"). The routes come from the Hono
 * router table of createApi, so a new route is fuzzed as soon as it is mounted. Each route gets a
 * sample of hostile requests — wrong types, nulls, missing fields, huge and control-character
 * strings, negative / fractional / huge numbers and ids, broken JSON, deep nesting, oversized
 * bodies — as an anonymous caller and with the role it is meant for (buyer, merchant, platform),
 * on path ids that name nothing and on ids that belong to someone else. Every answer is an
 * envelope below 500 and never A00005, nothing is logged as an unexpected error, and the database
 * is the same afterwards (a fingerprint of every table, checked after each route so a change
 * names the route that made it).
 *
 * FUZZ_SEED=<n> replays another sample (the seed is in every failure message); FUZZ_CASES=<n>
 * sets the cases per route and role (default 24).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../../src/server/db/client.ts";
import { DEV_PLATFORM_TOKEN } from "../../../src/server/config.ts";
import { BODY_MAX_BYTES } from "../../../src/server/http/body-limit.ts";
import { DEMO_USER } from "../../../src/server/seed/users.ts";
import { createTestApp, dbDriver, dbReady, okData, type TestApp } from "../helpers.ts";
import {
  BAD_PATH_VALUES,
  RAW_BODIES,
  badObject,
  badQuery,
  fieldNames,
  isNumericField,
  pick,
  rng,
  routeFieldNames,
} from "./fuzz-cases.ts";
import { useLogSink } from "../../../src/server/log.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
/** Values that break a hand-written `Number(x)` / `String(x)` reading of a field (objects, lists, booleans, other spellings). */
const TYPE_BREAKERS: readonly unknown[] = [
  { toString: "x" },
  [1],
  true,
  { valueOf: 1 },
  null,
  -1,
  2147483648,
  "\u0007",
  [],
];
/** Other spellings of a number, sent to number-like fields only (a name may well be "1.0"). */
const SPELLINGS: readonly string[] = ["0x10", " 1", "1.0", "01", "1e1"];
const CASES = Number(process.env.FUZZ_CASES ?? 24);

/**
 * Tables a refused request may still write, each for a reason of its own:
 *   rate_limits   failed logins, SMS sends and registrations are counted even when refused
 *                 (that is the point of a limit)
 */
const MAY_CHANGE = new Set(["rate_limits"]);

/**
 * Routes that take no input at all, so every call to them is a valid one and acts: they are
 * not fuzzed (their behaviour has tests of its own).
 *   POST /api/logOut, /api/merchant/logout  revoke the token sent (tests/api/account, merchant)
 *   POST /api/p/score/signIn                 the daily sign-in (tests/api/points)
 *   DELETE /api/p/prodBrowseLog/all          clears the buyer's footprints (tests/api/footprint)
 *   POST /api/p/sms/sendPasswordCode        a code to the account's own mobile (tests/api/account)
 */
const NO_INPUT_ACTIONS = new Set([
  "POST /api/logOut",
  "POST /api/merchant/logout",
  "POST /api/p/score/signIn",
  "DELETE /api/p/prodBrowseLog/all",
  "POST /api/p/sms/sendPasswordCode",
]);

type Role = "anonymous" | "buyer" | "merchant" | "platform";

interface Route {
  method: string;
  path: string;
}

/** A fingerprint of every table: row count and an order-independent hash of the rows. */
async function fingerprint(app: TestApp): Promise<Map<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await app.ctx.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  const out = new Map<string, string>();
  const parts = tables
    .filter((t) => !MAY_CHANGE.has(t.name) && !t.name.startsWith("__drizzle"))
    .map(
      (t) =>
        `select '${t.name}' as name, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text as fp from "${t.name}" x`,
    );
  for (const row of rowsOf<{ name: string; fp: string }>(await app.ctx.db.execute(sql.raw(parts.join(" union all ")))))
    out.set(row.name, row.fp);
  return out;
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((k) => before.get(k) !== after.get(k));
}

describe.skipIf(!dbReady)(`fuzz: every API route (${dbDriver})`, () => {
  let app: TestApp;
  const tokens: Partial<Record<Role, string>> = {};
  /** Ids of rows that belong to another buyer and another shop than the ones calling. */
  const foreign: Record<string, string> = {};
  const errors: string[] = [];
  let restoreLog = () => {};
  const fields = fieldNames(process.cwd());

  beforeAll(async () => {
    app = await createTestApp();
    const login = await app.request<{ accessToken: string }>("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.66.0.1" },
      body: JSON.stringify({ userName: DEMO_USER.username, passWord: DEMO_USER.password }),
    });
    tokens.buyer = okData(login).accessToken;
    const merchant = await app.request<{ accessToken: string; shopId: number }>("/api/merchant/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "shop01", password: "Shop1234" }),
    });
    tokens.merchant = okData(merchant).accessToken;
    tokens.platform = app.ctx.config.platformApiToken || DEV_PLATFORM_TOKEN;
    const shopId = okData(merchant).shopId;
    const one = async (q: ReturnType<typeof sql>) =>
      Object.values(rowsOf<Record<string, unknown>>(await app.ctx.db.execute(q))[0] ?? {})[0];
    const other = sql`user_id <> ${DEMO_USER.userId}`;
    const put = (k: string, v: unknown) => void (v != null && (foreign[k] = String(v)));
    put("orderNumber", await one(sql`select order_number from orders where ${other} and shop_id <> ${shopId} limit 1`));
    put("addrId", await one(sql`select addr_id from addresses where ${other} limit 1`));
    put("couponUserId", await one(sql`select coupon_user_id from coupon_users where ${other} limit 1`));
    put(
      "orderDeliveryId",
      await one(
        sql`select d.order_delivery_id from deliveries d join orders o on o.order_number = d.order_number where o.user_id <> ${DEMO_USER.userId} and o.shop_id <> ${shopId} limit 1`,
      ),
    );
    put(
      "refundSn",
      await one(sql`select refund_sn from order_refunds where ${other} and shop_id <> ${shopId} limit 1`),
    );
    put(
      "prodCommId",
      await one(
        sql`select c.prod_comm_id from prod_comments c join products p on p.prod_id = c.prod_id where p.shop_id <> ${shopId} limit 1`,
      ),
    );
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(" ")));
    // The server's JSON log (src/server/log.ts): its errors count too.
    restoreLog = useLogSink((line) => {
      if (["error", "fatal"].includes((JSON.parse(line) as { level: string }).level)) errors.push(line);
    });
  });
  afterAll(async () => {
    restoreLog();
    vi.restoreAllMocks();
    await app?.close();
  });

  function routes(): Route[] {
    const seen = new Set<string>();
    const list: Route[] = [];
    for (const r of app.api.routes) {
      if (r.method === "ALL") continue; // middleware
      const key = `${r.method} ${r.path}`;
      if (seen.has(key) || NO_INPUT_ACTIONS.has(key)) continue;
      seen.add(key);
      list.push({ method: r.method, path: r.path });
    }
    return list;
  }

  /** The roles a route is fuzzed as: everyone anonymously, then the role it is for (and a wrong one). */
  function rolesOf(path: string): Role[] {
    if (path.startsWith("/api/p/")) return ["anonymous", "buyer", "merchant"];
    if (path.startsWith("/api/merchant/")) return ["anonymous", "merchant", "buyer"];
    if (path.startsWith("/api/platform/")) return ["anonymous", "platform", "buyer"];
    return ["anonymous", "buyer"];
  }

  const HUGE = "x".repeat(BODY_MAX_BYTES + 10);

  function fillPath(path: string, r: () => number, useForeign: boolean): string {
    return path.replace(/:(\w+)/g, (_, name: string) =>
      useForeign && foreign[name] ? foreign[name]! : pick(r, BAD_PATH_VALUES),
    );
  }

  it("answers hostile input below 500, never A00005, and changes nothing", { timeout: 180_000 }, async () => {
    const failures: string[] = [];
    const list = routes();
    expect(list.length).toBeGreaterThan(100);
    let sent = 0;
    const started = Date.now();
    let before = await fingerprint(app);
    for (const route of list) {
      const r = rng(
        SEED ^ [...`${route.method} ${route.path}`].reduce((h, ch) => Math.imul(h, 31) + ch.charCodeAt(0), 7),
      );
      const hasBody = route.method !== "GET" && route.method !== "HEAD";
      const own = routeFieldNames(process.cwd(), route.path);
      const fieldsFor = () => (own.length && r() < 0.75 ? own : fields);
      for (const role of rolesOf(route.path)) {
        // the caller the route is meant for gets the full sample, the others enough to see them refused
        const intended =
          role !== "anonymous" &&
          !(role === "buyer" && (route.path.startsWith("/api/merchant/") || route.path.startsWith("/api/platform/"))) &&
          !(role === "merchant" && route.path.startsWith("/api/p/"));
        const n = intended || !/\/api\/(p|merchant|platform)\//.test(route.path) ? CASES : 3;
        // and, for the caller a write is meant for, each of the route's own fields alone with a bad value
        // (twice: an object that breaks Number() / String(), and one more value that changes with the seed)
        const single = intended && hasBody ? own.flatMap((f) => [f, f]) : [];
        for (let i = 0; i < n + single.length; i++) {
          const useForeign = role !== "platform" && i % 4 === 1;
          let url = fillPath(route.path, r, useForeign);
          if (i % 3 !== 2) url += `?${badQuery(r, fieldsFor())}`;
          const headers: Record<string, string> = {
            "Accept-Language": pick(r, ["en", "zh", "zh-TW"]),
            "X-Forwarded-For": `10.99.${i}.1`,
          };
          if (tokens[role]) headers.Authorization = tokens[role]!;
          let body: string | undefined;
          let label = "no body";
          if (hasBody && i >= n) {
            const field = single[i - n]!;
            body = JSON.stringify({
              [field]:
                (i - n) % 2 === 0
                  ? TYPE_BREAKERS[0]
                  : isNumericField(field) && r() < 0.5
                    ? pick(r, SPELLINGS)
                    : pick(r, TYPE_BREAKERS),
            });
            label = `field ${body.slice(0, 120)}`;
            headers["Content-Type"] = "application/json";
          } else if (hasBody) {
            const kind = i % 8;
            if (kind === 0 || kind === 5) {
              const raw = pick(r, RAW_BODIES);
              body = raw.body;
              label = raw.label;
              headers["Content-Type"] = raw.type ?? "application/json";
            } else if (kind === 7 && i === 7) {
              body = JSON.stringify({ [pick(r, fieldsFor())]: HUGE });
              label = "oversized";
              headers["Content-Type"] = "application/json";
            } else if (kind === 6) {
              label = "missing body";
            } else {
              const obj = badObject(r, fieldsFor());
              body = JSON.stringify(obj);
              label = `object ${body.slice(0, 160)}`;
              headers["Content-Type"] = "application/json";
            }
          }
          const res = await app.api.request(url, {
            method: route.method,
            headers,
            ...(body !== undefined ? { body } : {}),
          });
          sent++;
          const text = await res.text();
          const where = `${route.method} ${url.slice(0, 140)} as ${role}, ${label} (FUZZ_SEED=${SEED})`;
          let code: string | undefined;
          try {
            code = (JSON.parse(text) as { code?: string }).code;
          } catch {
            failures.push(`${where}: not an envelope (${res.status}) ${text.slice(0, 80)}`);
          }
          if (res.status >= 500 || code === "A00005") failures.push(`${where}: ${res.status} ${text.slice(0, 160)}`);
          else if (code === "00000" && hasBody) {
            // a write answered "done" to hostile input: it must have been a read in disguise (a
            // toggle sent twice would hide from the check after the route, so look at once)
            const after = await fingerprint(app);
            const changed = changedTables(before, after);
            if (changed.length) failures.push(`${where}: changed ${changed.join(", ")}`);
            before = after;
          }
        }
      }
      const after = await fingerprint(app);
      const changed = changedTables(before, after);
      if (changed.length)
        failures.push(`${route.method} ${route.path} changed ${changed.join(", ")} (FUZZ_SEED=${SEED})`);
      before = after;
    }
    console.log(
      `[fuzz ${dbDriver}] ${list.length} routes, ${sent} requests in ${Date.now() - started} ms (FUZZ_SEED=${SEED})`,
    );
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
  });
});
