/**
 * The address add / edit form (CONTRACT §7.3) of the address book dialog and of the checkout's
 * inline "new address": fields checked with the API's own rule (src/lib/address/address-rules.ts
 * addressFormRule), province / city / district from the area picker, "make default".
 */
import { useId, useRef, useState, type FormEvent } from "react";
import { addressFormRule, RECEIVER_MAX } from "../../lib/address/address-rules.ts";
import { ADDRESS_MAX, ADDRESS_MIN } from "../../lib/address/address-rules.ts";
import { ruleErrors } from "../../lib/rule-kit.ts";
import { toastOk } from "../common/feedback.ts";
import { useTranslation } from "../common/I18nProvider.tsx";
import { UcField, ucDescribedBy } from "../common/uc-shell.tsx";
import { useAction } from "../common/useAction.ts";
import { AreaPicker, type AreaValue } from "./AreaPicker.tsx";
import { addAddress, setDefaultAddress, updateAddress } from "../../client/data/address.ts";

export interface FormState {
  addrId: number | null;
  receiver: string;
  mobile: string;
  area: AreaValue;
  addr: string;
  postCode: string;
  makeDefault: boolean;
  wasDefault: boolean;
}

export const EMPTY: FormState = {
  addrId: null,
  receiver: "",
  mobile: "",
  area: { provinceId: null, cityId: null, areaId: null },
  addr: "",
  postCode: "",
  makeDefault: false,
  wasDefault: false,
};

type FieldName = "receiver" | "mobile" | "provinceId" | "cityId" | "areaId" | "addr" | "postCode";

/**
 * The add / edit form (also used inline by the checkout). `onSaved` gets the saved address id
 * (the new one when adding).
 */
export function AddressForm({
  initial,
  onCancel,
  onSaved,
  onGuest,
}: {
  initial: FormState;
  onCancel: () => void;
  onSaved: (addrId?: number) => Promise<void>;
  onGuest: () => void;
}) {
  const { t } = useTranslation();
  const base = useId();
  const [form, setForm] = useState<FormState>(initial);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const saver = useAction({ onGuest, fallback: t("userCenter.common.saveFailed") });
  const saving = saver.busy;
  const formRef = useRef<HTMLFormElement>(null);

  const payload = () => ({
    receiver: form.receiver,
    mobile: form.mobile,
    provinceId: form.area.provinceId ?? "",
    cityId: form.area.cityId ?? "",
    areaId: form.area.areaId ?? "",
    addr: form.addr,
    postCode: form.postCode,
  });

  const check = (only?: FieldName) => {
    const errs = ruleErrors(addressFormRule, payload()) as Partial<Record<FieldName, string>>;
    if (only) setErrors((e) => ({ ...e, [only]: errs[only] }));
    return errs;
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const errs = check();
    setErrors(errs);
    const order: FieldName[] = ["receiver", "mobile", "provinceId", "cityId", "areaId", "addr", "postCode"];
    const first = order.find((f) => errs[f]);
    if (first) {
      const sel = { provinceId: "province", cityId: "city", areaId: "area" } as Record<string, string>;
      const target = sel[first] ? `#${CSS.escape(`${base}-${sel[first]}`)}` : `[name="${first}"]`;
      formRef.current?.querySelector<HTMLElement>(target)?.focus();
      return;
    }
    await saver.run(async () => {
      const body = { ...payload(), postCode: form.postCode.trim() || undefined };
      let addrId = form.addrId;
      if (addrId) await updateAddress({ ...body, addrId });
      else addrId = await addAddress(body);
      if (form.makeDefault && !form.wasDefault && typeof addrId === "number") await setDefaultAddress(addrId);
      toastOk(t("userCenter.address.saved"));
      await onSaved(typeof addrId === "number" ? addrId : undefined);
    });
  }

  const text = (
    name: "receiver" | "mobile" | "addr" | "postCode",
    opts: {
      maxLength: number;
      autoComplete: string;
      required: boolean;
      hint?: string;
      inputMode?: "numeric" | "tel";
      textarea?: boolean;
    },
  ) => {
    const id = `${base}-${name}`;
    const err = errors[name] ? t(errors[name]!) : "";
    const describedBy = ucDescribedBy(id, opts.hint, err);
    const common = {
      id,
      name,
      value: form[name],
      maxLength: opts.maxLength,
      autoComplete: opts.autoComplete,
      required: opts.required,
      "aria-invalid": err ? true : undefined,
      "aria-describedby": describedBy,
      "data-testid": `uc-address-${name}`,
      onBlur: () => {
        if (form[name]) check(name);
      },
    };
    return (
      <UcField id={id} label={t(`userCenter.address.${name}`)} required={opts.required} hint={opts.hint} error={err}>
        {opts.textarea ? (
          <textarea
            {...common}
            className="textarea"
            rows={2}
            onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
          />
        ) : (
          <input
            {...common}
            className="input"
            type={name === "mobile" ? "tel" : "text"}
            inputMode={opts.inputMode}
            onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
          />
        )}
      </UcField>
    );
  };

  return (
    <form ref={formRef} className="uc-form uc-form-dialog" onSubmit={onSubmit} noValidate data-testid="uc-address-form">
      {text("receiver", { maxLength: RECEIVER_MAX, autoComplete: "name", required: true })}
      {text("mobile", { maxLength: 14, autoComplete: "tel", required: true, inputMode: "tel" })}
      <AreaPicker
        idBase={base}
        value={form.area}
        onChange={(area) => {
          setForm((f) => ({ ...f, area }));
          setErrors((e) => ({ ...e, provinceId: undefined, cityId: undefined, areaId: undefined }));
        }}
        errors={{
          province: errors.provinceId ? t(errors.provinceId) : "",
          city: errors.cityId ? t(errors.cityId) : "",
          area: errors.areaId ? t(errors.areaId) : "",
        }}
      />
      {text("addr", {
        maxLength: ADDRESS_MAX,
        autoComplete: "street-address",
        required: true,
        textarea: true,
        hint: t("userCenter.address.addrHint", { min: ADDRESS_MIN, max: ADDRESS_MAX }),
      })}
      {text("postCode", {
        maxLength: 6,
        autoComplete: "postal-code",
        required: false,
        inputMode: "numeric",
        hint: t("userCenter.address.postCodeHint"),
      })}
      <div className="uc-field">
        <span className="uc-label" aria-hidden="true" />
        <label className="check uc-check">
          <input
            type="checkbox"
            checked={form.makeDefault}
            disabled={form.wasDefault}
            onChange={(e) => setForm((f) => ({ ...f, makeDefault: e.target.checked }))}
            data-testid="uc-address-make-default"
          />
          {t("userCenter.address.makeDefault")}
        </label>
      </div>
      <div className="uc-dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t("userCenter.common.cancel")}
        </button>
        <button type="submit" className="btn" disabled={saving} data-testid="uc-address-save">
          {saving ? t("userCenter.common.saving") : t("userCenter.common.save")}
        </button>
      </div>
    </form>
  );
}
