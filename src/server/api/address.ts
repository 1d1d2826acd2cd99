/**
 * Address book (CONTRACT §7.3), login required:
 *   GET    /p/address/list                 → AddressItem[] (default first, then most recently updated)
 *   POST   /p/address/addAddr              body AddressForm (addrId absent/0) → addrId
 *   PUT    /p/address/updateAddr           body AddressForm + addrId → addrId
 *   DELETE /p/address/deleteAddr/:addrId   → null
 *   PUT    /p/address/defaultAddr/:addrId  → null
 *   GET    /p/address/addrInfo/:addrId     → AddressItem
 * Another user's addrId is answered exactly like an unknown one ("address not found").
 * Also exports parseWith, the input parser of this group of routers (address, area,
 * collection, footprint list): messages of the "address" / "rules" namespaces are shown as they
 * are, generic validation messages name the field (labels in address.fields, then validation.fields).
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { ADDRESS_KEYS } from "../../lib/address/address-rules.ts";
import { addAddressRule, updateAddressRule } from "../../lib/rule-schemas.ts";
import { ResponseCode } from "../../lib/api-types.ts";
import { intField, messageKeyOf } from "../../lib/validation.ts";
import { addAddress, deleteAddress, getAddress, listAddresses, setDefaultAddress, updateAddress, type AddressError } from "../domain/address/address.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";

/** Parses `value` with `schema`; the first problem becomes an A00001 with a translated message. */
export function parseWith<S extends z.ZodType>(c: Context<ApiEnv>, schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const t = c.var.t;
  if (issue.message.startsWith("address.") || issue.message.startsWith("rules.")) throw new ApiError(ResponseCode.SHOW_FAIL, t(issue.message));
  const field = String(issue.path[issue.path.length - 1] ?? "");
  const label = field ? t(`address.fields.${field}`, { defaultValue: t(`validation.fields.${field}`, { defaultValue: field }) }) : "";
  const params: Record<string, unknown> = { field: label };
  if ("maximum" in issue) params.max = issue.maximum;
  if ("minimum" in issue) params.min = issue.minimum;
  throw new ApiError(ResponseCode.SHOW_FAIL, t(messageKeyOf(issue), params));
}

/** The JSON body, or A00001 "not valid JSON". */
export async function readJson(c: Context<ApiEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("api.badJson"));
  }
}

const addrIdParams = z.object({ addrId: intField(1, 2_147_483_647) });

export const addressRouter = new Hono<ApiEnv>();

function fail(c: Context<ApiEnv>, error: AddressError): never {
  throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t(ADDRESS_KEYS[error]));
}

/** A path addrId that is not a positive integer can be no one's address: "address not found". */
function addrIdOf(c: Context<ApiEnv>): number {
  const r = addrIdParams.safeParse(c.req.param());
  if (!r.success) fail(c, "notFound");
  return r.data.addrId;
}

addressRouter.get("/p/address/list", async (c) => ok(c, await listAddresses(c.var.app.db, c.var.userId, c.var.locale)));

addressRouter.get("/p/address/addrInfo/:addrId", async (c) => {
  const item = await getAddress(c.var.app.db, c.var.userId, addrIdOf(c), c.var.locale);
  if (!item) fail(c, "notFound");
  return ok(c, item);
});

addressRouter.post("/p/address/addAddr", async (c) => {
  const form = parseWith(c, addAddressRule, await readJson(c));
  const r = await addAddress(c.var.app.db, c.var.userId, form);
  if (!r.ok) fail(c, r.error);
  return ok(c, r.value);
});

addressRouter.put("/p/address/updateAddr", async (c) => {
  const body = await readJson(c);
  // A missing or malformed addrId is "not found" whatever the other fields say; ownership is
  // checked by updateAddress (a foreign id gives the same answer as an unknown one).
  const id = z.object({ addrId: updateAddressRule.shape.addrId }).safeParse(body);
  if (!id.success) fail(c, "notFound");
  const form = parseWith(c, updateAddressRule, body);
  const r = await updateAddress(c.var.app.db, c.var.userId, form.addrId, form);
  if (!r.ok) fail(c, r.error);
  return ok(c, r.value);
});

addressRouter.delete("/p/address/deleteAddr/:addrId", async (c) => {
  if (!(await deleteAddress(c.var.app.db, c.var.userId, addrIdOf(c)))) fail(c, "notFound");
  return ok(c, null);
});

addressRouter.put("/p/address/defaultAddr/:addrId", async (c) => {
  if (!(await setDefaultAddress(c.var.app.db, c.var.userId, addrIdOf(c)))) fail(c, "notFound");
  return ok(c, null);
});
