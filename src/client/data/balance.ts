/** The balance's calls (CONTRACT §7.9): the balance, its log, a top-up and its status. */
import type { Page } from "../../lib/api-types.ts";
import type { BalanceInfoDto, BalanceLogDto } from "../../lib/balance/balance.ts";
import type { ProviderPayDto } from "../../lib/order/order-types.ts";
import { api } from "../api.ts";

/** GET /p/userBalance/getBalanceInfo */
export function getBalanceInfo(): Promise<BalanceInfoDto> {
  return api.get<BalanceInfoDto>("/p/userBalance/getBalanceInfo");
}

/** GET /p/userBalanceLog/log */
export function listBalanceLog(current: number, size: number): Promise<Page<BalanceLogDto>> {
  return api.get<Page<BalanceLogDto>>("/p/userBalanceLog/log", { current, size });
}

/** POST /p/balance/pay: a top-up, paid with a provider. */
export function topUp(customRechargeAmount: string, payType: number): Promise<ProviderPayDto> {
  return api.post<ProviderPayDto>("/p/balance/pay", { customRechargeAmount, payType }, { silent: true });
}

/** GET /p/balance/rechargeStatus?payNo=: 0 waiting, 1 paid, 2 closed or expired. */
export function getTopUpStatus(payNo: string): Promise<0 | 1 | 2> {
  return api.get<0 | 1 | 2>("/p/balance/rechargeStatus", { payNo }, { silent: true, dontShowLogin: true });
}
