/**
 * Membership (SPEC §1 "Paid members get free shipping on self-operated goods, exclusive coupons,
 * discounts and more points"; CONTRACT §6.6; docs/points.md "Membership").
 *
 * - Ordinary levels (levelType 0) are reached by growth; paid levels (levelType 1) are bought for
 *   their price per term (termDays) through the payment counter: the balance (one transaction:
 *   balance taken with a ledger row "buyLevel", membership extended) or a provider (a "level"
 *   payment settled by the signed notification, like orders and top-ups).
 * - Renewal extends: the new end is term days after the current end when the membership is still
 *   running, else term days after now. Buying another paid level switches to it with the same rule.
 * - A membership is active while users.levelType is 1 and levelEndTime is in the future. Its
 *   equity takes effect at once in the pricing engine: a member price (the paid level's discount
 *   on the SKU price, an activity-price provider: the lowest offer wins), free shipping at
 *   self-operated shops, and the level's points multiplier on the shopping reward.
 */
import { and, asc, eq } from "drizzle-orm";
import { formatPrice, toDecimal } from "../../../lib/money.ts";
import { pickText, type Locale } from "../../../lib/locale.ts";
import type { ProviderPayDto } from "../../../lib/order/order-types.ts";
import type { Db, Tx } from "../../db/client.ts";
import { memberLevels, users } from "../../db/schema/index.ts";
import { BalanceError, BalanceReason, changeBalance } from "../balance/balance.ts";
import type { PaymentProvider } from "../../providers/payment.ts";
import { createPurposePayment, ownPaymentState, registerPaymentPurpose } from "../payment/payment.ts";

import { extendedEnd, memberActive, type LevelRow } from "./member-equity.ts";
import { DomainError } from "../kernel/domain-error.ts";
import type { LevelDto, LevelPageDto } from "../../../lib/member/member-types.ts";

export class MemberError extends DomainError {}

function toDto(r: LevelRow, locale: Locale): LevelDto {
  return {
    id: r.id,
    level: r.level,
    levelName: pickText(r.name, locale),
    levelType: r.levelType,
    needGrowth: r.needGrowth,
    needAmount: formatPrice(r.price),
    term: r.termDays,
    termType: "day",
    discount: String(r.discount),
    pointsMultiple: String(r.pointsMultiple),
    freeShipping: r.freeShipping === 1,
  };
}

function activeLevels(q: Db | Tx): Promise<LevelRow[]> {
  return q
    .select()
    .from(memberLevels)
    .where(eq(memberLevels.status, 1))
    .orderBy(asc(memberLevels.levelType), asc(memberLevels.level));
}

/**
 * The level a user holds now: the paid level while the membership runs, else the highest
 * ordinary level whose growth threshold the user's growth reaches (docs/points.md "Growth").
 */
function currentLevel(
  all: readonly LevelRow[],
  u: { growth: number; levelType: number; level: number; levelEndTime: Date | null },
  locale: Locale,
  now: Date,
): LevelPageDto["userLevel"] {
  const active = memberActive(u, now);
  const ordinary = all.filter((l) => l.levelType === 0);
  const current = active
    ? all.find((l) => l.levelType === 1 && l.level === u.level)
    : ([...ordinary].reverse().find((l) => l.needGrowth <= u.growth) ?? ordinary[0]);
  return {
    level: current?.level ?? 1,
    levelType: active ? 1 : 0,
    levelName: current ? pickText(current.name, locale) : "",
  };
}

/** The user's level now (user center, top bar). */
export async function userLevelOf(
  db: Db,
  userId: string,
  locale: Locale,
  now: Date,
): Promise<LevelPageDto["userLevel"]> {
  const [u] = await db
    .select({ growth: users.growth, levelType: users.levelType, level: users.level, levelEndTime: users.levelEndTime })
    .from(users)
    .where(eq(users.userId, userId))
    .limit(1);
  if (!u) throw new MemberError("member.levelNotFound");
  return currentLevel(await activeLevels(db), u, locale, now);
}

