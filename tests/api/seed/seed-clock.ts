/**
 * The demo seed at any hour (docs/demo-data.md "Time"): seeded with the clock set to each hour of
 * a day and to a month's last minutes, no seeded timestamp lies after the seeding instant — except
 * the columns that schedule something ahead on purpose (deadlines, ends, upcoming sessions) — and
 * every story is in order: paid after ordered, shipped after paid, received after shipped,
 * logistics after the shipment, refunds after the payment, replies after reviews.
 *
 * The JavaScript clock is faked (Date only), which PGlite's now() follows too, so column defaults
 * stamp the same instant as the seed's own clock. PGlite only: the seed is the same on PostgreSQL.
 *
 * Each instant is a whole seed (seconds), so the instants are split over two test files
 * (seed-clock-utc-00-11.test.ts, seed-clock-utc-12-23.test.ts) that the suite's two workers run
 * side by side; this module holds the checks.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, rowsOf, type Database } from "../../../src/server/db/client.ts";
import { shanghaiDay } from "../../../src/server/domain/footprint/footprint.ts";
import { reseedDatabase } from "../../../src/server/seed/index.ts";
import { DEMO_USER } from "../../../src/server/seed/users.ts";
import { dbDriver } from "../helpers.ts";

/** Columns that hold a time ahead of the seeding instant by design. Any other column may not. */
const SCHEDULED = new Set([
  "coupon_users.valid_end",
  "coupons.start_time",
  "coupons.end_time",
  "coupons.over_time",
  "discounts.start_time",
  "discounts.end_time",
  "flash_sessions.start_time",
  "flash_sessions.end_time",
  "group_activities.start_time",
  "group_activities.end_time",
  "group_teams.end_time",
  "jobs.due_at",
  "order_refunds.due_at",
  "order_write_offs.expires_at",
  "orders.pay_deadline",
  "orders.receipt_deadline",
  "payments.expires_at",
  "sessions.expires_at",
  "sms_codes.expires_at",
  "submit_tokens.expires_at",
  "users.level_end_time",
]);

/** Rows that break the order of a story (each query answers the offending rows). */
const IN_ORDER: [story: string, query: string][] = [
  [
    "orders: paid after ordered, shipped after paid, received after shipped, closed after ordered",
    `select order_number from orders where pay_time < created_at or dvy_time < pay_time or (dvy_time is not null and pay_time is null)
       or finally_time < dvy_time or (finally_time is not null and dvy_time is null) or cancel_time < created_at
       or updated_at < created_at or pay_deadline <= created_at or receipt_deadline <= dvy_time`,
  ],
  [
    "order lines: written with their order",
    `select i.order_number from order_items i join orders o using (order_number) where i.created_at <> o.created_at`,
  ],
  [
    "payments: paid after created, and the order paid at the payment's time",
    `select p.pay_no from payments p left join orders o on o.order_number = p.order_numbers
       where p.paid_at < p.created_at or (p.paid_at is not null and o.pay_time is distinct from p.paid_at)`,
  ],
  [
    "packages: shipped after the order was paid, at the order's shipping time or later",
    `select d.order_delivery_id from deliveries d join orders o using (order_number)
       where o.pay_time is null or d.created_at < o.pay_time or d.created_at < o.dvy_time`,
  ],
  [
    "logistics: every event after its package was shipped, in the order received before the receipt",
    `select t.order_delivery_id from delivery_traces t join deliveries d using (order_delivery_id) join orders o using (order_number)
       where t.accept_time < d.created_at or t.accept_time > coalesce(o.finally_time, t.accept_time)`,
  ],
  [
    "refunds: applied after the payment, handled and paid back after the application",
    `select r.refund_sn from order_refunds r join orders o using (order_number)
       where o.pay_time is null or r.apply_time < o.pay_time or r.handel_time < r.apply_time
       or r.refund_time < r.apply_time or r.update_time < r.apply_time or r.due_at <= r.apply_time
       or o.cancel_time < r.apply_time`,
  ],
  [
    "reviews: written after the product was listed, replies after the review",
    `select c.prod_comm_id from prod_comments c join products p using (prod_id)
       where c.rec_time < p.putaway_time or c.reply_time < c.rec_time`,
  ],
  [
    "chat: messages after their conversation opened, the last one at lastMsgAt",
    `select m.msg_id from chat_messages m join chat_conversations c using (conversation_id)
       where m.created_at < c.created_at or m.created_at > c.last_msg_at`,
  ],
  [
    "group buys: teams opened while their activity runs, members after the team",
    `select t.group_team_id from group_teams t join group_activities a using (group_activity_id)
       left join group_members m using (group_team_id)
       where t.created_at < a.start_time or t.created_at > a.end_time or m.created_at < t.created_at or t.end_time <= t.start_time`,
  ],
  [
    "activities: each ends after it starts",
    `select 'flash' from flash_sessions where end_time <= start_time
     union all select 'group' from group_activities where end_time <= start_time
     union all select 'discount' from discounts where end_time <= start_time
     union all select 'coupon' from coupons where end_time <= start_time`,
  ],
  [
    "store applications: reviewed after they were submitted",
    `select apply_id from store_applications where reviewed_at < submitted_at or submitted_at < created_at`,
  ],
  [
    "delivered orders: every package's trail ends signed",
    `select d.order_delivery_id from deliveries d join orders o using (order_number)
       where o.finally_time is not null and d.state <> 3
       or not exists (select 1 from delivery_traces t where t.order_delivery_id = d.order_delivery_id and t.state = 1)`,
  ],
  ["jobs: due after they were scheduled", `select id from jobs where due_at < created_at - interval '1 minute'`],
];

