/**
 * The merchant side of orders (docs/merchant-api.md): the seller platform and the ops CLI log in
 * with a shop's merchant account and get a token of session kind "merchant" (only its SHA-256 is
 * stored, like buyer tokens), list and read the shop's orders, ship them and add logistics
 * events. Every look-up is scoped to the token's shop: another shop's order or package is
 * answered exactly like an unknown one.
 *
 * The order rules themselves (which status may ship, what the packages must carry, carriers,
 * tracking numbers, trace states) live in order-lifecycle.ts (shipOrder, addDeliveryTrace);
 * this module only wraps them in a transaction with the shop's id. Login failures are
 * MerchantError (i18n key of the "merchant" namespace); order refusals stay OrderError.
 */
import { and, asc, eq, gt, inArray, isNull, like, ne, sql, type SQL } from "drizzle-orm";
import type { Page } from "../../../lib/api-types.ts";
import { pickText, type Locale } from "../../../lib/locale.ts";
import { formatPriceSafe } from "../../../lib/money.ts";
import { type DeliveryOrderDto, type OrderAddrDto, type OrderItemDto } from "../../../lib/order/order-types.ts";
import type { Db } from "../../db/client.ts";
import {
  deliveries,
  merchantAccounts,
  orderItems,
  orders,
  sessions,
  users,
  type OrderInvoice,
} from "../../db/schema/index.ts";
import { LOGIN_LIMITS, type LoginLimits } from "../account/auth.ts";
import { areasOf, localizeAreas } from "../address/area.ts";
import { addDeliveryTrace, shipOrder, type ShipPackage } from "../order/order-lifecycle.ts";
import { loadDeliveryDtos } from "../order/delivery.ts";
import { ordersWithBuyers } from "../invoice/shop-orders.ts";
import { ORDER_STATUSES } from "../../../lib/order/order-state.ts";
import { hashPassword, needsRehash, passwordLogins, verifyPassword } from "../kernel/password.ts";
import { countLoginTry } from "../kernel/rate-limit.ts";
import { hashToken, newToken } from "../account/tokens.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { onStoreAccountSet } from "../store-application/store-application.ts";
import { pageOf } from "../kernel/page.ts";

// ---------------------------------------------------------------------------------------------
// Shapes (the seller platform's contract; docs/merchant-api.md)
// ---------------------------------------------------------------------------------------------

/** A merchant token lives 24 hours (a working day of the seller platform); log in again after. */
export const MERCHANT_TOKEN_TTL_SECONDS = 24 * 3600;

export interface MerchantTokenInfo {
  accessToken: string;
  /** Seconds until the token expires (86,400). */
  expiresIn: number;
  shopId: number;
}

/** An order line as the shop sees it: the buyer's line without the review flag. */
export type MerchantOrderItemDto = Omit<OrderItemDto, "commSts" | "afterSales">;

/** A row of GET /merchant/orders. Times are ISO strings. */
export interface MerchantOrderDto {
  orderNumber: string;
  shopId: number;
  /** 1 unpaid, 2 paid (to ship), 3 shipped, 5 completed, 6 closed, 7 grouping. */
  status: number;
  orderType: number;
  /** CONTRACT `orderMold`: 1 virtual goods (never shipped: the shop verifies their write-off codes). */
  orderMold: number;
  buyerNickName: string;
  /** Goods total. */
  total: string;
  freightAmount: string;
  scoreAmount: string;
  reduceAmount: string;
  /** What the buyer pays. */
  actualTotal: string;
  productNums: number;
  remarks: string;
  payType: number | null;
  closeType: number | null;
  createTime: string;
  payTime: string | null;
  dvyTime: string | null;
  finallyTime: string | null;
  cancelTime: string | null;
  payDeadline: string;
  receiptDeadline: string | null;
  userAddrDto: Omit<OrderAddrDto, "addrId">;
  orderItems: MerchantOrderItemDto[];
}

