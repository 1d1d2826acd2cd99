/**
 * Closing keep-alive connections when the process stops (docs/operations.md "Rolling restarts").
 * A proxy in front (nginx's upstream keep-alive) reuses its open connections to a process as long
 * as they stay open; `server.close()` alone only stops new connections and closes the idle ones,
 * so the proxy kept sending requests over the others until the forced close after 10 s cut
 * whatever was in flight (a POST then answers 502: nginx never sends it twice). Once draining,
 * every answer says `Connection: close` and its connection closes after it (Node ends a
 * connection whose answer carried that header). While the server still listens (main.ts keeps
 * listening for a short grace after SIGTERM), idle connections are left to the proxy: it uses them
 * once more and the answer closes them, where closing one under the proxy races a request it is
 * sending (a POST then answers 502 too). Once the server stops listening, a connection that turns
 * idle is closed at once.
 */
import type http from "node:http";

export interface ConnectionDrain {
  /** Call first thing for every request. */
  track(res: http.ServerResponse): void;
  /**
   * Stop keeping connections alive: answers not yet started say `Connection: close`; idle
   * connections close now if the server no longer listens, else when it closes.
   */
  start(): void;
}

export function connectionDrain(server: http.Server): ConnectionDrain {
  const open = new Set<http.ServerResponse>();
  let draining = false;
  return {
    track(res) {
      if (draining) res.setHeader("Connection", "close");
      open.add(res);
      res.on("close", () => {
        open.delete(res);
        // An answer that had already started keeps its connection alive: close it once idle
        // (after the grace: while listening, the proxy's next answer on it closes it).
        if (draining && !server.listening) setImmediate(() => server.closeIdleConnections());
      });
    },
    start() {
      draining = true;
      for (const res of open) if (!res.headersSent) res.setHeader("Connection", "close");
      if (!server.listening) server.closeIdleConnections();
    },
  };
}
