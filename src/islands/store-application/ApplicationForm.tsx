/** The store application form (first time, or pre-filled after a rejection): the SPEC §5 rules and image uploads with preview. */
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { ADDRESS_MAX } from "../../lib/address/address-rules.ts";
import { STORE_DESC_MAX, STORE_NAME_MAX } from "../../lib/store-application/store-application.ts";
import {
  APPLY_TYPES,
  checkStoreApplication,
  isStoreImagePath,
  STORE_IMAGE_FIELDS,
  STORE_IMAGE_FOLDERS,
  type StoreApplicationDto,
  type StoreApplicationField,
  type StoreImageField,
} from "../../lib/store-application/store-application.ts";
import { PhotoUpload } from "../common/PhotoUpload.tsx";
import { AreaPicker, type AreaValue } from "../address/AreaPicker.tsx";
import { toastOk } from "../common/feedback.ts";
import { UcField } from "../common/uc-shell.tsx";
import { useAction } from "../common/useAction.ts";
import { submitStoreApplication } from "../../client/data/store-application.ts";

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

export function ApplicationForm({
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
      <UcField id={id} label={label} required hint={opts.hint} error={err} labelId={`${id}-label`} group={opts.group}>
        {control}
      </UcField>
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
