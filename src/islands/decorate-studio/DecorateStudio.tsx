/**
 * /decorate-studio — the decoration studio (docs/renovation.md "The studio"): a shop signs in
 * with its store account (POST /merchant/login), sees its pages (live, drafts, earlier versions,
 * windows), and composes one: blocks from a palette of every type, reordered by drag or keyboard
 * (dnd-kit sortable: Space, arrows, Space), duplicated and deleted; each block edited in the form
 * generated from the block rules' JSON Schema (SchemaForm.tsx); undo / redo; the draft saves
 * itself (PUT with baseUpdatedAt: a second editor's save is a conflict, nothing lost); beside it
 * the real storefront rendering of the unsaved blocks (POST …/preview → /select-decorate in a
 * frame) in each language and at 1366, 1920 and 1024 wide. Publish now, schedule a window,
 * restore an earlier version, unpublish. Server refusals show on the block and field they name.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { I18nProvider, useTranslation } from "../common/I18nProvider.tsx";
import { localePath, LOCALES, splitLocalePath, type Locale } from "../../lib/locale.ts";
import type { IslandResources, TranslationKey } from "../../lib/translate.ts";
import { DRAFT_BLOCK_TYPES, type DraftBlockType } from "../../lib/renovation/block-types.ts";
import { defaultDataField } from "./block-defaults.ts";
import { historyOf, record, redo, undo, type History } from "./history.ts";
import { SchemaField, type FormEnv, type Json, type Path, type SourceOption } from "./SchemaForm.tsx";
import { call, loadSession, saveSession, StudioError, type Session } from "./studio-api.ts";
import "./decorate-studio.css";

export interface DecorateStudioProps {
  locale: Locale;
  resources: IslandResources;
  /** The JSON Schema of a draft (src/lib/renovation/json-schema.ts): the rules the server applies. */
  schema: Json;
}

interface Block {
  /** The studio's own key of a block (for reordering); not stored. */
  key: string;
  type: string;
  dataField: Json;
}

interface Summary {
  renovationId: number;
  name: string;
  page: "home" | "page";
  status: number;
  updatedAt: string;
  schedule: { startAt: string | null; endAt: string | null } | null;
}

interface Draft {
  renovationId: number | null;
  name: string;
  page: "home" | "page";
  updatedAt: string | null;
}

const WIDTHS = [1366, 1920, 1024] as const;
/**
 * At most one preview request this often: an edit after a quiet moment goes at once, a run of edits
 * (typing) every PREVIEW_INTERVAL_MS with the blocks as they are then.
 */
const PREVIEW_INTERVAL_MS = 250;
const AUTOSAVE_MS = 1200;

let keySeq = 0;
const newKey = () => `b${++keySeq}`;
const toBlocks = (content: { type: string; dataField: Json }[]): Block[] =>
  content.map((b) => ({ key: newKey(), type: b.type, dataField: b.dataField }));
const toContent = (blocks: Block[]) => blocks.map((b) => ({ type: b.type, dataField: b.dataField }));

export default function DecorateStudio(props: DecorateStudioProps) {
  return (
    <I18nProvider locale={props.locale} resources={props.resources}>
      <Studio schema={props.schema} />
    </I18nProvider>
  );
}

function Studio({ schema }: { schema: Json }) {
  const [session, setSession] = useState<Session | null>(null);
  const [ready, setReady] = useState(false);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  useEffect(() => {
    setSession(loadSession());
    setReady(true);
  }, []);
  if (!ready) return null;
  if (!session)
    return (
      <SignIn
        onSignedIn={(s) => {
          saveSession(s);
          setSession(s);
        }}
      />
    );
  const signOut = () => {
    saveSession(null);
    setSession(null);
    setEditing(null);
  };
  return editing ? (
    <Editor session={session} schema={schema} id={editing.id} onBack={() => setEditing(null)} onSignOut={signOut} />
  ) : (
    <PageList session={session} onOpen={(id) => setEditing({ id })} onSignOut={signOut} />
  );
}

