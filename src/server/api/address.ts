/**
 * Address book (CONTRACT §7.3), login required:
 *   GET    /p/address/list                 → AddressItem[] (default first, then most recently updated)
 *   POST   /p/address/addAddr              body AddressForm (addrId absent/0) → addrId
 *   PUT    /p/address/updateAddr           body AddressForm + addrId → addrId
 *   DELETE /p/address/deleteAddr/:addrId   → null
 *   PUT    /p/address/defaultAddr/:addrId  → null
 *   GET    /p/address/addrInfo/:addrId     → AddressItem
 * Another user's addrId is answered exactly like an unknown one ("address not found").
 * Area tree (CONTRACT §7.3): GET /p/area/listByPid?pid= and the same without login at
 * GET /area/listByPid (areas are not secret). No pid or 0 → provinces; an unknown id → [].
 * Field names in messages come from address.fields, then validation.fields.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { ADDRESS_KEYS } from "../../lib/address/address-rules.ts";
import { addAddressRule, updateAddressRule } from "../../lib/rule-schemas.ts";
import { intField, intFieldDefault } from "../../lib/validation.ts";
import {
  addAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from "../domain/address/address.ts";
import { listAreasByPid } from "../domain/address/area.ts";
import type { ApiEnv } from "./context.ts";
import { ok } from "./envelope.ts";
import { cachePublic } from "./http-cache.ts";
import { parse, parseJson, parseOr, parseParamsOr, parseQuery, readJson, run } from "./kit.ts";

/** The messages of these routes name fields by the address form's labels. */
const LABELS = { labels: "address" } as const;

const addrIdParams = z.object({ addrId: intField(1, 2_147_483_647) });

export const addressRouter = new Hono<ApiEnv>();

/** A path addrId that is not a positive integer can be no one's address: "address not found". */
const addrIdOf = (c: Context<ApiEnv>): number => parseParamsOr(c, addrIdParams, ADDRESS_KEYS.notFound).addrId;

addressRouter.get("/p/address/list", async (c) => ok(c, await listAddresses(c.var.app.db, c.var.userId, c.var.locale)));

addressRouter.get("/p/address/addrInfo/:addrId", (c) =>
  run(c, () => getAddress(c.var.app.db, c.var.userId, addrIdOf(c), c.var.locale)),
);

addressRouter.post("/p/address/addAddr", async (c) => {
  const form = await parseJson(c, addAddressRule, LABELS);
  return run(c, () => addAddress(c.var.app.db, c.var.userId, form));
});

addressRouter.put("/p/address/updateAddr", async (c) => {
  const body = await readJson(c);
  // A missing or malformed addrId is "not found" whatever the other fields say; ownership is
  // checked by updateAddress (a foreign id gives the same answer as an unknown one).
  parseOr(z.object({ addrId: updateAddressRule.shape.addrId }), body, ADDRESS_KEYS.notFound);
  const form = parse(c, updateAddressRule, body, LABELS);
  return run(c, () => updateAddress(c.var.app.db, c.var.userId, form.addrId, form));
});

addressRouter.delete("/p/address/deleteAddr/:addrId", (c) =>
  run(c, () => deleteAddress(c.var.app.db, c.var.userId, addrIdOf(c))),
);

addressRouter.put("/p/address/defaultAddr/:addrId", (c) =>
  run(c, () => setDefaultAddress(c.var.app.db, c.var.userId, addrIdOf(c))),
);

// ---- areas --------------------------------------------------------------------------------------

const listByPidQuery = z.object({ pid: intFieldDefault(0, 2_147_483_647, 0) });

function listByPid(c: Context<ApiEnv>) {
  const { pid } = parseQuery(c, listByPidQuery, LABELS);
  return ok(c, listAreasByPid(pid, c.var.locale));
}

addressRouter.get("/p/area/listByPid", listByPid);
addressRouter.get("/area/listByPid", (c) => {
  cachePublic(c, 3600);
  return listByPid(c);
});
