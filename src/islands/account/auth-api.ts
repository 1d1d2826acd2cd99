/**
 * What the accounts forms (login popup, /login, /register, /forget-password) share besides their
 * calls (those are src/client/data/account.ts): the text of a failed call and the terms switch.
 */
import { isApiError } from "../../client/api.ts";
import type { ServiceSwitch } from "../../lib/api-types.ts";

/** The text to show for a failed call: the server's message when it has one, else `fallback`. */
export function errorText(e: unknown, fallback: string): string {
  if (isApiError(e) && e.msg && e.code !== "NETWORK" && e.code !== "BAD_RESPONSE") return e.msg;
  return fallback;
}

export type { ServiceSwitch };
/** Whether the terms checkbox is shown (SPEC §2: either switch on). */
export function termsShown(
  s: Pick<ServiceSwitch, "serviceTermsSwitch" | "privacyPolicySwitch"> | null | undefined,
): boolean {
  return Boolean(s && (s.serviceTermsSwitch || s.privacyPolicySwitch));
}
