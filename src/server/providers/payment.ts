/**
 * Payment providers (WeChat scan code, Alipay PC, bank cards). The mall talks to a PaymentProvider only:
 * `createPayment` answers the text of the QR code (codeUrl) and the page to open (payUrl) of a
 * payment; the provider later tells the mall that it was paid by calling the notification path
 * `POST /api/pay/notify/<provider>` with a signed body (src/server/domain/payment/payment.ts handles it).
 *
 * The built-in provider is the SANDBOX: no money moves. Its "cashier" is this site's own page
 * `/sandbox-pay?payNo=…&key=…` (the QR code of /weixin-pay encodes that page's absolute URL, so a phone
 * on the same network can open it); pressing "Pay now" there makes the sandbox send the same
 * signed notification a real provider would send. A real provider (WeChat Pay, Alipay …)
 * implements the same interface and verifies its own signatures in its notify route.
 *
 * Cards (payType 4): the payment counter posts the card to the mall, which checks it and asks the
 * provider to charge it (`chargeCard`): paid (a signed notification, handled like any other),
 * declined, or a confirmation step (3-D Secure-like) answered with `confirmCard`. The mall keeps
 * only the card's brand and last four digits. The sandbox's test cards are SANDBOX_CARDS.
 *
 * Notifications are signed with HMAC-SHA256 over the canonical string
 * `amount=<amount>&payNo=<payNo>&status=<status>&tradeNo=<tradeNo>` (keys sorted, values as sent)
 * with the payment secret (config.paymentSecret), hex encoded; verified in constant time.
 *
 * Refunds work the same way: `refund` asks the provider to refund (part of) a payment and answers
 * its refund number at once; the outcome comes later as a signed refund notification
 * `POST /api/pay/refund-notify/<provider>` over
 * `amount=<amount>&refundNo=<refundNo>&refundSn=<refundSn>&status=<status>`. `queryRefund` is the
 * fallback when a notification is late (the mall asks; the answer is a notification it verifies
 * the same way). The sandbox settles every refund at once: its query answers a signed SUCCESS.
 */
import { DEFAULT_LOCALE, localePath, type Locale } from "../../lib/locale.ts";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export interface CreatePaymentInput {
  payNo: string;
  /** The payment's random page key (stored hashed): the sandbox page link carries it; "Pay now" must present it. */
  pageKey: string;
  /** Amount with 2 decimals. */
  amount: string;
  /** What is bought (shown by the provider). */
  subject: string;
  /** The QR code / pay page is valid until then. */
  expiresAt: Date;
  /** A path on this site the provider page links back to after paying (already checked). */
  returnUrl?: string | undefined;
  /** The buyer's language: the sandbox page opens in it. */
  locale?: Locale | undefined;
}

export interface CreatedPayment {
  /** The text of the scan-code QR (an absolute URL). */
  codeUrl: string;
  /** The provider page to open in the browser (PC pay). */
  payUrl: string;
}

/** A refund of (part of) a payment: the money goes back the way it was paid. */
export interface ProviderRefundInput {
  payNo: string;
  /** The provider's trade number of the payment. */
  providerTradeNo: string | null;
  /** The mall's refund number (idempotency key at the provider). */
  refundSn: string;
  amount: string;
}

