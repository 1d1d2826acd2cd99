/**
 * The parts of /chat around the messages (ChatMessages.tsx): the conversation list, the open
 * conversation's head and status banner, the card the page was opened with, and the composer
 * (text, emoji, picture).
 */
import { useRef, type Dispatch, type SetStateAction } from "react";
import { Picture } from "../common/Picture.tsx";
import type { ProductDetail } from "../../lib/catalog/product-types.ts";
import { CHAT_TEXT_MAX, MsgType, type ConversationDto } from "../../lib/chat/chat.ts";
import { priceText } from "../../lib/money-format.ts";
import { isSoldOut } from "../../lib/catalog/stock.ts";
import { openLoginPopup } from "../../stores/index.ts";
import { useTranslation } from "../common/I18nProvider.tsx";
import type { ConnStatus } from "./chat-connection.ts";
import { timeText } from "./ChatMessages.tsx";

const EMOJI = [
  "😀",
  "😂",
  "😊",
  "😍",
  "🤔",
  "😅",
  "😭",
  "😡",
  "👍",
  "👎",
  "👏",
  "🙏",
  "💪",
  "🎉",
  "❤️",
  "💔",
  "🌹",
  "☕",
  "🎁",
  "📦",
  "🚚",
  "💰",
  "✅",
  "❓",
];

