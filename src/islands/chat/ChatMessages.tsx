/**
 * The open conversation's messages on /chat (ChatSections.tsx holds the other parts): paged upward
 * ("earlier messages"), text shown as text (never HTML), pictures from the ladder, product and
 * order cards, notices in the page's language, my messages' ticks, and mine still on their way.
 */
import type { MutableRefObject, ReactNode } from "react";
import { FullSizeLink, Picture } from "../common/Picture.tsx";
import { usePicture } from "../common/use-pictures.ts";
import {
  cardProductFlag,
  messageState,
  MsgType,
  noticeKey,
  parseCard,
  type ChatMessageDto,
  type ConversationDto,
  type OrderCard,
  type ProductCard,
} from "../../lib/chat/chat.ts";
import type { ImageInfo } from "../../lib/image/ladder.ts";
import { pickText } from "../../lib/locale.ts";
import { priceText } from "../../lib/money-format.ts";
import { formatDate, formatShort, formatTimeOfDay } from "../../lib/date-format.ts";
import { useTranslation } from "../common/I18nProvider.tsx";
import type { Pending } from "./useChat.ts";

/** A message's time: the time of day when it is of today, else the short date before it ("11-28 23:00"). */
export function timeText(iso: string | null): string {
  if (!iso) return "";
  if (!formatDate(iso)) return "";
  return formatDate(iso) === formatDate(new Date())
    ? formatTimeOfDay(iso)
    : `${formatShort(iso)} ${formatTimeOfDay(iso)}`;
}

export function MessageList({
  paneRef,
  header,
  messages,
  pending,
  hasMore,
  base,
  onEarlier,
}: {
  paneRef: MutableRefObject<HTMLDivElement | null>;
  header: ConversationDto | null;
  messages: ChatMessageDto[];
  pending: Pending[];
  hasMore: boolean;
  base: string;
  onEarlier: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="chat-messages" ref={paneRef} data-testid="chat-messages" aria-live="polite">
      {hasMore ? (
        <button type="button" className="chat-earlier" onClick={onEarlier} data-testid="chat-earlier">
          {t("chat.loadEarlier")}
        </button>
      ) : (
        messages.length > 0 && <p className="chat-no-earlier">{t("chat.noEarlier")}</p>
      )}
      {messages.map((m) => {
        const mine = m.from === "user";
        const state = mine && header ? messageState(m.msgId, header.otherDeliveredId, header.otherReadId) : null;
        return (
          <div
            key={m.msgId}
            className={`chat-msg${mine ? " is-mine" : ""}`}
            data-testid="chat-message"
            data-from={m.from}
          >
            <div className="chat-bubble">
              <MessageBody m={m} base={base} />
            </div>
            <div className="chat-meta">
              <span>{timeText(m.createTime)}</span>
              {state && (
                <span className={`chat-state chat-state-${state}`} data-testid="chat-state">
                  {t(`chat.state.${state}`)}
                </span>
              )}
            </div>
          </div>
        );
      })}
      {pending.map((p) => (
        <div key={p.clientId} className="chat-msg is-mine is-pending" data-testid="chat-message" data-from="user">
          <div className="chat-bubble">
            {p.msgType === MsgType.TEXT ? (
              <span className="chat-text" data-user-content>
                {p.content}
              </span>
            ) : p.msgType === MsgType.IMAGE ? (
              <ChatPicture src={p.content} />
            ) : (
              "…"
            )}
          </div>
          <div className="chat-meta">
            <span className="chat-state">{t("chat.state.sending")}</span>
          </div>
        </div>
      ))}
    </div>
  );
}

/** The box a chat picture fits in (chat.css), CSS pixels. */
const CHAT_PICTURE_BOX = 240;

/**
 * A chat picture from the ladder (docs/chat.md "Pictures"): fitted in a 240 px box at its own
 * proportions, the placeholder colour until its variant arrives, never the stored upload. `info`:
 * what the message said of it (else asked like any island picture).
 */
function ChatPicture({ src, info }: { src: string; info?: ImageInfo | undefined }) {
  const { t } = useTranslation();
  const known = usePicture(src, info);
  const scale = known ? Math.min(1, CHAT_PICTURE_BOX / known.width, CHAT_PICTURE_BOX / known.height) : 1;
  const width = known ? Math.max(1, Math.round(known.width * scale)) : CHAT_PICTURE_BOX;
  const height = known ? Math.max(1, Math.round(known.height * scale)) : CHAT_PICTURE_BOX;
  return (
    <Picture
      className="chat-picture"
      testId="chat-picture"
      src={src}
      info={info}
      alt={t("chat.imageAlt")}
      width={width}
      height={height}
    />
  );
}

function MessageBody({ m, base }: { m: ChatMessageDto; base: string }): ReactNode {
  const { t, locale } = useTranslation();
  if (m.msgType === MsgType.NOTICE) {
    // The mall's own words, in the page's language (not user content).
    const key = noticeKey(m.content);
    return key ? <span className="chat-text">{t(key)}</span> : null;
  }
  if (m.msgType === MsgType.IMAGE)
    return (
      <FullSizeLink src={m.content} info={m.picture}>
        <ChatPicture src={m.content} info={m.picture} />
      </FullSizeLink>
    );
  if (m.msgType === MsgType.PRODUCT) {
    const c = parseCard(m.msgType, m.content) as ProductCard | null;
    if (!c) return null;
    const flag = cardProductFlag(m.prodNow);
    return (
      <a
        className={`chat-card${flag ? " is-flagged" : ""}`}
        href={`${base}/detail/${c.prodId}`}
        data-testid="chat-product-card"
        data-flag={flag ?? undefined}
      >
        <span className="chat-card-pic">
          <Picture src={c.pic} alt="" width={56} height={56} />
          {flag && <span className="chat-card-flag">{t(`chat.cardFlag.${flag}`)}</span>}
        </span>
        <span>
          <span className="chat-card-name">{pickText(c.prodName, locale)}</span>
          <b>¥{priceText(c.price)}</b>
          <small>{t("chat.viewProduct")}</small>
        </span>
      </a>
    );
  }
  if (m.msgType === MsgType.ORDER) {
    const c = parseCard(m.msgType, m.content) as OrderCard | null;
    if (!c) return null;
    return (
      <a
        className="chat-card"
        href={`${base}/order-detail?orderNumber=${encodeURIComponent(c.orderNumber)}`}
        data-testid="chat-order-card"
      >
        {c.pic && <Picture src={c.pic} alt="" width={56} height={56} />}
        <span>
          <span className="chat-card-name">{t("chat.orderCard", { orderNumber: c.orderNumber })}</span>
          <span>{pickText(c.prodName, locale)}</span>
          <small>{t("chat.orderItems", { count: c.productNums, amount: `¥${priceText(c.actualTotal)}` })}</small>
        </span>
      </a>
    );
  }
  return (
    <span className="chat-text" data-user-content>
      {m.content}
    </span>
  );
}
