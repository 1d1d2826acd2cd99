/**
 * Store applications in the database (docs/store-application.md): the buyer submits (and after a
 * rejection modifies and resubmits) one application; the platform lists, reads, approves (the
 * shop is created in the same transaction) or rejects it, and later opens, takes offline or
 * suspends the shop; the approved buyer sets (and later changes) the shop's merchant account.
 * The state rules are the pure functions of store-application-state.ts. Every change runs in one
 * transaction that first locks the row it decides on, so two approvals never make two shops.
 */
import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Page } from "../../../lib/api-types.ts";
import type { Locale, LocalizedText } from "../../../lib/locale.ts";
import { privatePreviewPath } from "../../../lib/image/private.ts";
import {
  APPLY_STATUS,
  type StoreAccountForm,
  type StoreApplicationDto,
  type StoreApplicationForm,
  STORE_IMAGE_FIELDS,
} from "../../../lib/store-application/store-application.ts";
import type { Db, Tx } from "../../db/client.ts";
import { merchantAccounts, shops, storeApplications, users } from "../../db/schema/index.ts";
import type { FileStorage } from "../../providers/storage.ts";
import { hashPassword } from "../kernel/password.ts";
import { areaColumns, areasOf, isValidAreaChain, localizeAreas } from "../address/area.ts";
import {
  approvedShopStatus,
  canSubmit,
  reviewTransition,
  shopTransition,
  type ShopAction,
} from "./store-application-state.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { subscriber } from "../kernel/subscriber.ts";
import { assertOwnUploads } from "../upload/upload-owner.ts";
import { createShop, setShopStatus } from "../shop/shop.ts";
import { pagesOf } from "../kernel/page.ts";

/** A refusal: an i18n key (namespaces storeApplication / rules). */
export class StoreApplicationError extends DomainError {}

type AppRow = typeof storeApplications.$inferSelect;

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

function toDto(
  row: AppRow,
  shopStatus: number | null,
  storeAccount: string | null,
  locale: Locale,
): StoreApplicationDto {
  const r = localizeAreas(row, locale);
  return {
    applyId: r.applyId,
    shopName: r.shopName,
    mobile: r.mobile,
    ...areasOf(r),
    addr: r.addr,
    intro: r.intro,
    shopLogo: r.shopLogo,
    businessLicense: r.businessLicense,
    identityCardFront: r.identityCardFront,
    identityCardLater: r.identityCardLater,
    type: r.type,
    status: r.status,
    rejectReason: r.rejectReason,
    shopId: r.shopId,
    shopStatus,
    storeAccount,
    submitTime: r.submittedAt.toISOString(),
    reviewTime: iso(r.reviewedAt),
    previews: {
      businessLicense: privatePreviewPath(r.businessLicense),
      identityCardFront: privatePreviewPath(r.identityCardFront),
      identityCardLater: privatePreviewPath(r.identityCardLater),
    },
  };
}

async function shopFacts(
  q: Db | Tx,
  shopId: number | null,
): Promise<{ shopStatus: number | null; storeAccount: string | null }> {
  if (shopId === null) return { shopStatus: null, storeAccount: null };
  const [shop] = await q.select({ s: shops.shopStatus }).from(shops).where(eq(shops.shopId, shopId)).limit(1);
  const [acc] = await q
    .select({ u: merchantAccounts.username })
    .from(merchantAccounts)
    .where(eq(merchantAccounts.shopId, shopId))
    .orderBy(asc(merchantAccounts.merchantId))
    .limit(1);
  return { shopStatus: shop?.s ?? null, storeAccount: acc?.u ?? null };
}

/** The buyer's application with its shop's status and store account, or null when never applied. */
export async function getMyApplication(db: Db, userId: string, locale: Locale): Promise<StoreApplicationDto | null> {
  const [row] = await db.select().from(storeApplications).where(eq(storeApplications.userId, userId)).limit(1);
  if (!row) return null;
  const facts = await shopFacts(db, row.shopId);
  return toDto(row, facts.shopStatus, facts.storeAccount, locale);
}

