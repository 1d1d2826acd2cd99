/**
 * The block form, generated from the JSON Schema of the block rules (docs/renovation.schema.json,
 * made from src/lib/renovation/block-schema.ts by src/lib/renovation/json-schema.ts — the rules
 * the server applies). Each schema node becomes a control of the project's set (docs/design.md):
 * objects a fieldset, lists an ordered list with add / remove, numbers and texts `.input`, choices
 * `.select`, switches `label.check`; the named definitions get their own editors: `text<N>` the
 * three languages side by side with missing translations marked, `image` the picture picker
 * (the shop's uploads, or a new upload), `link` the link type and its target (products, categories,
 * pages picked by name), `productItem` lists a product search, `id` the coupon / activity pickers.
 * A server refusal whose path falls on a field is shown under that field.
 */
import { useEffect, useId, useState, type ReactNode } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { Picture } from "../common/Picture.tsx";
import type { TranslationKey } from "../../lib/translate.ts";
import type { SourceOption } from "../../lib/renovation/renovation-types.ts";

export type Json = Record<string, unknown>;
export type Path = (string | number)[];

export type { SourceOption };

export interface FormEnv {
  defs: Record<string, Json>;
  /** The refusal to show: its path inside this block's dataField, and its message. */
  error: { path: Path; msg: string } | null;
  sources: (kind: string, q?: string) => Promise<SourceOption[]>;
  upload: (file: File) => Promise<string>;
  blockType: string;
}

const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const LOCALES = ["zh", "zh-tw", "en"] as const;

/** The node behind `$ref`s, and the name of the last named definition on the way. */
function resolve(env: FormEnv, schema: Json): { node: Json; name: string | null } {
  let node = schema;
  let name: string | null = null;
  for (let i = 0; i < 10 && typeof node.$ref === "string"; i++) {
    const key = node.$ref.replace("#/$defs/", "");
    if (!key.startsWith("__schema")) name = key;
    node = env.defs[key] ?? {};
  }
  return { node, name };
}

/** The constant values of a union of constants (`1920 | 1200`), or null. */
function constChoices(env: FormEnv, node: Json): (string | number)[] | null {
  if (Array.isArray(node.enum)) return node.enum as (string | number)[];
  const alts = (node.anyOf ?? node.oneOf) as Json[] | undefined;
  if (!Array.isArray(alts)) return null;
  const values = alts.map((a) => resolve(env, a).node.const);
  return values.every((v) => typeof v === "string" || typeof v === "number") ? (values as (string | number)[]) : null;
}

const samePath = (a: Path, b: Path) => a.length === b.length && a.every((x, i) => x === b[i]);
const under = (p: Path, base: Path) => p.length >= base.length && base.every((x, i) => x === p[i]);
const pathKey = (p: Path) => p.join(".");

interface FieldProps {
  env: FormEnv;
  schema: Json;
  value: unknown;
  path: Path;
  label: string;
  onChange: (v: unknown, key: string | null) => void;
}

function useLabel() {
  const { t } = useTranslation();
  return (name: string) => {
    const key = `decorate.studio.fields.${name}` as TranslationKey;
    const text = t(key);
    return text === key ? name : text;
  };
}

/** The message of a refusal that falls exactly on `path` (or, `within`, anywhere under it). */
function ErrorOf({ env, path, within, id }: { env: FormEnv; path: Path; within?: boolean; id: string }) {
  const e = env.error;
  if (!e || !(within ? under(e.path, path) : samePath(e.path, path))) return null;
  return (
    <p className="ds-field-error" id={id} role="alert" data-testid="studio-field-error">
      {e.msg}
    </p>
  );
}

const hasError = (env: FormEnv, path: Path, within = false) =>
  env.error !== null && (within ? under(env.error.path, path) : samePath(env.error.path, path));

