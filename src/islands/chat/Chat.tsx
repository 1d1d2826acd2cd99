/**
 * /chat (docs/chat.md): the buyer's conversations with shops and the official service.
 * - Left: conversations (logo, name, last message, time, unread), newest first.
 * - Right: the open conversation — history paged upward ("earlier messages"), text (shown as
 *   text, never HTML), emoji, pictures (uploaded to folder "chat"), product and order cards,
 *   my messages' ticks (sending / sent / delivered / read), "customer service is offline".
 * - Opened with ?shopId= (0 = official service) and optionally ?prodId= / ?orderNumber= (a card
 *   to send; one that does not belong to the shop says "inquiry invalid because started on
 *   another page").
 * - The socket (chat-connection.ts): heartbeat 19 s, at most 3 reconnects 2 s apart with
 *   "disconnected, reconnecting"; "logged in elsewhere" and "log in again" stop it.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { get, isApiError, post } from "../../client/api.ts";
import { getToken } from "../../client/token.ts";
import { showToast } from "../../client/toast.ts";
import { TOAST_MS } from "../../lib/constants.ts";
import {
  ChatCode, CHAT_TEXT_MAX, checkOutgoing, messageState, MsgType, parseCard, userSocketPath,
  type ChatMessageDto, type ConversationDto, type MsgTypeValue, type OrderCard, type ProductCard,
} from "../../lib/chat/chat.ts";
import { pickText, type Locale } from "../../lib/locale.ts";
import type { Page } from "../../lib/api-types.ts";
import { priceText } from "../../lib/money-format.ts";
import type { ProductDetail } from "../../lib/catalog/product-types.ts";
import { $chatUnread, $user, openLoginPopup } from "../../stores/index.ts";
import { I18nProvider, useTranslation, type NamespaceResources } from "../common/I18nProvider.tsx";
import { openChatConnection, type ChatConnection, type ConnStatus, type ServerFrame } from "./chat-connection.ts";
import "./chat.css";

export interface ChatIslandProps {
  locale: Locale;
  resources: Record<string, NamespaceResources>;
  /** What the page was opened with. */
  initial: { shopId: number | null; prodId: number | null; orderNumber: string | null };
  links: { base: string; home: string };
}

export default function Chat(props: ChatIslandProps) {
  return (
    <I18nProvider locale={props.locale} resources={props.resources}>
      <ChatBody {...props} />
    </I18nProvider>
  );
}

const EMOJI = ["😀", "😂", "😊", "😍", "🤔", "😅", "😭", "😡", "👍", "👎", "👏", "🙏", "💪", "🎉", "❤️", "💔", "🌹", "☕", "🎁", "📦", "🚚", "💰", "✅", "❓"];
const PAGE = 20;
const IMAGE_MAX = 2 * 1024 * 1024;

interface Pending { clientId: string; msgType: MsgTypeValue; content: string }

const toastError = (msg: string) => showToast(msg, { duration: TOAST_MS, type: "error" });
const errMsg = (e: unknown, fallback: string) => (isApiError(e) && e.msg ? e.msg : fallback);

