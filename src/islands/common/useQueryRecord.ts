/**
 * A user-center page about one record named in its URL (`/invoice-detail?orderNumber=`,
 * `/return-detail?refundSn=`, `/write-comments?orderNumber=`): reads the id from the query after
 * hydration, loads the record once the session is known, and answers `record: null` when the id
 * is missing or the server says it is not the caller's / not found (a SHOW_FAIL answer) — the
 * page then shows its own "not found" text. Other errors go to the page's retry state.
 */
import { useCallback, useEffect, useState } from "react";
import { isApiError } from "../../client/api.ts";
import { ResponseCode } from "../../lib/api-types.ts";
import { useSession, useUcLoad, type SessionState } from "./session.ts";

export interface QueryRecord<T> {
  /** The id from the query ("" when missing), null until read after hydration. */
  id: string | null;
  /** The gate's state: "checking" until the id is read, then the session's. */
  state: SessionState;
  markGuest: () => void;
  /** The loaded record, null when there is none; undefined while nothing was loaded yet. */
  record: T | null | undefined;
  loading: boolean;
  error: boolean;
  reload: () => void;
  /** Replaces the loaded record (after a change the server answered with the new one). */
  setRecord: (record: T) => void;
}

/** Loads the record with `load(id)` (a data module's call, silent): `read` is a module function, so it keeps its identity for the id in the page's query parameter `param`. */
export function useQueryRecord<T>(param: string, read: (id: string) => Promise<T>): QueryRecord<T> {
  const session = useSession();
  const [id, setId] = useState<string | null>(null);
  useEffect(() => setId((new URLSearchParams(location.search).get(param) ?? "").trim()), [param]);
  const state: SessionState = id === null ? "checking" : session.state;
  const load = useUcLoad(
    { state, markGuest: session.markGuest },
    async (): Promise<{ record: T | null }> => {
      if (!id) return { record: null };
      try {
        return { record: await read(id) };
      } catch (e) {
        if (isApiError(e) && e.code === ResponseCode.SHOW_FAIL) return { record: null };
        throw e;
      }
    },
    [id, read],
  );
  const { setData } = load;
  const setRecord = useCallback((record: T) => setData({ record }), [setData]);
  return {
    id,
    state,
    markGuest: session.markGuest,
    record: load.data ? load.data.record : undefined,
    loading: load.loading,
    error: load.error,
    reload: load.reload,
    setRecord,
  };
}