export function SchemaField(props: FieldProps): ReactNode {
  const { env, schema } = props;
  const { node, name } = resolve(env, schema);
  if (name && /^text\d+$/.test(name)) return <LocalizedField {...props} max={Number(name.slice(4))} />;
  if (name === "image") return <ImageField {...props} />;
  if (name === "switch") return <SwitchField {...props} />;
  if (name === "link") return <LinkField {...props} />;
  if (name === "id") return <IdField {...props} />;
  const choices = constChoices(env, node);
  if (choices) return <ChoiceField {...props} choices={choices} />;
  if (node.type === "object") return <ObjectField {...props} node={node} />;
  if (node.type === "array") return <ArrayField {...props} node={node} />;
  if (node.type === "integer" || node.type === "number") return <NumberField {...props} node={node} />;
  return <TextField {...props} node={node} />;
}

function ObjectField({ env, node, value, path, label, onChange }: FieldProps & { node: Json }) {
  const fieldLabel = useLabel();
  const obj = isObj(value) ? value : {};
  const props = (node.properties ?? {}) as Record<string, Json>;
  const errId = useId();
  const fields = Object.entries(props).map(([k, s]) => (
    <SchemaField
      key={k}
      env={env}
      schema={s}
      value={obj[k]}
      path={[...path, k]}
      label={fieldLabel(k)}
      onChange={(v, key) => {
        const next = { ...obj };
        if (v === undefined) delete next[k];
        else next[k] = v;
        onChange(next, key);
      }}
    />
  ));
  if (path.length === 0) return <div className="ds-form-fields">{fields}</div>;
  return (
    <fieldset className="ds-fieldset" aria-invalid={hasError(env, path) || undefined}>
      <legend>{label}</legend>
      <ErrorOf env={env} path={path} id={errId} />
      {fields}
    </fieldset>
  );
}

function ArrayField({ env, node, value, path, label, onChange }: FieldProps & { node: Json }) {
  const { t } = useTranslation();
  const list = Array.isArray(value) ? value : [];
  const items = resolve(env, (node.items ?? {}) as Json);
  const errId = useId();
  if (items.name === "productItem") return <ProductListField {...{ env, value, path, label, onChange }} />;
  const max = typeof node.maxItems === "number" ? node.maxItems : 100;
  // A list of choices (showContent) or of coupon ids: boxes to tick.
  const itemChoices = constChoices(env, items.node);
  if (itemChoices)
    return (
      <fieldset className="ds-fieldset">
        <legend>{label}</legend>
        {itemChoices.map((c) => (
          <label key={String(c)} className="check ds-inline">
            <input
              type="checkbox"
              checked={list.includes(c)}
              onChange={(e) => onChange(e.target.checked ? [...list, c] : list.filter((x) => x !== c), null)}
            />
            {String(c)}
          </label>
        ))}
      </fieldset>
    );
  if (items.name === "id" && path.at(-1) === "couponIds")
    return <CouponsField {...{ env, value, path, label, onChange }} />;
  return (
    <fieldset className="ds-fieldset" aria-invalid={hasError(env, path) || undefined}>
      <legend>{label}</legend>
      <ErrorOf env={env} path={path} id={errId} />
      <ol className="ds-items">
        {list.map((item, i) => (
          <li key={i} className="ds-item">
            <SchemaField
              env={env}
              schema={items.node === undefined ? {} : (node.items as Json)}
              value={item}
              path={[...path, i]}
              label={t("decorate.studio.item", { n: i + 1 })}
              onChange={(v, key) =>
                onChange(
                  list.map((x, j) => (j === i ? v : x)),
                  key,
                )
              }
            />
            <button
              type="button"
              className="btn btn-ghost ds-small"
              onClick={() =>
                onChange(
                  list.filter((_, j) => j !== i),
                  null,
                )
              }
            >
              {t("decorate.studio.removeItem")}
            </button>
          </li>
        ))}
      </ol>
      {list.length < max && (
        <button
          type="button"
          className="btn btn-ghost ds-small"
          onClick={() => onChange([...list, emptyOf(env, node.items as Json)], null)}
        >
          {t("decorate.studio.addItem")}
        </button>
      )}
    </fieldset>
  );
}