/** The buyer's `shopAuditStatus` for centerInfo (null: never applied). */
export async function auditStatusOf(db: Db, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ s: storeApplications.status })
    .from(storeApplications)
    .where(eq(storeApplications.userId, userId))
    .limit(1);
  return row ? row.s : null;
}

/** Whether a store name is used by a shop (in any language) or by another buyer's live application. */
async function nameTaken(q: Tx, userId: string, name: string): Promise<boolean> {
  const lower = name.toLowerCase();
  const [shop] = await q
    .select({ id: shops.shopId })
    .from(shops)
    .where(
      sql`lower(${shops.shopName}->>'zh') = ${lower} or lower(${shops.shopName}->>'zh-tw') = ${lower} or lower(${shops.shopName}->>'en') = ${lower}`,
    )
    .limit(1);
  if (shop) return true;
  const [app] = await q
    .select({ id: storeApplications.applyId })
    .from(storeApplications)
    .where(
      and(
        ne(storeApplications.userId, userId),
        inArray(storeApplications.status, [APPLY_STATUS.UNDER_REVIEW, APPLY_STATUS.APPROVED]),
        sql`lower(${storeApplications.shopName}) = ${lower}`,
      ),
    )
    .limit(1);
  return Boolean(app);
}

/**
 * Submits (or, after a rejection, resubmits) the buyer's application. Refused while one is under
 * review or once approved; the area must be a real province → city → district chain, every image
 * a stored upload, the store name not taken. Answers the application.
 */
export async function submitApplication(
  db: Db,
  storage: FileStorage,
  userId: string,
  form: StoreApplicationForm,
  locale: Locale,
  now: Date = new Date(),
): Promise<StoreApplicationDto> {
  const names = isValidAreaChain(form.provinceId, form.cityId, form.areaId);
  if (!names) throw new StoreApplicationError("storeApplication.rules.areaRequired");
  for (const f of STORE_IMAGE_FIELDS) {
    if (!(await storage.exists(form[f]))) throw new StoreApplicationError("storeApplication.errors.imageMissing");
  }
  const row = await db.transaction(async (tx) => {
    // One decision per buyer at a time: the user's row is the lock (also when there is no application yet).
    const [user] = await tx.select({ id: users.userId }).from(users).where(eq(users.userId, userId)).for("update");
    if (!user) throw new StoreApplicationError("storeApplication.errors.notFound");
    const [current] = await tx
      .select()
      .from(storeApplications)
      .where(eq(storeApplications.userId, userId))
      .for("update");
    const check = canSubmit(current ? current.status : null);
    if (!check.ok) throw new StoreApplicationError(check.key);
    // Pictures of the application being resubmitted may stay; new ones must be the buyer's uploads.
    const kept = current ? STORE_IMAGE_FIELDS.map((f) => current[f]) : [];
    await assertOwnUploads(
      tx,
      STORE_IMAGE_FIELDS.map((f) => form[f]),
      { userId, shopId: null },
      kept,
    );
    if (await nameTaken(tx, userId, form.shopName))
      throw new StoreApplicationError("storeApplication.errors.nameTaken");
    const values = {
      shopName: form.shopName,
      mobile: form.mobile,
      ...areaColumns(form, names),
      addr: form.addr,
      intro: form.intro,
      shopLogo: form.shopLogo,
      businessLicense: form.businessLicense,
      identityCardFront: form.identityCardFront,
      identityCardLater: form.identityCardLater,
      type: form.type,
      status: APPLY_STATUS.UNDER_REVIEW,
      rejectReason: null,
      submittedAt: now,
      reviewedAt: null,
      updatedAt: now,
    };
    if (current) {
      const [r] = await tx
        .update(storeApplications)
        .set(values)
        .where(eq(storeApplications.applyId, current.applyId))
        .returning();
      return r!;
    }
    const [r] = await tx
      .insert(storeApplications)
      .values({ userId, ...values, createdAt: now })
      .returning();
    return r!;
  });
  return toDto(row, null, null, locale);
}