/** GET /merchant/orders/{orderNumber}: the row plus invoice choice and packages with their traces. */
export interface MerchantOrderDetailDto extends MerchantOrderDto {
  invoice: OrderInvoice | null;
  /** Oldest package first; traces of each newest first. */
  deliveries: DeliveryOrderDto[];
}

export interface MerchantOrderQuery {
  /** 0 = all; else one status. */
  status: number;
  current: number;
  size: number;
  /** Digits: order numbers starting with them. */
  orderNumber?: string | undefined;
}

export class MerchantError extends DomainError {
  constructor(key: string, params: Record<string, unknown> = {}) {
    super(key, { params });
  }
}

// ---------------------------------------------------------------------------------------------
// Pure helpers (unit-tested in merchant.test.ts)
// ---------------------------------------------------------------------------------------------

/** Statuses a merchant may filter by: 0 (all) and every order status. */
export const MERCHANT_STATUS_FILTERS: readonly number[] = [0, ...ORDER_STATUSES];

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

export function toMerchantItem(it: ItemRow, locale: Locale): MerchantOrderItemDto {
  return {
    orderItemId: it.orderItemId,
    prodId: it.prodId,
    skuId: it.skuId,
    prodName: pickText(it.prodName, locale),
    skuName: pickText(it.skuName, locale),
    properties: pickText(it.properties, locale),
    pic: it.pic,
    price: formatPriceSafe(it.price),
    prodCount: it.prodCount,
    productTotalAmount: formatPriceSafe(it.productTotalAmount),
    offers: it.offers ?? null,
    writeOffTime: it.writeOffTime,
    isRefund: it.isRefund,
  };
}

export function toMerchantOrder(
  o: OrderRow,
  buyerNickName: string,
  items: readonly ItemRow[],
  locale: Locale,
): MerchantOrderDto {
  const a = localizeAreas(o.address, locale);
  return {
    orderNumber: o.orderNumber,
    shopId: o.shopId,
    status: o.status,
    orderType: o.orderType,
    orderMold: o.orderMold,
    buyerNickName,
    total: formatPriceSafe(o.total),
    freightAmount: formatPriceSafe(o.freightAmount),
    scoreAmount: formatPriceSafe(o.scoreAmount),
    reduceAmount: formatPriceSafe(o.reduceAmount),
    actualTotal: formatPriceSafe(o.actualTotal),
    productNums: o.productNums,
    remarks: o.remarks,
    payType: o.payType,
    closeType: o.closeType,
    createTime: o.createdAt.toISOString(),
    payTime: iso(o.payTime),
    dvyTime: iso(o.dvyTime),
    finallyTime: iso(o.finallyTime),
    cancelTime: iso(o.cancelTime),
    payDeadline: o.payDeadline.toISOString(),
    receiptDeadline: iso(o.receiptDeadline),
    userAddrDto: {
      receiver: a.receiver,
      mobile: a.mobile,
      ...areasOf(a),
      addr: a.addr,
    },
    orderItems: items.map((it) => toMerchantItem(it, locale)),
  };
}

// ---------------------------------------------------------------------------------------------
// Login, sessions, logout
// ---------------------------------------------------------------------------------------------

/** Same-cost verification for unknown accounts, so timing does not tell whether one exists. */
let dummyHash: Promise<string> | undefined;
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword("merchant-dummy-password");
  return dummyHash;
}

/**
 * POST /merchant/login. Wrong password and unknown account give the same message. Failed tries
 * count per account and IP, per IP and per account in the same windows as buyer logins
 * (countLoginTry); the keys are separate from the buyer ones.
 */