function timeText(iso: string | null, locale: Locale): string {
  if (!iso) return "";
  const d = new Date(iso);
  const today = new Date().toDateString() === d.toDateString();
  return new Intl.DateTimeFormat(locale === "en" ? "en" : locale === "zh-tw" ? "zh-TW" : "zh-CN", today ? { hour: "2-digit", minute: "2-digit" } : { month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).format(d);
}

function ChatBody({ initial, links }: ChatIslandProps) {
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
  const [uploading, setUploading] = useState(false);
  const [product, setProduct] = useState<ProductDetail | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [cardSent, setCardSent] = useState(false);
  const conn = useRef<ChatConnection | null>(null);
  const activeRef = useRef<number | null>(initial.shopId);
  const paneRef = useRef<HTMLDivElement | null>(null);
  const keepScroll = useRef<number | null>(null);
  const fileRef = useRef<HTMLInputElement | null>(null);
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

  const loadList = useCallback(async () => {
    const page = await get<Page<ConversationDto>>("/p/user/conversations", { current: 1, size: 50 });
    setList(page.records);
  }, []);

  const markRead = useCallback(async (shopId: number) => {
    try {
      const r = await post<{ unread: number }>("/p/chat/read", { shopId }, { silent: true });
      $chatUnread.set(r.unread);
      setList((l) => l.map((c) => (c.shopId === shopId ? { ...c, unread: 0 } : c)));
    } catch {
      // the badge stays as it is; the next message tries again
    }
  }, []);

  // Open a conversation: its header (made on first use), the latest page, read it.
  const openConversation = useCallback(async (shopId: number) => {
    setActiveShop(shopId);
    setMessages([]);
    setPending([]);
    setOnline(null);
    try {
      const h = await get<ConversationDto & { online: boolean }>("/p/chat/conversation", { shopId });
      if (activeRef.current !== shopId) return;
      setHeader(h);
      setOnline(h.online);
      const page = await get<{ records: ChatMessageDto[]; hasMore: boolean }>("/p/chat/messages", { shopId, size: PAGE });
      if (activeRef.current !== shopId) return;
      setMessages(page.records);
      setHasMore(page.hasMore);
      conn.current?.send({ onlineOrOffline: true, toId: shopId });
      if (h.unread > 0) void markRead(shopId);
    } catch (e) {
      if (!(isApiError(e) && e.handled)) toastError(errMsg(e, t("chat.errors.noConversation")));
    }
  }, [markRead, t]);

  const onFrame = useCallback((f: ServerFrame) => {
    const shopId = activeRef.current;
    if (f.code === ChatCode.MESSAGE || f.code === ChatCode.ACK) {
      const m = f.code === ChatCode.ACK ? (f.data as { message: ChatMessageDto }).message : (f.data as ChatMessageDto);
      if (f.code === ChatCode.ACK) {
        const cid = (f.data as { clientId: string | null }).clientId;
        setPending((p) => p.filter((x) => x.clientId !== cid));
      }
      if (m.shopId === shopId) {
        setMessages((ms) => (ms.some((x) => x.msgId === m.msgId) ? ms : [...ms, m]));
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
        const preview = m.msgType === MsgType.PRODUCT || m.msgType === MsgType.ORDER ? pickText((parseCard(m.msgType, m.content) as ProductCard | null)?.prodName, locale) : m.content;
        const unread = m.from === "agent" && m.shopId !== shopId ? cur.unread + 1 : cur.unread;
        return [{ ...cur, latestMsg: preview, type: m.msgType, timeStr: m.createTime, lastMsgId: m.msgId, unread }, ...rest];
      });
    } else if (f.code === ChatCode.RECEIPT) {
      const r = f.data as { conversationId: number; side: string; deliveredId: number; readId: number };
      if (r.side !== "agent") return;
      setHeader((h) => (h && h.conversationId === r.conversationId
        ? { ...h, otherDeliveredId: Math.max(h.otherDeliveredId, r.deliveredId), otherReadId: Math.max(h.otherReadId, r.readId) }
        : h));
    } else if (f.code === ChatCode.PRESENCE) {
      const p = f.data as { shopId: number; online: boolean };
      if (p.shopId === shopId) setOnline(p.online);
    } else if (!f.success && f.msg && f.code !== ChatCode.ELSEWHERE && f.code !== ChatCode.RELOGIN && f.code !== ChatCode.NO_USER) {
      const cid = (f.data as { clientId?: string | null } | null)?.clientId;
      if (cid) setPending((p) => p.filter((x) => x.clientId !== cid));
      if (cid?.startsWith("card")) setCardError(f.msg);
      else toastError(f.msg);
    }
  }, [loadList, locale, markRead]);

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
    get<ProductDetail>("/prod/prodInfo", { prodId: initial.prodId }, { silent: true })
      .then((p) => {
        setProduct(p);
        if (initial.shopId !== null && initial.shopId !== 0 && p.shop.shopId !== initial.shopId) setCardError(t("chat.errors.cardInvalid"));
      })
      .catch(() => setCardError(t("chat.errors.cardInvalid")));
  }, [initial.prodId, initial.shopId, token, t]);

  // Keep the view at the bottom for new messages, at the same place when older ones are added on top.
  useLayoutEffect(() => {
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
    try {
      const page = await get<{ records: ChatMessageDto[]; hasMore: boolean }>("/p/chat/messages", { shopId, size: PAGE, before: messages[0]!.msgId });
      keepScroll.current = paneRef.current ? paneRef.current.scrollHeight - paneRef.current.scrollTop : null;
      setMessages((ms) => [...page.records, ...ms]);
      setHasMore(page.hasMore);
    } catch (e) {
      if (!(isApiError(e) && e.handled)) toastError(errMsg(e, t("chat.status.broken")));
    }
  }

  async function sendMessage(msgType: MsgTypeValue, content: string, clientId = `m${Date.now()}${Math.random().toString(36).slice(2, 6)}`): Promise<boolean> {
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
      const m = await post<ChatMessageDto>("/p/chat/messages", { shopId, ...checked.value }, { silent: true });
      onFrame({ code: ChatCode.ACK, data: { clientId, message: m }, success: true, msg: null });
      return true;
    } catch (e) {
      setPending((p) => p.filter((x) => x.clientId !== clientId));
      if (clientId.startsWith("card")) setCardError(errMsg(e, t("chat.errors.cardInvalid")));
      else toastError(errMsg(e, t("chat.status.broken")));
      return false;
    }
  }

  async function onSend() {
    if (await sendMessage(MsgType.TEXT, text)) setText("");
  }

  async function onPickImage(file: File | undefined) {
    if (!file) return;
    if (file.size > IMAGE_MAX) return toastError(t("chat.errors.imageTooLarge"));
    setUploading(true);
    try {
      const form = new FormData();
      form.append("file", file);
      const res = await post<{ filePath: string }>("/p/file/upload", form, { query: { folder: "chat" }, silent: true });
      await sendMessage(MsgType.IMAGE, res.filePath);
    } catch (e) {
      toastError(errMsg(e, t("chat.errors.uploadFailed")));
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = "";
    }
  }

  async function sendCard() {
    const ok = initial.prodId
      ? await sendMessage(MsgType.PRODUCT, String(initial.prodId), `card-p${Date.now()}`)
      : await sendMessage(MsgType.ORDER, initial.orderNumber ?? "", `card-o${Date.now()}`);
    if (ok) setCardSent(true);
  }

  if (!token) {
    return (
      <div className="chat-guest" data-testid="chat-guest">
        <p>{t("chat.loginFirst")}</p>
        <button type="button" className="btn btn-primary" onClick={openLoginPopup}>{t("chat.login")}</button>
      </div>
    );
  }

  const banner = statusBanner(status, online, t);
  const cardOffer = activeShop !== null && activeShop === initial.shopId && (initial.prodId || initial.orderNumber) && !cardSent;

  return (
    <div className="chat-app" data-testid="chat-app" data-status={status}>
      <aside className="chat-list" aria-label={t("chat.conversations")}>
        <h2 className="chat-list-title">{t("chat.conversations")}</h2>
        {list.length === 0 && <p className="chat-empty">{t("chat.noConversations")}</p>}
        <ul>
          {list.map((c) => (
            <li key={c.conversationId}>
              <button type="button" className={`chat-conv${c.shopId === activeShop ? " is-active" : ""}`} onClick={() => void openConversation(c.shopId)} data-testid="chat-conversation" data-shop-id={c.shopId}>
                <Avatar pic={c.pic} name={c.friendName} />
                <span className="chat-conv-main">
                  <span className="chat-conv-top">
                    <span className="chat-conv-name">{c.friendName}</span>
                    <span className="chat-conv-time">{timeText(c.timeStr, locale)}</span>
                  </span>
                  <span className="chat-conv-last">{c.type === MsgType.IMAGE ? `[${t("chat.image")}]` : (c.latestMsg ?? "")}</span>
                </span>
                {c.unread > 0 && <span className="chat-unread" data-testid="chat-conv-unread" aria-label={t("chat.unread", { count: c.unread })}>{c.unread > 99 ? "99+" : c.unread}</span>}
              </button>
            </li>
          ))}
        </ul>
      </aside>
      <section className="chat-pane" aria-label={header?.friendName ?? t("chat.title")}>
        {activeShop === null ? (
          <p className="chat-empty chat-select">{t("chat.selectConversation")}</p>
        ) : (
          <>
            <header className="chat-pane-head">
              <Avatar pic={header?.pic ?? null} name={header?.friendName ?? ""} />
              <h2 data-testid="chat-title">{header?.friendName ?? ""}</h2>
            </header>
            {banner && <div className={`chat-banner chat-banner-${banner.kind}`} role="status" data-testid="chat-banner">{banner.text}{banner.action && <button type="button" className="btn btn-small" onClick={() => (banner.action === "login" ? openLoginPopup() : location.reload())}>{banner.action === "login" ? t("chat.login") : t("chat.status.refresh")}</button>}</div>}
            <div className="chat-messages" ref={paneRef} data-testid="chat-messages" aria-live="polite">
              {hasMore ? <button type="button" className="chat-earlier" onClick={() => void loadEarlier()} data-testid="chat-earlier">{t("chat.loadEarlier")}</button>
                : messages.length > 0 && <p className="chat-no-earlier">{t("chat.noEarlier")}</p>}
              {messages.map((m) => {
                const mine = m.from === "user";
                const state = mine && header ? messageState(m.msgId, header.otherDeliveredId, header.otherReadId) : null;
                return (
                  <div key={m.msgId} className={`chat-msg${mine ? " is-mine" : ""}`} data-testid="chat-message" data-from={m.from}>
                    <div className="chat-bubble"><MessageBody m={m} base={links.base} /></div>
                    <div className="chat-meta">
                      <span>{timeText(m.createTime, locale)}</span>
                      {state && <span className={`chat-state chat-state-${state}`} data-testid="chat-state">{t(`chat.state.${state}`)}</span>}
                    </div>
                  </div>
                );
              })}
              {pending.map((p) => (
                <div key={p.clientId} className="chat-msg is-mine is-pending" data-testid="chat-message" data-from="user">
                  <div className="chat-bubble">{p.msgType === MsgType.TEXT ? <span className="chat-text">{p.content}</span> : p.msgType === MsgType.IMAGE ? <img src={p.content} alt={t("chat.imageAlt")} /> : "…"}</div>
                  <div className="chat-meta"><span className="chat-state">{t("chat.state.sending")}</span></div>
                </div>
              ))}
            </div>
            {cardOffer && (
              <div className="chat-card-offer" data-testid="chat-card-offer">
                {cardError ? <p className="chat-card-invalid" role="alert">{cardError}</p> : initial.prodId ? (
                  <>
                    {product && <img src={product.pic} alt="" width={48} height={48} />}
                    <span className="chat-card-offer-text">{product?.prodName ?? `#${initial.prodId}`}{product && <b> ¥{priceText(product.price)}</b>}</span>
                    <button type="button" className="btn btn-small" onClick={() => void sendCard()} data-testid="chat-send-card">{t("chat.sendProduct")}</button>
                  </>
                ) : (
                  <>
                    <span className="chat-card-offer-text">{t("chat.orderCard", { orderNumber: initial.orderNumber ?? "" })}</span>
                    <button type="button" className="btn btn-small" onClick={() => void sendCard()} data-testid="chat-send-card">{t("chat.sendOrder")}</button>
                  </>
                )}
              </div>
            )}
            <div className="chat-compose">
              <div className="chat-tools">
                <button type="button" className="chat-tool" aria-expanded={emojiOpen} onClick={() => setEmojiOpen((o) => !o)} data-testid="chat-emoji">😀 <span>{t("chat.emoji")}</span></button>
                <button type="button" className="chat-tool" disabled={uploading} onClick={() => fileRef.current?.click()} data-testid="chat-image">＋ <span>{uploading ? t("chat.uploading") : t("chat.image")}</span></button>
                <input ref={fileRef} type="file" accept="image/jpeg,image/png,image/gif,image/webp" hidden onChange={(e) => void onPickImage(e.target.files?.[0])} data-testid="chat-image-input" />
              </div>
              {emojiOpen && (
                <div className="chat-emoji-grid" role="group" aria-label={t("chat.emoji")}>
                  {EMOJI.map((e) => <button key={e} type="button" onClick={() => { setText((x) => x + e); setEmojiOpen(false); }}>{e}</button>)}
                </div>
              )}
              <textarea
                value={text}
                maxLength={CHAT_TEXT_MAX * 2}
                placeholder={t("chat.inputPlaceholder")}
                aria-label={t("chat.inputPlaceholder")}
                onChange={(e) => setText(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                    e.preventDefault();
                    void onSend();
                  }
                }}
                data-testid="chat-input"
              />
              <div className="chat-send-row">
                <span className={`chat-count${[...text].length > CHAT_TEXT_MAX ? " is-over" : ""}`}>{t("chat.charCount", { count: [...text].length, max: CHAT_TEXT_MAX })}</span>
                <button type="button" className="btn btn-primary" onClick={() => void onSend()} data-testid="chat-send">{t("chat.send")}</button>
              </div>
            </div>
          </>
        )}
      </section>
    </div>
  );
}

