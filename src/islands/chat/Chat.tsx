/**
 * /chat (docs/chat.md): the buyer's conversations with shops and the official service. useChat.ts
 * holds the state, the socket and the calls; the parts show them:
 * - left: conversations (logo, name, last message, time, unread), newest first;
 * - right: the open conversation — history paged upward ("earlier messages"), text (shown as
 *   text, never HTML), emoji, pictures (uploaded to folder "chat"), product and order cards,
 *   my messages' ticks (sending / sent / delivered / read), "customer service is offline";
 * - opened with ?shopId= (0 = official service) and optionally ?prodId= / ?orderNumber= (a card
 *   to send; one that does not belong to the shop says "inquiry invalid because started on
 *   another page").
 */
import type { Locale } from "../../lib/locale.ts";
import { openLoginPopup } from "../../stores/index.ts";
import { I18nProvider, useTranslation, type NamespaceResources } from "../common/I18nProvider.tsx";
import { MessageList } from "./ChatMessages.tsx";
import { CardOffer, Composer, ConversationList, PaneHead } from "./ChatSections.tsx";
import { useChat, type ChatStart } from "./useChat.ts";
import "./chat.css";

export interface ChatIslandProps {
  locale: Locale;
  resources: Record<string, NamespaceResources>;
  /** What the page was opened with. */
  initial: ChatStart;
  links: { base: string; home: string };
}

export default function Chat(props: ChatIslandProps) {
  return (
    <I18nProvider locale={props.locale} resources={props.resources}>
      <ChatBody {...props} />
    </I18nProvider>
  );
}

function ChatBody({ initial, links }: ChatIslandProps) {
  const { t } = useTranslation();
  const c = useChat(initial);

  if (!c.token) {
    return (
      <div className="chat-guest" data-testid="chat-guest">
        <p>{t("chat.loginFirst")}</p>
        <button type="button" className="btn btn-primary" onClick={openLoginPopup}>
          {t("chat.login")}
        </button>
      </div>
    );
  }

  return (
    <div className="chat-app" data-testid="chat-app" data-status={c.status}>
      <ConversationList list={c.list} activeShop={c.activeShop} onOpen={(shopId) => void c.openConversation(shopId)} />
      <section className="chat-pane" aria-label={c.header?.friendName ?? t("chat.title")}>
        {c.activeShop === null ? (
          <p className="chat-empty chat-select">{t("chat.selectConversation")}</p>
        ) : (
          <>
            <PaneHead header={c.header} status={c.status} online={c.online} />
            <MessageList
              paneRef={c.paneRef}
              header={c.header}
              messages={c.messages}
              pending={c.pending}
              hasMore={c.hasMore}
              base={links.base}
              onEarlier={() => void c.loadEarlier()}
            />
            {c.cardOffer && (
              <CardOffer
                prodId={initial.prodId}
                orderNumber={initial.orderNumber}
                product={c.product}
                error={c.cardError}
                onSend={() => void c.sendCard()}
              />
            )}
            <Composer
              text={c.text}
              setText={c.setText}
              emojiOpen={c.emojiOpen}
              setEmojiOpen={c.setEmojiOpen}
              uploading={c.uploading}
              onSend={c.sendText}
              onImage={c.sendImage}
            />
          </>
        )}
      </section>
    </div>
  );
}