// ---------------------------------------------------------------------------------------------
// Platform side
// ---------------------------------------------------------------------------------------------

/** An application as the platform sees it: the buyer's one plus who applied. */
export interface PlatformApplicationDto extends StoreApplicationDto {
  userId: string;
  username: string;
  nickName: string | null;
}

export interface ApplicationQuery {
  /** undefined: all; else 0 / 1 / -1. */
  status?: number | undefined;
  current: number;
  size: number;
}

/** Applications, newest submission first. */
export async function listApplications(
  db: Db,
  q: ApplicationQuery,
  locale: Locale,
): Promise<Page<PlatformApplicationDto>> {
  const where = q.status === undefined ? undefined : eq(storeApplications.status, q.status);
  const [{ n }] = (await db.select({ n: count() }).from(storeApplications).where(where)) as [{ n: number }];
  const rows = await db
    .select({ a: storeApplications, username: users.username, nickName: users.nickName, shopStatus: shops.shopStatus })
    .from(storeApplications)
    .leftJoin(users, eq(users.userId, storeApplications.userId))
    .leftJoin(shops, eq(shops.shopId, storeApplications.shopId))
    .where(where)
    .orderBy(desc(storeApplications.submittedAt), desc(storeApplications.applyId))
    .limit(q.size)
    .offset((q.current - 1) * q.size);
  const shopIds = rows.map((r) => r.a.shopId).filter((x): x is number => x !== null);
  const accounts = shopIds.length
    ? await db
        .select({ shopId: merchantAccounts.shopId, username: merchantAccounts.username })
        .from(merchantAccounts)
        .where(inArray(merchantAccounts.shopId, shopIds))
        .orderBy(asc(merchantAccounts.merchantId))
    : [];
  const accountOf = new Map<number, string>();
  for (const a of accounts) if (!accountOf.has(a.shopId)) accountOf.set(a.shopId, a.username);
  return {
    records: rows.map((r) => ({
      ...toDto(r.a, r.shopStatus ?? null, r.a.shopId !== null ? (accountOf.get(r.a.shopId) ?? null) : null, locale),
      userId: r.a.userId,
      username: r.username ?? "",
      nickName: r.nickName ?? null,
    })),
    total: n,
    size: q.size,
    current: q.current,
    pages: pagesOf(n, q.size),
  };
}

/** One application for the platform; an unknown one is refused "not found". */
export async function getApplication(db: Db, applyId: number, locale: Locale): Promise<PlatformApplicationDto> {
  const [r] = await db
    .select({ a: storeApplications, username: users.username, nickName: users.nickName })
    .from(storeApplications)
    .leftJoin(users, eq(users.userId, storeApplications.userId))
    .where(eq(storeApplications.applyId, applyId))
    .limit(1);
  if (!r) throw new StoreApplicationError("storeApplication.errors.notFound");
  const facts = await shopFacts(db, r.a.shopId);
  return {
    ...toDto(r.a, facts.shopStatus, facts.storeAccount, locale),
    userId: r.a.userId,
    username: r.username ?? "",
    nickName: r.nickName ?? null,
  };
}

async function lockApplication(tx: Tx, applyId: number): Promise<AppRow> {
  const [row] = await tx.select().from(storeApplications).where(eq(storeApplications.applyId, applyId)).for("update");
  if (!row) throw new StoreApplicationError("storeApplication.errors.notFound");
  return row;
}

const sameText = (s: string): LocalizedText => ({ zh: s, "zh-tw": s, en: s });

/**
 * Approves an application under review: creates its shop (status "not yet open", or open when
 * `open`) owned by the buyer, in the same transaction. Answers the new shop's id.
 */
