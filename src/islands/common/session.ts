/**
 * The login gate of the pages that need a buyer (user centre, orders, after-sales, cart,
 * checkout, payment): the session state and loading data once it is known. The login state
 * itself lives in the token cookie and the shared $user / $loginPopupOpen stores; nothing here
 * keeps a private copy of it.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { isApiError } from "../../client/api.ts";
import { getToken } from "../../client/token.ts";
import { ResponseCode } from "../../lib/api-types.ts";
import { openLoginPopup } from "../../stores/index.ts";

export type SessionState = "checking" | "guest" | "ready";

/**
 * "checking" during server rendering and hydration (no per-user HTML), then "guest" when there
 * is no token cookie (the login popup is opened) or "ready". markGuest() is called when the API
 * answers A00004 (the API client already dropped the token and opened the popup).
 */
export function useSession(): { state: SessionState; markGuest: () => void } {
  const [state, setState] = useState<SessionState>("checking");
  useEffect(() => {
    if (getToken()) setState("ready");
    else {
      setState("guest");
      openLoginPopup();
    }
  }, []);
  const markGuest = useCallback(() => setState("guest"), []);
  return { state, markGuest };
}

/** The API's "not logged in" answer (A00004). */
export function isUnauthorized(e: unknown): boolean {
  return isApiError(e) && e.code === ResponseCode.UNAUTHORIZED;
}

/**
 * Loads data once the session is ready. A00004 turns the island into the "please log in"
 * state; other failures show the error state with a retry button.
 */
export function useUcLoad<T>(
  session: { state: SessionState; markGuest: () => void },
  loader: () => Promise<T>,
  deps: readonly unknown[] = [],
) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState(false);
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  const loaderRef = useRef(loader);
  loaderRef.current = loader;
  const { state, markGuest } = session;
  useEffect(() => {
    if (state !== "ready") return;
    let alive = true;
    setLoading(true);
    setError(false);
    loaderRef
      .current()
      .then((d) => {
        if (alive) setData(d);
      })
      .catch((e: unknown) => {
        if (!alive) return;
        if (isUnauthorized(e)) markGuest();
        else setError(true);
      })
      .finally(() => {
        if (alive) setLoading(false);
      });
    return () => {
      alive = false;
    };
  }, [state, markGuest, tick, ...deps]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, setData, error, loading, reload };
}
