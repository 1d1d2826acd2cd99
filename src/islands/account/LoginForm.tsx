/**
 * The login form of the popup and of /login (SPEC §2, §5): an account tab (username + password)
 * and a mobile tab (mobile, max length 11, + SMS code with a 60 s countdown), the terms checkbox
 * when a terms switch is on, and links to register / forgot password. Client checks use
 * loginFormError (codes 1, 2, 3, 4, 6); server messages are shown above the button.
 */
import { useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useTypedChecked, useTypedState } from "../common/hydration.ts";
import { LOGIN_MOBILE_MAXLENGTH } from "../../lib/account/account-rules.ts";
import { localePath, type Locale } from "../../lib/locale.ts";
import { loginErrorKey, loginFormError, type LoginTab } from "../../lib/account/account-rules.ts";
import { termsShown, type ServiceSwitch } from "./auth-api.ts";
import { loginByPassword, loginBySms } from "../../client/data/account.ts";
import { Field } from "./Field.tsx";
import { AuthFormFrame, MobileCodeFields, TermsField } from "./AuthFields.tsx";
import { useAuthForm } from "./useAuthForm.ts";

type FieldName = "username" | "password" | "mobile" | "code" | "terms";
const FIELD_OF_CODE: Record<1 | 2 | 3 | 4 | 6, FieldName> = {
  1: "mobile",
  2: "code",
  3: "username",
  4: "password",
  6: "terms",
};

export interface LoginFormProps {
  /** Prefix of element ids (the popup and the page may both be on one page). */
  idPrefix: string;
  locale: Locale;
  /** Terms switches; null while unknown (no checkbox). */
  terms: ServiceSwitch | null;
  /** Called after the token was stored. */
  onSuccess: () => void;
  /** Focus the first input when shown. */
  autoFocus?: boolean;
}

export function LoginForm({ idPrefix, locale, terms, onSuccess, autoFocus }: LoginFormProps) {
  const form = useAuthForm<FieldName>(idPrefix);
  const { t, errors, setErrors, formError, setFormError, action, id, clearError } = form;
  const [tab, setTab] = useState<LoginTab>("account");
  // Text typed before hydration is kept (server-rendered on /login).
  const [username, setUsername] = useTypedState(`${idPrefix}-username`);
  const [password, setPassword] = useTypedState(`${idPrefix}-password`);
  const [mobile, setMobile] = useTypedState(`${idPrefix}-mobile`);
  const [code, setCode] = useTypedState(`${idPrefix}-code`);
  const [agreed, setAgreed] = useTypedChecked(`${idPrefix}-agree`);
  const submitting = action.busy;
  const tabRefs = { account: useRef<HTMLButtonElement>(null), mobile: useRef<HTMLButtonElement>(null) };
  const showTerms = termsShown(terms);

  function selectTab(next: LoginTab, focus = false): void {
    setTab(next);
    setErrors({});
    setFormError(null);
    if (focus) tabRefs[next].current?.focus();
  }

  function onTabKey(e: KeyboardEvent<HTMLButtonElement>): void {
    if (e.key === "ArrowRight" || e.key === "ArrowLeft" || e.key === "Home" || e.key === "End") {
      e.preventDefault();
      selectTab(tab === "account" ? "mobile" : "account", true);
    }
  }

  async function submit(e: FormEvent<HTMLFormElement>): Promise<void> {
    e.preventDefault();
    if (submitting) return;
    setFormError(null);
    const problem = loginFormError({ tab, username, password, mobile, code, termsRequired: showTerms, agreed });
    if (problem !== 0) {
      const field = FIELD_OF_CODE[problem];
      form.showErrors({ [field]: loginErrorKey(problem)! }, [field]);
      return;
    }
    setErrors({});
    await action.run(
      async () => {
        if (tab === "account") await loginByPassword(username.trim(), password);
        else await loginBySms(mobile.trim(), code.trim());
        onSuccess();
      },
      { keepBusy: true },
    );
  }

  const tabButton = (name: LoginTab, label: string) => (
    <button
      ref={tabRefs[name]}
      type="button"
      role="tab"
      id={id(`tab-${name}`)}
      aria-selected={tab === name}
      aria-controls={id("panel")}
      tabIndex={tab === name ? 0 : -1}
      className={`auth-tab${tab === name ? " active" : ""}`}
      data-testid={`login-tab-${name}`}
      onClick={() => selectTab(name)}
      onKeyDown={onTabKey}
    >
      {label}
    </button>
  );

  return (
    <div className="auth-login">
      <div className="auth-tabs" role="tablist" aria-label={t("account.tabsLabel")}>
        {tabButton("account", t("account.tabAccount"))}
        {tabButton("mobile", t("account.tabMobile"))}
      </div>
      {/* HTML allows no tabpanel role on <form>: the panel is a <div> around it. */}
      <div id={id("panel")} role="tabpanel" aria-labelledby={id(`tab-${tab}`)}>
        <AuthFormFrame
          onSubmit={submit}
          testId="login-form"
          formError={formError}
          errorTestId="login-form-error"
          busy={submitting}
          submitLabel={submitting ? t("account.loggingIn") : t("account.login")}
          submitTestId="login-submit"
          after={
            <div className="auth-links">
              <span>
                {t("account.noAccount")}
                <a href={localePath(locale, "/register")} data-testid="login-register-link">
                  {t("account.register")}
                </a>
              </span>
              <a href={localePath(locale, "/forget-password")} data-testid="login-forget-link">
                {t("account.forgotPassword")}
              </a>
            </div>
          }
        >
          {tab === "account" ? (
            <>
              <Field
                key="username"
                id={id("username")}
                label={t("account.username")}
                placeholder={t("account.usernamePlaceholder")}
                autoComplete="username"
                autoFocus={autoFocus}
                value={username}
                error={errors.username}
                onChange={(e) => {
                  setUsername(e.target.value);
                  clearError("username");
                }}
              />
              <Field
                key="password"
                id={id("password")}
                type="password"
                label={t("account.password")}
                placeholder={t("account.passwordPlaceholder")}
                autoComplete="current-password"
                value={password}
                error={errors.password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  clearError("password");
                }}
              />
            </>
          ) : (
            <MobileCodeFields
              form={form}
              purpose="login"
              mobile={[mobile, setMobile]}
              code={[code, setCode]}
              mobileInput={{ inputMode: "numeric", maxLength: LOGIN_MOBILE_MAXLENGTH, autoFocus }}
            />
          )}
          <TermsField form={form} locale={locale} terms={terms} checked={agreed} setChecked={setAgreed} />
        </AuthFormFrame>
      </div>
    </div>
  );
}
