/**
 * The studio's edit history (undo / redo): every change of the blocks is a step; a run of edits
 * of one field (typing) within `COALESCE_MS` is one step. At most HISTORY_MAX steps are kept
 * back (the oldest go first).
 */
export const HISTORY_MAX = 100;
const COALESCE_MS = 800;

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The field of the last step and when it was made (for coalescing typing). */
  lastKey: string | null;
  lastAt: number;
}

export const historyOf = <T>(present: T): History<T> => ({ past: [], present, future: [], lastKey: null, lastAt: 0 });

/** A new present; `key` names the field edited (null: a step of its own, e.g. a move or a delete). */
export function record<T>(h: History<T>, next: T, key: string | null = null, now = Date.now()): History<T> {
  if (next === h.present) return h;
  if (key !== null && key === h.lastKey && now - h.lastAt < COALESCE_MS)
    return { ...h, present: next, future: [], lastAt: now };
  const past = [...h.past, h.present].slice(-HISTORY_MAX);
  return { past, present: next, future: [], lastKey: key, lastAt: now };
}

export function undo<T>(h: History<T>): History<T> {
  const prev = h.past.at(-1);
  if (prev === undefined) return h;
  return { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future], lastKey: null, lastAt: 0 };
}

export function redo<T>(h: History<T>): History<T> {
  const next = h.future[0];
  if (next === undefined) return h;
  return { past: [...h.past, h.present], present: next, future: h.future.slice(1), lastKey: null, lastAt: 0 };
}