/** Each hour of a day, at the minute the suite once failed. */
export const HOURS = Array.from({ length: 24 }, (_, h) => new Date(Date.UTC(2026, 9, 15, h, 37)));
/** The last minutes of a month in UTC (already the next month in Shanghai). */
export const MONTH_END = new Date("2026-02-28T23:50:00Z");

/** The checks above, each instant its own test: the seed at `instants` tells no future and keeps every story in order. */
export function describeSeedClock(instants: Date[]): void {
  describe.skipIf(dbDriver !== "pglite")("the demo seed at any hour", () => {
    let database: Database;
    let uploads: string;
    let columns: { t: string; c: string }[];

    beforeAll(async () => {
      database = await openDatabase({});
      await database.migrate();
      uploads = fs.mkdtempSync(path.join(os.tmpdir(), "mall-seed-clock-"));
      columns = rowsOf<{ t: string; c: string }>(
        await database.db.execute(
          sql`select table_name as t, column_name as c from information_schema.columns
            where table_schema = 'public' and data_type like 'timestamp%' order by 1, 2`,
        ),
      );
    });
    afterAll(async () => {
      vi.useRealTimers();
      await database?.close();
      if (uploads) fs.rmSync(uploads, { recursive: true, force: true });
    });

    it.each(instants.map((d) => [d.toISOString(), d] as const))(
      "seeded at %s: nothing lies in the future and every story is in order",
      async (_, now) => {
        vi.useFakeTimers({ now, toFake: ["Date"] });
        try {
          await reseedDatabase(database.db, { uploadsDir: uploads, now });
          const q = async <T>(text: string) => rowsOf<T>(await database.db.execute(sql.raw(text)));

          const past = columns.filter(({ t, c }) => !SCHEDULED.has(`${t}.${c}`));
          const late = await q<{ col: string; n: number; max: string }>(
            past
              .map(
                ({ t, c }) =>
                  `select '${t}.${c}' as col, count(*)::int as n, max("${c}")::text as max from "${t}" where "${c}" > '${now.toISOString()}'`,
              )
              .join(" union all "),
          );
          expect(
            late.filter((r) => r.n > 0),
            "seeded after the seeding instant",
          ).toEqual([]);
          expect(past.length).toBeGreaterThan(50);

          for (const [story, query] of IN_ORDER) expect(await q(query), story).toEqual([]);

          // The demo has a past to show: a completed order with its trail, a refund, reviews.
          const [counts] = await q<{ done: number; traced: number; refunds: number; reviews: number }>(
            `select (select count(*)::int from orders where finally_time is not null) as done,
                  (select count(*)::int from delivery_traces) as traced,
                  (select count(*)::int from order_refunds) as refunds,
                  (select count(*)::int from prod_comments) as reviews`,
          );
          expect(
            Object.values(counts!).every((n) => n > 0),
            JSON.stringify(counts),
          ).toBe(true);

          // One flash session is on at the seeding instant, the others start later; all on the hour or half hour.
          const odd = await q(
            `select session_id from flash_sessions where extract(second from start_time) <> 0 or extract(minute from start_time) not in (0, 30)`,
          );
          expect(odd, "flash sessions start on the hour or half hour").toEqual([]);
          const sessions = await q<{ on: boolean; ahead: boolean }>(
            `select start_time <= '${now.toISOString()}' and end_time > '${now.toISOString()}' as on,
                  start_time > '${now.toISOString()}' as ahead from flash_sessions order by start_time`,
          );
          expect(sessions.filter((s) => s.on)).toHaveLength(1);
          expect(sessions.every((s) => s.on || s.ahead)).toBe(true);

          // The demo buyer's sign-in streak ends yesterday (Shanghai), so signing in today continues it.
          const days = await q<{ day: string }>(
            `select day from sign_ins where user_id = '${DEMO_USER.userId}' order by day desc limit 1`,
          );
          expect(days[0]?.day).toBe(shanghaiDay(new Date(now.getTime() - 86_400_000)));
        } finally {
          vi.useRealTimers();
        }
      },
      300_000,
    );
  });
}