function statusBanner(status: ConnStatus, online: boolean | null, t: ReturnType<typeof useTranslation>["t"]): { kind: string; text: string; action?: "refresh" | "login" } | null {
  switch (status) {
    case "reconnecting": return { kind: "warn", text: t("chat.status.reconnecting") };
    case "broken": return { kind: "error", text: t("chat.status.broken"), action: "refresh" };
    case "elsewhere": return { kind: "error", text: t("chat.status.elsewhere"), action: "refresh" };
    case "relogin": return { kind: "error", text: t("chat.status.relogin"), action: "login" };
    case "connecting": return null;
    default: return online === false ? { kind: "info", text: t("chat.status.offline") } : null;
  }
}

function Avatar({ pic, name }: { pic: string | null; name: string }) {
  return pic ? <img className="chat-avatar" src={pic} alt="" width={36} height={36} /> : <span className="chat-avatar chat-avatar-text" aria-hidden="true">{name.slice(0, 1)}</span>;
}

function MessageBody({ m, base }: { m: ChatMessageDto; base: string }): ReactNode {
  const { t, locale } = useTranslation();
  if (m.msgType === MsgType.IMAGE) return <a href={m.content} target="_blank" rel="noopener"><img src={m.content} alt={t("chat.imageAlt")} loading="lazy" /></a>;
  if (m.msgType === MsgType.PRODUCT) {
    const c = parseCard(m.msgType, m.content) as ProductCard | null;
    if (!c) return null;
    return (
      <a className="chat-card" href={`${base}/detail/${c.prodId}`} data-testid="chat-product-card">
        <img src={c.pic} alt="" width={56} height={56} />
        <span><span className="chat-card-name">{pickText(c.prodName, locale)}</span><b>¥{priceText(c.price)}</b><small>{t("chat.viewProduct")}</small></span>
      </a>
    );
  }
  if (m.msgType === MsgType.ORDER) {
    const c = parseCard(m.msgType, m.content) as OrderCard | null;
    if (!c) return null;
    return (
      <a className="chat-card" href={`${base}/order-detail?orderNumber=${encodeURIComponent(c.orderNumber)}`} data-testid="chat-order-card">
        {c.pic && <img src={c.pic} alt="" width={56} height={56} />}
        <span><span className="chat-card-name">{t("chat.orderCard", { orderNumber: c.orderNumber })}</span><span>{pickText(c.prodName, locale)}</span><small>{t("chat.orderItems", { count: c.productNums, amount: `¥${priceText(c.actualTotal)}` })}</small></span>
      </a>
    );
  }
  return <span className="chat-text">{m.content}</span>;
}