function SignIn({ onSignedIn }: { onSignedIn: (s: Session) => void }) {
  const { t, locale } = useTranslation();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError("");
    try {
      const r = await call<{ accessToken: string; shopId: number }>(locale, null, "POST", "/merchant/login", {
        username: String(form.get("username") ?? ""),
        password: String(form.get("password") ?? ""),
      });
      onSignedIn({ token: r.accessToken, shopId: r.shopId });
    } catch (err) {
      setError(err instanceof StudioError && err.message ? err.message : t("decorate.studio.error"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ds-signin" aria-labelledby="ds-signin-title">
      <h2 id="ds-signin-title">{t("decorate.studio.signInTitle")}</h2>
      <p className="ds-hint">{t("decorate.studio.signInHint")}</p>
      <form onSubmit={submit} noValidate>
        <div className="form-row">
          <label className="form-label" htmlFor="ds-username">
            {t("decorate.studio.username")}
          </label>
          <div className="form-control">
            <input id="ds-username" name="username" className="input" type="text" autoComplete="username" required />
          </div>
        </div>
        <div className="form-row">
          <label className="form-label" htmlFor="ds-password">
            {t("decorate.studio.password")}
          </label>
          <div className="form-control">
            <input
              id="ds-password"
              name="password"
              className="input"
              type="password"
              autoComplete="current-password"
              required
            />
          </div>
        </div>
        {error && (
          <p className="ds-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn" disabled={busy}>
          {t("decorate.studio.signIn")}
        </button>
      </form>
    </section>
  );
}

function StudioHeader({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="ds-header">
      <span>{t("decorate.studio.shop", { id: session.shopId })}</span>
      <button type="button" className="btn btn-ghost ds-small" onClick={onSignOut}>
        {t("decorate.studio.signOut")}
      </button>
    </div>
  );
}

/** "2030-01-02 08:00" in the person's time zone. */
const showTime = (iso: string) => {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

function PageList({
  session,
  onOpen,
  onSignOut,
}: {
  session: Session;
  onOpen: (id: number | null) => void;
  onSignOut: () => void;
}) {
  const { t, locale } = useTranslation();
  const [rows, setRows] = useState<Summary[] | null>(null);
  const [message, setMessage] = useState("");
  const load = useCallback(async () => {
    try {
      setRows(await call<Summary[]>(locale, session.token, "GET", "/merchant/renovations"));
    } catch (err) {
      if (err instanceof StudioError && err.code === "A00004") onSignOut();
      else setMessage(err instanceof StudioError && err.message ? err.message : t("decorate.studio.error"));
    }
  }, [locale, session.token, onSignOut, t]);
  useEffect(() => {
    void load();
  }, [load]);
  const act = async (method: string, path: string, done: TranslationKey, body?: unknown) => {
    try {
      await call(locale, session.token, method, `/merchant/renovations${path}`, body);
      setMessage(t(done));
      await load();
    } catch (err) {
      setMessage(err instanceof StudioError && err.message ? err.message : t("decorate.studio.error"));
    }
  };
  const copyAndOpen = async (id: number) => {
    try {
      const r = await call<{ renovationId: number }>(
        locale,
        session.token,
        "POST",
        `/merchant/renovations/${id}/copy`,
        {},
      );
      onOpen(r.renovationId);
    } catch (err) {
      setMessage(err instanceof StudioError && err.message ? err.message : t("decorate.studio.error"));
    }
  };
  return (
    <section className="ds-pages" aria-labelledby="ds-pages-title">
      <StudioHeader session={session} onSignOut={onSignOut} />
      <div className="ds-pages-head">
        <h2 id="ds-pages-title">{t("decorate.studio.pages")}</h2>
        <button type="button" className="btn" onClick={() => onOpen(null)}>
          {t("decorate.studio.newPage")}
        </button>
      </div>
      <p className="ds-status" role="status" data-testid="studio-message">
        {message}
      </p>
      {rows === null ? (
        <p>{t("decorate.studio.loading")}</p>
      ) : rows.length === 0 ? (
        <p>{t("decorate.studio.noPages")}</p>
      ) : (
        <table className="ds-table" data-testid="studio-pages">
          <thead>
            <tr>
              <th scope="col">{t("decorate.studio.name")}</th>
              <th scope="col">{t("decorate.studio.pageKind")}</th>
              <th scope="col">{t("decorate.studio.schedule")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("decorate.studio.open")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.renovationId} data-testid="studio-page-row" data-id={r.renovationId} data-status={r.status}>
                <td>
                  <span className={`ds-badge ds-badge-${r.status}`}>
                    {t(`decorate.studio.status${r.status}` as TranslationKey)}
                  </span>{" "}
                  #{r.renovationId} {r.name}
                </td>
                <td>{r.page === "home" ? t("decorate.studio.pageHome") : t("decorate.studio.pagePage")}</td>
                <td>
                  {r.schedule
                    ? t("decorate.studio.scheduled", {
                        start: r.schedule.startAt ? showTime(r.schedule.startAt) : "—",
                        end: r.schedule.endAt ? showTime(r.schedule.endAt) : t("decorate.studio.open_end"),
                      })
                    : ""}
                </td>
                <td className="ds-actions">
                  {r.status === 0 ? (
                    <button type="button" className="btn ds-small" onClick={() => onOpen(r.renovationId)}>
                      {t("decorate.studio.open")}
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-ghost ds-small"
                      onClick={() => void copyAndOpen(r.renovationId)}
                    >
                      {t("decorate.studio.editCopy")}
                    </button>
                  )}
                  {r.status === 2 && (
                    <button
                      type="button"
                      className="btn btn-ghost ds-small"
                      onClick={() => void act("POST", `/${r.renovationId}/publish`, "decorate.studio.restored", {})}
                    >
                      {t("decorate.studio.restore")}
                    </button>
                  )}
                  {r.status === 1 && (
                    <button
                      type="button"
                      className="btn btn-ghost ds-small"
                      onClick={() =>
                        void act("POST", `/${r.renovationId}/unpublish`, "decorate.studio.unpublished", {})
                      }
                    >
                      {t("decorate.studio.unpublish")}
                    </button>
                  )}
                  {r.status !== 1 && (
                    <button
                      type="button"
                      className="btn btn-ghost ds-small"
                      onClick={() => void act("DELETE", `/${r.renovationId}`, "decorate.studio.deleted")}
                    >
                      {t("decorate.studio.delete")}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** "2030-01-02 08:00" (the person's time zone) → ISO, or null when it is not such a time. */
function parseLocalTime(s: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/.exec(s.trim());
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

type SaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "refused"; msg: string }
  | { kind: "conflict"; msg: string; updatedAt: string };

function Editor({
  session,
  schema,
  id,
  onBack,
  onSignOut,
}: {
  session: Session;
  schema: Json;
  id: number | null;
  onBack: () => void;
  onSignOut: () => void;
}) {
  const { t, locale } = useTranslation();
  const defs = (schema.$defs ?? {}) as Record<string, Json>;
  const dataFieldSchemas = useMemo(() => blockSchemas(schema), [schema]);
  const [draft, setDraft] = useState<Draft>({ renovationId: id, name: "", page: "home", updatedAt: null });
  const [hist, setHist] = useState<History<Block[]>>(historyOf([]));
  const [loaded, setLoaded] = useState(id === null);
  const [selected, setSelected] = useState<string | null>(null);
  const [save, setSave] = useState<SaveState>({ kind: "idle" });
  const [refusal, setRefusal] = useState<{ path: Path; msg: string } | null>(null);
  const [message, setMessage] = useState("");
  const [notFound, setNotFound] = useState(false);
  const blocks = hist.present;
  const dirty = useRef(false);
  // Edits since the page was opened: a save clears `dirty` only when nothing changed meanwhile.
  const edits = useRef(0);
  const markDirty = () => {
    dirty.current = true;
    edits.current++;
    // "Saved" is true only until the next edit.
    setSave((v) => (v.kind === "saved" ? { kind: "idle" } : v));
  };
  // Saves run one after another, on the id and base the previous one answered.
  const saved = useRef<{ renovationId: number | null; updatedAt: string | null }>({
    renovationId: id,
    updatedAt: null,
  });
  const chain = useRef<Promise<void>>(Promise.resolve());
  const api = useCallback(
    <T,>(method: string, path: string, body?: unknown) => call<T>(locale, session.token, method, path, body),
    [locale, session.token],
  );

  useEffect(() => {
    if (id === null) {
      setDraft((d) => ({ ...d, name: t("decorate.studio.newPage") }));
      return;
    }
    api<{ name: string; page: "home" | "page"; updatedAt: string; content: { type: string; dataField: Json }[] }>(
      "GET",
      `/merchant/renovations/${id}`,
    ).then(
      (r) => {
        setDraft({ renovationId: id, name: r.name, page: r.page, updatedAt: r.updatedAt });
        saved.current = { renovationId: id, updatedAt: r.updatedAt };
        setHist(historyOf(toBlocks(r.content)));
        setLoaded(true);
      },
      (err) => {
        if (err instanceof StudioError && err.code === "A00004") onSignOut();
        setNotFound(true);
      },
    );
  }, [id, api, t, onSignOut]);

  const change = (next: Block[], key: string | null = null) => {
    markDirty();
    setHist((h) => record(h, next, key));
  };
  const setName = (name: string) => {
    markDirty();
    setDraft((d) => ({ ...d, name }));
  };

  // A refusal names [block index, "dataField", …]: shown on that block and field.
  const onRefused = (err: unknown): string => {
    const msg = err instanceof StudioError && err.message ? err.message : t("decorate.studio.error");
    const data = err instanceof StudioError ? (err.data as { path?: Path } | null) : null;
    if (data?.path && typeof data.path[0] === "number") {
      setRefusal({ path: data.path, msg });
      const b = blocks[data.path[0]];
      if (b) setSelected(b.key);
    } else setRefusal(null);
    return msg;
  };

  // ---- preview: the storefront's rendering of the unsaved blocks ----
  const [previewLocale, setPreviewLocale] = useState<Locale>(locale);
  const [width, setWidth] = useState<(typeof WIDTHS)[number]>(1366);
  const [previewPath, setPreviewPath] = useState<string | null>(null);
  const [previewError, setPreviewError] = useState("");
  const previewSeq = useRef(0);
  // The newest answer shown so far: an older request answering late is not shown over it.
  const previewShown = useRef(0);
  const previewSentAt = useRef(-Infinity);
  useEffect(() => {
    if (!loaded || blocks.length === 0) return;
    const seq = ++previewSeq.current;
    const wait = Math.max(0, previewSentAt.current + PREVIEW_INTERVAL_MS - performance.now());
    const timer = setTimeout(() => {
      previewSentAt.current = performance.now();
      api<{ previewUrl: string }>("POST", "/merchant/renovations/preview", {
        name: draft.name || "-",
        content: toContent(blocks),
      }).then(
        (r) => {
          if (seq < previewShown.current) return;
          previewShown.current = seq;
          // The link is in the page's language; the frame shows the language chosen beside it.
          const u = new URL(r.previewUrl, window.location.origin);
          setPreviewPath(`${splitLocalePath(u.pathname).path}${u.search}`);
          setPreviewError("");
          setRefusal(null);
        },
        (err) => {
          if (seq < previewShown.current) return;
          previewShown.current = seq;
          setPreviewError(onRefused(err));
        },
      );
    }, wait);
    return () => clearTimeout(timer);
  }, [blocks, draft.name, loaded, api]);

  // ---- autosave ----
  const saveNow = useCallback(
    (opts: { force?: boolean } = {}): Promise<void> => {
      if (!loaded || blocks.length === 0) return chain.current;
      const body = { name: draft.name, page: draft.page, content: toContent(blocks) };
      const at = edits.current;
      const run = async () => {
        setSave({ kind: "saving" });
        try {
          const cur = saved.current;
          if (cur.renovationId === null) {
            const r = await api<{ renovationId: number }>("POST", "/merchant/renovations", body);
            const read = await api<{ updatedAt: string }>("GET", `/merchant/renovations/${r.renovationId}`);
            saved.current = { renovationId: r.renovationId, updatedAt: read.updatedAt };
          } else {
            const r = await api<{ updatedAt: string }>("PUT", `/merchant/renovations/${cur.renovationId}`, {
              ...body,
              ...(opts.force || !cur.updatedAt ? {} : { baseUpdatedAt: cur.updatedAt }),
            });
            saved.current = { renovationId: cur.renovationId, updatedAt: r.updatedAt };
          }
          setDraft((d) => ({ ...d, ...saved.current }));
          // Edits made while this save was on its way are not saved yet: their own save follows.
          if (edits.current === at) dirty.current = false;
          setSave(edits.current === at ? { kind: "saved" } : { kind: "idle" });
        } catch (err) {
          const data =
            err instanceof StudioError ? (err.data as { conflict?: boolean; updatedAt?: string } | null) : null;
          if (data?.conflict && data.updatedAt)
            setSave({ kind: "conflict", msg: (err as StudioError).message, updatedAt: data.updatedAt });
          else setSave({ kind: "refused", msg: onRefused(err) });
        }
      };
      chain.current = chain.current.then(run);
      return chain.current;
    },
    [loaded, blocks, draft, api],
  );
  useEffect(() => {
    if (!dirty.current || save.kind === "conflict") return;
    const timer = setTimeout(() => void saveNow(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [blocks, draft.name, draft.page]);

  const loadTheirs = async () => {
    if (draft.renovationId === null) return;
    const r = await api<{
      name: string;
      page: "home" | "page";
      updatedAt: string;
      content: { type: string; dataField: Json }[];
    }>("GET", `/merchant/renovations/${draft.renovationId}`);
    dirty.current = false;
    setDraft({ renovationId: draft.renovationId, name: r.name, page: r.page, updatedAt: r.updatedAt });
    saved.current = { renovationId: draft.renovationId, updatedAt: r.updatedAt };
    // Their blocks take the keys of the blocks at the same places: the selection stays, and undo
    // (which brings this editor's blocks back) finds it again.
    setHist((h) =>
      record(
        h,
        toBlocks(r.content).map((b, i) => ({ ...b, key: h.present[i]?.key ?? b.key })),
      ),
    );
    setSave({ kind: "saved" });
  };
  const saveMineAsNew = async () => {
    try {
      const r = await api<{ renovationId: number }>("POST", "/merchant/renovations", {
        name: draft.name,
        page: draft.page,
        content: toContent(blocks),
      });
      const read = await api<{ updatedAt: string }>("GET", `/merchant/renovations/${r.renovationId}`);
      dirty.current = false;
      saved.current = { renovationId: r.renovationId, updatedAt: read.updatedAt };
      setDraft((d) => ({ ...d, renovationId: r.renovationId, updatedAt: read.updatedAt }));
      setSave({ kind: "saved" });
    } catch (err) {
      setSave({ kind: "refused", msg: onRefused(err) });
    }
  };

  // ---- publish, schedule ----
  const [startAt, setStartAt] = useState("");
  const [endAt, setEndAt] = useState("");
  const publish = async () => {
    await saveNow();
    const rid = saved.current.renovationId;
    if (rid === null || dirty.current) return;
    try {
      await api("POST", `/merchant/renovations/${rid}/publish`, {});
      setMessage(t("decorate.studio.published"));
    } catch (err) {
      setMessage(onRefused(err));
    }
  };
  const schedule = async (e: FormEvent) => {
    e.preventDefault();
    const s = startAt.trim() ? parseLocalTime(startAt) : null;
    const en = endAt.trim() ? parseLocalTime(endAt) : null;
    if ((startAt.trim() && !s) || (endAt.trim() && !en)) {
      setMessage(t("decorate.studio.badTime"));
      return;
    }
    if (dirty.current || saved.current.renovationId === null) await saveNow();
    const rid = saved.current.renovationId;
    if (rid === null) return;
    try {
      await api("POST", `/merchant/renovations/${rid}/schedule`, { startAt: s, endAt: en });
      setMessage(t("decorate.studio.scheduleSaved"));
    } catch (err) {
      setMessage(err instanceof StudioError && err.message ? err.message : t("decorate.studio.error"));
    }
  };

  // ---- blocks ----
  const add = (type: DraftBlockType) => {
    const b = { key: newKey(), type, dataField: defaultDataField(type) };
    change([...blocks, b]);
    setSelected(b.key);
  };
  const duplicate = (i: number) => {
    const b = blocks[i]!;
    const copy = { key: newKey(), type: b.type, dataField: structuredClone(b.dataField) };
    change([...blocks.slice(0, i + 1), copy, ...blocks.slice(i + 1)]);
  };
  const remove = (i: number) => {
    const b = blocks[i]!;
    focusAfterRemove.current = i;
    change(blocks.filter((_, j) => j !== i));
    if (selected === b.key) setSelected(null);
  };
  // The removed block's buttons had the focus: it goes to the block now at that place (or the last
  // one, or the palette when none is left), not to the top of the page.
  const blockList = useRef<HTMLOListElement>(null);
  const palette = useRef<HTMLUListElement>(null);
  const focusAfterRemove = useRef<number | null>(null);
  useEffect(() => {
    const at = focusAfterRemove.current;
    if (at === null) return;
    focusAfterRemove.current = null;
    const names = blockList.current?.querySelectorAll<HTMLElement>(".ds-block-name");
    const target = names?.[Math.min(at, names.length - 1)] ?? palette.current?.querySelector<HTMLElement>("button");
    target?.focus();
  }, [blocks]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const typeName = (type: string) => t(`decorate.studio.types.${type}` as TranslationKey);
  const position = (key: string | number) => blocks.findIndex((b) => b.key === key) + 1;
  const typeOfKey = (key: string | number) => typeName(blocks.find((b) => b.key === key)?.type ?? "");
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("decorate.studio.pickedUp", { type: typeOfKey(active.id), n: position(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t("decorate.studio.movedOver", { type: typeOfKey(active.id), n: position(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t("decorate.studio.moved", { type: typeOfKey(active.id), n: position(over.id) }) : undefined,
    onDragCancel: () => t("decorate.studio.cancelled"),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = blocks.findIndex((b) => b.key === active.id);
    const to = blocks.findIndex((b) => b.key === over.id);
    change(arrayMove(blocks, from, to));
  };

  // Undo / redo from the keyboard too (Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z or Ctrl+Y).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const k = e.key.toLowerCase();
      if (k === "z" && !e.shiftKey) {
        e.preventDefault();
        markDirty();
        setHist(undo);
      } else if ((k === "z" && e.shiftKey) || k === "y") {
        e.preventDefault();
        markDirty();
        setHist(redo);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const selIndex = blocks.findIndex((b) => b.key === selected);
  const sel = selIndex >= 0 ? blocks[selIndex]! : null;
  const env: FormEnv | null = useMemo(
    () =>
      sel
        ? {
            defs,
            blockType: sel.type,
            error:
              refusal && refusal.path[0] === selIndex && refusal.path[1] === "dataField"
                ? { path: refusal.path.slice(2), msg: refusal.msg }
                : null,
            sources: (kind: string, q = "") =>
              api<SourceOption[]>(
                "GET",
                `/merchant/renovations/sources?kind=${encodeURIComponent(kind)}&q=${encodeURIComponent(q)}`,
              ),
            upload: async (file: File) => {
              const form = new FormData();
              form.set("file", file);
              return (await api<{ filePath: string }>("POST", "/merchant/file/upload", form)).filePath;
            },
          }
        : null,
    [sel?.type, selIndex, refusal, api],
  );

  if (notFound)
    return (
      <section className="ds-editor">
        <StudioHeader session={session} onSignOut={onSignOut} />
        <p role="alert" className="ds-error" data-testid="studio-not-found">
          {t("decorate.studio.notFoundPage")}
        </p>
        <button type="button" className="btn btn-ghost" onClick={onBack}>
          {t("decorate.studio.back")}
        </button>
      </section>
    );

  const saveText =
    save.kind === "saving"
      ? t("decorate.studio.saving")
      : save.kind === "saved"
        ? t("decorate.studio.saved")
        : save.kind === "refused"
          ? t("decorate.studio.notSaved", { msg: save.msg })
          : save.kind === "conflict"
            ? ""
            : t("decorate.studio.unsaved");
  const frameSrc = previewPath ? localePath(previewLocale, previewPath) : null;

  return (
    <section className="ds-editor" aria-labelledby="ds-editor-title">
      <StudioHeader session={session} onSignOut={onSignOut} />
      <div className="ds-toolbar">
        <button type="button" className="btn btn-ghost ds-small" onClick={onBack}>
          {t("decorate.studio.back")}
        </button>
        <h2 id="ds-editor-title" className="visually-hidden">
          {draft.name}
        </h2>
        <label className="ds-label" htmlFor="ds-name">
          {t("decorate.studio.name")}
        </label>
        <input
          id="ds-name"
          className="input ds-name"
          type="text"
          maxLength={60}
          value={draft.name}
          onChange={(e) => setName(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-ghost ds-small"
          disabled={hist.past.length === 0}
          onClick={() => {
            markDirty();
            setHist(undo);
          }}
        >
          {t("decorate.studio.undo")}
        </button>
        <button
          type="button"
          className="btn btn-ghost ds-small"
          disabled={hist.future.length === 0}
          onClick={() => {
            markDirty();
            setHist(redo);
          }}
        >
          {t("decorate.studio.redo")}
        </button>
        <span className="ds-save" role="status" data-testid="studio-save">
          {saveText}
        </span>
        <button type="button" className="btn ds-small" onClick={() => void publish()} data-testid="studio-publish">
          {t("decorate.studio.publish")}
        </button>
      </div>
      {save.kind === "conflict" && (
        <div className="ds-conflict" role="alert" data-testid="studio-conflict">
          <p>{save.msg}</p>
          <button type="button" className="btn btn-ghost ds-small" onClick={() => void loadTheirs()}>
            {t("decorate.studio.conflictLoad")}
          </button>
          <button type="button" className="btn ds-small" onClick={() => void saveMineAsNew()}>
            {t("decorate.studio.conflictCopy")}
          </button>
        </div>
      )}
      <p className="ds-status" role="status" data-testid="studio-message">
        {message}
      </p>
      <form className="ds-schedule" onSubmit={schedule} aria-label={t("decorate.studio.schedule")}>
        <label className="ds-label" htmlFor="ds-start">
          {t("decorate.studio.startAt")}
        </label>
        <input
          id="ds-start"
          className="input"
          type="text"
          placeholder="2030-01-01 08:00"
          value={startAt}
          onChange={(e) => setStartAt(e.target.value)}
        />
        <label className="ds-label" htmlFor="ds-end">
          {t("decorate.studio.endAt")}
        </label>
        <input
          id="ds-end"
          className="input"
          type="text"
          placeholder="2030-01-02 08:00"
          value={endAt}
          onChange={(e) => setEndAt(e.target.value)}
        />
        <button type="submit" className="btn btn-ghost ds-small">
          {t("decorate.studio.scheduleSave")}
        </button>
      </form>
      <div className="ds-main">
        <div className="ds-side">
          <section aria-labelledby="ds-palette-title">
            <h3 id="ds-palette-title">{t("decorate.studio.palette")}</h3>
            <ul className="ds-palette" ref={palette}>
              {DRAFT_BLOCK_TYPES.map((type) => (
                <li key={type}>
                  <button
                    type="button"
                    className="ds-palette-btn"
                    aria-label={t("decorate.studio.add", { type: typeName(type) })}
                    onClick={() => add(type)}
                    data-type={type}
                  >
                    {typeName(type)}
                  </button>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="ds-blocks-title">
            <h3 id="ds-blocks-title">{t("decorate.studio.blocks")}</h3>
            {blocks.length === 0 ? (
              <p className="ds-hint">{t("decorate.studio.noBlocks")}</p>
            ) : (
              <DndContext
                sensors={sensors}
                collisionDetection={closestCenter}
                onDragEnd={onDragEnd}
                accessibility={{ announcements }}
              >
                <SortableContext items={blocks.map((b) => b.key)} strategy={verticalListSortingStrategy}>
                  <ol className="ds-blocks" data-testid="studio-blocks" ref={blockList}>
                    {blocks.map((b, i) => (
                      <BlockRow
                        key={b.key}
                        block={b}
                        index={i}
                        label={typeName(b.type)}
                        selected={b.key === selected}
                        refused={refusal?.path[0] === i}
                        onSelect={() => setSelected(b.key)}
                        onDuplicate={() => duplicate(i)}
                        onRemove={() => remove(i)}
                      />
                    ))}
                  </ol>
                </SortableContext>
              </DndContext>
            )}
          </section>
          <section aria-labelledby="ds-form-title" className="ds-form" data-testid="studio-form">
            <h3 id="ds-form-title">
              {t("decorate.studio.form")}
              {sel ? `: ${typeName(sel.type)}` : ""}
            </h3>
            {refusal && (!sel || refusal.path[0] !== selIndex) && (
              <p className="ds-field-error" role="alert">
                {refusal.msg}
              </p>
            )}
            {sel && env ? (
              <SchemaField
                env={env}
                schema={dataFieldSchemas[sel.type] ?? {}}
                value={sel.dataField}
                path={[]}
                label=""
                onChange={(v, key) =>
                  change(
                    blocks.map((b, j) => (j === selIndex ? { ...b, dataField: (v ?? {}) as Json } : b)),
                    key === null ? null : `${sel.key}.${key}`,
                  )
                }
              />
            ) : (
              <p className="ds-hint">{t("decorate.studio.noSelection")}</p>
            )}
          </section>
        </div>
        <section className="ds-preview" aria-labelledby="ds-preview-title">
          <h3 id="ds-preview-title">{t("decorate.studio.preview")}</h3>
          <div className="ds-preview-controls">
            <div className="choice-group" role="radiogroup" aria-label={t("decorate.studio.previewLocale")}>
              {LOCALES.map((l) => (
                <label key={l} className="choice">
                  <input
                    type="radio"
                    name="ds-preview-locale"
                    value={l}
                    checked={previewLocale === l}
                    onChange={() => setPreviewLocale(l)}
                  />
                  {t(`decorate.studio.lang_${l}` as TranslationKey)}
                </label>
              ))}
            </div>
            <div className="choice-group" role="radiogroup" aria-label={t("decorate.studio.previewWidth")}>
              {WIDTHS.map((w) => (
                <label key={w} className="choice">
                  <input
                    type="radio"
                    name="ds-preview-width"
                    value={w}
                    checked={width === w}
                    onChange={() => setWidth(w)}
                  />
                  {w}
                </label>
              ))}
            </div>
          </div>
          {previewError && (
            <p className="ds-field-error" role="alert" data-testid="studio-preview-error">
              {t("decorate.studio.previewRefused", { msg: previewError })}
            </p>
          )}
          <PreviewFrame
            src={frameSrc}
            width={width}
            title={t("decorate.studio.previewFrame", {
              locale: t(`decorate.studio.lang_${previewLocale}` as TranslationKey),
              width,
            })}
          />
        </section>
      </div>
    </section>
  );
}

/** The storefront page in a frame `width` CSS pixels wide, scaled down to the column. */
function PreviewFrame({ src, width, title }: { src: string | null; width: number; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.5);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = () => setScale(Math.min(1, el.clientWidth / width));
    fit();
    const ro = new ResizeObserver(fit);
    ro.observe(el);
    return () => ro.disconnect();
  }, [width]);
  const height = 1400;
  return (
    <div className="ds-frame-box" ref={box} style={{ height: height * scale }}>
      {src && (
        <iframe
          src={src}
          title={title}
          data-testid="studio-preview-frame"
          data-width={width}
          width={width}
          height={height}
          style={{ transform: `scale(${scale})` }}
          className="ds-frame"
        />
      )}
    </div>
  );
}

function BlockRow(props: {
  block: Block;
  index: number;
  label: string;
  selected: boolean;
  refused: boolean;
  onSelect: () => void;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: props.block.key });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`ds-block${props.selected ? " is-selected" : ""}${props.refused ? " is-refused" : ""}${isDragging ? " is-dragging" : ""}`}
      data-testid="studio-block"
      data-type={props.block.type}
    >
      <button
        type="button"
        className="ds-handle"
        {...attributes}
        {...listeners}
        aria-label={t("decorate.studio.move", { type: props.label })}
        aria-describedby={undefined}
        data-testid="studio-handle"
      >
        ⠿
      </button>
      <button type="button" className="ds-block-name" aria-pressed={props.selected} onClick={props.onSelect}>
        {props.index + 1}. {props.label}
        {props.refused && (
          <span className="ds-block-error" data-testid="studio-block-error">
            {" "}
            ⚠ <span className="visually-hidden">{t("decorate.studio.blockError")}</span>
          </span>
        )}
      </button>
      <button type="button" className="ds-link-btn" onClick={props.onDuplicate}>
        {t("decorate.studio.duplicate")}
        <span className="visually-hidden"> {props.label}</span>
      </button>
      <button type="button" className="ds-link-btn" onClick={props.onRemove}>
        {t("decorate.studio.remove")}
        <span className="visually-hidden"> {props.label}</span>
      </button>
    </li>
  );
}

/** The dataField schema of each block type, from the draft schema's content items (anyOf). */
function blockSchemas(schema: Json): Record<string, Json> {
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