export async function merchantLogin(
  db: Db,
  input: { username: string; password: string; ip: string; now: Date },
  limits: LoginLimits = LOGIN_LIMITS,
): Promise<MerchantTokenInfo> {
  // A few at a time, database work included (kernel/password.ts passwordLogins).
  return passwordLogins.run(async () => {
    const { username, password, ip, now } = input;
    const tries = await countLoginTry(db, "merchant-login", username.toLowerCase(), ip, limits, now);
    if (tries.waitSeconds !== null)
      throw new MerchantError("merchant.tooManyLogins", { count: Math.max(1, Math.ceil(tries.waitSeconds / 60)) });
    const [account] = await db
      .select()
      .from(merchantAccounts)
      .where(sql`lower(${merchantAccounts.username}) = ${username.toLowerCase()}`)
      .limit(1);
    const ok = account
      ? await verifyPassword(password, account.passwordHash)
      : (await verifyPassword(password, await dummyPasswordHash()), false);
    if (!account || !ok) throw new MerchantError("merchant.wrongCredentials");
    await tries.succeeded();
    if (account.status !== 1) throw new MerchantError("merchant.accountDisabled");
    await rehashMerchantPassword(db, account.merchantId, account.passwordHash, password);
    const accessToken = newToken();
    await db.insert(sessions).values({
      tokenHash: hashToken(accessToken),
      kind: "merchant",
      userId: null,
      shopId: account.shopId,
      expiresAt: new Date(now.getTime() + MERCHANT_TOKEN_TTL_SECONDS * 1000),
      createdAt: now,
    });
    return { accessToken, expiresIn: MERCHANT_TOKEN_TTL_SECONDS, shopId: account.shopId };
  });
}

/**
 * A verified password whose hash was made with other parameters than today's (needsRehash) gets a
 * new hash, on the condition that the stored one is still the hash that verified: a password
 * changed meanwhile is never overwritten (the update then matches no row).
 */
export async function rehashMerchantPassword(
  db: Db,
  merchantId: number,
  verified: string,
  plain: string,
): Promise<void> {
  if (!needsRehash(verified)) return;
  const fresh = await hashPassword(plain);
  await db
    .update(merchantAccounts)
    .set({ passwordHash: fresh })
    .where(and(eq(merchantAccounts.merchantId, merchantId), eq(merchantAccounts.passwordHash, verified)));
}

/** A live merchant session: its id, its shop and when it ends. */
export interface MerchantSession {
  sessionId: number;
  shopId: number;
  expiresAt: Date;
}

/** The live merchant session of a raw token (kind "merchant", not revoked, not expired), or null. */
export async function findMerchantSession(db: Db, token: string, now: Date): Promise<MerchantSession | null> {
  return token ? findMerchantSessionByHash(db, hashToken(token), now) : null;
}

/** findMerchantSession by the token's hash (the in-memory read model keys sessions by it). */
export async function findMerchantSessionByHash(db: Db, tokenHash: string, now: Date): Promise<MerchantSession | null> {
  const [row] = await db
    .select({ id: sessions.id, shopId: sessions.shopId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(sessions.kind, "merchant"),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row && row.shopId != null ? { sessionId: row.id, shopId: row.shopId, expiresAt: row.expiresAt } : null;
}

/** Revokes a merchant token; unknown, buyer or already revoked tokens are ignored. */
export async function merchantLogout(db: Db, token: string, now: Date): Promise<void> {
  if (!token) return;
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.kind, "merchant"), isNull(sessions.revokedAt)));
}

/**
 * The approved buyer sets the shop's merchant account (store-application.ts setStoreAccount, in
 * its transaction): the shop's first account gets the name and password, or is made; a name
 * another account has (case-insensitive) is answered `taken` and nothing is written. A changed
 * account ends the shop's open merchant sessions.
 */
