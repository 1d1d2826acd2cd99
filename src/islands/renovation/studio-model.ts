/**
 * The studio's own shapes and pure helpers: a block as the editor holds it (with a key for
 * reordering), the draft's head, the block schemas of the draft schema, and times as typed.
 */
import type { RenovationBlock } from "../../lib/renovation/renovation-types.ts";
import type { Json } from "./schema-kit.tsx";

export interface Block {
  /** The studio's own key of a block (for reordering); not stored. */
  key: string;
  type: string;
  dataField: Json;
}

export interface Draft {
  renovationId: number | null;
  name: string;
  page: "home" | "page";
  updatedAt: string | null;
}

/** The preview's widths, CSS pixels. */
export const WIDTHS = [1366, 1920, 1024] as const;
export type PreviewWidth = (typeof WIDTHS)[number];

let keySeq = 0;
export const newKey = () => `b${++keySeq}`;
export const toBlocks = (content: RenovationBlock[]): Block[] =>
  content.map((b) => ({ key: newKey(), type: b.type, dataField: b.dataField }));
export const toContent = (blocks: Block[]): RenovationBlock[] =>
  blocks.map((b) => ({ type: b.type, dataField: b.dataField }));

/** "2030-01-02 08:00" in the person's time zone. */
export const showTime = (iso: string) => {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

/** "2030-01-02 08:00" (the person's time zone) → ISO, or null when it is not such a time. */
export function parseLocalTime(s: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/.exec(s.trim());
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The dataField schema of each block type, from the draft schema's content items (anyOf). */
export function blockSchemas(schema: Json): Record<string, Json> {
  const defs = (schema.$defs ?? {}) as Record<string, Json>;
  const deref = (n: Json): Json => {
    let x = n;
    for (let i = 0; i < 10 && typeof x.$ref === "string"; i++) x = defs[x.$ref.replace("#/$defs/", "")] ?? {};
    return x;
  };
  const content = ((schema.properties as Json | undefined)?.content ?? {}) as Json;
  const items = deref((content.items ?? {}) as Json);
  const out: Record<string, Json> = {};
  for (const alt of ((items.anyOf ?? items.oneOf ?? []) as Json[]).map(deref)) {
    const props = (alt.properties ?? {}) as Record<string, Json>;
    const type = deref(props.type ?? {}).const;
    if (typeof type === "string" && props.dataField) out[type] = props.dataField;
  }
  return out;
}
