/**
 * The state and the calls of the studio's editor (StudioEditor.tsx shows them; docs/renovation.md
 * "The studio"): the page's head and blocks with their undo history, the selected block and the
 * server's refusal (shown on the block and field it names), the preview of the unsaved blocks,
 * the autosave (saves run one after another, each on the base the previous one answered; a second
 * editor's save is a conflict, nothing lost), publishing and scheduling.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { arrayMove } from "@dnd-kit/sortable";
import { isApiError } from "../../client/api.ts";
import {
  createDraft,
  getDecoration,
  listSources,
  previewDraft,
  publishRenovation,
  saveDraft,
  scheduleRenovation,
  uploadDecorationPicture,
  type DraftBody,
} from "../../client/data/renovation.ts";
import { splitLocalePath } from "../../lib/locale.ts";
import type { DraftBlockType } from "../../lib/renovation/block-types.ts";
import type { RenovationDetail } from "../../lib/renovation/renovation-types.ts";
import { messageOf } from "../common/feedback.ts";
import { useTranslation } from "../common/I18nProvider.tsx";
import { isUnauthorized } from "../common/session.ts";
import { defaultDataField } from "./block-defaults.ts";
import { historyOf, record, redo as redoStep, undo as undoStep, type History } from "./history.ts";
import type { FormEnv, Json, Path } from "./schema-kit.tsx";
import { blockSchemas, newKey, parseLocalTime, toBlocks, toContent, type Block, type Draft } from "./studio-model.ts";

/**
 * At most one preview request this often: an edit after a quiet moment goes at once, a run of edits
 * (typing) every PREVIEW_INTERVAL_MS with the blocks as they are then.
 */
const PREVIEW_INTERVAL_MS = 250;
const AUTOSAVE_MS = 1200;

export type SaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "refused"; msg: string }
  | { kind: "conflict"; msg: string; updatedAt: string };

