/** The payment's calls (CONTRACT §5.3, [order.md](../../../docs/order.md)): the counter, the card form, the sandbox. */
import type { BalancePayDto, CardPayDto, OrderPayInfoDto, PayType, ProviderPayDto } from "../../lib/order/order-types.ts";
import type { CardForm } from "../../lib/order/pay-card.ts";
import { api } from "../api.ts";

/** A pay type this mall offers (CONTRACT §4.4). */
type PayTypeValue = (typeof PayType)[keyof typeof PayType];

/** The answer of the sandbox's "pay" page. */
export interface SandboxPayDto {
  paid: boolean;
}

/** GET /p/order/getOrderPayInfoByOrderNumber?orderNumbers=: what the counter shows. */
export function getOrderPayInfo(orderNumbers: string): Promise<OrderPayInfoDto> {
  return api.get<OrderPayInfoDto>("/p/order/getOrderPayInfoByOrderNumber", { orderNumbers }, { silent: true });
}

/** POST /p/order/pay with the balance: paid at once, or refused with the balance left. */
export function payWithBalance(orderNumbers: string, payType: PayTypeValue): Promise<BalancePayDto> {
  return api.post<BalancePayDto>("/p/order/pay", { payType, orderNumbers }, { silent: true });
}

/** POST /p/order/pay with a provider (QR, link or card): the payment to complete. */
export function payWithProvider(orderNumbers: string, payType: PayTypeValue, returnUrl: string): Promise<ProviderPayDto> {
  return api.post<ProviderPayDto>("/p/order/pay", { payType, orderNumbers, returnUrl }, { silent: true });
}

/** POST /p/pay/card: the card of a card payment. */
export function payByCard(payNo: string, card: CardForm): Promise<CardPayDto> {
  return api.post<CardPayDto>("/p/pay/card", { payNo, ...card }, { silent: true });
}

/** POST /p/pay/card/confirm: the code the card's bank asked for. */
export function confirmCardPay(body: {
  payNo: string;
  brand: string;
  last4: string;
  confirmation: string;
  code: string;
}): Promise<CardPayDto> {
  return api.post<CardPayDto>("/p/pay/card/confirm", body, { silent: true });
}

/** POST /pay/sandbox/complete: the sandbox provider's page pays with its key. */
export function completeSandboxPay(payNo: string, key: string): Promise<SandboxPayDto> {
  return api.post<SandboxPayDto>("/pay/sandbox/complete", { payNo, key }, { silent: true });
}
