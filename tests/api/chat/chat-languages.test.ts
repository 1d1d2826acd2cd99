/**
 * What the mall writes follows the page's language; what people wrote stays as written
 * (docs/decisions.md "User content as written"): the official service's seeded greeting is a
 * notice read in the asker's language, in the conversation list and the history alike; the demo's
 * reviews and shop replies are written in zh, zh-tw and en, so each language finds some on the
 * first page of a reviewed product.
 */
import * as OpenCC from "opencc-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Page } from "../../../src/lib/api-types.ts";
import { MsgType, type ChatMessageDto, type ConversationDto } from "../../../src/lib/chat/chat.ts";
import type { CommentItem } from "../../../src/lib/review/review-types.ts";
import { rowsOf } from "../../../src/server/db/client.ts";
import { sessions } from "../../../src/server/db/schema/index.ts";
import { hashToken, newToken } from "../../../src/server/domain/account/tokens.ts";
import { DEMO_USER } from "../../../src/server/seed/index.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

const HAN = /[\u4e00-\u9fff]/;
const toCn = OpenCC.Converter({ from: "tw", to: "cn" });

describe.skipIf(!dbReady)("texts in the page's language, user content as written", () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await createTestApp();
    token = newToken();
    await app.ctx.db.insert(sessions).values({
      tokenHash: hashToken(token),
      kind: "user",
      userId: DEMO_USER.userId,
      expiresAt: new Date(Date.now() + 3600_000),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("the official service's greeting reads in the asker's language", async () => {
    const expected = { en: /^Hello and welcome!/, "zh-tw": /^您好，歡迎光臨/, zh: /^您好，欢迎光临/ };
    for (const [lang, text] of Object.entries(expected)) {
      const list = okData(
        await app.get<Page<ConversationDto>>("/api/p/user/conversations?current=1&size=10", lang, {
          Authorization: token,
        }),
      );
      const official = list.records.find((c) => c.shopId === 0)!;
      expect(official.type).toBe(MsgType.NOTICE);
      expect(official.latestMsg).toMatch(text);
    }
    const history = okData(
      await app.get<ChatMessageDto[] | Page<ChatMessageDto>>("/api/p/chat/messages?shopId=0", "en", {
        Authorization: token,
      }),
    );
    const messages = Array.isArray(history) ? history : history.records;
    // The stored notice is a key, not a text in one language.
    expect(messages.map((m) => [m.msgType, m.content])).toEqual([[MsgType.NOTICE, "welcome"]]);
  });

  it("nobody can send a notice", async () => {
    const res = await app.request("/api/p/chat/messages", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": "en", Authorization: token },
      body: JSON.stringify({ toId: 0, shopId: 0, msgType: MsgType.NOTICE, content: "welcome" }),
    });
    expect(res.body).toMatchObject({ success: false });
  });

  it("the demo's reviews and replies are written in each language; a reviewed product's first page has all three", async () => {
    const rows = rowsOf<{ content: string; reply: string | null }>(
      await app.ctx.db.execute(sql`select content, reply_content as reply from prod_comments`),
    );
    // Traditional text is what the conversion to simplified changes.
    const lang = (s: string) => (!HAN.test(s) ? "en" : toCn(s) === s ? "zh" : "zh-tw");
    const share = (texts: string[], l: string) => texts.filter((t) => lang(t) === l).length / texts.length;
    for (const l of ["zh", "zh-tw", "en"]) {
      expect(
        share(
          rows.map((r) => r.content),
          l,
        ),
        `reviews in ${l}`,
      ).toBeGreaterThan(0.2);
      expect(
        share(
          rows.flatMap((r) => (r.reply ? [r.reply] : [])),
          l,
        ),
        `replies in ${l}`,
      ).toBeGreaterThan(0.15);
    }
    // A shop answers in the language of the review (never "中文 / English").
    for (const r of rows) if (r.reply) expect(lang(r.reply), r.reply).toBe(lang(r.content));
    const [most] = rowsOf<{ prodId: number }>(
      await app.ctx.db.execute(
        sql`select prod_id as "prodId" from prod_comments where status = 1 group by prod_id having count(*) between 3 and 10 order by count(*) desc, prod_id limit 1`,
      ),
    );
    const page = okData(
      await app.get<Page<CommentItem>>(
        `/api/prod/prodCommPageByProd?prodId=${most!.prodId}&evaluate=-1&current=1&size=10`,
        "en",
      ),
    );
    expect(new Set(page.records.map((c) => lang(c.content)))).toEqual(new Set(["zh", "zh-tw", "en"]));
  });
});