export function useStudioEditor(token: string, schema: Json, id: number | null, onSignOut: () => void) {
  const { t } = useTranslation();
  const fail = (err: unknown) => messageOf(err, t("renovation.studio.error"));
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

  /** The page as the server holds it: its head, and the base of the next save. */
  const took = (r: RenovationDetail, renovationId: number) => {
    setDraft({ renovationId, name: r.name, page: r.page, updatedAt: r.updatedAt });
    saved.current = { renovationId, updatedAt: r.updatedAt };
  };
  /** A new draft of `body`, and the base its next save goes on. */
  const createAndRead = async (body: DraftBody) => {
    const r = await createDraft(token, body);
    const read = await getDecoration(token, r.renovationId);
    return { renovationId: r.renovationId, updatedAt: read.updatedAt };
  };

  useEffect(() => {
    if (id === null) {
      setDraft((d) => ({ ...d, name: t("renovation.studio.newPage") }));
      return;
    }
    getDecoration(token, id).then(
      (r) => {
        took(r, id);
        setHist(historyOf(toBlocks(r.content)));
        setLoaded(true);
      },
      (err) => {
        if (isUnauthorized(err)) onSignOut();
        setNotFound(true);
      },
    );
  }, [id, token, t, onSignOut]);

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
    const msg = fail(err);
    const data = isApiError(err) ? (err.data as { path?: Path } | null) : null;
    if (data?.path && typeof data.path[0] === "number") {
      setRefusal({ path: data.path, msg });
      const b = blocks[data.path[0]];
      if (b) setSelected(b.key);
    } else setRefusal(null);
    return msg;
  };

  // ---- preview: the storefront's rendering of the unsaved blocks ----
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
      previewDraft(token, { name: draft.name || "-", content: toContent(blocks) }).then(
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
  }, [blocks, draft.name, loaded, token]);

  // ---- autosave ----
  const saveNow = useCallback(
    (opts: { force?: boolean } = {}): Promise<void> => {
      if (!loaded || blocks.length === 0) return chain.current;
      const body: DraftBody = { name: draft.name, page: draft.page, content: toContent(blocks) };
      const at = edits.current;
      const run = async () => {
        setSave({ kind: "saving" });
        try {
          const cur = saved.current;
          if (cur.renovationId === null) saved.current = await createAndRead(body);
          else {
            const r = await saveDraft(token, cur.renovationId, {
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
          const data = isApiError(err) ? (err.data as { conflict?: boolean; updatedAt?: string } | null) : null;
          if (isApiError(err) && data?.conflict && data.updatedAt)
            setSave({ kind: "conflict", msg: err.msg ?? "", updatedAt: data.updatedAt });
          else setSave({ kind: "refused", msg: onRefused(err) });
        }
      };
      chain.current = chain.current.then(run);
      return chain.current;
    },
    [loaded, blocks, draft, token],
  );
  useEffect(() => {
    if (!dirty.current || save.kind === "conflict") return;
    const timer = setTimeout(() => void saveNow(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [blocks, draft.name, draft.page]);

  const loadTheirs = async () => {
    if (draft.renovationId === null) return;
    const r = await getDecoration(token, draft.renovationId);
    dirty.current = false;
    took(r, draft.renovationId);
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
      const s = await createAndRead({ name: draft.name, page: draft.page, content: toContent(blocks) });
      dirty.current = false;
      saved.current = s;
      setDraft((d) => ({ ...d, ...s }));
      setSave({ kind: "saved" });
    } catch (err) {
      setSave({ kind: "refused", msg: onRefused(err) });
    }
  };

  // ---- publish, schedule ----
  const publish = async () => {
    await saveNow();
    const rid = saved.current.renovationId;
    if (rid === null || dirty.current) return;
    try {
      await publishRenovation(token, rid);
      setMessage(t("renovation.studio.published"));
    } catch (err) {
      setMessage(onRefused(err));
    }
  };
  /** A window from the times as typed ("2030-01-01 08:00", the person's time zone; empty: open). */
  const schedule = async (startAt: string, endAt: string) => {
    const s = startAt.trim() ? parseLocalTime(startAt) : null;
    const en = endAt.trim() ? parseLocalTime(endAt) : null;
    if ((startAt.trim() && !s) || (endAt.trim() && !en)) {
      setMessage(t("renovation.studio.badTime"));
      return;
    }
    if (dirty.current || saved.current.renovationId === null) await saveNow();
    const rid = saved.current.renovationId;
    if (rid === null) return;
    try {
      await scheduleRenovation(token, rid, { startAt: s, endAt: en });
      setMessage(t("renovation.studio.scheduleSaved"));
    } catch (err) {
      setMessage(fail(err));
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
    change(blocks.filter((_, j) => j !== i));
    if (selected === b.key) setSelected(null);
  };
  /** The block of key `from` to the place of the block of key `to`. */
  const move = (from: string | number, to: string | number) =>
    change(
      arrayMove(
        blocks,
        blocks.findIndex((b) => b.key === from),
        blocks.findIndex((b) => b.key === to),
      ),
    );
  const undo = () => {
    markDirty();
    setHist(undoStep);
  };
  const redo = () => {
    markDirty();
    setHist(redoStep);
  };

  // Undo / redo from the keyboard too (Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z or Ctrl+Y).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const k = e.key.toLowerCase();
      if (k === "z" && !e.shiftKey) {
        e.preventDefault();
        undo();
      } else if ((k === "z" && e.shiftKey) || k === "y") {
        e.preventDefault();
        redo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // ---- the selected block and its form ----
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
            sources: (kind: string, q = "") => listSources(token, kind, q),
            upload: (file: File) => uploadDecorationPicture(token, file),
          }
        : null,
    [sel?.type, selIndex, refusal, token],
  );
  /** The selected block's dataField as the form changed it; `key` names the field (typing coalesces). */
  const editSelected = (v: unknown, key: string | null) => {
    if (!sel) return;
    change(
      blocks.map((b, j) => (j === selIndex ? { ...b, dataField: (v ?? {}) as Json } : b)),
      key === null ? null : `${sel.key}.${key}`,
    );
  };

  return {
    draft,
    hist,
    blocks,
    selected,
    setSelected,
    sel,
    selIndex,
    selSchema: sel ? (dataFieldSchemas[sel.type] ?? {}) : {},
    env,
    save,
    refusal,
    message,
    notFound,
    previewPath,
    previewError,
    setName,
    add,
    duplicate,
    remove,
    move,
    undo,
    redo,
    editSelected,
    publish,
    schedule,
    loadTheirs,
    saveMineAsNew,
  };
}

export type StudioEditorState = ReturnType<typeof useStudioEditor>;
