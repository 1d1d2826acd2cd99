/**
 * The one way an island runs a call the person started (save, delete, pay, send…): `busy` while
 * it runs; on A00004 the island turns guest (the API client already dropped the token and opened
 * the login popup); any other failure is told once — inline next to the form, or as a toast
 * unless the API client already showed one. The call's own success steps (toast, reload, go on)
 * stay in the call.
 *
 *   const save = useAction({ onGuest: session.markGuest, fallback: t("userCenter.common.saveFailed") });
 *   <button disabled={save.busy} onClick={() => void save.run(async () => { await put(…); toastOk(…); })}>
 *
 * Loads that fill a page go through useUcLoad (session.ts) instead.
 */
import { useCallback, useRef, useState } from "react";
import { messageOf, reportError } from "./feedback.ts";
import { isUnauthorized } from "./session.ts";

export interface FailureOptions {
  /** A00004: the island shows its "please log in" state. */
  onGuest: () => void;
  /** The text shown when the failure has no message of its own; without it nothing is shown. */
  fallback?: string;
  /**
   * Shows the server's message inline (a form's error line) instead of a toast; a failure
   * without a message still toasts `fallback`, unless `inlineOnly`, then `fallback` goes inline too.
   */
  setError?: (message: string) => void;
  inlineOnly?: boolean;
  /** A further step after a failure other than A00004 (an error state, re-reading what may have changed). */
  onFailed?: (e: unknown) => void;
}

export interface RunOptions<T = unknown> extends Partial<FailureOptions> {
  /** Stay busy after a success (the call leaves the page, so the button stays disabled); a function decides by the result. */
  keepBusy?: boolean | ((value: T) => boolean);
  /** Awaited after the call and what its failure shows, before busy ends (e.g. re-reading what the server now holds). */
  afterwards?: () => Promise<unknown>;
}

/** What a failed call shows: guest, inline message, toast, then `onFailed`. */
export function handleFailure(e: unknown, o: FailureOptions): void {
  if (isUnauthorized(e)) return o.onGuest();
  const message = messageOf(e, "");
  if (o.setError && message) o.setError(message);
  else if (o.setError && o.inlineOnly) o.setError(o.fallback ?? "");
  else if (o.fallback !== undefined) reportError(e, o.fallback);
  o.onFailed?.(e);
}

/** Runs `call` with the busy flag around it; answers its result, or undefined when it failed. */
export async function runAction<T>(
  call: () => Promise<T>,
  o: RunOptions<T> & FailureOptions & { setBusy: (busy: boolean) => void },
): Promise<T | undefined> {
  o.setBusy(true);
  let keep = false;
  try {
    const value = await call();
    keep = typeof o.keepBusy === "function" ? o.keepBusy(value) : o.keepBusy === true;
    return value;
  } catch (e) {
    handleFailure(e, o);
    return undefined;
  } finally {
    if (o.afterwards) await o.afterwards();
    if (!keep) o.setBusy(false);
  }
}

export interface ActionOptions extends FailureOptions {
  /** One call at a time: `run` does nothing while one runs (double clicks, a change while the cart reloads). */
  exclusive?: boolean;
}

export interface Action {
  busy: boolean;
  /** Whether a call runs right now (read at once, before React re-renders with `busy`). */
  running: () => boolean;
  run: <T>(call: () => Promise<T>, how?: RunOptions<T>) => Promise<T | undefined>;
}

/** A call the person starts, with its busy flag; `options` apply to every run, `run`'s own override them. */
export function useAction(options: ActionOptions): Action {
  const [busy, setBusy] = useState(false);
  const ref = useRef(options);
  ref.current = options;
  const runningRef = useRef(false);
  const running = useCallback(() => runningRef.current, []);
  const run = useCallback(<T>(call: () => Promise<T>, how: RunOptions<T> = {}): Promise<T | undefined> => {
    const o = { ...ref.current, ...how };
    if (o.exclusive && runningRef.current) return Promise.resolve(undefined);
    const mark = (b: boolean) => {
      runningRef.current = b;
      setBusy(b);
    };
    return runAction(call, { ...o, setBusy: mark });
  }, []);
  return { busy, running, run };
}
