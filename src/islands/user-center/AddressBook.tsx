/**
 * /user-center/uc-address: the address book (CONTRACT §7.3). The list comes default-first from
 * GET /p/address/list; add / edit in a dialog whose fields are checked with the API's own rule
 * (src/lib/address/address-rules.ts addressFormRule); delete asks first; "set as default". At most
 * ADDRESS_COUNT_MAX addresses: the count is shown and "add" is disabled at the limit.
 */
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { del, get, post, put } from "../../client/api.ts";
import { ADDRESS_COUNT_MAX, addressFormRule, RECEIVER_MAX } from "../../lib/address/address-rules.ts";
import { ADDRESS_MAX, ADDRESS_MIN } from "../../lib/constants.ts";
import { ruleErrors } from "../../lib/rules.ts";
import { AreaPicker, type AreaValue } from "./AreaPicker.tsx";
import { ConfirmDialog, FieldError, isUnauthorized, Modal, reportError, toastOk, UcGate, UcPanel, UcRoot, useConfirm, useSession, useUcLoad } from "./shared.tsx";
import type { Address, UcIslandProps } from "./types.ts";

export default function AddressBook(props: UcIslandProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <AddressBody />
    </UcRoot>
  );
}

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

function AddressBody() {
  const { t } = useTranslation();
  const session = useSession();
  const { data, setData, error, loading, reload } = useUcLoad(session, () => get<Address[]>("/p/address/list"));
  const [editing, setEditing] = useState<FormState | null>(null);
  const { ask, confirm } = useConfirm();
  const list = data ?? [];
  const full = list.length >= ADDRESS_COUNT_MAX;

  async function refresh() {
    try {
      setData(await get<Address[]>("/p/address/list"));
    } catch (e) {
      if (isUnauthorized(e)) session.markGuest();
    }
  }

  function remove(a: Address) {
    ask(t("userCenter.address.deleteConfirm", { receiver: a.receiver }), async () => {
      try {
        await del(`/p/address/deleteAddr/${a.addrId}`);
        toastOk(t("userCenter.address.deleted"));
        await refresh();
      } catch (e) {
        if (isUnauthorized(e)) return session.markGuest();
        reportError(e, t("userCenter.common.actionFailed"));
      }
    });
  }

  async function makeDefault(a: Address) {
    try {
      await put(`/p/address/defaultAddr/${a.addrId}`);
      toastOk(t("userCenter.address.defaultDone"));
      await refresh();
    } catch (e) {
      if (isUnauthorized(e)) return session.markGuest();
      reportError(e, t("userCenter.common.actionFailed"));
    }
  }

  async function openEdit(a: Address) {
    try {
      const full = await get<Address>(`/p/address/addrInfo/${a.addrId}`);
      setEditing({
        addrId: full.addrId,
        receiver: full.receiver,
        mobile: full.mobile,
        area: { provinceId: full.provinceId, cityId: full.cityId, areaId: full.areaId },
        addr: full.addr,
        postCode: full.postCode ?? "",
        makeDefault: full.commonAddr === 1,
        wasDefault: full.commonAddr === 1,
      });
    } catch (e) {
      if (isUnauthorized(e)) return session.markGuest();
      reportError(e, t("userCenter.common.loadFailed"));
    }
  }

  const addButton = (
    <button
      type="button"
      className="btn"
      disabled={session.state !== "ready" || !data || full}
      onClick={() => setEditing({ ...EMPTY, makeDefault: list.length === 0 })}
      data-testid="uc-address-add"
    >
      {t("userCenter.address.add")}
    </button>
  );

  return (
    <UcPanel title={t("userCenter.address.title")} actions={addButton} testId="uc-address">
      <UcGate state={session.state} error={error} loading={loading || (session.state === "ready" && !data)} onRetry={reload}>
        <p className="uc-muted uc-addr-count" data-testid="uc-address-count">
          {full ? t("userCenter.address.full", { max: ADDRESS_COUNT_MAX }) : t("userCenter.address.count", { n: list.length, max: ADDRESS_COUNT_MAX })}
        </p>
        {list.length === 0 ? (
          <p className="empty-state" data-testid="uc-address-empty">
            {t("userCenter.address.empty")}
          </p>
        ) : (
          <ul className="uc-addr-list" data-testid="uc-address-list">
            {list.map((a) => (
              <li key={a.addrId} className={`uc-addr${a.commonAddr === 1 ? " is-default" : ""}`} data-testid="uc-address-item" data-addr-id={a.addrId}>
                <div className="uc-addr-main">
                  <p className="uc-addr-who">
                    <strong>{a.receiver}</strong>
                    <span>{a.mobile}</span>
                    {a.commonAddr === 1 ? (
                      <span className="uc-badge" data-testid="uc-address-default">
                        {t("userCenter.address.default")}
                      </span>
                    ) : null}
                  </p>
                  <p className="uc-addr-text">
                    {a.province} {a.city} {a.area} {a.addr}
                    {a.postCode ? <span className="uc-muted"> ({a.postCode})</span> : null}
                  </p>
                </div>
                <div className="uc-addr-ops">
                  {a.commonAddr !== 1 ? (
                    <button type="button" className="uc-link-btn" onClick={() => void makeDefault(a)} data-testid="uc-address-set-default">
                      {t("userCenter.address.setDefault")}
                    </button>
                  ) : null}
                  <button type="button" className="uc-link-btn" onClick={() => void openEdit(a)} data-testid="uc-address-edit" aria-label={t("userCenter.address.editOf", { receiver: a.receiver })}>
                    {t("userCenter.common.edit")}
                  </button>
                  <button type="button" className="uc-link-btn" onClick={() => remove(a)} data-testid="uc-address-delete" aria-label={t("userCenter.address.deleteOf", { receiver: a.receiver })}>
                    {t("userCenter.common.delete")}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </UcGate>
      <Modal open={editing !== null} title={editing?.addrId ? t("userCenter.address.dialogEdit") : t("userCenter.address.dialogAdd")} onClose={() => setEditing(null)} testId="uc-address-dialog" className="uc-addr-dialog">
        {editing ? (
          <AddressForm
            initial={editing}
            onCancel={() => setEditing(null)}
            onGuest={() => {
              setEditing(null);
              session.markGuest();
            }}
            onSaved={async () => {
              setEditing(null);
              await refresh();
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDialog confirm={confirm} />
    </UcPanel>
  );
}

type FieldName = "receiver" | "mobile" | "provinceId" | "cityId" | "areaId" | "addr" | "postCode";

/**
 * The add / edit form (also used inline by the submit-order page). `onSaved` gets the saved
 * address id (the new one when adding).
 */
export function AddressForm({ initial, onCancel, onSaved, onGuest }: { initial: FormState; onCancel: () => void; onSaved: (addrId?: number) => Promise<void>; onGuest: () => void }) {
  const { t } = useTranslation();
  const base = useId();
  const [form, setForm] = useState<FormState>(initial);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [saving, setSaving] = useState(false);
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
    setSaving(true);
    try {
      const body = { ...payload(), postCode: form.postCode.trim() || undefined };
      let addrId = form.addrId;
      if (addrId) await put("/p/address/updateAddr", { ...body, addrId });
      else addrId = await post<number>("/p/address/addAddr", body);
      if (form.makeDefault && !form.wasDefault && typeof addrId === "number") await put(`/p/address/defaultAddr/${addrId}`);
      toastOk(t("userCenter.address.saved"));
      await onSaved(typeof addrId === "number" ? addrId : undefined);
    } catch (err) {
      if (isUnauthorized(err)) return onGuest();
      reportError(err, t("userCenter.common.saveFailed"));
    } finally {
      setSaving(false);
    }
  }

  const text = (name: "receiver" | "mobile" | "addr" | "postCode", opts: { maxLength: number; autoComplete: string; required: boolean; hint?: string; inputMode?: "numeric" | "tel"; textarea?: boolean }) => {
    const id = `${base}-${name}`;
    const err = errors[name] ? t(errors[name]!) : "";
    const describedBy = [opts.hint ? `${id}-hint` : "", err ? `${id}-err` : ""].filter(Boolean).join(" ") || undefined;
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
      <div className="uc-field">
        <label className="uc-label" htmlFor={id}>
          {t(`userCenter.address.${name}`)}
          {opts.required ? (
            <span className="uc-required" aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
        <div className="uc-control">
          {opts.textarea ? (
            <textarea {...common} className="uc-input uc-textarea" rows={2} onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))} />
          ) : (
            <input {...common} className="uc-input" type={name === "mobile" ? "tel" : "text"} inputMode={opts.inputMode} onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))} />
          )}
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
      {text("addr", { maxLength: ADDRESS_MAX, autoComplete: "street-address", required: true, textarea: true, hint: t("userCenter.address.addrHint", { min: ADDRESS_MIN, max: ADDRESS_MAX }) })}
      {text("postCode", { maxLength: 6, autoComplete: "postal-code", required: false, inputMode: "numeric", hint: t("userCenter.address.postCodeHint") })}
      <div className="uc-field">
        <span className="uc-label" aria-hidden="true" />
        <label className="uc-check">
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