onStoreAccountSet(async (tx, { shopId, username, passwordHash }, now) => {
  const [mine] = await tx
    .select()
    .from(merchantAccounts)
    .where(eq(merchantAccounts.shopId, shopId))
    .orderBy(asc(merchantAccounts.merchantId))
    .limit(1)
    .for("update");
  const [other] = await tx
    .select({ id: merchantAccounts.merchantId })
    .from(merchantAccounts)
    .where(
      and(
        sql`lower(${merchantAccounts.username}) = ${username.toLowerCase()}`,
        mine ? ne(merchantAccounts.merchantId, mine.merchantId) : undefined,
      ),
    )
    .limit(1);
  if (other) return { taken: true };
  if (mine) {
    await tx
      .update(merchantAccounts)
      .set({ username, passwordHash })
      .where(eq(merchantAccounts.merchantId, mine.merchantId));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.kind, "merchant"), eq(sessions.shopId, shopId), isNull(sessions.revokedAt)));
  } else {
    await tx.insert(merchantAccounts).values({ shopId, username, passwordHash, status: 1, createdAt: now });
  }
  return { taken: false };
});

// ---------------------------------------------------------------------------------------------
// Orders of the shop
// ---------------------------------------------------------------------------------------------

async function itemsOf(db: Db, orderNumbers: string[]): Promise<ItemRow[]> {
  if (orderNumbers.length === 0) return [];
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderNumber, orderNumbers))
    .orderBy(asc(orderItems.orderItemId));
}

/** A page of the shop's orders, newest first (buyer-deleted orders included: the shop still ships them). */
export async function listShopOrders(
  db: Db,
  shopId: number,
  q: MerchantOrderQuery,
  locale: Locale,
): Promise<Page<MerchantOrderDto>> {
  const conds: SQL[] = [eq(orders.shopId, shopId)];
  if (q.status) conds.push(eq(orders.status, q.status));
  if (q.orderNumber) conds.push(like(orders.orderNumber, `${q.orderNumber}%`));
  const { rows, total } = await ordersWithBuyers(db, and(...conds), q);
  const items = await itemsOf(
    db,
    rows.map((r) => r.order.orderNumber),
  );
  const records = rows.map((r) =>
    toMerchantOrder(
      r.order,
      r.nick ?? "",
      items.filter((i) => i.orderNumber === r.order.orderNumber),
      locale,
    ),
  );
  return pageOf(records, total, q);
}

/** One order of the shop with its packages; null when it does not exist or is another shop's. */
export async function shopOrderDetail(
  db: Db,
  shopId: number,
  orderNumber: string,
  locale: Locale,
): Promise<MerchantOrderDetailDto | null> {
  const [row] = await db
    .select({ order: orders, nick: users.nickName })
    .from(orders)
    .leftJoin(users, eq(users.userId, orders.userId))
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.shopId, shopId)))
    .limit(1);
  if (!row) return null;
  const items = await itemsOf(db, [orderNumber]);
  const pkgs = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.orderNumber, orderNumber), eq(deliveries.shopId, shopId)))
    .orderBy(asc(deliveries.orderDeliveryId));
  return {
    ...toMerchantOrder(row.order, row.nick ?? "", items, locale),
    invoice: row.order.invoice ?? null,
    deliveries: await loadDeliveryDtos(db, locale, pkgs),
  };
}

/** Ships the shop's paid order (rules in order-lifecycle.ts shipOrder); all or nothing. Answers the package ids. */
export async function shipShopOrder(
  db: Db,
  shopId: number,
  orderNumber: string,
  packages: readonly ShipPackage[],
  now: Date,
): Promise<number[]> {
  return db.transaction((tx) => shipOrder(tx, orderNumber, shopId, packages, now));
}

/** Appends a logistics event to one of the shop's packages (rules in order-lifecycle.ts addDeliveryTrace). */
export async function addShopTrace(
  db: Db,
  shopId: number,
  orderDeliveryId: number,
  trace: { state: number; acceptStation: string; acceptTime?: Date | undefined },
  now: Date,
): Promise<void> {
  await db.transaction((tx) => addDeliveryTrace(tx, orderDeliveryId, shopId, trace, now));
}
