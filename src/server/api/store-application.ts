/**
 * Store applications (docs/merchant-api.md "Platform API", docs/store-application.md).
 *
 * Buyer (login required):
 *   GET  /p/storeApplication          → StoreApplicationDto | null (with shopStatus, storeAccount)
 *   POST /p/storeApplication {shopName, mobile, provinceId, cityId, areaId, addr, intro, shopLogo,
 *        businessLicense, identityCardFront, identityCardLater, type} → StoreApplicationDto
 *   PUT  /p/storeAccount {username, password, confirmPassword} → {username, shopId}
 * Platform (`Authorization: <PLATFORM_API_TOKEN>`):
 *   GET  /platform/storeApplications?status=&current=&size=   → Page<PlatformApplicationDto>
 *   GET  /platform/storeApplications/{applyId}                → PlatformApplicationDto
 *   POST /platform/storeApplications/{applyId}/approve {open?}  → {shopId, shopStatus}
 *   POST /platform/storeApplications/{applyId}/reject {reason} → null
 *   POST /platform/shops/{shopId}/{open|offline|suspend}        → {shopId, shopStatus}
 * Refusals are A00001 with the message in the request's language; a missing or wrong platform
 * token is A00004.
 */
import { Hono } from "hono";
import { z } from "zod";
import {
  checkStoreAccount,
  checkStoreApplication,
  REJECT_REASON_MAX,
} from "../../lib/store-application/store-application.ts";
import {
  approveApplication,
  changeShopStatus,
  getApplication,
  getMyApplication,
  listApplications,
  rejectApplication,
  setStoreAccount,
  submitApplication,
} from "../domain/store-application/store-application.ts";
import { SHOP_ACTIONS } from "../domain/store-application/store-application-state.ts";
import type { ApiEnv } from "./context.ts";
import { requirePlatform } from "./platform-auth.ts";
import { ok } from "./envelope.ts";
import { checkedForm, parseOr, parseParamsOr, parseQueryOr, pathId, readJson, readObject, run } from "./kit.ts";

const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

const BAD_ACTION = "storeApplication.errors.badAction";
const BAD_PAGE = "storeApplication.errors.badPage";

/** A page number or size: blank or absent is `dflt`, else 1 to `max` in plain digits. */
const pageValue = (dflt: number, max: number) =>
  z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || v.trim() === "" || (/^\d{1,6}$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= max),
      BAD_PAGE,
    )
    .transform((v) => (v === undefined || v.trim() === "" ? dflt : Number(v)));

/** The list's filter: a status (0, 1, -1; blank or "all" is every one) and the page; each problem its own refusal. */
const listQuery = z.object({
  status: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => ["", "all", "0", "1", "-1"].includes(v), BAD_ACTION)
    .transform((v) => (v === "" || v === "all" ? undefined : Number(v))),
  current: pageValue(1, 100_000),
  size: pageValue(20, 100),
});

/** Approve's body: `open` a boolean when sent (any other body is no choice). */
const approveBody = z.preprocess(
  (b) => (b !== null && typeof b === "object" && !Array.isArray(b) ? b : {}),
  z.object({ open: z.boolean().optional() }),
);

/** Reject's body: the reason, trimmed, 1 to REJECT_REASON_MAX characters without control characters. */
const rejectBody = z.object({
  reason: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : ""),
    z.string().refine((v) => v !== "" && [...v].length <= REJECT_REASON_MAX && !CONTROL_RE.test(v)),
  ),
});

const actionParams = z.object({ action: z.enum(SHOP_ACTIONS) });

export const storeApplicationRouter = new Hono<ApiEnv>();

// ---------------------------------------------------------------------------------------------
// Buyer
// ---------------------------------------------------------------------------------------------

storeApplicationRouter.get("/p/storeApplication", async (c) =>
  ok(c, await getMyApplication(c.var.app.db, c.var.userId, c.var.locale)),
);

storeApplicationRouter.post("/p/storeApplication", async (c) => {
  const form = checkedForm(checkStoreApplication(await readObject(c)));
  return run(c, () => submitApplication(c.var.app.db, c.var.app.storage, c.var.userId, form, c.var.locale));
});

storeApplicationRouter.put("/p/storeAccount", async (c) => {
  const form = checkedForm(checkStoreAccount(await readObject(c)));
  return run(c, () => setStoreAccount(c.var.app.db, c.var.userId, form));
});

// ---------------------------------------------------------------------------------------------
// Platform
// ---------------------------------------------------------------------------------------------

storeApplicationRouter.use("/platform/*", requirePlatform);

storeApplicationRouter.get("/platform/storeApplications", async (c) => {
  const q = parseQueryOr(c, listQuery, (message) => (message === BAD_PAGE ? BAD_PAGE : BAD_ACTION));
  return ok(
    c,
    await listApplications(c.var.app.db, { status: q.status, current: q.current, size: q.size }, c.var.locale),
  );
});

storeApplicationRouter.get("/platform/storeApplications/:applyId", (c) =>
  run(c, () => getApplication(c.var.app.db, pathId(c, "applyId", "storeApplication.errors.notFound"), c.var.locale)),
);

storeApplicationRouter.post("/platform/storeApplications/:applyId/approve", async (c) => {
  const applyId = pathId(c, "applyId", "storeApplication.errors.notFound");
  const { open } = parseOr(approveBody, await readJson(c, { empty: {} }), "api.badJson");
  return run(c, () => approveApplication(c.var.app.db, applyId, { open: open === true }));
});

storeApplicationRouter.post("/platform/storeApplications/:applyId/reject", async (c) => {
  const applyId = pathId(c, "applyId", "storeApplication.errors.notFound");
  const { reason } = parseOr(rejectBody, await readObject(c), "storeApplication.rules.reasonRequired");
  return run(c, async () => {
    await rejectApplication(c.var.app.db, applyId, reason);
    return null;
  });
});

storeApplicationRouter.post("/platform/shops/:shopId/:action", async (c) => {
  const shopId = pathId(c, "shopId", "storeApplication.errors.shopNotFound");
  const { action } = parseParamsOr(c, actionParams, BAD_ACTION);
  return run(c, () => changeShopStatus(c.var.app.db, shopId, action));
});
