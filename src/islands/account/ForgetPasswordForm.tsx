/**
 * /forget-password (SPEC §2, §4): step 1 mobile + SMS code → PUT /user/checkUpdatePwdSms (a
 * flag); step 2 new password + confirmation (passwordPairRule) → PUT /user/updatePwd; step 3 a
 * success message with a visible countdown, then the localized /login after 3 s
 * (PASSWORD_RESET_REDIRECT_MS).
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTypedState } from "../common/hydration.ts";
import { PASSWORD_RESET_REDIRECT_MS } from "../../lib/account/account-rules.ts";
import { localePath, type Locale } from "../../lib/locale.ts";
import { mobileRule, passwordPairRule, smsCodeRule } from "../../lib/account/account-rules.ts";
import { ruleError, ruleErrors } from "../../lib/rule-kit.ts";
import { checkUpdatePwdSms, updatePwd } from "../../client/data/account.ts";
import { AuthFormFrame, MobileCodeFields, PasswordPairFields } from "./AuthFields.tsx";
import { useAuthForm, type AuthFieldErrors } from "./useAuthForm.ts";

type Step = 1 | 2 | 3;
type FieldName = "mobile" | "code" | "password" | "confirmPassword";

export interface ForgetPasswordFormProps {
  locale: Locale;
}

export function ForgetPasswordForm({ locale }: ForgetPasswordFormProps) {
  const form = useAuthForm<FieldName>("forget");
  const { t, formError, setFormError, action } = form;
  const [step, setStep] = useState<Step>(1);
  // Text typed before hydration is kept (step 1 is server-rendered).
  const [mobile, setMobile] = useTypedState("forget-mobile");
  const [code, setCode] = useTypedState("forget-code");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [flag, setFlag] = useState("");
  const busy = action.busy;
  const [secondsLeft, setSecondsLeft] = useState(Math.ceil(PASSWORD_RESET_REDIRECT_MS / 1000));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loginHref = localePath(locale, "/login");

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

  async function submitStep1(e: FormEvent<HTMLFormElement>): Promise<void> {
    e.preventDefault();
    if (busy) return;
    setFormError(null);
    const keys: AuthFieldErrors<FieldName> = {};
    const m = ruleError(mobileRule, mobile);
    if (m) keys.mobile = m;
    const c = ruleError(smsCodeRule, code);
    if (c) keys.code = c;
    if (form.showErrors(keys, ["mobile", "code"])) return;
    await action.run(async () => {
      setFlag(await checkUpdatePwdSms(mobile.trim(), code.trim()));
      setStep(2);
    });
  }

  async function submitStep2(e: FormEvent<HTMLFormElement>): Promise<void> {
    e.preventDefault();
    if (busy) return;
    setFormError(null);
    const keys = ruleErrors(passwordPairRule, { password, confirmPassword }) as AuthFieldErrors<FieldName>;
    if (form.showErrors(keys, ["password", "confirmPassword"])) return;
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

  /** The form of step 1 (mobile + code) or 2 (new password). */
  const frame = (n: 1 | 2) => ({
    onSubmit: n === 1 ? submitStep1 : submitStep2,
    testId: `forget-step${n}`,
    formError,
    errorTestId: "forget-form-error",
    busy,
    submitLabel: n === 1 ? t("account.forget.next") : t("account.forget.submit"),
    submitTestId: n === 1 ? "forget-next" : "forget-submit",
  });

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
        <AuthFormFrame {...frame(1)}>
          <MobileCodeFields form={form} purpose="reset" mobile={[mobile, setMobile]} code={[code, setCode]} />
        </AuthFormFrame>
      )}

      {step === 2 && (
        <AuthFormFrame {...frame(2)}>
          <h2 className="visually-hidden" tabIndex={-1} ref={headingRef}>
            {t("account.forget.step2")}
          </h2>
          <PasswordPairFields
            form={form}
            label={t("account.forget.newPassword")}
            placeholder={t("account.forget.newPasswordPlaceholder")}
            password={password}
            confirmPassword={confirmPassword}
            setPassword={setPassword}
            setConfirmPassword={setConfirmPassword}
          />
        </AuthFormFrame>
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
