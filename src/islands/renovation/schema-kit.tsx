/**
 * What the fields of the block form share (SchemaForm.tsx): the schema walk (`$ref`s, unions of
 * constants), where a server refusal falls, the label of a field, the row a control sits in, the
 * list of boxes to tick, and the pickers' options loaded from the shop's own (FormEnv.sources).
 */
import { useEffect, useState, type Dispatch, type ReactNode, type SetStateAction } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import type { TranslationKey } from "../../lib/translate.ts";
import type { SourceOption } from "../../lib/renovation/renovation-types.ts";

export type Json = Record<string, unknown>;
export type Path = (string | number)[];

export interface FormEnv {
  defs: Record<string, Json>;
  /** The refusal to show: its path inside this block's dataField, and its message. */
  error: { path: Path; msg: string } | null;
  sources: (kind: string, q?: string) => Promise<SourceOption[]>;
  upload: (file: File) => Promise<string>;
  blockType: string;
}

export interface FieldProps {
  env: FormEnv;
  schema: Json;
  value: unknown;
  path: Path;
  label: string;
  onChange: (v: unknown, key: string | null) => void;
}

export const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** The node behind `$ref`s, and the name of the last named definition on the way. */
export function resolve(env: FormEnv, schema: Json): { node: Json; name: string | null } {
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
export function constChoices(env: FormEnv, node: Json): (string | number)[] | null {
  if (Array.isArray(node.enum)) return node.enum as (string | number)[];
  const alts = (node.anyOf ?? node.oneOf) as Json[] | undefined;
  if (!Array.isArray(alts)) return null;
  const values = alts.map((a) => resolve(env, a).node.const);
  return values.every((v) => typeof v === "string" || typeof v === "number") ? (values as (string | number)[]) : null;
}

const samePath = (a: Path, b: Path) => a.length === b.length && a.every((x, i) => x === b[i]);
const under = (p: Path, base: Path) => p.length >= base.length && base.every((x, i) => x === p[i]);
export const pathKey = (p: Path) => p.join(".");

export function useLabel() {
  const { t } = useTranslation();
  return (name: string) => {
    const key = `renovation.studio.fields.${name}` as TranslationKey;
    const text = t(key);
    return text === key ? name : text;
  };
}

/** Whether the refusal falls exactly on `path` (or, `within`, anywhere under it). */
export const hasError = (env: FormEnv, path: Path, within = false) =>
  env.error !== null && (within ? under(env.error.path, path) : samePath(env.error.path, path));

/** The message of a refusal that falls exactly on `path` (or, `within`, anywhere under it). */
export function ErrorOf({ env, path, within, id }: { env: FormEnv; path: Path; within?: boolean; id: string }) {
  if (!env.error || !hasError(env, path, within)) return null;
  return (
    <p className="ds-field-error" id={id} role="alert" data-testid="studio-field-error">
      {env.error.msg}
    </p>
  );
}

export function Row({
  id,
  label,
  children,
  error,
}: {
  id: string;
  label: string;
  children: ReactNode;
  error?: ReactNode;
}) {
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

/** Boxes to tick, one per option: a list of choices (showContent) or of the shop's coupons. */
export function CheckList<V>({
  options,
  chosen,
  onChange,
}: {
  options: { value: V; label: string }[];
  chosen: V[];
  onChange: (next: V[]) => void;
}) {
  return (
    <>
      {options.map((o) => (
        <label key={String(o.value)} className="check ds-inline">
          <input
            type="checkbox"
            checked={chosen.includes(o.value)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((x) => x !== o.value))}
          />
          {o.label}
        </label>
      ))}
    </>
  );
}

/**
 * The options of a picker: the shop's own of `kind` (none asked while `kind` is null); null until
 * they arrive, none when they could not be loaded.
 */
export function useSources(
  env: FormEnv,
  kind: string | null,
): [SourceOption[] | null, Dispatch<SetStateAction<SourceOption[] | null>>] {
  const [options, setOptions] = useState<SourceOption[] | null>(null);
  useEffect(() => {
    if (!kind) return;
    let live = true;
    void env.sources(kind).then(
      (o) => live && setOptions(o),
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, [env, kind]);
  return [options, setOptions];
}

/** The button that takes item `i` off a list field. */
export function RemoveItem({
  list,
  i,
  onChange,
  name,
}: {
  list: unknown[];
  i: number;
  onChange: FieldProps["onChange"];
  /** What the item is, for a screen reader ("#12"): the visible text alone does not say which. */
  name?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn-ghost ds-small"
      aria-label={name === undefined ? undefined : `${t("renovation.studio.removeItem")} ${name}`}
      onClick={() =>
        onChange(
          list.filter((_, j) => j !== i),
          null,
        )
      }
    >
      {t("renovation.studio.removeItem")}
    </button>
  );
}
