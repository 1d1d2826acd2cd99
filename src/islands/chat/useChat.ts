/**
 * The state and the calls of /chat (Chat.tsx renders them; docs/chat.md): who is logged in, the
 * socket (chat-connection.ts: heartbeat 19 s, at most 3 reconnects 2 s apart; "logged in
 * elsewhere" and "log in again" stop it), the conversations, the open conversation with its
 * history paged upward, my messages waiting for their ack, the shop's presence, and the product
 * or order card the page was opened with.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { getToken } from "../../client/token.ts";
import type { ProductDetail } from "../../lib/catalog/product-types.ts";
import {
  ChatCode,
  CHAT_TEXT_MAX,
  checkOutgoing,
  MsgType,
  noticeKey,
  parseCard,
  userSocketPath,
  type ChatMessageDto,
  type ConversationDto,
  type MsgTypeValue,
  type ProductCard,
} from "../../lib/chat/chat.ts";
import { pickText } from "../../lib/locale.ts";
import { $chatUnread, $user, openLoginPopup } from "../../stores/index.ts";
import { messageOf, toastError } from "../common/feedback.ts";
import { useTranslation } from "../common/I18nProvider.tsx";
import { useIsomorphicLayoutEffect } from "../common/useIsomorphicLayoutEffect.ts";
import { openChatConnection, type ChatConnection, type ConnStatus, type ServerFrame } from "./chat-connection.ts";
import { getProduct } from "../../client/data/catalog.ts";
import {
  getConversation,
  listConversations,
  listMessages,
  markRead as markReadCall,
  sendMessage as sendChatMessage,
} from "../../client/data/chat.ts";
import { uploadChatImage } from "../../client/data/upload.ts";
import { useAction } from "../common/useAction.ts";

const PAGE = 20;
const IMAGE_MAX = 2 * 1024 * 1024;

/** A message of mine not yet acknowledged by the server. */
export interface Pending {
  clientId: string;
  msgType: MsgTypeValue;
  content: string;
}

/** What the page was opened with. */
export interface ChatStart {
  shopId: number | null;
  prodId: number | null;
  orderNumber: string | null;
}

