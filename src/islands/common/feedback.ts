/** Toasts of the islands' calls: a failure (unless the API client already told the user) or a success. */
import { ApiError, isApiError } from "../../client/api.ts";
import { showToast } from "../../client/toast.ts";
import { TOAST_MS } from "../../lib/constants.ts";

/** Toasts an API failure unless the client already told the user. */
export function reportError(e: unknown, fallback: string): void {
  if (isApiError(e) && e.handled) return;
  const msg = e instanceof ApiError && e.msg ? e.msg : fallback;
  showToast(msg, { duration: TOAST_MS, type: "error" });
}

export function toastOk(message: string): void {
  showToast(message, { duration: TOAST_MS, type: "success" });
}
