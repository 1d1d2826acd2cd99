/**
 * Browser side of the flow analysis (visit tracking, CONTRACT §11, SPEC §3/§9).
 *  - uuid: a device id kept in localStorage for good (a logout clears all storage → a new one);
 *  - uuidSession: renewed after 30 minutes without a log (nextSession of src/lib/flow-analysis/flow-analysis.ts);
 *  - step: the page sequence within the session; prevPageId: the page id of the previous log in
 *    the same session.
 * The log goes to /p/flowAnalysisLog when a token exists (with the token as Authorization), else
 * to /flowAnalysisLog. Fire-and-forget: no login popup, no toast, errors ignored — so it is a
 * plain `fetch`, not the API client, which a visitor's page would otherwise download
 * for this one request (docs/performance.md "Browser JavaScript").
 */
import type { FlowAnalysisLogInput } from "../lib/flow-analysis/flow-analysis.ts";
import { FlowVisitType, nextSession, type FlowSessionState } from "../lib/flow-analysis/flow-session.ts";
import type { StorageLike } from "./storage.ts";

/** localStorage keys: the device id, and the session state {uuidSession, lastSeen, step, pageId}. */
export const FLOW_KEYS = {
  uuid: "mall:flowUuid",
  session: "mall:flowAnalysisLog",
} as const;

export const FLOW_LOG_GUEST_PATH = "/flowAnalysisLog";
export const FLOW_LOG_USER_PATH = "/p/flowAnalysisLog";
/** systemType 1 = PC. */
export const SYSTEM_TYPE_PC = 1;

export interface PageView {
  pageId: number;
  bizType?: number | undefined;
  bizData?: string | number | undefined;
}

interface StoredSession extends FlowSessionState {
  pageId?: number;
}

export interface FlowDeps {
  storage?: StorageLike | null;
  now?: () => number;
  newId?: () => string;
  token?: () => string | null;
  /** Sends the log; default: the shared API client with dontShowLogin + silent. */
  send?: (path: string, body: FlowAnalysisLogInput) => Promise<unknown>;
}

/** A random id: crypto.randomUUID, or 16 random bytes as hex where it is missing (plain http). */
export function randomId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === "function") {
    try {
      return c.randomUUID();
    } catch {
      // not a secure context: fall through
    }
  }
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === "function") c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function defaultStorage(): StorageLike | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function read(storage: StorageLike | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: StorageLike | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // storage full or disabled: tracking goes on without memory
  }
}

function readSession(storage: StorageLike | null): StoredSession | null {
  const raw = read(storage, FLOW_KEYS.session);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<StoredSession> | null;
    if (!v || typeof v.uuidSession !== "string" || typeof v.lastSeen !== "number" || typeof v.step !== "number")
      return null;
    return {
      uuidSession: v.uuidSession,
      lastSeen: v.lastSeen,
      step: v.step,
      ...(typeof v.pageId === "number" ? { pageId: v.pageId } : {}),
    };
  } catch {
    return null;
  }
}

/** The persistent device id (created on first use). */
export function deviceId(deps: Pick<FlowDeps, "storage" | "newId"> = {}): string {
  const storage = deps.storage === undefined ? defaultStorage() : deps.storage;
  const existing = read(storage, FLOW_KEYS.uuid);
  if (existing && /^[A-Za-z0-9_-]{1,64}$/.test(existing)) return existing;
  const id = (deps.newId ?? randomId)();
  write(storage, FLOW_KEYS.uuid, id);
  return id;
}

/**
 * The body of a page-view log, and the session state advanced (stored). Pure apart from the
 * injected storage / clock / id source.
 */
export function buildPageView(view: PageView, deps: FlowDeps = {}): FlowAnalysisLogInput {
  const storage = deps.storage === undefined ? defaultStorage() : deps.storage;
  const now = (deps.now ?? Date.now)();
  const newId = deps.newId ?? randomId;
  const uuid = deviceId({ storage, newId });
  const prev = readSession(storage);
  const { uuidSession, step } = nextSession(prev, now, newId());
  const sameSession = prev !== null && prev.uuidSession === uuidSession;
  const prevPageId = sameSession ? prev.pageId : undefined;
  write(
    storage,
    FLOW_KEYS.session,
    JSON.stringify({ uuidSession, lastSeen: now, step, pageId: view.pageId } satisfies StoredSession),
  );
  const body: FlowAnalysisLogInput = {
    pageId: view.pageId,
    step,
    systemType: SYSTEM_TYPE_PC,
    uuid,
    uuidSession,
    visitType: FlowVisitType.PAGE_VIEW,
  };
  if (view.bizType !== undefined && Number.isFinite(view.bizType)) body.bizType = view.bizType;
  if (view.bizData !== undefined && view.bizData !== "") body.bizData = String(view.bizData);
  if (prevPageId !== undefined) body.prevPageId = prevPageId;
  return body;
}

async function defaultSend(path: string, body: FlowAnalysisLogInput, token: string | null): Promise<unknown> {
  const base = (import.meta.env.PUBLIC_API_BASE as string | undefined) ?? "/api";
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers.Authorization = token;
  const res = await fetch(`${base}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  // Read to the end: an answer left unread keeps the request open (and the page never idle).
  return res.text();
}

async function defaultToken(): Promise<string | null> {
  const { getToken } = await import("./token.ts");
  return getToken();
}

/** Logs a page view: fire-and-forget, never throws, never shows anything. */
export async function trackPageView(view: PageView, deps: FlowDeps = {}): Promise<void> {
  if (!Number.isInteger(view.pageId) || view.pageId < 1) return;
  try {
    const body = buildPageView(view, deps);
    const token = deps.token ? deps.token() : await defaultToken();
    const path = token ? FLOW_LOG_USER_PATH : FLOW_LOG_GUEST_PATH;
    await (deps.send ?? ((p: string, b: FlowAnalysisLogInput) => defaultSend(p, b, token)))(path, body);
  } catch {
    // tracking never disturbs the page
  }
}