/** A card as typed on the payment counter (checked by the mall first: digits, Luhn, expiry, CVC). */
export interface CardInput {
  /** 12-19 digits, no spaces. */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

/**
 * What the provider answers to a card charge: paid (with the signed notification the mall
 * verifies like any provider's), declined (why, as an i18n key suffix), or a confirmation step
 * (3-D Secure-like: the buyer confirms at the card's bank, here with a one-time code).
 */
/** The buyer's answer to a confirmation step: the card's last four digits, the step's token and the code. */
interface CardConfirmInput {
  payNo: string;
  amount: string;
  last4: string;
  confirmation: string;
  code: string;
}

export type CardChargeResult =
  | { outcome: "paid"; notification: PaymentNotification }
  | { outcome: "declined"; reason: CardDecline }
  | { outcome: "confirm"; confirmation: string };

export type CardDecline = "declined" | "insufficientFunds" | "unknownCard" | "confirmFailed";

export interface PaymentProvider {
  /** "sandbox" … — also the last segment of the notification path /api/pay/notify/<name>. */
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Refunds (part of) a payment; answers the provider's refund number once the provider accepted
   * it. The sandbox accepts at once (no money moves); a real provider that confirms later by a
   * notification would answer its pending number here and the mall would mark the refund done
   * from that notification (docs/refund.md "Refund payout").
   */
  refund(input: ProviderRefundInput): Promise<{ refundNo: string }>;
  /**
   * How a refund stands at the provider: a signed refund notification (verified like one posted to
   * the refund notification path), or null while the provider is still working on it.
   */
  queryRefund(input: { refundSn: string; refundNo: string; amount: string }): Promise<RefundNotification | null>;
  /** Charges a card for a waiting payment of `amount` (card payments, payType 4). */
  chargeCard(input: { payNo: string; amount: string; card: CardInput }): Promise<CardChargeResult>;
  /** The buyer's answer to a confirmation step of `chargeCard`. */
  confirmCard(input: CardConfirmInput): Promise<CardChargeResult>;
}

/** The body a provider posts to /api/pay/refund-notify/<name>. `status` "SUCCESS" means refunded. */
export interface RefundNotification {
  refundSn: string;
  refundNo: string;
  amount: string;
  status: string;
  sign: string;
}

/**
 * The fields of a posted notification body as strings (finite numbers are taken as their text),
 * each non-empty and at most its length; null when one is missing or not text.
 */
export function notificationFields<K extends string>(
  body: unknown,
  limits: Record<K, number>,
): Record<K, string> | null {
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  const out = {} as Record<K, string>;
  for (const [k, max] of Object.entries(limits) as [K, number][]) {
    const v = b[k];
    const str = typeof v === "string" ? v : typeof v === "number" && Number.isFinite(v) ? String(v) : "";
    if (!str || str.length > max) return null;
    out[k] = str;
  }
  return out;
}

/**
 * How one kind of notification is signed: the string signed is its `keys` sorted, `key=value` joined
 * by `&`; the signature its HMAC-SHA256 in hex; the check constant-time, false for an empty secret
 * or a malformed signature.
 */
function notificationSigning<K extends string>(keys: readonly K[]) {
  const sorted = [...keys].sort();
  const canonical = (n: Record<K, string>): string => sorted.map((k) => `${k}=${n[k]}`).join("&");
  const sign = (secret: string, n: Record<K, string>): string =>
    createHmac("sha256", secret).update(canonical(n), "utf8").digest("hex");
  const verify = (secret: string, n: Record<K, string> & { sign: string }): boolean =>
    signatureMatches(secret, n.sign, sign(secret, n));
  return { canonical, sign, verify };
}

const refundSigning = notificationSigning(["refundSn", "refundNo", "amount", "status"] as const);
/** The string a refund notification signs: keys sorted, `key=value` joined by `&`. */
export const canonicalRefundNotification = refundSigning.canonical;
export const signRefundNotification = refundSigning.sign;
/** Constant-time check of a refund notification's signature. */
export const verifyRefundNotification = refundSigning.verify;

/** The body a provider posts to /api/pay/notify/<name>. `status` "SUCCESS" means paid. */
export interface PaymentNotification {
  payNo: string;
  tradeNo: string;
  amount: string;
  status: string;
  sign: string;
}

export const NOTIFY_SUCCESS = "SUCCESS";

const paymentSigning = notificationSigning(["payNo", "tradeNo", "amount", "status"] as const);
/** The string that is signed: keys sorted, `key=value` joined by `&`. */
export const canonicalNotification = paymentSigning.canonical;
export const signNotification = paymentSigning.sign;
/** Constant-time check of `n.sign`; false for an empty secret or a malformed signature. */
export const verifyNotification = paymentSigning.verify;

function signatureMatches(secret: string, sign: unknown, expectedHex: string): boolean {
  if (!secret || typeof sign !== "string" || !/^[0-9a-f]{64}$/i.test(sign)) return false;
  const expected = Buffer.from(expectedHex, "hex");
  const given = Buffer.from(sign.toLowerCase(), "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The sandbox's own trade number of a payment. */
export function sandboxTradeNo(): string {
  return `SBX${Date.now()}${randomBytes(4).toString("hex")}`;
}

/** A signed SUCCESS notification of the sandbox for a payment (what its "Pay now" button sends). */
export function sandboxNotification(secret: string, payNo: string, amount: string): PaymentNotification {
  const body = { payNo, tradeNo: sandboxTradeNo(), amount, status: NOTIFY_SUCCESS };
  return { ...body, sign: signNotification(secret, body) };
}

/** The sandbox page of a payment: a path, with the return path when there is one. */
export function sandboxPagePath(
  payNo: string,
  pageKey: string,
  returnUrl?: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const q = new URLSearchParams({ payNo, key: pageKey });
  if (returnUrl) q.set("returnUrl", returnUrl);
  return `${localePath(locale, "/sandbox-pay")}?${q.toString()}`;
}

/**
 * The sandbox's test cards (docs/payment-card.md): any future expiry and any 3-digit CVC. Every
 * other number is declined as unknown to the sandbox.
 */
export const SANDBOX_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  confirm: "4000002760003184",
} as const;

/** The one-time code that passes the sandbox's confirmation step (any other is refused). */
export const SANDBOX_CONFIRM_CODE = "123456";

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = "sandbox";

  /**
   * @param siteUrl public origin of this site (config.siteUrl): the QR code needs an absolute URL.
   * @param secret the payment secret the sandbox signs its refund notifications with.
   */
  constructor(
    private readonly siteUrl: string,
    private readonly secret: string,
  ) {}

  createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const page = sandboxPagePath(input.payNo, input.pageKey, input.returnUrl, input.locale);
    return Promise.resolve({ codeUrl: `${this.siteUrl.replace(/\/$/, "")}${page}`, payUrl: page });
  }

