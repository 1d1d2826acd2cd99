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
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ResponseCode } from "../../lib/api-types.ts";
import { checkStoreAccount, checkStoreApplication, REJECT_REASON_MAX } from "../../lib/store-application/store-application.ts";
import {
  approveApplication, changeShopStatus, getApplication, getMyApplication, listApplications, rejectApplication, setStoreAccount, StoreApplicationError, submitApplication,
} from "../domain/store-application/store-application.ts";
import { SHOP_ACTIONS, type ShopAction } from "../domain/store-application/store-application-state.ts";
import type { ApiEnv } from "./context.ts";
import { requirePlatform } from "./platform-auth.ts";
import { ApiError, envelope, ok } from "./envelope.ts";

type C = Context<ApiEnv>;

const MAX_INT = 2_147_483_647;
const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

const fail = (c: C, key: string): never => {
  throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t(key));
};

const bodyOf = (maxSize: number) => bodyLimit({
  maxSize,
  onError: (c) => c.json(envelope(ResponseCode.SHOW_FAIL, null, (c as C).var.t("auth.bodyTooLarge")), 413),
});

async function jsonObject(c: C): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return fail(c, "api.badJson");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return fail(c, "api.badJson");
  return body as Record<string, unknown>;
}

/** The first field's message (form order), translated. */
function firstError(c: C, errors: Record<string, string | undefined>): never {
  const key = Object.values(errors).find(Boolean)!;
  return fail(c, key);
}

async function run<T>(c: C, fn: () => Promise<T>) {
  try {
    return ok(c, await fn());
  } catch (err) {
    if (err instanceof StoreApplicationError) return fail(c, err.key);
    throw err;
  }
}

function idParam(c: C, name: string, notFoundKey: string): number {
  const raw = c.req.param(name) ?? "";
  const n = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  return n >= 1 && n <= MAX_INT ? n : fail(c, notFoundKey);
}

export const storeApplicationRouter = new Hono<ApiEnv>();

// ---------------------------------------------------------------------------------------------
// Buyer
// ---------------------------------------------------------------------------------------------

storeApplicationRouter.get("/p/storeApplication", async (c) => ok(c, await getMyApplication(c.var.app.db, c.var.userId)));

storeApplicationRouter.post("/p/storeApplication", bodyOf(16 * 1024), async (c) => {
  const { form, errors } = checkStoreApplication(await jsonObject(c));
  if (!form) return firstError(c, errors);
  return run(c, () => submitApplication(c.var.app.db, c.var.app.storage, c.var.userId, form));
});

storeApplicationRouter.put("/p/storeAccount", bodyOf(4 * 1024), async (c) => {
  const { form, errors } = checkStoreAccount(await jsonObject(c));
  if (!form) return firstError(c, errors);
  return run(c, () => setStoreAccount(c.var.app.db, c.var.userId, form));
});

// ---------------------------------------------------------------------------------------------
// Platform
// ---------------------------------------------------------------------------------------------

storeApplicationRouter.use("/platform/*", requirePlatform);

storeApplicationRouter.get("/platform/storeApplications", async (c) => {
  const q = c.req.query();
  const statusRaw = (q.status ?? "").trim();
  let status: number | undefined;
  if (statusRaw !== "" && statusRaw !== "all") {
    if (!["0", "1", "-1"].includes(statusRaw)) return fail(c, "storeApplication.errors.badAction");
    status = Number(statusRaw);
  }
  const int = (v: string | undefined, dflt: number, max: number) => {
    if (v === undefined || v.trim() === "") return dflt;
    return /^\d{1,6}$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= max ? Number(v) : fail(c, "storeApplication.errors.badPage");
  };
  return ok(c, await listApplications(c.var.app.db, { status, current: int(q.current, 1, 100_000), size: int(q.size, 20, 100) }));
});

storeApplicationRouter.get("/platform/storeApplications/:applyId", async (c) => {
  const app = await getApplication(c.var.app.db, idParam(c, "applyId", "storeApplication.errors.notFound"));
  return app ? ok(c, app) : fail(c, "storeApplication.errors.notFound");
});

storeApplicationRouter.post("/platform/storeApplications/:applyId/approve", bodyOf(1024), async (c) => {
  const applyId = idParam(c, "applyId", "storeApplication.errors.notFound");
  const text = await c.req.text();
  let open = false;
  if (text.trim()) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return fail(c, "api.badJson");
    }
    const v = body && typeof body === "object" ? (body as Record<string, unknown>).open : undefined;
    if (v !== undefined && typeof v !== "boolean") return fail(c, "api.badJson");
    open = v === true;
  }
  return run(c, () => approveApplication(c.var.app.db, applyId, { open }));
});

storeApplicationRouter.post("/platform/storeApplications/:applyId/reject", bodyOf(4 * 1024), async (c) => {
  const applyId = idParam(c, "applyId", "storeApplication.errors.notFound");
  const body = await jsonObject(c);
  const reason = typeof body.reason === "string" ? body.reason.trim() : "";
  if (!reason || [...reason].length > REJECT_REASON_MAX || CONTROL_RE.test(reason)) return fail(c, "storeApplication.rules.reasonRequired");
  return run(c, async () => {
    await rejectApplication(c.var.app.db, applyId, reason);
    return null;
  });
});

storeApplicationRouter.post("/platform/shops/:shopId/:action", async (c) => {
  const shopId = idParam(c, "shopId", "storeApplication.errors.shopNotFound");
  const action = c.req.param("action") as ShopAction;
  if (!SHOP_ACTIONS.includes(action)) return fail(c, "storeApplication.errors.badAction");
  return run(c, () => changeShopStatus(c.var.app.db, shopId, action));
});
