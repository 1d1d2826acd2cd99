/**
 * The state every account form (login, register, forgotten password) keeps: the fields' translated
 * errors, the form's own error line and the call that sends it (useAction: the server's message,
 * else "failed", inline; these calls are not under /p/, so A00004 does not come), and the ids of
 * its elements under one prefix.
 */
import { useState } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { useAction } from "../common/useAction.ts";

export type AuthFieldErrors<F extends string> = Partial<Record<F, string | undefined>>;

export function useAuthForm<F extends string>(idPrefix: string) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<AuthFieldErrors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const action = useAction({
    onGuest: () => setFormError(t("account.failed")),
    fallback: t("account.failed"),
    setError: setFormError,
    inlineOnly: true,
  });
  const id = (name: string) => `${idPrefix}-${name}`;

  function clearError(name: F): void {
    if (errors[name]) setErrors((prev) => ({ ...prev, [name]: undefined }));
  }

  /** Shows the messages of `keys` (i18n keys by field) and focuses the first field of `order` that has one; true if any. */
  function showErrors(keys: AuthFieldErrors<F>, order: readonly F[]): boolean {
    setErrors(Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, t(v as string)])) as AuthFieldErrors<F>);
    const first = order.find((f) => keys[f]);
    if (first) document.getElementById(first === "terms" ? id("agree") : id(first))?.focus();
    return first !== undefined;
  }

  /** The mobile field's error as the SMS button finds it (an i18n key, or null to clear it). */
  function setMobileError(key: string | null): void {
    setErrors((prev) => ({ ...prev, mobile: key ? t(key) : undefined }));
  }

  return { t, errors, setErrors, formError, setFormError, action, id, clearError, showErrors, setMobileError };
}

export type AuthForm<F extends string> = ReturnType<typeof useAuthForm<F>>;