export function useChat(initial: ChatStart) {
  const { t, locale } = useTranslation();
  const [token, setTokenState] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [status, setStatus] = useState<ConnStatus>("connecting");
  const [list, setList] = useState<ConversationDto[]>([]);
  const [activeShop, setActiveShop] = useState<number | null>(initial.shopId);
  const [header, setHeader] = useState<ConversationDto | null>(null);
  const [messages, setMessages] = useState<ChatMessageDto[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [pending, setPending] = useState<Pending[]>([]);
  const [online, setOnline] = useState<boolean | null>(null);
  const [text, setText] = useState("");
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [product, setProduct] = useState<ProductDetail | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [cardSent, setCardSent] = useState(false);
  const conn = useRef<ChatConnection | null>(null);
  const activeRef = useRef<number | null>(initial.shopId);
  const paneRef = useRef<HTMLDivElement | null>(null);
  const keepScroll = useRef<number | null>(null);
  activeRef.current = activeShop;

  // Who is logged in: the token cookie, and the user id the session script loads into $user.
  useEffect(() => {
    const sync = () => {
      const tk = getToken();
      setTokenState(tk);
      const u = $user.get();
      if (tk && u?.userId) setUserId(u.userId);
    };
    sync();
    if (!getToken()) openLoginPopup();
    return $user.subscribe(sync);
  }, []);

  // Reads the person asked for (a conversation, earlier messages): a failure is toasted unless the
  // client already told it; A00004 needs nothing more (the client opened the login popup).
  const { run: read } = useAction({ onGuest: () => {} });
  // A picture the person sends: "uploading" while it goes; a refusal is toasted.
  const upload = useAction({ onGuest: () => {}, fallback: t("chat.errors.uploadFailed") });

  const loadList = useCallback(async () => {
    const page = await listConversations();
    setList(page.records);
  }, []);

  const markRead = useCallback(async (shopId: number) => {
    try {
      const r = await markReadCall(shopId);
      $chatUnread.set(r.unread);
      setList((l) => l.map((c) => (c.shopId === shopId ? { ...c, unread: 0 } : c)));
    } catch {
      // the badge stays as it is; the next message tries again
    }
  }, []);

  // Open a conversation: its header (made on first use), the latest page, read it.
  const openConversation = useCallback(
    async (shopId: number) => {
      setActiveShop(shopId);
      setMessages([]);
      setPending([]);
      setOnline(null);
      await read(
        async () => {
          const h = await getConversation(shopId);
          if (activeRef.current !== shopId) return;
          setHeader(h);
          setOnline(h.online);
          const page = await listMessages(shopId, PAGE);
          if (activeRef.current !== shopId) return;
          setMessages(page.records);
          setHasMore(page.hasMore);
          conn.current?.send({ onlineOrOffline: true, toId: shopId });
          if (h.unread > 0) void markRead(shopId);
        },
        { fallback: t("chat.errors.noConversation") },
      );
    },
    [markRead, read, t],
  );

  const onFrame = useCallback(
    (f: ServerFrame) => {
      const shopId = activeRef.current;
      if (f.code === ChatCode.MESSAGE || f.code === ChatCode.ACK) {
        const m =
          f.code === ChatCode.ACK ? (f.data as { message: ChatMessageDto }).message : (f.data as ChatMessageDto);
        if (f.code === ChatCode.ACK) {
          const cid = (f.data as { clientId: string | null }).clientId;
          setPending((p) => p.filter((x) => x.clientId !== cid));
        }
        if (m.shopId === shopId) {
          setMessages((ms) => (ms.some((x) => x.msgId === m.msgId) ? ms : [...ms, m]));
          // The shop's answer: it is there (the presence frame follows), and it read what came before (the receipt frame).
          if (m.from === "agent") setOnline(true);
          if (m.from === "agent" && document.visibilityState === "visible") void markRead(m.shopId);
        } else if (m.from === "agent") {
          $chatUnread.set($chatUnread.get() + 1);
        }
        setList((l) => {
          const rest = l.filter((c) => c.shopId !== m.shopId);
          const cur = l.find((c) => c.shopId === m.shopId);
          if (!cur) {
            void loadList().catch(() => {});
            return l;
          }
          const notice = m.msgType === MsgType.NOTICE ? noticeKey(m.content) : null;
          const preview =
            m.msgType === MsgType.PRODUCT || m.msgType === MsgType.ORDER
              ? pickText((parseCard(m.msgType, m.content) as ProductCard | null)?.prodName, locale)
              : m.msgType === MsgType.NOTICE
                ? notice
                  ? t(notice)
                  : ""
                : m.content;
          const unread = m.from === "agent" && m.shopId !== shopId ? cur.unread + 1 : cur.unread;
          return [
            { ...cur, latestMsg: preview, type: m.msgType, timeStr: m.createTime, lastMsgId: m.msgId, unread },
            ...rest,
          ];
        });
      } else if (f.code === ChatCode.RECEIPT) {
        const r = f.data as { conversationId: number; side: string; deliveredId: number; readId: number };
        if (r.side !== "agent") return;
        setHeader((h) =>
          h && h.conversationId === r.conversationId
            ? {
                ...h,
                otherDeliveredId: Math.max(h.otherDeliveredId, r.deliveredId),
                otherReadId: Math.max(h.otherReadId, r.readId),
              }
            : h,
        );
      } else if (f.code === ChatCode.PRESENCE) {
        const p = f.data as { shopId: number; online: boolean };
        if (p.shopId === shopId) setOnline(p.online);
      } else if (
        !f.success &&
        f.msg &&
        f.code !== ChatCode.ELSEWHERE &&
        f.code !== ChatCode.RELOGIN &&
        f.code !== ChatCode.NO_USER
      ) {
        const cid = (f.data as { clientId?: string | null } | null)?.clientId;
        if (cid) setPending((p) => p.filter((x) => x.clientId !== cid));
        if (cid?.startsWith("card")) setCardError(f.msg);
        else toastError(f.msg);
      }
    },
    [loadList, locale, markRead],
  );

  // Connect once the user is known; reload the open conversation after a reconnect.
  useEffect(() => {
    if (!token || !userId) return;
    let first = true;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const c = openChatConnection(`${proto}//${location.host}${userSocketPath(token, userId)}?lang=${locale}`, {
      onFrame,
      onStatus: (s) => {
        setStatus(s);
        if (s === "online") {
          if (!first && activeRef.current !== null) void openConversation(activeRef.current);
          else if (activeRef.current !== null) c.send({ onlineOrOffline: true, toId: activeRef.current });
          first = false;
        }
      },
    });
    conn.current = c;
    void loadList().catch(() => {});
    if (initial.shopId !== null) void openConversation(initial.shopId);
    return () => c.close();
  }, [token, userId]);

  // The product of a ?prodId= card: shown with its name; another shop's product can not be asked about here.
  useEffect(() => {
    if (!initial.prodId || !token) return;
    getProduct(initial.prodId)
      .then((p) => {
        setProduct(p);
        if (initial.shopId !== null && initial.shopId !== 0 && p.shop.shopId !== initial.shopId)
          setCardError(t("chat.errors.cardInvalid"));
      })
      .catch(() => setCardError(t("chat.errors.cardInvalid")));
  }, [initial.prodId, initial.shopId, token, t]);

  // Keep the view at the bottom for new messages, at the same place when older ones are added on top.
  useIsomorphicLayoutEffect(() => {
    const pane = paneRef.current;
    if (!pane) return;
    if (keepScroll.current !== null) {
      pane.scrollTop = pane.scrollHeight - keepScroll.current;
      keepScroll.current = null;
    } else pane.scrollTop = pane.scrollHeight;
  }, [messages, pending]);

  async function loadEarlier() {
    const shopId = activeShop;
    if (shopId === null || messages.length === 0) return;
    await read(
      async () => {
        const page = await listMessages(shopId, PAGE, messages[0]!.msgId);
        keepScroll.current = paneRef.current ? paneRef.current.scrollHeight - paneRef.current.scrollTop : null;
        setMessages((ms) => [...page.records, ...ms]);
        setHasMore(page.hasMore);
      },
      { fallback: t("chat.status.broken") },
    );
  }

  async function sendMessage(
    msgType: MsgTypeValue,
    content: string,
    clientId = `m${Date.now()}${Math.random().toString(36).slice(2, 6)}`,
  ): Promise<boolean> {
    const shopId = activeShop;
    if (shopId === null) return false;
    const checked = checkOutgoing(msgType, content);
    if (!checked.ok) {
      toastError(t(checked.key, { max: CHAT_TEXT_MAX }));
      return false;
    }
    setPending((p) => [...p, { clientId, ...checked.value }]);
    if (conn.current?.send({ toId: shopId, clientId, ...checked.value })) return true;
    // No socket now: the message goes over HTTP (stored, delivered to the shop's agents).
    try {
      const m = await sendChatMessage(shopId, checked.value);
      onFrame({ code: ChatCode.ACK, data: { clientId, message: m }, success: true, msg: null });
      return true;
    } catch (e) {
      setPending((p) => p.filter((x) => x.clientId !== clientId));
      if (clientId.startsWith("card")) setCardError(messageOf(e, t("chat.errors.cardInvalid")));
      else toastError(messageOf(e, t("chat.status.broken")));
      return false;
    }
  }

  /** Uploads a picture (POST /p/file/uploadImFile: folder "chat") and sends it. Answers false when the file was refused before uploading. */
  async function sendImage(file: File): Promise<boolean> {
    if (file.size > IMAGE_MAX) {
      toastError(t("chat.errors.imageTooLarge"));
      return false;
    }
    await upload.run(async () => {
      const form = new FormData();
      form.append("file", file);
      await sendMessage(MsgType.IMAGE, await uploadChatImage(form));
    });
    return true;
  }

  async function sendCard() {
    const ok = initial.prodId
      ? await sendMessage(MsgType.PRODUCT, String(initial.prodId), `card-p${Date.now()}`)
      : await sendMessage(MsgType.ORDER, initial.orderNumber ?? "", `card-o${Date.now()}`);
    if (ok) setCardSent(true);
  }

  return {
    token,
    status,
    list,
    activeShop,
    header,
    messages,
    hasMore,
    pending,
    online,
    text,
    setText,
    emojiOpen,
    setEmojiOpen,
    uploading: upload.busy,
    product,
    cardError,
    /** The card the page was opened with is offered in its own conversation until it was sent. */
    cardOffer:
      activeShop !== null &&
      activeShop === initial.shopId &&
      Boolean(initial.prodId || initial.orderNumber) &&
      !cardSent,
    paneRef,
    openConversation,
    loadEarlier,
    /** Sends what was typed; the box is emptied once it went out. */
    sendText: async () => {
      if (await sendMessage(MsgType.TEXT, text)) setText("");
    },
    sendImage,
    sendCard,
  };
}
