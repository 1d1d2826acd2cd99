/** React wrapper of the vanilla toast (src/client/toast.ts). */
import { useCallback } from "react";
import { showToast, type ToastOptions } from "../../client/toast.ts";

export type ShowToast = (message: string, options?: ToastOptions) => () => void;

/** Returns a stable function that shows a toast (text already translated). */
export function useToast(): ShowToast {
  return useCallback<ShowToast>((message, options) => showToast(message, options), []);
}
