/**
 * Card payments (payType 4; docs/payment-card.md): the buyer's card charged through the provider,
 * with its confirmation step.
 */
import { eq } from "drizzle-orm";
import { formatPrice } from "../../../lib/money.ts";
import { PayType, type CardPayDto } from "../../../lib/order/order-types.ts";
import { checkCard, type CardForm } from "../../../lib/order/pay-card.ts";
import type { Db } from "../../db/client.ts";
import { payments } from "../../db/schema/index.ts";
import type { CardChargeResult, PaymentProvider } from "../../providers/payment.ts";
import { PaymentError, PAYMENT_ERRORS, paymentState } from "./payment-rules.ts";
import { handleNotification } from "./payment.ts";

/** The buyer's waiting card payment, or a refusal: unknown (or another buyer's), paid, expired. */
async function waitingCardPayment(db: Db, userId: string, payNo: string, now: Date) {
  const [pay] = await db.select().from(payments).where(eq(payments.payNo, payNo)).limit(1);
  if (!pay || pay.userId !== userId || pay.payType !== PayType.CARD)
    throw new PaymentError(PAYMENT_ERRORS.paymentNotFound);
  const state = paymentState(pay, now);
  if (state === "paid") throw new PaymentError(PAYMENT_ERRORS.orderPaid);
  if (state !== "waiting") throw new PaymentError(PAYMENT_ERRORS.qrExpired);
  return pay;
}

/**
 * The provider's answer to a card: paid → the signed notification is handled like any provider's
 * (orders paid in its transaction), then the card's brand and last four digits are kept with the
 * payment (never the number); declined → a refusal in the buyer's language, nothing changed;
 * confirmation → asked of the buyer.
 */
async function cardOutcome(
  db: Db,
  secret: string,
  payNo: string,
  card: { brand: string; last4: string },
  result: CardChargeResult,
  now: Date,
): Promise<CardPayDto> {
  if (result.outcome === "declined") throw new PaymentError(`payment.card.${result.reason}`);
  if (result.outcome === "confirm")
    return { payNo, status: "confirm", brand: card.brand, last4: card.last4, confirmation: result.confirmation };
  await handleNotification(db, secret, result.notification, now);
  await db
    .update(payments)
    .set({ callback: { ...result.notification, card: { brand: card.brand, last4: card.last4 } } })
    .where(eq(payments.payNo, payNo));
  return { payNo, status: "paid", brand: card.brand, last4: card.last4, confirmation: null };
}

/** POST /p/pay/card: checks the card, asks the provider to charge it for the buyer's waiting card payment. */
export async function payByCard(
  db: Db,
  provider: PaymentProvider,
  secret: string,
  input: { userId: string; payNo: string; form: CardForm },
  now: Date,
): Promise<CardPayDto> {
  const checked = checkCard(input.form, now);
  if (!checked.ok) {
    const first = Object.values(checked.problems)[0]!;
    throw new PaymentError(`payment.card.${first}`);
  }
  const pay = await waitingCardPayment(db, input.userId, input.payNo, now);
  const amount = formatPrice(pay.amount);
  const { number, expMonth, expYear, cvc, brand, last4 } = checked.card;
  const result = await provider.chargeCard({ payNo: pay.payNo, amount, card: { number, expMonth, expYear, cvc } });
  return cardOutcome(db, secret, pay.payNo, { brand, last4 }, result, now);
}

/** POST /p/pay/card/confirm: the buyer's one-time code for the provider's confirmation step. */
export async function confirmCardPayment(
  db: Db,
  provider: PaymentProvider,
  secret: string,
  input: { userId: string; payNo: string; brand: string; last4: string; confirmation: string; code: string },
  now: Date,
): Promise<CardPayDto> {
  const pay = await waitingCardPayment(db, input.userId, input.payNo, now);
  const amount = formatPrice(pay.amount);
  const result = await provider.confirmCard({
    payNo: pay.payNo,
    amount,
    last4: input.last4,
    confirmation: input.confirmation,
    code: input.code,
  });
  return cardOutcome(db, secret, pay.payNo, { brand: input.brand, last4: input.last4 }, result, now);
}
