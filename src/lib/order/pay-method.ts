/**
 * Payment counter choice (SPEC §2 "payment counter", CONTRACT §4.4): which of the switched-on
 * methods is chosen first and whether Pay may be pressed. Balance is payable only when it covers
 * the amount (the server's `balanceShort` answer); the providers are always payable.
 */
export type PayMethod = "balance" | "wechat" | "alipay" | "card";

/** Whether the method can pay the amount due. */
export function isPayableMethod(method: PayMethod | null, balanceShort: boolean): method is PayMethod {
  if (method === null) return false;
  return method !== "balance" || !balanceShort;
}

/** The method chosen when the counter opens: the first payable one, null when none is. */
export function defaultPayMethod(methods: readonly PayMethod[], balanceShort: boolean): PayMethod | null {
  return methods.find((m) => isPayableMethod(m, balanceShort)) ?? null;
}
