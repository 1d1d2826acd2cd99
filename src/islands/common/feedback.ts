/** What the islands tell the person about their calls: toasts and the message of a failure. */
import { isApiError } from "../../client/api.ts";
import { showToast } from "../../client/toast.ts";
import { TOAST_MS } from "../../lib/toast-timing.ts";

/** The message of a failed call: the server's, or `fallback`. */
export function messageOf(e: unknown, fallback: string): string {
  return isApiError(e) && e.msg ? e.msg : fallback;
}

export function toastError(message: string): void {
  showToast(message, { duration: TOAST_MS, type: "error" });
}

/** Toasts an API failure unless the client already told the user. */
export function reportError(e: unknown, fallback: string): void {
  if (isApiError(e) && e.handled) return;
  toastError(messageOf(e, fallback));
}

export function toastOk(message: string): void {
  showToast(message, { duration: TOAST_MS, type: "success" });
}
