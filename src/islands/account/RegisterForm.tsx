/**
 * /register (SPEC §2, §5): username (usernameRule), password + confirmation (passwordPairRule),
 * mobile (mainland / Taiwan) + SMS code with the 60 s countdown, the terms checkbox when a terms
 * switch is on. Server messages are shown above the button; success stores the token and goes
 * to the localized home.
 */
import { useState, type FormEvent } from "react";
import { typedValues, useTypedChecked } from "../common/hydration.ts";
import { localePath, type Locale } from "../../lib/locale.ts";
import { mobileRule, passwordPairRule, smsCodeRule, usernameRule } from "../../lib/account/account-rules.ts";
import { RULE_KEYS } from "../../lib/rule-keys.ts";
import { ruleError, ruleErrors } from "../../lib/rule-kit.ts";
import { termsShown, type ServiceSwitch } from "./auth-api.ts";
import { register } from "../../client/data/account.ts";
import { Field } from "./Field.tsx";
import { AuthFormFrame, MobileCodeFields, PasswordPairFields, TermsField } from "./AuthFields.tsx";
import { useAuthForm, type AuthFieldErrors } from "./useAuthForm.ts";

type FieldName = "username" | "password" | "confirmPassword" | "mobile" | "code" | "terms";
const ORDER: FieldName[] = ["username", "password", "confirmPassword", "mobile", "code", "terms"];

export interface RegisterFormProps {
  locale: Locale;
  terms: ServiceSwitch | null;
}

export function RegisterForm({ locale, terms }: RegisterFormProps) {
  const form = useAuthForm<FieldName>("register");
  const { t, errors, formError, setFormError, action, id } = form;
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
  const submitting = action.busy;
  const showTerms = termsShown(terms);

  function set(name: keyof typeof values, value: string): void {
    setValues((v) => ({ ...v, [name]: value }));
    form.clearError(name);
  }

  function validate(): AuthFieldErrors<FieldName> {
    const out: AuthFieldErrors<FieldName> = {};
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
    if (form.showErrors(validate(), ORDER)) return;
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
    <AuthFormFrame
      onSubmit={submit}
      className="auth-form auth-register"
      testId="register-form"
      formError={formError}
      errorTestId="register-form-error"
      busy={submitting}
      submitLabel={
        submitting
          ? t("account.registerForm.submitting")
          : showTerms
            ? t("account.registerForm.submit")
            : t("account.registerForm.submitPlain")
      }
      submitTestId="register-submit"
      after={
        <p className="auth-links auth-links-center">
          <span>
            {t("account.registerForm.haveAccount")}
            <a href={localePath(locale, "/login")}>{t("account.registerForm.goLogin")}</a>
          </span>
        </p>
      }
    >
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
      <PasswordPairFields
        form={form}
        label={t("account.password")}
        placeholder={t("account.passwordPlaceholder")}
        password={values.password}
        confirmPassword={values.confirmPassword}
        setPassword={(v) => set("password", v)}
        setConfirmPassword={(v) => set("confirmPassword", v)}
      />
      <MobileCodeFields
        form={form}
        purpose="register"
        mobile={[values.mobile, (v) => set("mobile", v)]}
        code={[values.code, (v) => set("code", v)]}
      />
      <TermsField form={form} locale={locale} terms={terms} checked={agreed} setChecked={setAgreed} />
    </AuthFormFrame>
  );
}