/** A new item of a list: the least its schema asks for. */
function emptyOf(env: FormEnv, schema: Json): unknown {
  const { node, name } = resolve(env, schema);
  if (name && /^text\d+$/.test(name)) return { zh: "", "zh-tw": "", en: "" };
  if (name === "image") return "";
  if (name === "link") return { type: "4", link: "/" };
  if (node.type === "object") {
    const out: Json = {};
    const req = (node.required ?? []) as string[];
    for (const k of req) out[k] = emptyOf(env, ((node.properties ?? {}) as Record<string, Json>)[k] ?? {});
    return out;
  }
  if (node.type === "array") return [];
  if (node.type === "integer" || node.type === "number") return typeof node.minimum === "number" ? node.minimum : 0;
  const choices = constChoices(env, node);
  if (choices) return choices[0];
  return "";
}

function Row({ id, label, children, error }: { id: string; label: string; children: ReactNode; error?: ReactNode }) {
  return (
    <div className="ds-row">
      <label className="ds-label" htmlFor={id}>
        {label}
      </label>
      <div className="ds-control">
        {children}
        {error}
      </div>
    </div>
  );
}

function TextField({ env, value, path, label, onChange }: FieldProps & { node: Json }) {
  const id = useId();
  const bad = hasError(env, path);
  return (
    <Row id={id} label={label} error={<ErrorOf env={env} path={path} id={`${id}-e`} />}>
      <input
        id={id}
        className="input"
        type="text"
        value={typeof value === "string" ? value : value === undefined ? "" : String(value)}
        aria-invalid={bad || undefined}
        aria-describedby={bad ? `${id}-e` : undefined}
        onChange={(e) => onChange(e.target.value === "" ? undefined : e.target.value, pathKey(path))}
      />
    </Row>
  );
}

function NumberField({ env, value, path, label, onChange }: FieldProps & { node: Json }) {
  const id = useId();
  const bad = hasError(env, path);
  const [text, setText] = useState(value === undefined ? "" : String(value));
  useEffect(() => setText(value === undefined ? "" : String(value)), [value]);
  return (
    <Row id={id} label={label} error={<ErrorOf env={env} path={path} id={`${id}-e`} />}>
      <input
        id={id}
        className="input ds-num"
        type="text"
        inputMode="numeric"
        value={text}
        aria-invalid={bad || undefined}
        aria-describedby={bad ? `${id}-e` : undefined}
        onChange={(e) => {
          const s = e.target.value.replace(/[^\d-]/g, "");
          setText(s);
          // What is typed goes to the server as a number; it answers the limits (located).
          onChange(s === "" ? undefined : /^-?\d+$/.test(s) ? Number(s) : s, pathKey(path));
        }}
      />
    </Row>
  );
}

function ChoiceField({ env, value, path, label, onChange, choices }: FieldProps & { choices: (string | number)[] }) {
  const id = useId();
  const { t } = useTranslation();
  const text = (c: string | number) => {
    if (path.at(-1) === "listType") return t(`decorate.studio.listType${c}` as TranslationKey);
    return String(c);
  };
  return (
    <Row id={id} label={label} error={<ErrorOf env={env} path={path} id={`${id}-e`} />}>
      <select
        id={id}
        className="select"
        value={value === undefined ? "" : String(value)}
        onChange={(e) => {
          const picked = choices.find((c) => String(c) === e.target.value);
          onChange(picked, null);
        }}
      >
        <option value="">{t("decorate.studio.none")}</option>
        {choices.map((c) => (
          <option key={String(c)} value={String(c)}>
            {text(c)}
          </option>
        ))}
      </select>
    </Row>
  );
}

