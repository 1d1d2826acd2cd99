/**
 * /user-center/uc-password. With a password (centerInfo.isSetPassword): old + new + confirm.
 * Without one: an SMS code to the account's mobile (60 s resend countdown) + new + confirm.
 * PUT /p/user/updatePassword answers a fresh token (the old sessions are ended): it is stored.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { setToken } from "../../client/token.ts";
import { SMS_RESEND_SECONDS } from "../../lib/account/account-rules.ts";
import { passwordPairRule } from "../../lib/account/account-rules.ts";
import { ruleErrors } from "../../lib/rule-kit.ts";
import { toastOk } from "../common/feedback.ts";
import { useSession, useUcLoad } from "../common/session.ts";
import { UcField, UcLoadGate, UcPanel, UcRoot, ucDescribedBy } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import { useAction } from "../common/useAction.ts";
import { getCenterInfo, sendPasswordCode, updatePassword } from "../../client/data/account.ts";

export default function Password(props: UcIslandProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <PasswordBody />
    </UcRoot>
  );
}

function PasswordBody() {
  const { t } = useTranslation();
  const session = useSession();
  const load = useUcLoad(session, () => getCenterInfo());
  const { data, setData } = load;
  return (
    <UcPanel title={t("userCenter.password.title")} testId="uc-password">
      <UcLoadGate state={session.state} load={load}>
        {data ? (
          <PasswordForm
            hasPassword={Boolean(data.isSetPassword)}
            onGuest={session.markGuest}
            onDone={() => setData({ ...data, isSetPassword: true })}
          />
        ) : null}
      </UcLoadGate>
    </UcPanel>
  );
}

type Field = "oldPassword" | "validCode" | "password" | "confirmPassword";

function PasswordForm({
  hasPassword,
  onGuest,
  onDone,
}: {
  hasPassword: boolean;
  onGuest: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const base = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    oldPassword: "",
    validCode: "",
    password: "",
    confirmPassword: "",
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [countdown, setCountdown] = useState(0);
  const sender = useAction({ onGuest, fallback: t("userCenter.password.codeFailed") });
  const sending = sender.busy;
  const saver = useAction({ onGuest, fallback: t("userCenter.common.saveFailed") });
  const saving = saver.busy;
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const set = (f: Field, v: string) => {
    setValues((s) => ({ ...s, [f]: v }));
    if (errors[f]) setErrors((e) => ({ ...e, [f]: undefined }));
  };

  async function sendCode() {
    if (countdown > 0 || sending) return;
    await sender.run(async () => {
      await sendPasswordCode();
      setCountdown(SMS_RESEND_SECONDS);
      toastOk(t("userCenter.password.codeSent"));
    });
  }

  function validate(): Partial<Record<Field, string>> {
    const out: Partial<Record<Field, string>> = {};
    if (hasPassword && !values.oldPassword) out.oldPassword = "userCenter.password.oldRequired";
    if (!hasPassword && !/^\d{6}$/.test(values.validCode.trim()))
      out.validCode = values.validCode.trim() ? "rules.smsCodeInvalid" : "rules.smsCodeRequired";
    const pair = ruleErrors(passwordPairRule, { password: values.password, confirmPassword: values.confirmPassword });
    if (pair.password) out.password = pair.password;
    if (pair.confirmPassword) out.confirmPassword = pair.confirmPassword;
    if (!out.password && hasPassword && values.password === values.oldPassword)
      out.password = "userCenter.password.sameAsOld";
    return out;
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const errs = validate();
    setErrors(errs);
    const first = (Object.keys(errs) as Field[])[0];
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    await saver.run(async () => {
      const body = hasPassword
        ? { oldPassword: values.oldPassword, newPassword: values.password, confirmPassword: values.confirmPassword }
        : { validCode: values.validCode.trim(), newPassword: values.password, confirmPassword: values.confirmPassword };
      const res = await updatePassword(body);
      if (res?.accessToken) setToken(res.accessToken, res.expiresIn ?? 2_592_000);
      setValues({ oldPassword: "", validCode: "", password: "", confirmPassword: "" });
      setCountdown(0);
      toastOk(t("userCenter.password.done"));
      onDone();
    });
  }

  const field = (
    name: Field,
    label: string,
    opts: { autoComplete: string; type?: string; hint?: string; extra?: ReactNode; inputMode?: "numeric" },
  ) => {
    const id = `${base}-${name}`;
    const err = errors[name] ? t(errors[name]!) : "";
    const describedBy = ucDescribedBy(id, opts.hint, err);
    return (
      <UcField id={id} label={label} hint={opts.hint} error={err}>
        <div className="uc-inline">
          <input
            id={id}
            name={name}
            className="input"
            type={opts.type ?? "password"}
            value={values[name]}
            autoComplete={opts.autoComplete}
            inputMode={opts.inputMode}
            maxLength={name === "validCode" ? 6 : 20}
            required
            aria-invalid={err ? true : undefined}
            aria-describedby={describedBy}
            data-testid={`uc-pw-${name}`}
            onChange={(e) => set(name, e.target.value)}
          />
          {opts.extra}
        </div>
      </UcField>
    );
  };

  return (
    <form
      ref={formRef}
      className="uc-form"
      onSubmit={onSubmit}
      noValidate
      data-testid="uc-password-form"
      data-mode={hasPassword ? "old" : "sms"}
    >
      {!hasPassword ? <p className="uc-note">{t("userCenter.password.noPasswordHint")}</p> : null}
      {hasPassword
        ? field("oldPassword", t("userCenter.password.old"), { autoComplete: "current-password" })
        : field("validCode", t("userCenter.password.code"), {
            autoComplete: "one-time-code",
            type: "text",
            inputMode: "numeric",
            extra: (
              <button
                type="button"
                className="btn btn-ghost uc-code-btn"
                onClick={() => void sendCode()}
                disabled={countdown > 0 || sending}
                data-testid="uc-pw-send-code"
              >
                {countdown > 0
                  ? t("userCenter.password.resendIn", { seconds: countdown })
                  : t("userCenter.password.sendCode")}
              </button>
            ),
          })}
      {field("password", t("userCenter.password.new"), {
        autoComplete: "new-password",
        hint: t("userCenter.password.ruleHint"),
      })}
      {field("confirmPassword", t("userCenter.password.confirm"), { autoComplete: "new-password" })}
      <div className="uc-form-actions">
        <button type="submit" className="btn" disabled={saving} data-testid="uc-password-save">
          {saving ? t("userCenter.common.saving") : t("userCenter.password.submit")}
        </button>
      </div>
    </form>
  );
}
