/**
 * Group buy (CONTRACT §6.2; docs/group-buy.md):
 *   GET  /group/activities?current&size              → Page<GroupActivityDto> (running, then upcoming)
 *   GET  /group/prodActivity?prodId=                  → GroupActivityDto | null (the product page's section)
 *   GET  /group/joinGroupList?groupActivityId=&showSize= → JoinableTeamDto[]
 *   GET  /p/groupTeam/info?groupTeamId=               → TeamInfoDto
 *   GET  /p/groupTeam/byOrder?orderNumber=            → {groupTeamId}
 *   GET  /p/groupTeam/mine?current&size               → Page<TeamInfoDto>
 *   POST /p/group/order/confirm  body {groupActivityId, groupSkuId, groupTeamId (0 = open a team), prodCount, addrId?, …} → OrderConfirmDto
 *   POST /p/group/order/submit   body {groupActivityId, groupSkuId, groupTeamId, prodCount, uuid, …} → {orderNumbers}
 * Rules: src/server/domain/group-buy/group-buy.ts.
 */
import { Hono } from "hono";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { intField, intFieldDefault } from "../../lib/validation.ts";
import { groupBuy, groupBuyOf } from "../domain/group-buy/group-buy.ts";
import { createGroupActivity, endGroupActivity, shopTeams } from "../domain/group-buy/group-buy-admin.ts";
import {
  groupActivityById,
  groupActivityList,
  groupActivityOfProd,
  joinableTeams,
  myTeams,
  teamInfo,
  teamOfOrder,
} from "../domain/group-buy/group-buy-read.ts";
import type { ApiEnv, MerchantEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { parse, parseJson, parseParams, parseQuery, readJson, run } from "./kit.ts";
import { CHECKOUT, confirmActivity, confirmRule, submitFrom, submitRule } from "./order/submit-rules.ts";
import { ID_MAX } from "../../lib/ids.ts";

const pageRule = z.object({ current: intFieldDefault(1, 100_000, 1), size: intFieldDefault(1, 50, 12) });
const what = {
  groupActivityId: intField(1, ID_MAX),
  groupSkuId: intField(1, ID_MAX),
  groupTeamId: intField(0, ID_MAX),
  prodCount: intField(1, 50),
};
const groupConfirmRule = confirmRule.omit({ basketIds: true, orderItem: true }).extend(what);
const groupSubmitRule = submitRule.extend(what);

export const groupBuyRouter = new Hono<ApiEnv>();

groupBuyRouter.get("/group/activities", async (c) => {
  const q = parseQuery(c, pageRule);
  return ok(c, await groupActivityList(c.var.app.db, c.var.locale, new Date(), q));
});

groupBuyRouter.get("/group/prodActivity", async (c) => {
  const { prodId } = parseQuery(c, z.object({ prodId: intField(1, ID_MAX) }));
  return ok(c, await groupActivityOfProd(c.var.app.db, prodId, c.var.locale, new Date()));
});

groupBuyRouter.get("/group/joinGroupList", async (c) => {
  const q = parseQuery(c, z.object({ groupActivityId: intField(1, ID_MAX), showSize: intFieldDefault(1, 50, 10) }));
  return ok(c, await joinableTeams(c.var.app.db, q.groupActivityId, new Date(), q.showSize));
});

groupBuyRouter.get("/p/groupTeam/info", async (c) => {
  const { groupTeamId } = parseQuery(c, z.object({ groupTeamId: intField(1, ID_MAX) }));
  return run(c, () => teamInfo(c.var.app.db, groupTeamId, c.var.userId, c.var.locale, new Date()));
});

groupBuyRouter.get("/p/groupTeam/byOrder", async (c) => {
  const { orderNumber } = parseQuery(
    c,
    z.object({ orderNumber: z.string().regex(/^\d{1,32}$/, "validation.invalid") }),
  );
  return run(c, async () => ({ groupTeamId: await teamOfOrder(c.var.app.db, c.var.userId, orderNumber) }));
});

groupBuyRouter.get("/p/groupTeam/mine", async (c) => {
  const q = parseQuery(c, pageRule);
  return ok(c, await myTeams(c.var.app.db, c.var.userId, c.var.locale, new Date(), q));
});

groupBuyRouter.post("/p/group/order/confirm", async (c) => {
  const input = parse(c, groupConfirmRule, await readJson(c, { empty: {} }), CHECKOUT);
  const act = await groupActivityById(c.var.app.db, input.groupActivityId, c.var.locale, new Date());
  const sku = act?.groupSkuList.find((s) => s.groupSkuId === input.groupSkuId);
  if (!act || !sku) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("groupBuy.notFound"));
  return confirmActivity(
    c,
    { prodId: act.prodId, skuId: sku.skuId, shopId: act.shopId },
    input,
    groupBuy({
      groupActivityId: input.groupActivityId,
      groupSkuId: input.groupSkuId,
      groupTeamId: input.groupTeamId,
    }),
  );
});

