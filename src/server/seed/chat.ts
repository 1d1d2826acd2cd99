/**
 * Demo chat (docs/chat.md), relative to the seeding time: the demo buyer asked shop 1 about
 * delivery yesterday and got an answer (read), and the official service greeted them an hour ago
 * (unread: the top bar's "customer service" shows a badge at once) with the mall's greeting notice,
 * which reads in the page's language.
 */
import { eq } from "drizzle-orm";
import { chatConversations, chatMessages } from "../db/schema/index.ts";
import { MsgType } from "../../lib/chat/chat.ts";
import type { SeedContext } from "./context.ts";
import { DEMO_USER } from "./users.ts";

const eqId = (id: number) => eq(chatConversations.conversationId, id);

export async function seedChat(ctx: SeedContext): Promise<void> {
  const t = (minutesAgo: number) => new Date(ctx.clock.now.getTime() - minutesAgo * 60_000);
  const [shop, official] = await ctx.tx
    .insert(chatConversations)
    .values([
      { userId: DEMO_USER.userId, shopId: 1, createdAt: t(1500) },
      { userId: DEMO_USER.userId, shopId: 0, createdAt: t(60) },
    ])
    .returning({ id: chatConversations.conversationId });
  const msgs = await ctx.tx
    .insert(chatMessages)
    .values([
      {
        conversationId: shop!.id,
        sender: 1,
        msgType: 0,
        // What people wrote stays as written (the demo buyer and shop 1 write Chinese).
        content: "请问今天下单什么时候发货？",
        createdAt: t(1500),
      },
      {
        conversationId: shop!.id,
        sender: 2,
        msgType: 0,
        content: "您好，下午 4 点前付款当天发货，顺丰包邮。",
        createdAt: t(1495),
      },
      {
        conversationId: official!.id,
        sender: 2,
        // The mall's own greeting: a notice shown in the reader's language (chat.notice.welcome).
        msgType: MsgType.NOTICE,
        content: "welcome",
        createdAt: t(60),
      },
    ])
    .returning({ id: chatMessages.msgId });
  const [q, a, hello] = msgs.map((m) => m.id) as [number, number, number];
  await ctx.tx
    .update(chatConversations)
    .set({ lastMsgId: a, lastMsgAt: t(1495), userReadId: a, userDeliveredId: a, agentReadId: q, agentDeliveredId: q })
    .where(eqId(shop!.id));
  await ctx.tx
    .update(chatConversations)
    .set({ lastMsgId: hello, lastMsgAt: t(60), userUnread: 1 })
    .where(eqId(official!.id));
}
