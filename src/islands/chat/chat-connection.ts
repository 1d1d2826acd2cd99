/**
 * The buyer's chat socket in the browser (docs/chat.md): HEART_BEAT every 19 s, and after a close
 * at most 3 reconnects 2 s apart (src/lib/chat/chat.ts reconnectDecision) — none after "logged in
 * elsewhere", a refused token or too many sockets of the login. Status changes and frames go to the handlers; the shared $chat
 * store carries the connection flag and the latest message (SPEC §3).
 */
import { ChatClose, HEARTBEAT_MS, reconnectDecision } from "../../lib/chat/chat.ts";
import { $chat } from "../../stores/index.ts";

export type ConnStatus = "connecting" | "online" | "reconnecting" | "broken" | "elsewhere" | "relogin" | "tooMany";

export interface ServerFrame {
  code: number;
  data: unknown;
  success: boolean;
  msg: string | null;
}

export interface ChatConnection {
  /** Sends a frame; false when the socket is not open. */
  send(frame: object): boolean;
  close(): void;
}

export function openChatConnection(
  url: string,
  handlers: { onFrame: (f: ServerFrame) => void; onStatus: (s: ConnStatus) => void },
): ChatConnection {
  let ws: WebSocket | null = null;
  let attempts = 0;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const status = (s: ConnStatus) => {
    $chat.setKey("connected", s === "online");
    handlers.onStatus(s);
  };

  function connect() {
    const socket = new WebSocket(url);
    ws = socket;
    socket.onopen = () => {
      attempts = 0;
      status("online");
      heartbeat = setInterval(() => socket.send(JSON.stringify({ content: "HEART_BEAT", msgType: 0 })), HEARTBEAT_MS);
    };
    socket.onmessage = (ev) => {
      let f: ServerFrame;
      try {
        f = JSON.parse(String(ev.data)) as ServerFrame;
      } catch {
        return;
      }
      $chat.setKey("message", f);
      handlers.onFrame(f);
    };
    socket.onclose = (ev) => {
      clearInterval(heartbeat);
      if (stopped || ws !== socket) return;
      const d = reconnectDecision(attempts, ev.code);
      if (d.reconnect) {
        attempts = d.attempt;
        status("reconnecting");
        retry = setTimeout(connect, d.delayMs);
      } else if (ev.code === ChatClose.ELSEWHERE) status("elsewhere");
      else if (ev.code === ChatClose.TOO_MANY) status("tooMany");
      else if (ev.code === ChatClose.RELOGIN || ev.code === ChatClose.FORGED) status("relogin");
      else status("broken");
    };
  }

  status("connecting");
  connect();
  return {
    send(frame) {
      if (!ws || ws.readyState !== WebSocket.OPEN) return false;
      ws.send(JSON.stringify(frame));
      return true;
    },
    close() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      ws?.close();
    },
  };
}
