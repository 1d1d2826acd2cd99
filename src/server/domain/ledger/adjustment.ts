/**
 * Platform adjustments (docs/points.md "Adjustments"): the platform adds or takes points or
 * balance of one user with a reason; one ledger row with reason "adjust" (points source 7,
 * balance log type 5) and the reason text as its note, in one transaction. Taking more than the
 * user has is refused and changes nothing.
 */
import { eq, or, sql } from "drizzle-orm";
import { adjustmentError, type AdjustInput } from "../../../lib/ledger/adjustment.ts";
import { formatPrice } from "../../../lib/money.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { BalanceError, BalanceReason, changeBalance } from "../balance/balance.ts";
import { changePoints, PointsError, PointsReason } from "../points/points-ledger.ts";
import { DomainError } from "../kernel/domain-error.ts";

export class AdjustmentError extends DomainError {}

export interface AdjustmentResult {
  userId: string;
  username: string;
  kind: AdjustInput["kind"];
  change: string;
  score: number;
  balance: string;
}

/** Adjusts the points or balance of the user named by username, mobile or user id. */
export async function adjustUser(
  db: Db,
  who: string,
  input: { kind?: unknown; amount?: unknown; reason?: unknown },
  now: Date,
): Promise<AdjustmentResult> {
  const error = adjustmentError(input);
  if (error) throw new AdjustmentError(error);
  const { kind } = input as AdjustInput;
  const amount = String(input.amount).trim().replace(/^\+/, "");
  const reason = String(input.reason).trim();
  const key = who.trim();
  const [u] = await db
    .select({ userId: users.userId, username: users.username })
    .from(users)
    .where(or(eq(users.userId, key), sql`lower(${users.username}) = lower(${key})`, eq(users.userMobile, key)))
    .limit(1);
  if (!u) throw new AdjustmentError("points.adjust.userNotFound");
  try {
    return await db.transaction(async (tx) => {
      let change: string;
      if (kind === "points") {
        await changePoints(tx, u.userId, Number(amount), PointsReason.ADJUST, now, null, reason);
        change = String(Number(amount));
      } else {
        change = formatPrice(amount);
        await changeBalance(tx, u.userId, change, BalanceReason.ADJUST, now, null, reason);
      }
      const [after] = await tx
        .select({ score: users.score, balance: users.balance })
        .from(users)
        .where(eq(users.userId, u.userId))
        .limit(1);
      return {
        userId: u.userId,
        username: u.username,
        kind,
        change,
        score: after!.score,
        balance: formatPrice(after!.balance),
      };
    });
  } catch (err) {
    if (err instanceof PointsError) throw new AdjustmentError("points.notEnough");
    if (err instanceof BalanceError) throw new AdjustmentError("balance.notEnough");
    throw err;
  }
}
