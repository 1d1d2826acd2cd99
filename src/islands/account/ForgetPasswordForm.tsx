/**
 * /forget-password (SPEC §2, §4): step 1 mobile + SMS code → PUT /user/checkUpdatePwdSms (a
 * flag); step 2 new password + confirmation (passwordPairRule) → PUT /user/updatePwd; step 3 a
 * success message with a visible countdown, then the localized /login after 3 s
 * (PASSWORD_RESET_REDIRECT_MS).
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { useTypedState } from "../common/hydration.ts";
import { PASSWORD_RESET_REDIRECT_MS } from "../../lib/account/account-rules.ts";
import { localePath, type Locale } from "../../lib/locale.ts";
import { mobileRule, passwordPairRule, smsCodeRule } from "../../lib/account/account-rules.ts";
import { ruleError, ruleErrors } from "../../lib/rule-kit.ts";
import { useAction } from "../common/useAction.ts";
import { checkUpdatePwdSms, updatePwd } from "../../client/data/account.ts";
import { Field } from "./Field.tsx";
import { SmsCodeField } from "./SmsCodeButton.tsx";

type Step = 1 | 2 | 3;
type FieldName = "mobile" | "code" | "password" | "confirmPassword";

export interface ForgetPasswordFormProps {
  locale: Locale;
}

export function ForgetPasswordForm({ locale }: ForgetPasswordFormProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>(1);
  // Text typed before hydration is kept (step 1 is server-rendered).
  const [mobile, setMobile] = useTypedState("forget-mobile");
  const [code, setCode] = useTypedState("forget-code");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [flag, setFlag] = useState("");
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // The form's own line tells a refusal (the server's message, else "failed"); these calls are
  // not under /p/, so A00004 does not come.
  const action = useAction({
    onGuest: () => setFormError(t("account.failed")),
    fallback: t("account.failed"),
    setError: setFormError,
    inlineOnly: true,
  });
  const busy = action.busy;
  const [secondsLeft, setSecondsLeft] = useState(Math.ceil(PASSWORD_RESET_REDIRECT_MS / 1000));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loginHref = localePath(locale, "/login");
  const id = (name: string) => `forget-${name}`;

  // Step 3: count down, then go to the login page.
  useEffect(() => {
    if (step !== 3) return;
    const started = Date.now();
    const tick = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((PASSWORD_RESET_REDIRECT_MS - (Date.now() - started)) / 1000));
      setSecondsLeft(left);
    }, 250);
    const go = window.setTimeout(() => location.assign(loginHref), PASSWORD_RESET_REDIRECT_MS);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(go);
    };
  }, [step, loginHref]);

  useEffect(() => {
    if (step > 1) headingRef.current?.focus();
  }, [step]);

  function showErrors(keys: Partial<Record<FieldName, string>>, order: FieldName[]): boolean {
    setErrors(Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, t(v)])));
    const first = order.find((f) => keys[f]);
    if (first) document.getElementById(id(first))?.focus();
    return Boolean(first);
  }

  async function submitStep1(e: FormEvent<HTMLFormElement>): Promise<void> {
    e.preventDefault();
    if (busy) return;
    setFormError(null);
    const keys: Partial<Record<FieldName, string>> = {};
    const m = ruleError(mobileRule, mobile);
    if (m) keys.mobile = m;
    const c = ruleError(smsCodeRule, code);
    if (c) keys.code = c;
    if (showErrors(keys, ["mobile", "code"])) return;
    await action.run(async () => {
      setFlag(await checkUpdatePwdSms(mobile.trim(), code.trim()));
      setStep(2);
    });
  }

  async function submitStep2(e: FormEvent<HTMLFormElement>): Promise<void> {
    e.preventDefault();
    if (busy) return;
    setFormError(null);
    const keys = ruleErrors(passwordPairRule, { password, confirmPassword }) as Partial<Record<FieldName, string>>;
    if (showErrors(keys, ["password", "confirmPassword"])) return;
    await action.run(async () => {
      await updatePwd(mobile.trim(), password, flag);
      setStep(3);
    });
  }

  const steps: { n: Step; label: string }[] = [
    { n: 1, label: t("account.forget.step1") },
    { n: 2, label: t("account.forget.step2") },
    { n: 3, label: t("account.forget.step3") },
  ];

  const clear = (name: FieldName) => {
    if (errors[name]) setErrors((prev) => ({ ...prev, [name]: undefined }));
  };

  return (
    <div className="auth-forget" data-testid="forget-password" data-step={step}>
      <ol className="auth-steps" aria-label={t("account.forget.stepsLabel")}>
        {steps.map((s) => (
          <li
            key={s.n}
            className={`auth-step${s.n === step ? " current" : ""}${s.n < step ? " done" : ""}`}
            aria-current={s.n === step ? "step" : undefined}
          >
            <span className="auth-step-num" aria-hidden="true">
              {s.n}
            </span>
            <span className="auth-step-label">{s.label}</span>
          </li>
        ))}
      </ol>

      {step === 1 && (
        <form className="auth-form" noValidate onSubmit={(e) => void submitStep1(e)} data-testid="forget-step1">
          <Field
            id={id("mobile")}
            type="tel"
            label={t("account.mobile")}
            placeholder={t("account.mobilePlaceholder")}
            autoComplete="tel"
            maxLength={14}
            value={mobile}
            error={errors.mobile}
            onChange={(e) => {
              setMobile(e.target.value);
              clear("mobile");
            }}
          />
          <SmsCodeField
            id={id("code")}
            purpose="reset"
            mobile={mobile}
            value={code}
            error={errors.code}
            onChange={(v) => {
              setCode(v);
              clear("code");
            }}
            onMobileError={(key) => setErrors((prev) => ({ ...prev, mobile: key ? t(key) : undefined }))}
            onSendError={setFormError}
          />
          {formError && (
            <p className="auth-form-error" role="alert" data-testid="forget-form-error">
              {formError}
            </p>
          )}
          <button type="submit" className="btn auth-submit" disabled={busy} data-testid="forget-next">
            {t("account.forget.next")}
          </button>
        </form>
      )}

      {step === 2 && (
        <form className="auth-form" noValidate onSubmit={(e) => void submitStep2(e)} data-testid="forget-step2">
          <h2 className="visually-hidden" tabIndex={-1} ref={headingRef}>
            {t("account.forget.step2")}
          </h2>
          <Field
            id={id("password")}
            type="password"
            label={t("account.forget.newPassword")}
            placeholder={t("account.forget.newPasswordPlaceholder")}
            hint={t("account.registerForm.passwordHint")}
            autoComplete="new-password"
            maxLength={20}
            value={password}
            error={errors.password}
            onChange={(e) => {
              setPassword(e.target.value);
              clear("password");
            }}
          />
          <Field
            id={id("confirmPassword")}
            type="password"
            label={t("account.registerForm.confirmPassword")}
            placeholder={t("account.registerForm.confirmPasswordPlaceholder")}
            autoComplete="new-password"
            maxLength={20}
            value={confirmPassword}
            error={errors.confirmPassword}
            onChange={(e) => {
              setConfirmPassword(e.target.value);
              clear("confirmPassword");
            }}
          />
          {formError && (
            <p className="auth-form-error" role="alert" data-testid="forget-form-error">
              {formError}
            </p>
          )}
          <button type="submit" className="btn auth-submit" disabled={busy} data-testid="forget-submit">
            {t("account.forget.submit")}
          </button>
        </form>
      )}

      {step === 3 && (
        <div className="auth-done" role="status" data-testid="forget-done">
          <svg
            className="auth-done-icon"
            width="48"
            height="48"
            viewBox="0 0 48 48"
            aria-hidden="true"
            focusable="false"
          >
            <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
            <path
              d="M14 25l7 7 13-15"
              fill="none"
              stroke="currentColor"
              strokeWidth="3.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <h2 className="auth-done-title" tabIndex={-1} ref={headingRef}>
            {t("account.forget.success")}
          </h2>
          <p className="auth-done-countdown" data-testid="forget-countdown">
            {t("account.forget.redirectIn", { seconds: secondsLeft })}
          </p>
          <a className="btn" href={loginHref}>
            {t("account.forget.goLogin")}
          </a>
        </div>
      )}
    </div>
  );
}
