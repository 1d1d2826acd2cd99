/** Chat in the ops CLI (docs/chat.md): the shop's (or with --platform the official service's) conversations, reading and answering. */
import { addPage, intOpt, UsageError } from "./args.ts";
import type { CommandContext, OpsCommand } from "./command.ts";
import { printPage, table, time, type ListPage } from "./output.ts";

interface ChatConversationRow {
  conversationId: number;
  userId: string;
  friendName: string;
  unread: number;
  latestMsg: string | null;
  type: number | null;
  timeStr: string | null;
}
interface ChatMessageRow {
  msgId: number;
  from: "user" | "agent";
  msgType: number;
  content: string;
  createTime: string;
}

/** One line of a message: time, who, and the text (pictures and cards described). */
export function chatLine(m: ChatMessageRow, buyer: string): string {
  const who = m.from === "user" ? buyer : "agent";
  let body = m.content;
  if (m.msgType === 1) body = `[picture] ${m.content}`;
  else if (m.msgType === 2 || m.msgType === 3) {
    try {
      const card = JSON.parse(m.content) as {
        prodId?: number;
        orderNumber?: string;
        prodName?: { en?: string };
        price?: string;
        actualTotal?: string;
      };
      body =
        m.msgType === 2
          ? `[product #${card.prodId}] ${card.prodName?.en ?? ""} ¥${card.price ?? ""}`
          : `[order ${card.orderNumber}] ${card.prodName?.en ?? ""} ¥${card.actualTotal ?? ""}`;
    } catch {
      body = "[card]";
    }
  }
  return `#${m.msgId}  ${time(m.createTime)}  ${who}: ${body}`;
}

async function chat({ args, v, io, client }: CommandContext): Promise<number> {
  const [sub, id, ...rest] = args;
  const call = <T>(method: string, p: string, body?: unknown) =>
    v.platform ? client.platform<T>(method, `/chat${p}`, body) : client.call<T>(method, `/merchant/chat${p}`, body);
  const out = io.out;
  if (sub === "list" && id === undefined) {
    const page = await call<ListPage<ChatConversationRow>>(
      "GET",
      `/conversations?${addPage(new URLSearchParams(), v)}`,
    );
    printPage(out, v.json, page, "conversation", (records) => {
      const rows = records.map((c) => [
        String(c.conversationId),
        c.friendName,
        String(c.unread),
        time(c.timeStr),
        (c.type === 1 ? "[picture]" : (c.latestMsg ?? "")).replace(/\s+/g, " ").slice(0, 40),
      ]);
      return table([["id", "buyer", "unread", "last", "message"], ...rows]);
    });
    return 0;
  }
  if (!id || !/^\d+$/.test(id) || rest.length > 0)
    throw new UsageError('use: chat list | chat read <conversationId> | chat reply <conversationId> --text "…"');
  if (sub === "read") {
    const q = new URLSearchParams({ size: String(intOpt("size", v.size) ?? 20) });
    const before = intOpt("before", v.before);
    if (before !== undefined) q.set("before", String(before));
    const page = await call<{ records: ChatMessageRow[]; hasMore: boolean; conversation: ChatConversationRow }>(
      "GET",
      `/conversations/${id}/messages?${q}`,
    );
    await call("POST", `/conversations/${id}/read`, {});
    if (v.json) {
      out(JSON.stringify(page, null, 2));
      return 0;
    }
    out(
      `conversation #${id} with ${page.conversation.friendName}${page.hasMore ? ` (earlier: --before ${page.records[0]?.msgId})` : ""}`,
    );
    if (page.records.length === 0) out("no messages");
    for (const m of page.records) out(chatLine(m, page.conversation.friendName));
    return 0;
  }
  if (sub === "reply") {
    if (v.text === undefined) throw new UsageError("chat reply needs --text");
    const m = await call<ChatMessageRow>("POST", `/conversations/${id}/messages`, { msgType: 0, content: v.text });
    out(v.json ? JSON.stringify(m) : `sent #${m.msgId} to conversation #${id}`);
    return 0;
  }
  throw new UsageError('use: chat list | chat read <conversationId> | chat reply <conversationId> --text "…"');
}

export const commands: OpsCommand[] = [
  {
    name: "chat",
    section: "chat",
    usage: [
      "  chat list                     conversations, newest first (--page, --size): id, buyer, unread, last message",
      "  chat read <conversationId>    the latest messages (--size, default 20; --before <msgId> for earlier ones),",
      "                                marks them read",
      '  chat reply <conversationId>   answer: --text "…" (1-500 characters); reaches the buyer\'s socket at once',
    ],
    run: chat,
  },
];
