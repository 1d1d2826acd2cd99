/**
 * /register (SPEC §2, §5): username (usernameRule), password + confirmation (passwordPairRule),
 * mobile (mainland / Taiwan) + SMS code with the 60 s countdown, the terms checkbox when a terms
 * switch is on. Server messages are shown above the button; success stores the token and goes
 * to the localized home.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { typedValues, useTypedChecked } from "../common/hydration.ts";
import { localePath, type Locale } from "../../lib/locale.ts";
import { mobileRule, passwordPairRule, smsCodeRule, usernameRule } from "../../lib/account/account-rules.ts";
import { RULE_KEYS } from "../../lib/rule-keys.ts";
import { ruleError, ruleErrors } from "../../lib/rule-kit.ts";
import { termsShown, type ServiceSwitch } from "./auth-api.ts";
import { useAction } from "../common/useAction.ts";
import { register } from "../../client/data/account.ts";
import { Field } from "./Field.tsx";
import { SmsCodeField } from "./SmsCodeButton.tsx";
import { TermsAgreement } from "./TermsAgreement.tsx";

type FieldName = "username" | "password" | "confirmPassword" | "mobile" | "code" | "terms";
const ORDER: FieldName[] = ["username", "password", "confirmPassword", "mobile", "code", "terms"];

export interface RegisterFormProps {
  locale: Locale;
  terms: ServiceSwitch | null;
}

export function RegisterForm({ locale, terms }: RegisterFormProps) {
  const { t } = useTranslation();
  // Text typed before hydration is kept (the form is server-rendered).
  const [values, setValues] = useState(() =>
    typedValues(
      { username: "", password: "", confirmPassword: "", mobile: "", code: "" },
      {
        username: "register-username",
        password: "register-password",
        confirmPassword: "register-confirmPassword",
        mobile: "register-mobile",
        code: "register-code",
      },
    ),
  );
  const [agreed, setAgreed] = useTypedChecked("register-agree");
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
  const submitting = action.busy;
  const showTerms = termsShown(terms);
  const id = (name: string) => `register-${name}`;

  function set(name: keyof typeof values, value: string): void {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((prev) => ({ ...prev, [name]: undefined }));
  }

  function validate(): Partial<Record<FieldName, string>> {
    const out: Partial<Record<FieldName, string>> = {};
    const u = ruleError(usernameRule, values.username);
    if (u) out.username = u;
    const pair = ruleErrors(passwordPairRule, { password: values.password, confirmPassword: values.confirmPassword });
    if (pair.password) out.password = pair.password;
    if (pair.confirmPassword) out.confirmPassword = pair.confirmPassword;
    const m = ruleError(mobileRule, values.mobile);
    if (m) out.mobile = m;
    const c = ruleError(smsCodeRule, values.code);
    if (c) out.code = c;
    if (showTerms && !agreed) out.terms = RULE_KEYS.termsRequired;
    return out;
  }

  async function submit(e: FormEvent<HTMLFormElement>): Promise<void> {
    e.preventDefault();
    if (submitting) return;
    setFormError(null);
    const keys = validate();
    const translated = Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, t(v)])) as Partial<
      Record<FieldName, string>
    >;
    setErrors(translated);
    const first = ORDER.find((f) => keys[f]);
    if (first) {
      document.getElementById(first === "terms" ? id("agree") : id(first))?.focus();
      return;
    }
    await action.run(
      async () => {
        await register({
          userName: values.username.trim(),
          password: values.password,
          confirmPassword: values.confirmPassword,
          mobile: values.mobile.trim(),
          validCode: values.code.trim(),
          agreed: showTerms ? agreed : true,
        });
        location.assign(localePath(locale, "/"));
      },
      { keepBusy: true },
    );
  }

  return (
    <form className="auth-form auth-register" noValidate onSubmit={(e) => void submit(e)} data-testid="register-form">
      <Field
        id={id("username")}
        label={t("account.username")}
        placeholder={t("account.usernamePlaceholder")}
        hint={t("account.registerForm.usernameHint")}
        autoComplete="username"
        maxLength={16}
        value={values.username}
        error={errors.username}
        onChange={(e) => set("username", e.target.value)}
      />
      <Field
        id={id("password")}
        type="password"
        label={t("account.password")}
        placeholder={t("account.passwordPlaceholder")}
        hint={t("account.registerForm.passwordHint")}
        autoComplete="new-password"
        maxLength={20}
        value={values.password}
        error={errors.password}
        onChange={(e) => set("password", e.target.value)}
      />
      <Field
        id={id("confirmPassword")}
        type="password"
        label={t("account.registerForm.confirmPassword")}
        placeholder={t("account.registerForm.confirmPasswordPlaceholder")}
        autoComplete="new-password"
        maxLength={20}
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(e) => set("confirmPassword", e.target.value)}
      />
      <Field
        id={id("mobile")}
        type="tel"
        label={t("account.mobile")}
        placeholder={t("account.mobilePlaceholder")}
        autoComplete="tel"
        maxLength={14}
        value={values.mobile}
        error={errors.mobile}
        onChange={(e) => set("mobile", e.target.value)}
      />
      <SmsCodeField
        id={id("code")}
        purpose="register"
        mobile={values.mobile}
        value={values.code}
        error={errors.code}
        onChange={(v) => set("code", v)}
        onMobileError={(key) => setErrors((prev) => ({ ...prev, mobile: key ? t(key) : undefined }))}
        onSendError={setFormError}
      />
      {showTerms && terms && (
        <TermsAgreement
          id={id("agree")}
          locale={locale}
          terms={terms}
          checked={agreed}
          onChange={(v) => {
            setAgreed(v);
            if (errors.terms) setErrors((prev) => ({ ...prev, terms: undefined }));
          }}
          error={errors.terms}
        />
      )}
      {formError && (
        <p className="auth-form-error" role="alert" data-testid="register-form-error">
          {formError}
        </p>
      )}
      <button type="submit" className="btn auth-submit" disabled={submitting} data-testid="register-submit">
        {submitting
          ? t("account.registerForm.submitting")
          : showTerms
            ? t("account.registerForm.submit")
            : t("account.registerForm.submitPlain")}
      </button>
      <p className="auth-links auth-links-center">
        <span>
          {t("account.registerForm.haveAccount")}
          <a href={localePath(locale, "/login")}>{t("account.registerForm.goLogin")}</a>
        </span>
      </p>
    </form>
  );
}
