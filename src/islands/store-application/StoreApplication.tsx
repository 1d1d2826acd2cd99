/**
 * /user-center/uc-shopaccount — the whole "open a store" flow of the buyer (SPEC §2 "store
 * application" and "store account and password settings"): the application's state and what to
 * do next; the application form (first time, or pre-filled after a rejection to modify and
 * resubmit) with the SPEC §5 rules of src/lib/store-application/store-application.ts and image uploads with
 * preview; once approved, the store account and password (set, then change) and the link to the
 * seller centre. Loads GET /p/storeApplication; writes POST /p/storeApplication, PUT /p/storeAccount.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { ADDRESS_MAX, STORE_DESC_MAX, STORE_NAME_MAX } from "../../lib/constants.ts";
import {
  APPLY_TYPES,
  checkStoreAccount,
  checkStoreApplication,
  isStoreImagePath,
  STORE_IMAGE_FIELDS,
  STORE_IMAGE_FOLDERS,
  storeNextStep,
  type StoreApplicationDto,
  type StoreApplicationField,
  type StoreImageField,
  type StoreNextStep,
} from "../../lib/store-application/store-application.ts";
import { PhotoUpload } from "../common/PhotoUpload.tsx";
import { AreaPicker, type AreaValue } from "../address/AreaPicker.tsx";
import { toastOk } from "../common/feedback.ts";
import { useSession, useUcLoad } from "../common/session.ts";
import { FieldError, UcGate, UcPanel, UcRoot } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import { useAction } from "../common/useAction.ts";
import { formatDateTime } from "../../lib/date-format.ts";
import "./store-application.css";
import { getStoreApplication, saveStoreAccount, submitStoreApplication } from "../../client/data/store-application.ts";

export interface StoreApplicationProps extends UcIslandProps {
  /** The seller centre (MERCHANT_PLATFORM_URL). */
  merchantPlatformUrl: string;
}

export default function StoreApplication(props: StoreApplicationProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <Body merchantPlatformUrl={props.merchantPlatformUrl} homeHref={props.homeHref} />
    </UcRoot>
  );
}

