/**
 * The block form's typed fields (SchemaForm.tsx picks them by the schema): a text, a number (sent
 * as typed, the server answers its limits), a choice among constants, a switch, and a text in the
 * three languages side by side with missing translations marked.
 */
import { useEffect, useId, useState } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import type { TranslationKey } from "../../lib/translate.ts";
import { ErrorOf, hasError, isObj, pathKey, Row, type FieldProps } from "./schema-kit.tsx";

const LOCALES = ["zh", "zh-tw", "en"] as const;

/** A field whose control is one text field: `text` shown, each change handed to `onText`. */
function TextRow({
  env,
  path,
  label,
  text,
  numeric,
  onText,
}: Pick<FieldProps, "env" | "path" | "label"> & { text: string; numeric?: boolean; onText: (s: string) => void }) {
  const id = useId();
  const bad = hasError(env, path);
  return (
    <Row id={id} label={label} error={<ErrorOf env={env} path={path} id={`${id}-e`} />}>
      <input
        id={id}
        className={numeric ? "input ds-num" : "input"}
        type="text"
        inputMode={numeric ? "numeric" : undefined}
        value={text}
        aria-invalid={bad || undefined}
        aria-describedby={bad ? `${id}-e` : undefined}
        onChange={(e) => onText(e.target.value)}
      />
    </Row>
  );
}

export function TextField({ env, value, path, label, onChange }: FieldProps) {
  return (
    <TextRow
      env={env}
      path={path}
      label={label}
      text={typeof value === "string" ? value : value === undefined ? "" : String(value)}
      onText={(s) => onChange(s === "" ? undefined : s, pathKey(path))}
    />
  );
}

export function NumberField({ env, value, path, label, onChange }: Omit<FieldProps, "schema">) {
  const [text, setText] = useState(value === undefined ? "" : String(value));
  useEffect(() => setText(value === undefined ? "" : String(value)), [value]);
  return (
    <TextRow
      env={env}
      path={path}
      label={label}
      text={text}
      numeric
      onText={(typed) => {
        const s = typed.replace(/[^\d-]/g, "");
        setText(s);
        // What is typed goes to the server as a number; it answers the limits (located).
        onChange(s === "" ? undefined : /^-?\d+$/.test(s) ? Number(s) : s, pathKey(path));
      }}
    />
  );
}

export function ChoiceField({
  env,
  value,
  path,
  label,
  onChange,
  choices,
}: FieldProps & { choices: (string | number)[] }) {
  const id = useId();
  const { t } = useTranslation();
  const text = (c: string | number) => {
    if (path.at(-1) === "listType") return t(`renovation.studio.listType${c}` as TranslationKey);
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
        <option value="">{t("renovation.studio.none")}</option>
        {choices.map((c) => (
          <option key={String(c)} value={String(c)}>
            {text(c)}
          </option>
        ))}
      </select>
    </Row>
  );
}

export function SwitchField({ value, label, onChange }: FieldProps) {
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
export function LocalizedField({ env, value, path, label, onChange, max }: FieldProps & { max: number }) {
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
                {t(`renovation.studio.lang_${l}` as TranslationKey)}
                {missing && (
                  <span className="ds-missing" data-testid="studio-missing">
                    {t("renovation.studio.missing")}
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
