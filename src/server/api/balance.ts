/**
 * Balance (CONTRACT §7.4; rules in src/server/domain/balance/balance.ts), login required:
 *   GET  /p/userBalance/getBalanceInfo          → BalanceInfoDto
 *   GET  /p/userBalanceLog/log?current&size     → Page<BalanceLogDto> (newest first)
 *   POST /p/balance/pay {customRechargeAmount, payType 2|3, returnUrl?} → ProviderPayDto (the sandbox QR / page)
 *   GET  /p/balance/rechargeStatus?payNo=       → 0 waiting, 1 paid, 2 closed or expired
 * The provider's notification is the orders' one (POST /api/pay/notify/<provider>, api/payment.ts).
 */
import { Hono } from "hono";
import { ResponseCode } from "../../lib/api-types.ts";
import { PayType } from "../../lib/order/order-types.ts";
import { localePath } from "../../lib/locale.ts";
import { pageParams, strictInt } from "../../lib/validation.ts";
import { balanceInfo, balanceLog, createRecharge, rechargeStatus } from "../domain/balance/balance.ts";
import { safeReturnUrl } from "../domain/payment/payment-rules.ts";
import { paymentProviderFor } from "../providers/payment.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";
import { parseQuery, queryText, readObject, run } from "./kit.ts";

export const balanceRouter = new Hono<ApiEnv>();

balanceRouter.get("/p/userBalance/getBalanceInfo", async (c) => ok(c, await balanceInfo(c.var.app.db, c.var.userId)));

balanceRouter.get("/p/userBalanceLog/log", async (c) => {
  const { current, size } = parseQuery(c, pageParams);
  return ok(c, await balanceLog(c.var.app.db, c.var.userId, current, size));
});

balanceRouter.post("/p/balance/pay", async (c) => {
  const body = await readObject(c);
  const payType = strictInt(body.payType);
  if (payType !== PayType.WECHAT_SCAN && payType !== PayType.ALIPAY)
    throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("payment.badPayType"));
  const returnUrl = safeReturnUrl(body.returnUrl) ?? localePath(c.var.locale, "/user-center/uc-balance");
  return run(c, () =>
    createRecharge(
      c.var.app.db,
      paymentProviderFor(c.var.app.config),
      {
        userId: c.var.userId,
        amount: body.customRechargeAmount,
        payType,
        returnUrl,
        subject: c.var.t("balance.subject"),
        locale: c.var.locale,
      },
      new Date(),
    ),
  );
});

balanceRouter.get("/p/balance/rechargeStatus", async (c) => {
  const st = await rechargeStatus(c.var.app.db, c.var.userId, queryText(c, "payNo"), new Date());
  if (st === null) throw new ApiError(ResponseCode.SHOW_FAIL, c.var.t("order.paymentNotFound"));
  return ok(c, st);
});