/** GET /p/score/scoreLevel/page?levelType=0|1. */
export async function levelPage(
  db: Db,
  userId: string,
  levelType: 0 | 1,
  locale: Locale,
  now: Date,
): Promise<LevelPageDto> {
  const [u] = await db.select().from(users).where(eq(users.userId, userId)).limit(1);
  if (!u) throw new MemberError("member.levelNotFound");
  const all = await activeLevels(db);
  const active = memberActive(u, now);
  const next = all.find((l) => l.levelType === 0 && l.needGrowth > u.growth);
  return {
    userLevel: currentLevel(all, u, locale, now),
    userLevels: all.filter((l) => l.levelType === levelType).map((l) => toDto(l, locale)),
    growth: u.growth,
    nextGrowth: next?.needGrowth ?? null,
    endTime: active ? u.levelEndTime!.toISOString() : null,
    totalBalance: formatPrice(u.balance),
  };
}

/** Every level for the public member pages: ordinary (by growth) and paid plans. */
export async function levelCatalogue(db: Db, locale: Locale): Promise<{ ordinary: LevelDto[]; paid: LevelDto[] }> {
  const all = (await activeLevels(db)).map((l) => toDto(l, locale));
  return { ordinary: all.filter((l) => l.levelType === 0), paid: all.filter((l) => l.levelType === 1) };
}

/** GET /p/level/payStatus: 0 waiting, 1 paid, 2 closed/expired; null = not the user's membership payment. */
export function levelPayStatus(db: Db, userId: string, payNo: string, now: Date) {
  return ownPaymentState(db, userId, payNo, "level", now);
}

async function paidLevel(q: Db | Tx, id: number): Promise<LevelRow> {
  const [l] = await q
    .select()
    .from(memberLevels)
    .where(and(eq(memberLevels.id, id), eq(memberLevels.levelType, 1), eq(memberLevels.status, 1)))
    .limit(1);
  if (!l) throw new MemberError("member.levelNotFound");
  return l;
}

/** Makes the user a member of `level` (locks the user row); answers the new end. */
async function grant(tx: Tx, userId: string, level: LevelRow, now: Date): Promise<Date> {
  const [u] = await tx
    .select({ levelType: users.levelType, level: users.level, levelEndTime: users.levelEndTime })
    .from(users)
    .where(eq(users.userId, userId))
    .for("update")
    .limit(1);
  if (!u) throw new MemberError("member.levelNotFound");
  const end = extendedEnd(memberActive(u, now) ? u.levelEndTime : null, now, level.termDays);
  await tx
    .update(users)
    .set({ levelType: 1, level: level.level, levelEndTime: end, updatedAt: now })
    .where(eq(users.userId, userId));
  return end;
}

export type BuyLevelResult =
  { type: 1; endTime: string; balance: string } | { type: 3; balance: string } | { type: 2; pay: ProviderPayDto };

/**
 * POST /p/level/payLevel: buys (or renews) a paid level. payType 9 = balance (type 1 paid,
 * type 3 not enough balance and nothing changed); 2 / 3 = provider (type 2 with the QR / page).
 */
export async function buyLevel(
  db: Db,
  provider: PaymentProvider,
  input: {
    userId: string;
    levelId: number;
    payType: number;
    returnUrl?: string | undefined;
    subject: string;
    locale?: Locale | undefined;
  },
  now: Date,
): Promise<BuyLevelResult> {
  const level = await paidLevel(db, input.levelId);
  const price = formatPrice(level.price);
  if (input.payType === 9) {
    try {
      return await db.transaction(async (tx) => {
        const balance = await changeBalance(
          tx,
          input.userId,
          formatPrice(toDecimal(price).negated()),
          BalanceReason.BUY_LEVEL,
          now,
        );
        const end = await grant(tx, input.userId, level, now);
        return { type: 1 as const, endTime: end.toISOString(), balance };
      });
    } catch (err) {
      if (!(err instanceof BalanceError)) throw err;
      const [cur] = await db
        .select({ balance: users.balance })
        .from(users)
        .where(eq(users.userId, input.userId))
        .limit(1);
      return { type: 3 as const, balance: formatPrice(cur?.balance ?? "0") };
    }
  }
  if (input.payType !== 2 && input.payType !== 3) throw new MemberError("payment.badPayType");
  const pay = await createPurposePayment(
    db,
    provider,
    {
      userId: input.userId,
      purpose: "level",
      refId: level.id,
      amount: price,
      payType: input.payType,
      returnUrl: input.returnUrl,
      subject: input.subject,
      locale: input.locale,
    },
    now,
  );
  return { type: 2, pay };
}

registerPaymentPurpose("level", async (tx, pay, now) => {
  const level = await paidLevel(tx, pay.refId ?? 0);
  await grant(tx, pay.userId, level, now);
});