  refund(input: ProviderRefundInput): Promise<{ refundNo: string }> {
    if (!/^\d+(\.\d{1,2})?$/.test(input.amount)) return Promise.reject(new Error(`bad refund amount ${input.amount}`));
    return Promise.resolve({ refundNo: `SBXR${Date.now()}${randomBytes(4).toString("hex")}` });
  }

  chargeCard(input: { payNo: string; amount: string; card: CardInput }): Promise<CardChargeResult> {
    const n = input.card.number;
    if (n === SANDBOX_CARDS.success) return Promise.resolve(this.paid(input.payNo, input.amount));
    if (n === SANDBOX_CARDS.declined) return Promise.resolve({ outcome: "declined", reason: "declined" });
    if (n === SANDBOX_CARDS.insufficientFunds)
      return Promise.resolve({ outcome: "declined", reason: "insufficientFunds" });
    if (n === SANDBOX_CARDS.confirm)
      return Promise.resolve({
        outcome: "confirm",
        confirmation: this.confirmation(input.payNo, input.amount, n.slice(-4)),
      });
    return Promise.resolve({ outcome: "declined", reason: "unknownCard" });
  }

  confirmCard(input: CardConfirmInput): Promise<CardChargeResult> {
    const expected = this.confirmation(input.payNo, input.amount, input.last4);
    const given = Buffer.from(String(input.confirmation));
    const ok =
      given.length === expected.length &&
      timingSafeEqual(given, Buffer.from(expected)) &&
      input.code === SANDBOX_CONFIRM_CODE;
    return Promise.resolve(
      ok ? this.paid(input.payNo, input.amount) : { outcome: "declined", reason: "confirmFailed" },
    );
  }

  private paid(payNo: string, amount: string): CardChargeResult {
    return { outcome: "paid", notification: sandboxNotification(this.secret, payNo, amount) };
  }

  /** The confirmation reference: the sandbox keeps no state, it signs what it asked to confirm. */
  private confirmation(payNo: string, amount: string, last4: string): string {
    return createHmac("sha256", this.secret).update(`card-confirm|${payNo}|${amount}|${last4}`, "utf8").digest("hex");
  }

  /** The sandbox has settled every refund it accepted: a signed SUCCESS notification. */
  queryRefund(input: { refundSn: string; refundNo: string; amount: string }): Promise<RefundNotification | null> {
    const body = { refundSn: input.refundSn, refundNo: input.refundNo, amount: input.amount, status: NOTIFY_SUCCESS };
    return Promise.resolve({ ...body, sign: signRefundNotification(this.secret, body) });
  }
}

/** The configured provider (config.paymentProvider). An unknown name is an error: never fall back to the sandbox silently. */
export function paymentProviderFor(config: {
  paymentProvider: string;
  siteUrl: string;
  paymentSecret: string;
}): PaymentProvider {
  switch (config.paymentProvider) {
    case "sandbox":
      return new SandboxPaymentProvider(config.siteUrl, config.paymentSecret);
    default:
      throw new Error(`unknown PAYMENT_PROVIDER "${config.paymentProvider}"`);
  }
}
