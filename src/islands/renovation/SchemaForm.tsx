/**
 * The block form, generated from the JSON Schema of the block rules (docs/renovation.schema.json,
 * made from src/lib/renovation/block-schema.ts by src/lib/renovation/json-schema.ts — the rules
 * the server applies). Each schema node becomes a control of the project's set (docs/design.md):
 * objects a fieldset, lists an ordered list with add / remove, numbers and texts `.input`, choices
 * `.select`, switches `label.check` (TextFields.tsx); the named definitions get their own editors:
 * `text<N>` the three languages side by side with missing translations marked, `image` the
 * picture picker (the shop's uploads, or a new upload), `link` the link type and its target
 * (products, categories, pages picked by name), `productItem` lists a product search, `id` the
 * coupon / activity pickers (PickerFields.tsx). A server refusal whose path falls on a field is
 * shown under that field (schema-kit.tsx).
 */
import { useId, type ReactNode } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { CouponsField, IdField, ImageField, LinkField, ProductListField } from "./PickerFields.tsx";
import { ChoiceField, LocalizedField, NumberField, SwitchField, TextField } from "./TextFields.tsx";
import {
  CheckList,
  constChoices,
  ErrorOf,
  hasError,
  isObj,
  RemoveItem,
  resolve,
  useLabel,
  type FieldProps,
  type FormEnv,
  type Json,
} from "./schema-kit.tsx";

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
  if (node.type === "integer" || node.type === "number") return <NumberField {...props} />;
  return <TextField {...props} />;
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
        <CheckList
          options={itemChoices.map((c) => ({ value: c, label: String(c) }))}
          chosen={list as (string | number)[]}
          onChange={(next) => onChange(next, null)}
        />
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
              label={t("renovation.studio.item", { n: i + 1 })}
              onChange={(v, key) =>
                onChange(
                  list.map((x, j) => (j === i ? v : x)),
                  key,
                )
              }
            />
            <RemoveItem list={list} i={i} onChange={onChange} />
          </li>
        ))}
      </ol>
      {list.length < max && (
        <button
          type="button"
          className="btn btn-ghost ds-small"
          onClick={() => onChange([...list, emptyOf(env, node.items as Json)], null)}
        >
          {t("renovation.studio.addItem")}
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
