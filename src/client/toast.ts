/**
 * Vanilla-DOM toasts (browser only). One container (role="status", aria-live="polite")
 * holds stacked toasts; each removes itself after `duration` ms.
 * Callers pass already-translated text (strings live in src/i18n).
 */
import { TOAST_MS } from "../lib/toast-timing.ts";

export type ToastType = "info" | "error" | "success";

export interface ToastOptions {
  /** Milliseconds before the toast disappears (default TOAST_MS = 1500). */
  duration?: number;
  type?: ToastType;
}

export const TOAST_CONTAINER_ID = "app-toasts";

const CONTAINER_STYLE = [
  "position:fixed",
  "top:40%",
  "left:50%",
  "transform:translate(-50%,-50%)",
  "z-index:10000",
  "display:flex",
  "flex-direction:column",
  "align-items:center",
  "gap:8px",
  "pointer-events:none",
].join(";");

const TYPE_BG: Record<ToastType, string> = {
  info: "rgba(0,0,0,0.75)",
  error: "rgba(200,30,30,0.9)",
  success: "rgba(30,140,60,0.9)",
};

function toastStyle(type: ToastType): string {
  return [
    `background:${TYPE_BG[type]}`,
    "color:#fff",
    "padding:10px 20px",
    "border-radius:4px",
    "font-size:14px",
    "line-height:1.5",
    "max-width:420px",
    "text-align:center",
    "word-break:break-word",
    "box-shadow:0 2px 8px rgba(0,0,0,0.2)",
  ].join(";");
}

function getContainer(doc: Document): HTMLElement {
  const existing = doc.getElementById(TOAST_CONTAINER_ID);
  if (existing) return existing;
  const el = doc.createElement("div");
  el.id = TOAST_CONTAINER_ID;
  el.setAttribute("role", "status");
  el.setAttribute("aria-live", "polite");
  el.setAttribute("style", CONTAINER_STYLE);
  doc.body.appendChild(el);
  return el;
}

/** Shows a toast; returns a function that removes it early. No-op outside a browser. */
export function showToast(message: string, options: ToastOptions = {}): () => void {
  const doc = typeof document === "undefined" ? null : document;
  if (!doc || !doc.body || !message) return () => {};
  const { duration = TOAST_MS, type = "info" } = options;
  const container = getContainer(doc);
  const item = doc.createElement("div");
  item.className = `toast toast-${type}`;
  item.setAttribute("data-toast-type", type);
  item.setAttribute("style", toastStyle(type));
  item.textContent = message;
  container.appendChild(item);
  let removed = false;
  const remove = (): void => {
    if (removed) return;
    removed = true;
    clearTimeout(timer);
    item.remove();
  };
  const timer = setTimeout(remove, Math.max(0, duration));
  return remove;
}