function Body({ merchantPlatformUrl, homeHref }: { merchantPlatformUrl: string; homeHref: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const { data, setData, error, loading, reload } = useUcLoad(session, async () => ({
    app: await getStoreApplication(),
  }));
  const app = data?.app ?? null;
  const step: StoreNextStep = storeNextStep(
    app ? app.status : null,
    app?.shopStatus ?? null,
    Boolean(app?.storeAccount),
  );
  const approved = app?.status === 1;

  return (
    <UcPanel
      title={approved ? t("storeApplication.accountTitle") : t("storeApplication.title")}
      testId="store-application"
    >
      <UcGate
        state={session.state}
        error={error}
        loading={loading || (session.state === "ready" && !data)}
        onRetry={reload}
      >
        {data ? (
          <div className="sa-body">
            <StatePanel app={app} step={step} />
            {step === "apply" || step === "resubmit" ? (
              <ApplicationForm app={app} onGuest={session.markGuest} onSubmitted={(next) => setData({ app: next })} />
            ) : null}
            {approved && app ? (
              <AccountSection
                app={app}
                merchantPlatformUrl={merchantPlatformUrl}
                homeHref={homeHref}
                onGuest={session.markGuest}
                onSaved={reload}
              />
            ) : null}
          </div>
        ) : null}
      </UcGate>
    </UcPanel>
  );
}

const time = (s: string | null) => formatDateTime(s);

function StatePanel({ app, step }: { app: StoreApplicationDto | null; step: StoreNextStep }) {
  const { t } = useTranslation();
  const tone =
    step === "resubmit" || step === "offline" || step === "suspended" ? "warn" : step === "open" ? "ok" : "info";
  return (
    <section
      className={`sa-state sa-state-${tone}`}
      aria-labelledby="sa-state-title"
      data-testid="store-application-state"
      data-step={step}
    >
      <h2 id="sa-state-title" className="sa-state-title">
        {t("storeApplication.state.title")}
        {app ? (
          <span className="sa-badge" data-testid="store-application-status">
            {t(`storeApplication.status.${app.status}`)}
            {app.shopStatus !== null ? ` · ${t(`storeApplication.shopStatus.${app.shopStatus}`)}` : ""}
          </span>
        ) : null}
      </h2>
      <p data-testid="store-application-next">{t(`storeApplication.state.${step}`)}</p>
      {step === "resubmit" && app?.rejectReason ? (
        <p className="sa-reason" data-testid="store-application-reason">
          {t("storeApplication.state.reason", { reason: app.rejectReason })}
        </p>
      ) : null}
      {app ? (
        <dl className="sa-summary">
          <div>
            <dt>{t("storeApplication.fields.shopName")}</dt>
            <dd>{app.shopName}</dd>
          </div>
          <div>
            <dt>{t("storeApplication.summary.submitTime")}</dt>
            <dd>{time(app.submitTime)}</dd>
          </div>
          {app.reviewTime ? (
            <div>
              <dt>{t("storeApplication.summary.reviewTime")}</dt>
              <dd>{time(app.reviewTime)}</dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p className="uc-muted">{t("storeApplication.intro")}</p>
      )}
    </section>
  );
}

interface FormState {
  shopName: string;
  mobile: string;
  area: AreaValue;
  addr: string;
  intro: string;
  type: number;
  images: Record<StoreImageField, string>;
}

function initialForm(app: StoreApplicationDto | null): FormState {
  if (!app) {
    return {
      shopName: "",
      mobile: "",
      area: { provinceId: null, cityId: null, areaId: null },
      addr: "",
      intro: "",
      type: 0,
      images: { shopLogo: "", businessLicense: "", identityCardFront: "", identityCardLater: "" },
    };
  }
  return {
    shopName: app.shopName,
    mobile: app.mobile,
    area: { provinceId: app.provinceId, cityId: app.cityId, areaId: app.areaId },
    addr: app.addr,
    intro: app.intro,
    type: app.type,
    // Only documents the upload endpoint stored can be sent again; anything else is asked for anew.
    images: Object.fromEntries(STORE_IMAGE_FIELDS.map((f) => [f, isStoreImagePath(app[f], f) ? app[f] : ""])) as Record<
      StoreImageField,
      string
    >,
  };
}

const FIELD_ORDER: readonly StoreApplicationField[] = [
  "shopName",
  "mobile",
  "areaId",
  "addr",
  "intro",
  "type",
  ...STORE_IMAGE_FIELDS,
];

function ApplicationForm({
  app,
  onGuest,
  onSubmitted,
}: {
  app: StoreApplicationDto | null;
  onGuest: () => void;
  onSubmitted: (app: StoreApplicationDto) => void;
}) {
  const { t } = useTranslation();
  const base = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<FormState>(() => initialForm(app));
  const [errors, setErrors] = useState<Partial<Record<StoreApplicationField, string>>>({});
  const saver = useAction({ onGuest, fallback: t("userCenter.common.saveFailed") });
  const saving = saver.busy;

  const payload = () => ({
    shopName: form.shopName,
    mobile: form.mobile,
    provinceId: form.area.provinceId,
    cityId: form.area.cityId,
    areaId: form.area.areaId,
    addr: form.addr,
    intro: form.intro,
    type: form.type,
    ...form.images,
  });

  const checkOne = (field: StoreApplicationField) => {
    const errs = checkStoreApplication(payload()).errors;
    setErrors((e) => ({ ...e, [field]: errs[field] }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const { form: valid, errors: errs } = checkStoreApplication(payload());
    setErrors(errs);
    const first = FIELD_ORDER.find((f) => errs[f]);
    if (!valid || first) {
      const target = first === "areaId" ? `#${CSS.escape(`${base}-province`)}` : `[name="${first}"]`;
      formRef.current?.querySelector<HTMLElement>(target)?.focus();
      return;
    }
    await saver.run(async () => {
      const next = await submitStoreApplication(valid);
      toastOk(t("storeApplication.submitted"));
      onSubmitted(next);
    });
  }

  const field = (
    name: StoreApplicationField,
    label: string,
    control: ReactNode,
    opts: { hint?: string; group?: boolean } = {},
  ) => {
    const id = `${base}-${name}`;
    const err = errors[name] ? t(errors[name]!) : "";
    return (
      <div
        className="uc-field"
        role={opts.group ? "group" : undefined}
        aria-labelledby={opts.group ? `${id}-label` : undefined}
      >
        <label className="uc-label" id={`${id}-label`} htmlFor={opts.group ? undefined : id}>
          {label}
          <span className="uc-required" aria-hidden="true">
            *
          </span>
        </label>
        <div className="uc-control">
          {control}
          {opts.hint ? (
            <p id={`${id}-hint`} className="uc-hint">
              {opts.hint}
            </p>
          ) : null}
          <FieldError id={`${id}-err`} message={err} />
        </div>
      </div>
    );
  };

  const textProps = (name: "shopName" | "mobile" | "addr" | "intro", hint: boolean) => {
    const id = `${base}-${name}`;
    const err = errors[name];
    return {
      id,
      name,
      value: form[name],
      required: true,
      placeholder: t(`storeApplication.placeholders.${name}`),
      "aria-invalid": err ? true : undefined,
      "aria-describedby": [hint ? `${id}-hint` : "", err ? `${id}-err` : ""].filter(Boolean).join(" ") || undefined,
      "data-testid": `sa-${name}`,
      onBlur: () => {
        if (form[name]) checkOne(name);
      },
    };
  };

  // A shown message follows the typing (so it is already gone, not removed by the blur, when the
  // person clicks the next field: no layout jump under the pointer).
  const setText = (name: "shopName" | "mobile" | "addr" | "intro") => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setForm((f) => ({ ...f, [name]: value }));
    if (errors[name])
      setErrors((er) => ({ ...er, [name]: checkStoreApplication({ ...payload(), [name]: value }).errors[name] }));
  };

  const uploadTexts = {
    add: t("storeApplication.upload.choose"),
    uploading: t("storeApplication.upload.uploading"),
    remove: () => t("userCenter.common.delete"),
    format: t("storeApplication.upload.format"),
    size: t("storeApplication.upload.size"),
    failed: t("storeApplication.upload.failed"),
  };

  return (
    <form ref={formRef} className="uc-form sa-form" onSubmit={onSubmit} noValidate data-testid="store-application-form">
      {field(
        "shopName",
        t("storeApplication.fields.shopName"),
        <input
          {...textProps("shopName", true)}
          className="input"
          type="text"
          autoComplete="organization"
          onChange={setText("shopName")}
        />,
        {
          hint: t("storeApplication.counter", { n: [...form.shopName.trim()].length, max: STORE_NAME_MAX }),
        },
      )}
      {field(
        "mobile",
        t("storeApplication.fields.mobile"),
        <input
          {...textProps("mobile", false)}
          className="input"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={14}
          onChange={setText("mobile")}
        />,
      )}
      <AreaPicker
        idBase={base}
        value={form.area}
        onChange={(area) => {
          setForm((f) => ({ ...f, area }));
          setErrors((e) => ({ ...e, areaId: undefined }));
        }}
        errors={{ area: errors.areaId ? t(errors.areaId) : "" }}
      />
      {field(
        "addr",
        t("storeApplication.fields.addr"),
        <input
          {...textProps("addr", false)}
          className="input sa-wide"
          type="text"
          autoComplete="street-address"
          maxLength={ADDRESS_MAX}
          onChange={setText("addr")}
        />,
      )}
      {field(
        "intro",
        t("storeApplication.fields.intro"),
        <textarea {...textProps("intro", true)} className="textarea" rows={4} onChange={setText("intro")} />,
        {
          hint: t("storeApplication.counter", { n: [...form.intro.trim()].length, max: STORE_DESC_MAX }),
        },
      )}
      {field(
        "type",
        t("storeApplication.fields.type"),
        <div className="uc-radios choice-group">
          {APPLY_TYPES.map((ty) => (
            <label key={ty} className="choice">
              <input
                type="radio"
                name="type"
                value={ty}
                checked={form.type === ty}
                onChange={() => setForm((f) => ({ ...f, type: ty }))}
                data-testid={`sa-type-${ty}`}
              />
              {t(`storeApplication.types.${ty}`)}
            </label>
          ))}
        </div>,
        { group: true },
      )}
      {STORE_IMAGE_FIELDS.map((name) => (
        <div key={name}>
          {field(
            name,
            t(`storeApplication.fields.${name}`),
            <div className="sa-image">
              <input type="hidden" name={name} value={form.images[name]} />
              <PhotoUpload
                folder={STORE_IMAGE_FOLDERS[name]}
                max={1}
                value={form.images[name] ? [form.images[name]] : []}
                onChange={(paths) => {
                  setForm((f) => ({ ...f, images: { ...f.images, [name]: paths[0] ?? "" } }));
                  setErrors((e) => ({ ...e, [name]: undefined }));
                }}
                texts={uploadTexts}
                onUnauthorized={onGuest}
                testId={`sa-${name}`}
              />
            </div>,
            { group: true, hint: t("storeApplication.upload.hint") },
          )}
        </div>
      ))}
      <div className="uc-form-actions">
        <button type="submit" className="btn" disabled={saving} data-testid="store-application-submit">
          {saving
            ? t("storeApplication.submitting")
            : app
              ? t("storeApplication.resubmit")
              : t("storeApplication.submit")}
        </button>
      </div>
    </form>
  );
}

function AccountSection({
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
      <div className="uc-field">
        <label className="uc-label" htmlFor={id}>
          {t(`storeApplication.fields.${name}`)}
          <span className="uc-required" aria-hidden="true">
            *
          </span>
        </label>
        <div className="uc-control">
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
          <FieldError id={`${id}-err`} message={err} />
        </div>
      </div>
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