function SwitchField({ value, label, onChange }: FieldProps) {
  return (
    <div className="ds-row">
      <span className="ds-label" aria-hidden="true" />
      <label className="check">
        <input type="checkbox" checked={value === 1} onChange={(e) => onChange(e.target.checked ? 1 : 0, null)} />
        {label}
      </label>
    </div>
  );
}

/** zh, zh-tw and en side by side; a language left empty while another is written is marked missing. */
function LocalizedField({ env, value, path, label, onChange, max }: FieldProps & { max: number }) {
  const { t } = useTranslation();
  const base = useId();
  const v = isObj(value) ? (value as Record<string, string>) : {};
  const anyWritten = LOCALES.some((l) => (v[l] ?? "") !== "");
  const errId = `${base}-e`;
  return (
    <fieldset className="ds-fieldset ds-localized" aria-invalid={hasError(env, path, true) || undefined}>
      <legend>{label}</legend>
      <div className="ds-langs">
        {LOCALES.map((l) => {
          const id = `${base}-${l}`;
          const missing = anyWritten && (v[l] ?? "") === "";
          const bad = hasError(env, [...path, l]);
          return (
            <div key={l} className="ds-lang">
              <label htmlFor={id} className="ds-lang-label">
                {t(`decorate.studio.lang_${l}` as TranslationKey)}
                {missing && (
                  <span className="ds-missing" data-testid="studio-missing">
                    {t("decorate.studio.missing")}
                  </span>
                )}
              </label>
              <input
                id={id}
                className="input"
                type="text"
                lang={l === "en" ? "en" : l === "zh" ? "zh-CN" : "zh-TW"}
                maxLength={max * 2}
                value={v[l] ?? ""}
                aria-invalid={bad || missing || undefined}
                aria-describedby={bad ? errId : undefined}
                onChange={(e) =>
                  onChange({ zh: "", "zh-tw": "", en: "", ...v, [l]: e.target.value }, pathKey([...path, l]))
                }
              />
            </div>
          );
        })}
      </div>
      <ErrorOf env={env} path={path} within id={errId} />
    </fieldset>
  );
}

/**
 * A picture: one of the shop's uploads, or a new upload (through the upload API and its pipeline);
 * the chosen one's thumbnail comes from the image ladder.
 */
