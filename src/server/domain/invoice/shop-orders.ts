/** The orders of a shop's lists with their buyers: its invoice requests here, its orders (merchant.ts, a feature above). */
import { count, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders, users } from "../../db/schema/index.ts";
import { countThenPage } from "../kernel/page.ts";

/** A page of the orders matching `where`, newest first, each with its buyer's nickname (the shop's order and invoice lists). */
export function ordersWithBuyers(
  db: Db,
  where: SQL | undefined,
  at: { current: number; size: number },
): Promise<{ rows: { order: typeof orders.$inferSelect; nick: string | null }[]; total: number }> {
  return countThenPage(
    db.select({ n: count() }).from(orders).where(where),
    (limit, offset) =>
      db
        .select({ order: orders, nick: users.nickName })
        .from(orders)
        .leftJoin(users, eq(users.userId, orders.userId))
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.orderId))
        .limit(limit)
        .offset(offset),
    at,
  );
}