groupBuyRouter.post("/p/group/order/submit", async (c) => {
  const input = parse(c, groupSubmitRule, await readJson(c, { empty: {} }), CHECKOUT);
  return run(c, () =>
    submitFrom(c, input, (ref) => {
      const buy = groupBuyOf(ref);
      return buy &&
        buy.ref.groupActivityId === input.groupActivityId &&
        buy.ref.groupSkuId === input.groupSkuId &&
        buy.ref.groupTeamId === input.groupTeamId
        ? buy
        : null;
    }),
  );
});

// ---------------------------------------------------------------------------------------------
// A shop's group buys (docs/merchant-api.md "Flash sale and group buy"), behind the merchant token:
//   POST /merchant/group/activities {prodId, groupNumber, maxNum, teamHours, startTime, endTime, skus: [{skuId, actPrice}]} → {groupActivityId}
//   GET  /merchant/group/teams?groupActivityId=                                        → teams, newest first
//   POST /merchant/group/activities/{groupActivityId}/end                              → null
// ---------------------------------------------------------------------------------------------

const isoTime = z.preprocess(
  (v) => (typeof v === "string" ? new Date(v) : v),
  z.date({ error: "groupBuy.badWindow" }).refine((d) => !Number.isNaN(d.getTime()), "groupBuy.badWindow"),
);
const groupActivityRule = z.object({
  prodId: intField(1, ID_MAX),
  groupNumber: z
    .number({ error: "groupBuy.badTeamSize" })
    .int("groupBuy.badTeamSize")
    .min(2, "groupBuy.badTeamSize")
    .max(50, "groupBuy.badTeamSize"),
  maxNum: z
    .number({ error: "groupBuy.badLimit" })
    .int("groupBuy.badLimit")
    .min(-1, "groupBuy.badLimit")
    .max(50, "groupBuy.badLimit")
    .refine((n) => n !== 0, "groupBuy.badLimit"),
  teamHours: z
    .number({ error: "groupBuy.badTeamHours" })
    .int("groupBuy.badTeamHours")
    .min(1, "groupBuy.badTeamHours")
    .max(240, "groupBuy.badTeamHours"),
  startTime: isoTime,
  endTime: isoTime,
  skus: z
    .array(
      z.object({
        skuId: intField(1, ID_MAX),
        actPrice: z.string({ error: "groupBuy.badSkus" }).regex(/^\d{1,9}(\.\d{1,2})?$/, "groupBuy.badSkus"),
      }),
      { error: "groupBuy.badSkus" },
    )
    .min(1, "groupBuy.badSkus")
    .max(50, "groupBuy.badSkus"),
});

export const groupBuyMerchantRouter = new Hono<MerchantEnv>();

groupBuyMerchantRouter.post("/merchant/group/activities", async (c) => {
  const input = await parseJson(c, groupActivityRule);
  return run(c, async () => ({
    groupActivityId: await createGroupActivity(c.var.app.db, c.var.shopId, input, new Date()),
  }));
});

groupBuyMerchantRouter.get("/merchant/group/teams", async (c) => {
  const q = parseQuery(c, z.object({ groupActivityId: intField(1, ID_MAX).optional() }));
  return run(c, () => shopTeams(c.var.app.db, c.var.shopId, q.groupActivityId));
});

groupBuyMerchantRouter.post("/merchant/group/activities/:groupActivityId/end", async (c) =>
  run(c, async () => {
    const { groupActivityId } = parseParams(c, z.object({ groupActivityId: z.string() }));
    const id = Number(/^\d{1,10}$/.test(groupActivityId) ? groupActivityId : 0);
    await endGroupActivity(c.var.app.db, c.var.shopId, id);
    return null;
  }),
);
