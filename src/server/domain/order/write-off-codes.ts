/**
 * Write-off codes of virtual-goods orders (docs/virtual-goods.md): made when the order is paid
 * (markPaymentPaid calls issueWriteOffCodes in the payment's transaction), one per unit bought,
 * valid by the line's rule in Beijing time (lib/order/virtual-goods.ts). Verifying, refunding and
 * completing are in write-off.ts. This module imports no other order module (no import cycle).
 */
import { randomInt } from "node:crypto";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { WriteOffCodeDto } from "../../../lib/order/order-types.ts";
import {
  WRITE_OFF_ALPHABET,
  WRITE_OFF_CODE_LENGTH,
  writeOffExpiresAt,
  WriteOffStatus,
} from "../../../lib/order/virtual-goods.ts";
import type { Db, Tx } from "../../db/client.ts";
import { orderItems, orderWriteOffs } from "../../db/schema/index.ts";
import { scheduleJob } from "../jobs/jobs.ts";

/** A new code: 12 characters of Crockford base 32 from the system's CSPRNG (60 bits: not guessable). */
export function newWriteOffCode(): string {
  let code = "";
  for (let i = 0; i < WRITE_OFF_CODE_LENGTH; i++) code += WRITE_OFF_ALPHABET[randomInt(WRITE_OFF_ALPHABET.length)];
  return code;
}

/** The due-time job that completes a virtual-goods order once its last dated code has expired. */
export const WRITE_OFF_EXPIRY_JOB = "virtualOrderExpiry";

/**
 * Makes the codes of a just-paid virtual-goods order: one per unit of each virtual line, each
 * valid from `paidAt` by the line's rule. A code that happens to exist already is drawn again
 * (the primary key keeps codes unique). When some codes expire, the expiry job is scheduled at
 * the last expiry, so the order completes even if nobody uses them.
 */
export async function issueWriteOffCodes(
  tx: Tx,
  order: { orderNumber: string; shopId: number; userId: string },
  paidAt: Date,
): Promise<void> {
  const items = await tx
    .select({ orderItemId: orderItems.orderItemId, prodCount: orderItems.prodCount, rule: orderItems.writeOffTime })
    .from(orderItems)
    .where(and(eq(orderItems.orderNumber, order.orderNumber), isNotNull(orderItems.writeOffTime)))
    .orderBy(asc(orderItems.orderItemId));
  let lastExpiry: Date | null = null;
  for (const it of items) {
    const expiresAt = writeOffExpiresAt(it.rule!, paidAt);
    if (expiresAt && (!lastExpiry || expiresAt > lastExpiry)) lastExpiry = expiresAt;
    let missing = it.prodCount;
    for (let attempt = 0; missing > 0; attempt++) {
      if (attempt > 5) throw new Error("could not draw unique write-off codes");
      const rows = Array.from({ length: missing }, () => ({
        code: newWriteOffCode(),
        orderNumber: order.orderNumber,
        orderItemId: it.orderItemId,
        shopId: order.shopId,
        userId: order.userId,
        status: WriteOffStatus.UNUSED,
        expiresAt,
        createdAt: paidAt,
      }));
      const made = await tx
        .insert(orderWriteOffs)
        .values(rows)
        .onConflictDoNothing()
        .returning({ code: orderWriteOffs.code });
      missing -= made.length;
    }
  }
  if (lastExpiry) await scheduleJob(tx, WRITE_OFF_EXPIRY_JOB, order.orderNumber, lastExpiry);
}

/** The codes of an order, in line order then code (what the order detail shows). */
export async function writeOffCodesOf(q: Db | Tx, orderNumber: string): Promise<WriteOffCodeDto[]> {
  const rows = await q
    .select()
    .from(orderWriteOffs)
    .where(eq(orderWriteOffs.orderNumber, orderNumber))
    .orderBy(asc(orderWriteOffs.orderItemId), asc(orderWriteOffs.createdAt), asc(orderWriteOffs.code));
  return rows.map((r) => ({
    code: r.code,
    orderItemId: r.orderItemId,
    status: r.status,
    expiresAt: r.expiresAt ? r.expiresAt.toISOString() : null,
    usedAt: r.usedAt ? r.usedAt.toISOString() : null,
  }));
}
