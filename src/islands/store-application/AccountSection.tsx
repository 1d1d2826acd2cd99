/** Once approved: the store account and password (set, then change) and the link to the seller centre. */
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { checkStoreAccount, type StoreApplicationDto } from "../../lib/store-application/store-application.ts";
import { toastOk } from "../common/feedback.ts";
import { UcField } from "../common/uc-shell.tsx";
import { useAction } from "../common/useAction.ts";
import { saveStoreAccount } from "../../client/data/store-application.ts";

export function AccountSection({
  app,
  merchantPlatformUrl,
  homeHref,
  onGuest,
  onSaved,
}: {
  app: StoreApplicationDto;
  merchantPlatformUrl: string;
  homeHref: string;
  onGuest: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const base = useId();
  const [editing, setEditing] = useState(!app.storeAccount);
  const [form, setForm] = useState({ username: app.storeAccount ?? "", password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form, string>>>({});
  const saver = useAction({ onGuest, fallback: t("userCenter.common.saveFailed") });
  const saving = saver.busy;
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const { form: valid, errors: errs } = checkStoreAccount(form);
    setErrors(errs);
    if (!valid) {
      const first = (["username", "password", "confirmPassword"] as const).find((f) => errs[f]);
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    await saver.run(async () => {
      await saveStoreAccount(valid);
      toastOk(t("storeApplication.account.saved"));
      setEditing(false);
      onSaved();
    });
  }

  const input = (name: keyof typeof form, type: "text" | "password", autoComplete: string) => {
    const id = `${base}-${name}`;
    const err = errors[name] ? t(errors[name]!) : "";
    return (
      <UcField id={id} label={t(`storeApplication.fields.${name}`)} required error={err}>
        <input
          id={id}
          name={name}
          className="input"
          type={type}
          value={form[name]}
          autoComplete={autoComplete}
          placeholder={t(`storeApplication.placeholders.${name}`)}
          maxLength={name === "username" ? 20 : 12}
          aria-invalid={err ? true : undefined}
          aria-describedby={err ? `${id}-err` : undefined}
          data-testid={`sa-account-${name}`}
          onChange={(e) => {
            const value = e.target.value;
            setForm((f) => ({ ...f, [name]: value }));
          }}
        />
      </UcField>
    );
  };

  const shopHref = app.shopId ? `${homeHref.replace(/\/$/, "")}/shopIndex?sid=${app.shopId}` : null;

  return (
    <section className="sa-account" aria-labelledby="sa-account-title" data-testid="store-account">
      <h2 id="sa-account-title" className="sa-account-title">
        {t("storeApplication.accountTitle")}
      </h2>
      <p data-testid="store-account-current">
        {app.storeAccount
          ? t("storeApplication.account.current", { name: app.storeAccount })
          : t("storeApplication.account.none")}
      </p>
      {editing ? (
        <form ref={formRef} className="uc-form" onSubmit={onSubmit} noValidate data-testid="store-account-form">
          {input("username", "text", "username")}
          {input("password", "password", "new-password")}
          {input("confirmPassword", "password", "new-password")}
          <div className="uc-form-actions">
            <button type="submit" className="btn" disabled={saving} data-testid="store-account-save">
              {saving ? t("userCenter.common.saving") : t("storeApplication.account.save")}
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => setEditing(true)}
          data-testid="store-account-change"
        >
          {t("storeApplication.account.change")}
        </button>
      )}
      {app.storeAccount ? (
        <div className="sa-links">
          <a
            className="btn"
            href={merchantPlatformUrl}
            target="_blank"
            rel="noopener"
            data-testid="store-seller-centre"
          >
            {t("storeApplication.account.sellerCentre")}
          </a>
          {shopHref ? (
            <a className="btn btn-ghost" href={shopHref} data-testid="store-enter-shop">
              {t("storeApplication.account.enterShop")}
            </a>
          ) : null}
          <p className="uc-hint">{t("storeApplication.account.hint")}</p>
        </div>
      ) : null}
    </section>
  );
}
