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
import { DomainError } from "../domain/kernel/domain-error.ts";
import { SHOP_ACTIONS, type ShopAction } from "../domain/store-application/store-application-state.ts";
import type { ApiEnv } from "./context.ts";
import { requirePlatform } from "./platform-auth.ts";
import { ok } from "./envelope.ts";
import { parseParams, parseQuery, pathId, readJson, readObject, run } from "./kit.ts";

const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** A refusal of these routes' input (A00001 with the key's message). */
const fail = (key: string): never => {
  throw new DomainError(key);
};

/** The first field's message (form order). */
function firstError(errors: Record<string, string | undefined>): never {
  return fail(Object.values(errors).find(Boolean)!);
}

const listQuery = z.object({
  status: z.string().optional(),
  current: z.string().optional(),
  size: z.string().optional(),
});
const actionParams = z.object({ action: z.string() });

export const storeApplicationRouter = new Hono<ApiEnv>();

// ---------------------------------------------------------------------------------------------
// Buyer
// ---------------------------------------------------------------------------------------------

storeApplicationRouter.get("/p/storeApplication", async (c) =>
  ok(c, await getMyApplication(c.var.app.db, c.var.userId, c.var.locale)),
);

storeApplicationRouter.post("/p/storeApplication", async (c) => {
  const { form, errors } = checkStoreApplication(await readObject(c));
  if (!form) return firstError(errors);
  return run(c, () => submitApplication(c.var.app.db, c.var.app.storage, c.var.userId, form, c.var.locale));
});

storeApplicationRouter.put("/p/storeAccount", async (c) => {
  const { form, errors } = checkStoreAccount(await readObject(c));
  if (!form) return firstError(errors);
  return run(c, () => setStoreAccount(c.var.app.db, c.var.userId, form));
});

// ---------------------------------------------------------------------------------------------
// Platform
// ---------------------------------------------------------------------------------------------

storeApplicationRouter.use("/platform/*", requirePlatform);

storeApplicationRouter.get("/platform/storeApplications", async (c) => {
  const q = parseQuery(c, listQuery);
  const statusRaw = (q.status ?? "").trim();
  let status: number | undefined;
  if (statusRaw !== "" && statusRaw !== "all") {
    if (!["0", "1", "-1"].includes(statusRaw)) return fail("storeApplication.errors.badAction");
    status = Number(statusRaw);
  }
  const int = (v: string | undefined, dflt: number, max: number) => {
    if (v === undefined || v.trim() === "") return dflt;
    return /^\d{1,6}$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= max
      ? Number(v)
      : fail("storeApplication.errors.badPage");
  };
  return ok(
    c,
    await listApplications(
      c.var.app.db,
      { status, current: int(q.current, 1, 100_000), size: int(q.size, 20, 100) },
      c.var.locale,
    ),
  );
});

storeApplicationRouter.get("/platform/storeApplications/:applyId", (c) =>
  run(c, () => getApplication(c.var.app.db, pathId(c, "applyId", "storeApplication.errors.notFound"), c.var.locale)),
);

storeApplicationRouter.post("/platform/storeApplications/:applyId/approve", async (c) => {
  const applyId = pathId(c, "applyId", "storeApplication.errors.notFound");
  const body = await readJson(c, { empty: {} });
  const open = body && typeof body === "object" ? (body as Record<string, unknown>).open : undefined;
  if (open !== undefined && typeof open !== "boolean") return fail("api.badJson");
  return run(c, () => approveApplication(c.var.app.db, applyId, { open: open === true }));
});

storeApplicationRouter.post("/platform/storeApplications/:applyId/reject", async (c) => {
  const applyId = pathId(c, "applyId", "storeApplication.errors.notFound");
  const body = await readObject(c);
  const reason = typeof body.reason === "string" ? body.reason.trim() : "";
  if (!reason || [...reason].length > REJECT_REASON_MAX || CONTROL_RE.test(reason))
    return fail("storeApplication.rules.reasonRequired");
  return run(c, async () => {
    await rejectApplication(c.var.app.db, applyId, reason);
    return null;
  });
});

storeApplicationRouter.post("/platform/shops/:shopId/:action", async (c) => {
  const shopId = pathId(c, "shopId", "storeApplication.errors.shopNotFound");
  const action = parseParams(c, actionParams).action as ShopAction;
  if (!SHOP_ACTIONS.includes(action)) return fail("storeApplication.errors.badAction");
  return run(c, () => changeShopStatus(c.var.app.db, shopId, action));
});