export function ConversationList({
  list,
  activeShop,
  onOpen,
}: {
  list: ConversationDto[];
  activeShop: number | null;
  onOpen: (shopId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <aside className="chat-list" aria-label={t("chat.conversations")}>
      <h2 className="chat-list-title">{t("chat.conversations")}</h2>
      {list.length === 0 && <p className="chat-empty">{t("chat.noConversations")}</p>}
      <ul>
        {list.map((c) => (
          <li key={c.conversationId}>
            <button
              type="button"
              className={`chat-conv${c.shopId === activeShop ? " is-active" : ""}`}
              onClick={() => onOpen(c.shopId)}
              data-testid="chat-conversation"
              data-shop-id={c.shopId}
            >
              <Avatar pic={c.pic} name={c.friendName} />
              <span className="chat-conv-main">
                <span className="chat-conv-top">
                  <span className="chat-conv-name">{c.friendName}</span>
                  <span className="chat-conv-time">{timeText(c.timeStr)}</span>
                </span>
                <span className="chat-conv-last" data-user-content={c.type === MsgType.TEXT ? "" : undefined}>
                  {c.type === MsgType.IMAGE ? `[${t("chat.image")}]` : (c.latestMsg ?? "")}
                </span>
              </span>
              {c.unread > 0 && (
                <span
                  className="count-badge"
                  data-testid="chat-conv-unread"
                  aria-label={t("chat.unread", { count: c.unread })}
                >
                  {c.unread > 99 ? "99+" : c.unread}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** The open conversation's head and, when there is something to say, the connection banner. */
export function PaneHead({
  header,
  status,
  online,
}: {
  header: ConversationDto | null;
  status: ConnStatus;
  online: boolean | null;
}) {
  const { t } = useTranslation();
  const banner = statusBanner(status, online, t);
  return (
    <>
      <header className="chat-pane-head">
        <Avatar pic={header?.pic ?? null} name={header?.friendName ?? ""} />
        <h2 data-testid="chat-title">{header?.friendName ?? ""}</h2>
      </header>
      {banner && (
        <div className={`chat-banner chat-banner-${banner.kind}`} role="status" data-testid="chat-banner">
          {banner.text}
          {banner.action && (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => (banner.action === "login" ? openLoginPopup() : location.reload())}
            >
              {banner.action === "login" ? t("chat.login") : t("chat.status.refresh")}
            </button>
          )}
        </div>
      )}
    </>
  );
}

/** The product (?prodId=) or order (?orderNumber=) the page was opened with, to send as a card. */
export function CardOffer({
  prodId,
  orderNumber,
  product,
  error,
  onSend,
}: {
  prodId: number | null;
  orderNumber: string | null;
  product: ProductDetail | null;
  error: string | null;
  onSend: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="chat-card-offer" data-testid="chat-card-offer">
      {error ? (
        <p className="chat-card-invalid" role="alert">
          {error}
        </p>
      ) : prodId ? (
        <>
          {product && <Picture src={product.pic} alt="" width={48} height={48} />}
          <span className="chat-card-offer-text">
            {product?.prodName ?? `#${prodId}`}
            {product && <b> ¥{priceText(product.price)}</b>}
            {product && isSoldOut(product.totalStocks) && (
              <span className="chat-card-offer-flag" data-testid="chat-card-offer-sold-out">
                {t("chat.cardFlag.soldOut")}
              </span>
            )}
          </span>
          <button type="button" className="btn btn-small" onClick={onSend} data-testid="chat-send-card">
            {t("chat.sendProduct")}
          </button>
        </>
      ) : (
        <>
          <span className="chat-card-offer-text">{t("chat.orderCard", { orderNumber: orderNumber ?? "" })}</span>
          <button type="button" className="btn btn-small" onClick={onSend} data-testid="chat-send-card">
            {t("chat.sendOrder")}
          </button>
        </>
      )}
    </div>
  );
}

/** Text (Enter sends, Shift+Enter a new line), emoji and a picture. */
export function Composer({
  text,
  setText,
  emojiOpen,
  setEmojiOpen,
  uploading,
  onSend,
  onImage,
}: {
  text: string;
  setText: Dispatch<SetStateAction<string>>;
  emojiOpen: boolean;
  setEmojiOpen: Dispatch<SetStateAction<boolean>>;
  uploading: boolean;
  onSend: () => Promise<void>;
  /** Answers whether the file went to the upload (then the file input is cleared). */
  onImage: (file: File) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const fileRef = useRef<HTMLInputElement | null>(null);

  async function pick(file: File | undefined) {
    if (!file) return;
    if ((await onImage(file)) && fileRef.current) fileRef.current.value = "";
  }

  return (
    <div className="chat-compose">
      <div className="chat-tools">
        <button
          type="button"
          className="chat-tool"
          aria-expanded={emojiOpen}
          onClick={() => setEmojiOpen((o) => !o)}
          data-testid="chat-emoji"
        >
          😀 <span>{t("chat.emoji")}</span>
        </button>
        <button
          type="button"
          className="chat-tool"
          disabled={uploading}
          onClick={() => fileRef.current?.click()}
          data-testid="chat-image"
        >
          ＋ <span>{uploading ? t("chat.uploading") : t("chat.image")}</span>
        </button>
        <input
          ref={fileRef}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          hidden
          onChange={(e) => void pick(e.target.files?.[0])}
          data-testid="chat-image-input"
        />
      </div>
      {emojiOpen && (
        <div className="chat-emoji-grid" role="group" aria-label={t("chat.emoji")}>
          {EMOJI.map((e) => (
            <button
              key={e}
              type="button"
              onClick={() => {
                setText((x) => x + e);
                setEmojiOpen(false);
              }}
            >
              {e}
            </button>
          ))}
        </div>
      )}
      <textarea
        className="textarea chat-textarea"
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
        <span className={`chat-count${[...text].length > CHAT_TEXT_MAX ? " is-over" : ""}`}>
          {t("chat.charCount", { count: [...text].length, max: CHAT_TEXT_MAX })}
        </span>
        <button type="button" className="btn btn-primary" onClick={() => void onSend()} data-testid="chat-send">
          {t("chat.send")}
        </button>
      </div>
    </div>
  );
}

function statusBanner(
  status: ConnStatus,
  online: boolean | null,
  t: ReturnType<typeof useTranslation>["t"],
): { kind: string; text: string; action?: "refresh" | "login" } | null {
  switch (status) {
    case "reconnecting":
      return { kind: "warn", text: t("chat.status.reconnecting") };
    case "broken":
      return { kind: "error", text: t("chat.status.broken"), action: "refresh" };
    case "elsewhere":
      return { kind: "error", text: t("chat.status.elsewhere"), action: "refresh" };
    case "tooMany":
      return { kind: "error", text: t("chat.status.tooMany"), action: "refresh" };
    case "relogin":
      return { kind: "error", text: t("chat.status.relogin"), action: "login" };
    case "connecting":
      return null;
    default:
      return online === false ? { kind: "info", text: t("chat.status.offline") } : null;
  }
}

function Avatar({ pic, name }: { pic: string | null; name: string }) {
  return pic ? (
    <Picture className="chat-avatar" src={pic} alt="" width={36} height={36} />
  ) : (
    <span className="chat-avatar chat-avatar-text" aria-hidden="true">
      {name.slice(0, 1)}
    </span>
  );
}
