/**
 * The one writer and reader of the user ledger (docs/points.md "Ledgers"). The balance and the
 * points change only here: a conditional update of the user's total (users.balance or
 * users.score; the result may never be negative) and one user_ledger row, in the caller's
 * transaction, so each total always equals the sum of its ledger. changeBalance (balance.ts) and
 * changePoints (points-ledger.ts) are this with their own reasons and errors.
 */
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Page } from "../../../lib/api-types.ts";
import type { Db, Tx } from "../../db/client.ts";
import { userLedger, users } from "../../db/schema/index.ts";
import { pageOf, readPage } from "./page.ts";

/** user_ledger.kind: the balance (money) or the points (an integer). */
export type LedgerKind = "balance" | "score";

export type LedgerRow = typeof userLedger.$inferSelect;

export interface LedgerChange {
  userId: string;
  kind: LedgerKind;
  /** Signed change as a decimal string (money for the balance, an integer for points); never zero. */
  delta: string;
  reason: string;
  now: Date;
  orderNumber?: string | null | undefined;
  /** Free text kept with the row (a platform adjustment's reason). */
  note?: string | null | undefined;
}

function totalColumn(kind: LedgerKind) {
  return kind === "balance" ? users.balance : users.score;
}

/**
 * Applies one change and writes its ledger row. Answers the new total as a string, or null when
 * the user is unknown or the change would make the total negative (nothing written).
 */
export async function writeLedger(tx: Tx, c: LedgerChange): Promise<string | null> {
  const col = totalColumn(c.kind);
  const set: Record<string, SQL | Date> = {
    [c.kind === "balance" ? "balance" : "score"]: sql`${col} + ${c.delta}`,
    updatedAt: c.now,
  };
  const [u] = await tx
    .update(users)
    .set(set)
    .where(and(eq(users.userId, c.userId), sql`${col} + ${c.delta} >= 0`))
    .returning({ total: col });
  if (!u) return null;
  await tx.insert(userLedger).values({
    userId: c.userId,
    kind: c.kind,
    amount: c.delta,
    reason: c.reason,
    orderNumber: c.orderNumber ?? null,
    note: c.note ?? null,
    createdAt: c.now,
  });
  return String(u.total);
}

/** One page of a user's ledger of `kind`, newest first. */
export async function ledgerPage(
  db: Db,
  userId: string,
  kind: LedgerKind,
  current: number,
  size: number,
): Promise<Page<LedgerRow>> {
  const where = and(eq(userLedger.userId, userId), eq(userLedger.kind, kind));
  const at = { current, size };
  const { rows, total } = await readPage(db, userLedger, where, [desc(userLedger.createdAt), desc(userLedger.id)], at);
  return pageOf(rows, total, at);
}

/** A page with its records mapped. */
export function mapPage<T, U>(page: Page<T>, f: (r: T) => U): Page<U> {
  return { ...page, records: page.records.map(f) };
}
