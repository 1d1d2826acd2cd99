/**
 * The block form's pickers (SchemaForm.tsx picks them by the named definition): a picture from
 * the shop's uploads or a new upload, an activity or coupons of the shop's own, products searched
 * by name, and a link — its type, then its target picked from the shop's products, categories or
 * pages, or typed.
 */
import { useId, useState } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { Picture } from "../common/Picture.tsx";
import type { TranslationKey } from "../../lib/translate.ts";
import type { SourceOption } from "../../lib/renovation/renovation-types.ts";
import { NumberField } from "./TextFields.tsx";
import {
  CheckList,
  ErrorOf,
  hasError,
  isObj,
  pathKey,
  RemoveItem,
  Row,
  useSources,
  type FieldProps,
  type Json,
} from "./schema-kit.tsx";

/** A select of the shop's options, "none" first. */
function OptionSelect({
  id,
  value,
  options,
  none,
  bad,
  describedBy,
  onPick,
}: {
  id: string;
  value: string;
  options: SourceOption[];
  none: string;
  bad?: boolean;
  describedBy?: string | undefined;
  onPick: (value: string) => void;
}) {
  return (
    <select
      id={id}
      className="select"
      value={value}
      aria-invalid={bad || undefined}
      aria-describedby={describedBy}
      onChange={(e) => onPick(e.target.value)}
    >
      <option value="">{none}</option>
      {options.map((o) => (
        <option key={String(o.value)} value={String(o.value)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/**
 * A picture: one of the shop's uploads, or a new upload (through the upload API and its pipeline);
 * the chosen one's thumbnail comes from the image ladder.
 */
export function ImageField({ env, value, path, label, onChange }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [options, setOptions] = useSources(env, "pictures");
  const [busy, setBusy] = useState(false);
  const current = typeof value === "string" ? value : "";
  const bad = hasError(env, path);
  const all =
    options && current && !options.some((o) => o.value === current)
      ? [{ value: current, label: current }, ...options]
      : (options ?? []);
  return (
    <Row id={id} label={label} error={<ErrorOf env={env} path={path} id={`${id}-e`} />}>
      <div className="ds-picture">
        {current && <Picture src={current} alt="" width={48} height={48} className="ds-thumb" />}
        <OptionSelect
          id={id}
          value={current}
          options={all}
          none={t("renovation.studio.choosePicture")}
          bad={bad}
          describedBy={bad ? `${id}-e` : undefined}
          onPick={(s) => onChange(s === "" ? undefined : s, null)}
        />
        <label className="btn btn-ghost ds-small" htmlFor={`${id}-file`}>
          {busy ? t("renovation.studio.uploading") : t("renovation.studio.upload")}
        </label>
        <input
          id={`${id}-file`}
          className="visually-hidden"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (!file) return;
            setBusy(true);
            try {
              const p = await env.upload(file);
              setOptions((o) => [{ value: p, label: p.split("/").pop()!, pic: p }, ...(o ?? [])]);
              onChange(p, null);
            } finally {
              setBusy(false);
            }
          }}
        />
      </div>
    </Row>
  );
}

/** An id: coupons and activities are picked from the shop's own; anything else is typed. */
export function IdField({ env, value, path, label, onChange }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const field = path.at(-1);
  const group = field === "activityId" ? (env.blockType === "limited_skill" ? "flash" : "discount") : null;
  const [options] = useSources(env, group && "activities");
  if (!group) return <NumberField env={env} value={value} path={path} label={label} onChange={onChange} />;
  return (
    <Row id={id} label={label} error={<ErrorOf env={env} path={path} id={`${id}-e`} />}>
      <OptionSelect
        id={id}
        value={value === undefined ? "" : String(value)}
        options={(options ?? []).filter((x) => x.group === group)}
        none={t("renovation.studio.none")}
        bad={hasError(env, path)}
        onPick={(s) => onChange(s === "" ? undefined : Number(s), null)}
      />
    </Row>
  );
}

export function CouponsField({ env, value, path, label, onChange }: Omit<FieldProps, "schema">) {
  const list = Array.isArray(value) ? value.map(Number) : [];
  const [options] = useSources(env, "coupons");
  const errId = useId();
  return (
    <fieldset className="ds-fieldset" aria-invalid={hasError(env, path, true) || undefined}>
      <legend>{label}</legend>
      <CheckList
        options={(options ?? []).map((o) => ({ value: Number(o.value), label: o.label }))}
        chosen={list}
        onChange={(next) => onChange(next, null)}
      />
      <ErrorOf env={env} path={path} within id={errId} />
    </fieldset>
  );
}

/** Products of a block: search the shop's products by name, add, remove. */
export function ProductListField({ env, value, path, label, onChange }: Omit<FieldProps, "schema">) {
  const { t } = useTranslation();
  const id = useId();
  const list = (Array.isArray(value) ? value : []) as Json[];
  const [q, setQ] = useState("");
  const [found, setFound] = useState<SourceOption[] | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const search = async () => {
    const r = await env.sources("products", q.trim());
    setFound(r);
    setNames((n) => ({ ...n, ...Object.fromEntries(r.map((o) => [String(o.value), o.label])) }));
  };
  return (
    <fieldset className="ds-fieldset" aria-invalid={hasError(env, path, true) || undefined}>
      <legend>{label}</legend>
      <ol className="ds-items">
        {list.map((item, i) => {
          const pid = String(item.id ?? item.prodId ?? "");
          return (
            <li key={`${pid}-${i}`} className="ds-item ds-product">
              <span>
                #{pid} {names[pid] ?? ""}
              </span>
              <RemoveItem list={list} i={i} onChange={onChange} name={`#${pid}`} />
              <ErrorOf env={env} path={[...path, i]} within id={`${id}-e${i}`} />
            </li>
          );
        })}
      </ol>
      <ErrorOf env={env} path={path} id={`${id}-e`} />
      <div className="input-group ds-search">
        <input
          className="input"
          type="search"
          aria-label={t("renovation.studio.search")}
          placeholder={t("renovation.studio.search")}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void search();
            }
          }}
        />
        <button type="button" className="input-group-btn" onClick={() => void search()}>
          {t("renovation.studio.searchBtn")}
        </button>
      </div>
      {found && (
        <ul className="ds-found" aria-label={t("renovation.studio.search")}>
          {found.map((o) => (
            <li key={String(o.value)}>
              <button
                type="button"
                className="ds-link-btn"
                aria-label={t("renovation.studio.addProduct", { name: o.label })}
                onClick={() => onChange([...list, { id: o.value }], null)}
              >
                + #{o.value} {o.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

const LINK_TYPES = ["1", "2", "3", "4", "5", "6"] as const;

/** A link: its type, then its target — a product, a category or a page picked from the shop's, or typed. */
export function LinkField({ env, value, path, label, onChange }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const v = isObj(value) ? value : null;
  const type = v ? String(v.type) : "";
  const kind = type === "1" ? "products" : type === "2" ? "categories" : type === "5" ? "pages" : null;
  const [options] = useSources(env, kind);
  const target = !v
    ? ""
    : type === "6" && isObj(v.link)
      ? String(v.link.url ?? "")
      : type === "5" && Array.isArray(v.link)
        ? String(v.link[0] ?? "")
        : String(v.link ?? "");
  const setTarget = (s: string) => {
    const link =
      type === "6" ? { url: s } : type === "5" ? [Number(s), 0] : type === "4" ? s : /^\d+$/.test(s) ? Number(s) : s;
    onChange({ ...v, type, link }, pathKey([...path, "link"]));
  };
  return (
    <fieldset className="ds-fieldset" aria-invalid={hasError(env, path, true) || undefined}>
      <legend>{label}</legend>
      <Row id={id} label={t("renovation.studio.linkType")}>
        <select
          id={id}
          className="select"
          value={type}
          onChange={(e) => {
            const tpe = e.target.value;
            onChange(
              tpe === ""
                ? undefined
                : { type: tpe, link: tpe === "4" ? "/" : tpe === "6" ? { url: "/" } : tpe === "5" ? [0, 0] : 0 },
              null,
            );
          }}
        >
          <option value="">{t("renovation.studio.linkNone")}</option>
          {LINK_TYPES.map((k) => (
            <option key={k} value={k}>
              {t(`renovation.studio.link${k}` as TranslationKey)}
            </option>
          ))}
        </select>
      </Row>
      {type !== "" && (
        <Row id={`${id}-t`} label={t("renovation.studio.fields.link")}>
          {kind ? (
            <OptionSelect
              id={`${id}-t`}
              value={target}
              options={options ?? []}
              none={t("renovation.studio.none")}
              onPick={setTarget}
            />
          ) : (
            <input
              id={`${id}-t`}
              className="input"
              type="text"
              value={target}
              onChange={(e) => setTarget(e.target.value)}
            />
          )}
        </Row>
      )}
      <ErrorOf env={env} path={path} within id={`${id}-e`} />
    </fieldset>
  );
}
