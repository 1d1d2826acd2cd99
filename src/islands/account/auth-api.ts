/**
 * What the accounts forms (login popup, /login, /register, /forget-password) share besides their
 * calls (those are src/client/data/account.ts; failures go through useAction): the terms switch.
 */
import type { ServiceSwitch } from "../../lib/api-types.ts";

export type { ServiceSwitch };
/** Whether the terms checkbox is shown (SPEC §2: either switch on). */
export function termsShown(
  s: Pick<ServiceSwitch, "serviceTermsSwitch" | "privacyPolicySwitch"> | null | undefined,
): boolean {
  return Boolean(s && (s.serviceTermsSwitch || s.privacyPolicySwitch));
}