export async function approveApplication(
  db: Db,
  applyId: number,
  opts: { open: boolean },
  now: Date = new Date(),
): Promise<{ shopId: number; shopStatus: number }> {
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, applyId);
    const t = reviewTransition(app.status, "approve");
    if (!t.ok) throw new StoreApplicationError(t.key);
    const shopStatus = approvedShopStatus(opts.open);
    const shopId = await createShop(tx, {
      shopName: sameText(app.shopName),
      intro: sameText(app.intro),
      shopLogo: app.shopLogo,
      type: app.type,
      shopStatus,
      tel: app.mobile,
      ownerUserId: app.userId,
      createdAt: now,
      updatedAt: now,
    });
    await tx
      .update(storeApplications)
      .set({ status: t.status, shopId, reviewedAt: now, updatedAt: now })
      .where(eq(storeApplications.applyId, applyId));
    return { shopId, shopStatus };
  });
}

/** Rejects an application under review with the platform's reason (shown to the buyer). */
export async function rejectApplication(
  db: Db,
  applyId: number,
  reason: string,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const app = await lockApplication(tx, applyId);
    const t = reviewTransition(app.status, "reject");
    if (!t.ok) throw new StoreApplicationError(t.key);
    await tx
      .update(storeApplications)
      .set({ status: t.status, rejectReason: reason, reviewedAt: now, updatedAt: now })
      .where(eq(storeApplications.applyId, applyId));
  });
}

/** Opens (reopens), takes offline or suspends a shop. Answers the new status. */
export async function changeShopStatus(
  db: Db,
  shopId: number,
  action: ShopAction,
  now: Date = new Date(),
): Promise<{ shopId: number; shopStatus: number }> {
  return db.transaction(async (tx) => {
    const [shop] = await tx.select({ s: shops.shopStatus }).from(shops).where(eq(shops.shopId, shopId)).for("update");
    if (!shop) throw new StoreApplicationError("storeApplication.errors.shopNotFound");
    const t = shopTransition(shop.s, action);
    if (!t.ok) throw new StoreApplicationError(t.key);
    await setShopStatus(tx, shopId, t.status, now);
    return { shopId, shopStatus: t.status };
  });
}

// ---------------------------------------------------------------------------------------------
// Store (merchant) account of the approved buyer
// ---------------------------------------------------------------------------------------------

/**
 * What the merchant feature does when the approved buyer sets the shop's merchant account: it
 * keeps the account (made, or the shop's first one changed) and, on a change, ends the shop's
 * open merchant sessions; a name another account has is answered `taken`, nothing written.
 * Merchant sits above the store application, so it subscribes here when it loads (merchant.ts)
 * rather than this feature writing its tables.
 */
export type StoreAccountSet = (
  tx: Tx,
  account: { shopId: number; username: string; passwordHash: string },
  now: Date,
) => Promise<{ taken: boolean }>;
const accountSet = subscriber<StoreAccountSet>("a store account set", "merchant/merchant.ts");

/** The merchant feature's subscription to a store account set (one subscriber). */
export const onStoreAccountSet = accountSet.subscribe;

/**
 * Sets or changes the merchant account of the buyer's approved shop: account name (unique among
 * merchant accounts, case-insensitive) and password 6-12. Changing the password ends the shop's
 * open merchant sessions. The account works at once with POST /api/merchant/login.
 */
export async function setStoreAccount(
  db: Db,
  userId: string,
  form: StoreAccountForm,
  now: Date = new Date(),
): Promise<{ username: string; shopId: number }> {
  const passwordHash = await hashPassword(form.password);
  return db.transaction(async (tx) => {
    const [app] = await tx.select().from(storeApplications).where(eq(storeApplications.userId, userId)).for("update");
    if (!app || app.status !== APPLY_STATUS.APPROVED || app.shopId === null)
      throw new StoreApplicationError("storeApplication.errors.notApproved");
    const shopId = app.shopId;
    const { taken } = await accountSet.handler()(tx, { shopId, username: form.username, passwordHash }, now);
    if (taken) throw new StoreApplicationError("storeApplication.errors.accountTaken");
    return { username: form.username, shopId };
  });
}
