/**
 * "Get code" for a mobile number (SPEC §2, §9): checks the number, sends the code, then counts
 * down from 60 s (SMS_RESEND_SECONDS) with the button disabled; at 0 the link returns.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { SMS_RESEND_SECONDS } from "../../lib/account/account-rules.ts";
import { mobileRule } from "../../lib/account/account-rules.ts";
import { ruleError } from "../../lib/rule-kit.ts";
import { useToast } from "../common/useToast.ts";
import { useAction } from "../common/useAction.ts";
import { sendSmsCode, type MobileSmsPurpose } from "../../client/data/account.ts";
import { Field } from "./Field.tsx";

export interface SmsCodeButtonProps {
  purpose: MobileSmsPurpose;
  /** The current mobile number. */
  mobile: string;
  /** Reports a mobile problem (rule message key) or null before sending. */
  onMobileError: (key: string | null) => void;
  /** Reports a failed send (translated text) or null. */
  onSendError?: (text: string | null) => void;
  /** Called after the code was sent (e.g. to focus the code input). */
  onSent?: () => void;
}

export function SmsCodeButton({ purpose, mobile, onMobileError, onSendError, onSent }: SmsCodeButtonProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [seconds, setSeconds] = useState(0);
  // A refusal goes to the form's own line (the server's message, else "failed"); /sms/* is not
  // under /p/, so A00004 does not come.
  const action = useAction({
    onGuest: () => onSendError?.(t("account.failed")),
    fallback: t("account.failed"),
    setError: (message) => onSendError?.(message),
    inlineOnly: true,
  });
  const sending = action.busy;
  const endsAt = useRef(0);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = window.setTimeout(() => {
      setSeconds(Math.max(0, Math.ceil((endsAt.current - Date.now()) / 1000)));
    }, 1000);
    return () => window.clearTimeout(timer);
  }, [seconds]);

  async function send(): Promise<void> {
    if (sending || seconds > 0) return;
    const problem = ruleError(mobileRule, mobile);
    onMobileError(problem);
    if (problem) return;
    onSendError?.(null);
    await action.run(async () => {
      await sendSmsCode(purpose, mobile.trim());
      endsAt.current = Date.now() + SMS_RESEND_SECONDS * 1000;
      setSeconds(SMS_RESEND_SECONDS);
      toast(t("account.codeSent"), { type: "success" });
      onSent?.();
    });
  }

  const counting = seconds > 0;
  return (
    <button
      type="button"
      className="input-group-btn"
      data-testid="sms-code-button"
      disabled={counting || sending}
      aria-live="polite"
      onClick={() => void send()}
    >
      {counting ? t("account.resendIn", { seconds }) : t("account.getCode")}
    </button>
  );
}

export interface SmsCodeFieldProps {
  id: string;
  purpose: MobileSmsPurpose;
  /** The mobile number the code is sent to. */
  mobile: string;
  value: string;
  /** Translated error text, or null. */
  error?: string | null | undefined;
  onChange: (value: string) => void;
  onMobileError: (key: string | null) => void;
  onSendError?: (text: string | null) => void;
}

/** The SMS code input with its "get code" button; focus moves to the input once a code is sent. */
export function SmsCodeField({
  id,
  purpose,
  mobile,
  value,
  error,
  onChange,
  onMobileError,
  onSendError,
}: SmsCodeFieldProps) {
  const { t } = useTranslation();
  const codeRef = useRef<HTMLInputElement>(null);
  return (
    <Field
      id={id}
      inputRef={codeRef}
      inputMode="numeric"
      maxLength={6}
      label={t("account.smsCode")}
      placeholder={t("account.smsCodePlaceholder")}
      autoComplete="one-time-code"
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
      addon={
        <SmsCodeButton
          purpose={purpose}
          mobile={mobile}
          onMobileError={onMobileError}
          {...(onSendError ? { onSendError } : {})}
          onSent={() => codeRef.current?.focus()}
        />
      }
    />
  );
}
