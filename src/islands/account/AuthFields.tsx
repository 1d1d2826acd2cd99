/**
 * The fields the account forms share: mobile + SMS code (login, register, forgotten password), a
 * new password + its confirmation (register, forgotten password), the terms checkbox (login,
 * register) and the form around them with its error line and button.
 */
import type { FormEvent, ReactNode } from "react";
import type { MobileSmsPurpose } from "../../client/data/account.ts";
import type { Locale } from "../../lib/locale.ts";
import { termsShown, type ServiceSwitch } from "./auth-api.ts";
import { Field, type FieldProps } from "./Field.tsx";
import { SmsCodeField } from "./SmsCodeButton.tsx";
import { TermsAgreement } from "./TermsAgreement.tsx";
import type { AuthForm } from "./useAuthForm.ts";

type MobileCodeForm = AuthForm<"mobile" | "code">;

export interface MobileCodeFieldsProps {
  form: MobileCodeForm;
  purpose: MobileSmsPurpose;
  /** The mobile number and its setter. */
  mobile: readonly [string, (value: string) => void];
  /** The SMS code and its setter. */
  code: readonly [string, (value: string) => void];
  /** The mobile input's own attributes (length, keyboard, focus). */
  mobileInput?: Pick<FieldProps, "inputMode" | "maxLength" | "autoFocus">;
}

export function MobileCodeFields({
  form,
  purpose,
  mobile: [mobile, setMobile],
  code: [code, setCode],
  mobileInput,
}: MobileCodeFieldsProps) {
  const { t, id, errors } = form;
  return (
    <>
      <Field
        key="mobile"
        id={id("mobile")}
        type="tel"
        maxLength={14}
        {...mobileInput}
        label={t("account.mobile")}
        placeholder={t("account.mobilePlaceholder")}
        autoComplete="tel"
        value={mobile}
        error={errors.mobile}
        onChange={(e) => {
          setMobile(e.target.value);
          form.clearError("mobile");
        }}
      />
      <SmsCodeField
        key="code"
        id={id("code")}
        purpose={purpose}
        mobile={mobile}
        value={code}
        error={errors.code}
        onChange={(v) => {
          setCode(v);
          form.clearError("code");
        }}
        onMobileError={form.setMobileError}
        onSendError={form.setFormError}
      />
    </>
  );
}

type PasswordPairForm = AuthForm<"password" | "confirmPassword">;

export interface PasswordPairFieldsProps {
  form: PasswordPairForm;
  /** The first field's label and placeholder (the register form's password, or a new password). */
  label: string;
  placeholder: string;
  password: string;
  confirmPassword: string;
  setPassword: (value: string) => void;
  setConfirmPassword: (value: string) => void;
}

export function PasswordPairFields(props: PasswordPairFieldsProps) {
  const { form, password, confirmPassword } = props;
  const { t, id, errors } = form;
  return (
    <>
      <Field
        id={id("password")}
        type="password"
        label={props.label}
        placeholder={props.placeholder}
        hint={t("account.registerForm.passwordHint")}
        autoComplete="new-password"
        maxLength={20}
        value={password}
        error={errors.password}
        onChange={(e) => {
          props.setPassword(e.target.value);
          form.clearError("password");
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
          props.setConfirmPassword(e.target.value);
          form.clearError("confirmPassword");
        }}
      />
    </>
  );
}

export interface AuthFormFrameProps {
  onSubmit: (e: FormEvent<HTMLFormElement>) => Promise<void>;
  className?: string;
  testId: string;
  /** The form's own error line (a refusal of the server, or "failed"). */
  formError: string | null;
  errorTestId: string;
  busy: boolean;
  submitLabel: string;
  submitTestId: string;
  /** The fields. */
  children: ReactNode;
  /** Shown under the button (links to the other account pages). */
  after?: ReactNode;
}

/** An account form: its fields, its error line and its submit button. */
export function AuthFormFrame(props: AuthFormFrameProps) {
  const { formError, busy } = props;
  return (
    <form
      className={props.className ?? "auth-form"}
      noValidate
      onSubmit={(e) => void props.onSubmit(e)}
      data-testid={props.testId}
    >
      {props.children}
      {formError && (
        <p className="auth-form-error" role="alert" data-testid={props.errorTestId}>
          {formError}
        </p>
      )}
      <button type="submit" className="btn auth-submit" disabled={busy} data-testid={props.submitTestId}>
        {props.submitLabel}
      </button>
      {props.after}
    </form>
  );
}

export interface TermsFieldProps {
  form: AuthForm<"terms">;
  locale: Locale;
  /** Terms switches; null while unknown (no checkbox). */
  terms: ServiceSwitch | null;
  checked: boolean;
  setChecked: (checked: boolean) => void;
}

/** The terms checkbox, when a terms switch is on. */
export function TermsField({ form, locale, terms, checked, setChecked }: TermsFieldProps) {
  if (!terms || !termsShown(terms)) return null;
  return (
    <TermsAgreement
      id={form.id("agree")}
      locale={locale}
      terms={terms}
      checked={checked}
      onChange={(v) => {
        setChecked(v);
        form.clearError("terms");
      }}
      error={form.errors.terms}
    />
  );
}