function ImageField({ env, value, path, label, onChange }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [options, setOptions] = useState<SourceOption[] | null>(null);
  const [busy, setBusy] = useState(false);
  const current = typeof value === "string" ? value : "";
  useEffect(() => {
    let live = true;
    void env.sources("pictures").then(
      (o) => live && setOptions(o),
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, [env]);
  const bad = hasError(env, path);
  const all =
    options && current && !options.some((o) => o.value === current)
      ? [{ value: current, label: current }, ...options]
      : (options ?? []);
  return (
    <Row id={id} label={label} error={<ErrorOf env={env} path={path} id={`${id}-e`} />}>
      <div className="ds-picture">
        {current && <Picture src={current} alt="" width={48} height={48} className="ds-thumb" />}
        <select
          id={id}
          className="select"
          value={current}
          aria-invalid={bad || undefined}
          aria-describedby={bad ? `${id}-e` : undefined}
          onChange={(e) => onChange(e.target.value === "" ? undefined : e.target.value, null)}
        >
          <option value="">{t("decorate.studio.choosePicture")}</option>
          {all.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
        <label className="btn btn-ghost ds-small" htmlFor={`${id}-file`}>
          {busy ? t("decorate.studio.uploading") : t("decorate.studio.upload")}
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
function IdField({ env, value, path, label, onChange }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const field = path.at(-1);
  const group = field === "activityId" ? (env.blockType === "limited_skill" ? "flash" : "discount") : null;
  const [options, setOptions] = useState<SourceOption[]>([]);
  useEffect(() => {
    if (!group) return;
    let live = true;
    void env.sources("activities").then(
      (o) => live && setOptions(o.filter((x) => x.group === group)),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [env, group]);
  const bad = hasError(env, path);
  if (!group)
    return <NumberField env={env} schema={{}} node={{}} value={value} path={path} label={label} onChange={onChange} />;
  return (
    <Row id={id} label={label} error={<ErrorOf env={env} path={path} id={`${id}-e`} />}>
      <select
        id={id}
        className="select"
        value={value === undefined ? "" : String(value)}
        aria-invalid={bad || undefined}
        onChange={(e) => onChange(e.target.value === "" ? undefined : Number(e.target.value), null)}
      >
        <option value="">{t("decorate.studio.none")}</option>
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </Row>
  );
}

function CouponsField({ env, value, path, label, onChange }: Omit<FieldProps, "schema">) {
  const list = Array.isArray(value) ? value.map(Number) : [];
  const [options, setOptions] = useState<SourceOption[]>([]);
  const errId = useId();
  useEffect(() => {
    let live = true;
    void env.sources("coupons").then(
      (o) => live && setOptions(o),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [env]);
  return (
    <fieldset className="ds-fieldset" aria-invalid={hasError(env, path, true) || undefined}>
      <legend>{label}</legend>
      {options.map((o) => (
        <label key={String(o.value)} className="check ds-inline">
          <input
            type="checkbox"
            checked={list.includes(Number(o.value))}
            onChange={(e) =>
              onChange(e.target.checked ? [...list, Number(o.value)] : list.filter((x) => x !== Number(o.value)), null)
            }
          />
          {o.label}
        </label>
      ))}
      <ErrorOf env={env} path={path} within id={errId} />
    </fieldset>
  );
}

/** Products of a block: search the shop's products by name, add, remove. */
function ProductListField({ env, value, path, label, onChange }: Omit<FieldProps, "schema">) {
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
              <button
                type="button"
                className="btn btn-ghost ds-small"
                aria-label={`${t("decorate.studio.removeItem")} #${pid}`}
                onClick={() =>
                  onChange(
                    list.filter((_, j) => j !== i),
                    null,
                  )
                }
              >
                {t("decorate.studio.removeItem")}
              </button>
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
          aria-label={t("decorate.studio.search")}
          placeholder={t("decorate.studio.search")}
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
          {t("decorate.studio.searchBtn")}
        </button>
      </div>
      {found && (
        <ul className="ds-found" aria-label={t("decorate.studio.search")}>
          {found.map((o) => (
            <li key={String(o.value)}>
              <button
                type="button"
                className="ds-link-btn"
                aria-label={t("decorate.studio.addProduct", { name: o.label })}
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
function LinkField({ env, value, path, label, onChange }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const v = isObj(value) ? value : null;
  const type = v ? String(v.type) : "";
  const kind = type === "1" ? "products" : type === "2" ? "categories" : type === "5" ? "pages" : null;
  const [options, setOptions] = useState<SourceOption[]>([]);
  useEffect(() => {
    if (!kind) return;
    let live = true;
    void env.sources(kind).then(
      (o) => live && setOptions(o),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [env, kind]);
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
      <Row id={id} label={t("decorate.studio.linkType")}>
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
          <option value="">{t("decorate.studio.linkNone")}</option>
          {LINK_TYPES.map((k) => (
            <option key={k} value={k}>
              {t(`decorate.studio.link${k}` as TranslationKey)}
            </option>
          ))}
        </select>
      </Row>
      {type !== "" && (
        <Row id={`${id}-t`} label={t("decorate.studio.fields.link")}>
          {kind ? (
            <select id={`${id}-t`} className="select" value={target} onChange={(e) => setTarget(e.target.value)}>
              <option value="">{t("decorate.studio.none")}</option>
              {options.map((o) => (
                <option key={String(o.value)} value={String(o.value)}>
                  {o.label}
                </option>
              ))}
            </select>
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
