/**
 * The user's address book (CONTRACT §7.3). Every function takes the owner's userId and only
 * ever reads or changes that user's rows: another user's addrId behaves exactly like an unknown
 * one ("address not found"). Area ids are stored (with the zh names beside them, taken from the
 * area tree, never from the client); answers give the names of the ids in the request language.
 * Rules: at most ADDRESS_COUNT_MAX addresses per user; the first one becomes the default; one
 * default per user; deleting the default makes the most recently updated remaining one default.
 * Refusals are AddressError (a DomainError with the address.* message).
 * Changes run in a transaction that first locks the user's row, so concurrent requests of one
 * user are serialised (the count limit and the single default hold under concurrency).
 */
import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import { ADDRESS_COUNT_MAX, ADDRESS_KEYS, type AddressForm } from "../../../lib/address/address-rules.ts";
import type { Locale } from "../../../lib/locale.ts";
import type { Db, Tx } from "../../db/client.ts";
import { addresses, users } from "../../db/schema/index.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { areaColumns, areasOf, isValidAreaChain, localizeAreas, type AreaChainNames } from "./area.ts";
import type { AddressItem } from "../../../lib/address/address-types.ts";
import type { OrderAddrDto } from "../../../lib/order/order-types.ts";

type AddressRow = typeof addresses.$inferSelect;

/** An address as a checkout shows it (the confirm's `userAddr`): area names in `locale`. */
export function addrDto(row: AddressRow, locale: Locale): OrderAddrDto {
  const r = localizeAreas(row, locale);
  return {
    addrId: r.addrId,
    receiver: r.receiver,
    mobile: r.mobile,
    ...areasOf(r),
    addr: r.addr,
  };
}

function toItem(row: AddressRow, locale: Locale): AddressItem {
  return { ...addrDto(row, locale), postCode: row.postCode ?? null, commonAddr: row.commonAddr };
}

const listOrder = [desc(addresses.commonAddr), desc(addresses.updatedAt), desc(addresses.addrId)];

/** Serialises changes of one user's address book (row lock on the user; no-op if the row is missing). */
async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.userId }).from(users).where(eq(users.userId, userId)).for("update");
}

/** The user's addresses: default first, then most recently updated. */
export async function listAddresses(db: Db, userId: string, locale: Locale): Promise<AddressItem[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(...listOrder);
  return rows.map((r) => toItem(r, locale));
}

/** One of the user's addresses; unknown or someone else's is refused "address not found". */
export async function getAddress(db: Db, userId: string, addrId: number, locale: Locale): Promise<AddressItem> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.addrId, addrId)))
    .limit(1);
  if (!row) throw new AddressError("notFound");
  return toItem(row, locale);
}

export async function countAddresses(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return Number(row?.n ?? 0);
}

/** A refusal of the address book: an area chain that is not one, the book full, or an address that is not the user's. */
export class AddressError extends DomainError {
  constructor(reason: "areaInvalid" | "tooMany" | "notFound") {
    super(ADDRESS_KEYS[reason]);
  }
}

function columnsOf(form: AddressForm, names: AreaChainNames) {
  return {
    receiver: form.receiver,
    mobile: form.mobile,
    ...areaColumns(form, names),
    addr: form.addr,
    postCode: form.postCode ?? null,
  };
}

/** Adds an address (the first one becomes the default). Answers the new addrId. */
export async function addAddress(db: Db, userId: string, form: AddressForm, now: Date = new Date()): Promise<number> {
  const names = isValidAreaChain(form.provinceId, form.cityId, form.areaId);
  if (!names) throw new AddressError("areaInvalid");
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const n = await countAddresses(tx, userId);
    if (n >= ADDRESS_COUNT_MAX) throw new AddressError("tooMany");
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...columnsOf(form, names), commonAddr: n === 0 ? 1 : 0, createdAt: now, updatedAt: now })
      .returning({ addrId: addresses.addrId });
    return row!.addrId;
  });
}

/** Changes one of the user's addresses (not its default flag). */
export async function updateAddress(
  db: Db,
  userId: string,
  addrId: number,
  form: AddressForm,
  now: Date = new Date(),
): Promise<number> {
  const names = isValidAreaChain(form.provinceId, form.cityId, form.areaId);
  const updated = await db
    .update(addresses)
    .set({ ...(names ? columnsOf(form, names) : {}), updatedAt: now })
    .where(and(eq(addresses.userId, userId), eq(addresses.addrId, addrId), names ? sql`true` : sql`false`))
    .returning({ addrId: addresses.addrId });
  if (updated.length > 0) return addrId;
  // Tell "not yours / unknown" apart from a bad area only after checking ownership, so a bad
  // area on someone else's id still says "not found".
  const [mine] = await db
    .select({ id: addresses.addrId })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.addrId, addrId)))
    .limit(1);
  throw new AddressError(mine ? "areaInvalid" : "notFound");
}

/** Deletes one of the user's addresses; if it was the default, the most recently updated remaining one becomes default. */
export async function deleteAddress(db: Db, userId: string, addrId: number): Promise<null> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.addrId, addrId)))
      .returning({ commonAddr: addresses.commonAddr });
    if (!gone) throw new AddressError("notFound");
    if (gone.commonAddr === 1) {
      const [next] = await tx
        .select({ id: addresses.addrId })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.updatedAt), desc(addresses.addrId))
        .limit(1);
      if (next) await tx.update(addresses).set({ commonAddr: 1 }).where(eq(addresses.addrId, next.id));
    }
    return null;
  });
}

/** Makes one of the user's addresses the default (and every other one not). */
export async function setDefaultAddress(db: Db, userId: string, addrId: number): Promise<null> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [mine] = await tx
      .select({ id: addresses.addrId })
      .from(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.addrId, addrId)))
      .limit(1);
    if (!mine) throw new AddressError("notFound");
    await tx
      .update(addresses)
      .set({ commonAddr: 0 })
      .where(and(eq(addresses.userId, userId), ne(addresses.addrId, addrId), eq(addresses.commonAddr, 1)));
    await tx.update(addresses).set({ commonAddr: 1 }).where(eq(addresses.addrId, addrId));
    return null;
  });
}
