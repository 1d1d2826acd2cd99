/** Notices: pinned list, paged list, detail. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, lte } from "drizzle-orm";
import type { NoticeDetail, NoticeItem, Page } from "../../../src/lib/api-types.ts";
import { pickText } from "../../../src/lib/locale.ts";
import { notices } from "../../../src/server/db/schema/index.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

const ITEM_KEYS = ["id", "isTop", "publishTime", "shopId", "title"];

describe.skipIf(!dbReady)("notice API", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function insertNotice(values: Partial<typeof notices.$inferInsert> = {}): Promise<number> {
    const [row] = await app.ctx.db
      .insert(notices)
      .values({
        shopId: 0,
        title: { zh: "测试公告", "zh-tw": "測試公告", en: "Test notice" },
        content: { zh: "<p>内容</p>", "zh-tw": "<p>內容</p>", en: "<p>Body</p>" },
        isTop: 0,
        status: 1,
        publishTime: new Date(Date.now() - 60_000),
        ...values,
      })
      .returning({ id: notices.id });
    return row!.id;
  }

  describe("GET /shop/notice/topNoticeList/:shopId", () => {
    it("answers published pinned platform notices, newest first, without content", async () => {
      const list = okData(await app.get<NoticeItem[]>("/api/shop/notice/topNoticeList/0", "zh"));
      expect(list.length).toBeGreaterThan(0);
      for (const n of list) {
        expect(Object.keys(n).sort()).toEqual(ITEM_KEYS);
        expect(n.isTop).toBe(1);
        expect(n.shopId).toBe(0);
        expect(Number.isNaN(Date.parse(n.publishTime))).toBe(false);
      }
      const times = list.map((n) => Date.parse(n.publishTime));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const rows = await app.ctx.db
        .select({ id: notices.id })
        .from(notices)
        .where(
          and(eq(notices.shopId, 0), eq(notices.isTop, 1), eq(notices.status, 1), lte(notices.publishTime, new Date())),
        );
      expect(list.map((n) => n.id).sort((a, b) => a - b)).toEqual(
        rows
          .map((r) => r.id)
          .sort((a, b) => a - b)
          .slice(0, 20),
      );
    });

    it("localizes titles", async () => {
      const zh = okData(await app.get<NoticeItem[]>("/api/shop/notice/topNoticeList/0", "zh"));
      const tw = okData(await app.get<NoticeItem[]>("/api/shop/notice/topNoticeList/0", "zh-TW"));
      const en = okData(await app.get<NoticeItem[]>("/api/shop/notice/topNoticeList/0", "en"));
      const [raw] = await app.ctx.db.select({ title: notices.title }).from(notices).where(eq(notices.id, zh[0]!.id));
      expect(zh[0]!.title).toBe(pickText(raw!.title, "zh"));
      expect(tw[0]!.title).toBe(pickText(raw!.title, "zh-tw"));
      expect(en[0]!.title).toBe(pickText(raw!.title, "en"));
      expect(en[0]!.title).not.toBe(zh[0]!.title);
    });

    it("leaves out withdrawn and future notices; unknown shop → []", async () => {
      const withdrawn = await insertNotice({ isTop: 1, status: 0 });
      const future = await insertNotice({ isTop: 1, publishTime: new Date(Date.now() + 86_400_000) });
      const ids = okData(await app.get<NoticeItem[]>("/api/shop/notice/topNoticeList/0", "zh")).map((n) => n.id);
      expect(ids).not.toContain(withdrawn);
      expect(ids).not.toContain(future);
      expect(okData(await app.get<NoticeItem[]>("/api/shop/notice/topNoticeList/99999999", "zh"))).toEqual([]);
    });

    it("bad shopId → A00001", async () => {
      expect((await app.get("/api/shop/notice/topNoticeList/abc", "en")).body).toEqual({
        code: "A00001",
        msg: "Shop is not valid",
        data: null,
        success: false,
      });
      expect((await app.get("/api/shop/notice/topNoticeList/-1", "zh")).body).toMatchObject({
        code: "A00001",
        msg: "店铺超出允许范围",
      });
    });
  });

  describe("GET /shop/notice/noticeList/:shopId", () => {
    it("pages published notices, pinned first then newest", async () => {
      const page = okData(await app.get<Page<NoticeItem>>("/api/shop/notice/noticeList/0?current=1&size=5", "en"));
      expect(Object.keys(page).sort()).toEqual(["current", "pages", "records", "size", "total"]);
      expect(page.current).toBe(1);
      expect(page.size).toBe(5);
      const visible = await app.ctx.db
        .select({ id: notices.id })
        .from(notices)
        .where(and(eq(notices.shopId, 0), eq(notices.status, 1), lte(notices.publishTime, new Date())));
      expect(page.total).toBe(visible.length);
      expect(page.pages).toBe(Math.max(1, Math.ceil(visible.length / 5)));
      for (const n of page.records) expect(Object.keys(n).sort()).toEqual(ITEM_KEYS);

      const all = okData(
        await app.get<Page<NoticeItem>>("/api/shop/notice/noticeList/0?current=1&size=100", "en"),
      ).records;
      const firstPlain = all.findIndex((n) => n.isTop === 0);
      if (firstPlain >= 0) for (const n of all.slice(firstPlain)) expect(n.isTop).toBe(0);
      for (let i = 1; i < all.length; i++) {
        if (all[i]!.isTop === all[i - 1]!.isTop)
          expect(Date.parse(all[i]!.publishTime)).toBeLessThanOrEqual(Date.parse(all[i - 1]!.publishTime));
      }
      if (page.total > 5) {
        const second = okData(await app.get<Page<NoticeItem>>("/api/shop/notice/noticeList/0?current=2&size=5", "en"));
        expect(second.records.map((n) => n.id)).toEqual(all.slice(5, 10).map((n) => n.id));
      }
    });

    it("defaults to current=1, size=10", async () => {
      const page = okData(await app.get<Page<NoticeItem>>("/api/shop/notice/noticeList/0", "zh"));
      expect(page).toMatchObject({ current: 1, size: 10 });
    });

    it("bad paging → A00001 in the request language", async () => {
      expect((await app.get("/api/shop/notice/noticeList/0?current=0", "en")).body).toMatchObject({
        code: "A00001",
        msg: "Page is out of the allowed range",
      });
      expect((await app.get("/api/shop/notice/noticeList/0?size=abc", "zh")).body).toMatchObject({
        code: "A00001",
        msg: "每页条数格式不正确",
      });
    });
  });

  describe("GET /shop/notice/info/:id", () => {
    it("answers a published notice with sanitised content in the request language", async () => {
      const [first] = okData(await app.get<NoticeItem[]>("/api/shop/notice/topNoticeList/0", "zh"));
      const zh = okData(await app.get<NoticeDetail>(`/api/shop/notice/info/${first!.id}`, "zh"));
      expect(Object.keys(zh).sort()).toEqual([...ITEM_KEYS, "content"].sort());
      expect(zh).toMatchObject({ id: first!.id, title: first!.title, shopId: 0, isTop: 1 });
      expect(zh.content.length).toBeGreaterThan(0);
      expect(zh.content).not.toMatch(/<script/i);
      const en = okData(await app.get<NoticeDetail>(`/api/shop/notice/info/${first!.id}`, "en"));
      expect(en.title).not.toBe(zh.title);
      expect(en.content).not.toBe(zh.content);
    });

    it("strips scripts and event handlers from stored content", async () => {
      const id = await insertNotice({
        content: {
          zh: '<p onclick="steal()">你好</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="/uploads/a.png" onerror="x()">',
          "zh-tw": "",
          en: "",
        },
      });
      const detail = okData(await app.get<NoticeDetail>(`/api/shop/notice/info/${id}`, "zh"));
      expect(detail.content).toBe('<p>你好</p><a rel="noopener noreferrer">x</a><img src="/uploads/a.png" />');
      expect(okData(await app.get<NoticeDetail>(`/api/shop/notice/info/${id}`, "zh-TW")).content).toBe(detail.content);
    });

    it("unknown, withdrawn or future notice → A00001 noticeNotFound", async () => {
      const withdrawn = await insertNotice({ status: 0 });
      const future = await insertNotice({ publishTime: new Date(Date.now() + 86_400_000) });
      for (const id of [99999999, withdrawn, future]) {
        const en = await app.get(`/api/shop/notice/info/${id}`, "en");
        expect(en.body).toEqual({
          code: "A00001",
          msg: "The notice does not exist or was withdrawn",
          data: null,
          success: false,
        });
      }
      expect((await app.get(`/api/shop/notice/info/${withdrawn}`, "zh")).body.msg).toBe("公告不存在或已下线");
    });

    it("bad id → A00001 naming the field", async () => {
      expect((await app.get("/api/shop/notice/info/abc", "en")).body).toMatchObject({
        code: "A00001",
        msg: "ID is not valid",
      });
      expect((await app.get("/api/shop/notice/info/0", "zh")).body).toMatchObject({
        code: "A00001",
        msg: "编号超出允许范围",
      });
    });
  });
});
