/** Reviews: POST /p/prodComm, my reviews, the product's reviews, the shop's reply (docs/review.md "Reviews"). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "../../../src/lib/api-types.ts";
import { orderItems, orders, products } from "../../../src/server/db/schema/index.ts";
import type { CommentItem, CommentSummary } from "../../../src/lib/review/review-types.ts";
import type { MyReviewDto, ShopReviewDto } from "../../../src/lib/review/review-types.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { opsCli } from "../ops-helpers.ts";
import { createOrder, pickSku } from "../order-fixtures.ts";

const PNG_1X1 = new Uint8Array(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
);

describe.skipIf(!dbReady)("reviews API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let buyer: TestUser;
  let other: TestUser;
  let sku: { skuId: number; prodId: number; shopId: number };
  let sku2: { skuId: number; prodId: number; shopId: number };

  const uploadPhoto = async (user: TestUser) => {
    const form = new FormData();
    form.append("file", new File([PNG_1X1], "p.png", { type: "image/png" }));
    return okData(
      await app.request<{ filePath: string }>("/api/p/file/upload?folder=review", {
        method: "POST",
        headers: { Authorization: user.token },
        body: form,
      }),
    ).filePath;
  };
  const merchantToken = async (username: string) =>
    okData(await call<{ accessToken: string }>("/merchant/login", { body: { username, password: "Shop1234" } }))
      .accessToken;

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    buyer = await createTestUser(app, "reviewer");
    other = await createTestUser(app, "stranger");
    sku = await pickSku(app, { shopId: 1, stock: 500 });
    sku2 = await pickSku(app, { shopId: 1, stock: 500, skip: 1 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("reviews each line of a completed order once; the order is evaluated when all are reviewed", async () => {
    const o = await createOrder(app, {
      userId: buyer.userId,
      items: [
        { skuId: sku.skuId, prodCount: 1 },
        { skuId: sku2.skuId, prodCount: 2 },
      ],
      status: 5,
    });
    const [before] = await app.ctx.db
      .select({ n: products.commentNum })
      .from(products)
      .where(eq(products.prodId, sku.prodId));
    const pic = await uploadPhoto(buyer);
    const first = okData(
      await call<{ prodCommId: number; orderEvaluated: boolean }>("/p/prodComm", {
        user: buyer,
        body: {
          orderItemId: o.orderItemIds[0],
          score: 5,
          content: "  <b>Great</b> & fast  ",
          pics: [pic],
          isAnonymous: 1,
        },
      }),
    );
    expect(first.orderEvaluated).toBe(false);
    expect(
      (await app.ctx.db.select({ c: orders.isComm }).from(orders).where(eq(orders.orderNumber, o.orderNumber)))[0]!.c,
    ).toBe(0);
    // Twice the same line → refused, nothing added.
    const again = await call("/p/prodComm", {
      user: buyer,
      body: { orderItemId: o.orderItemIds[0], score: 1, content: "again" },
    });
    expect(again.body).toMatchObject({ code: "A00001", msg: "This item has already been reviewed" });
    const second = okData(
      await call<{ orderEvaluated: boolean }>("/p/prodComm", {
        user: buyer,
        lang: "zh",
        body: { orderItemId: o.orderItemIds[1], score: 3, content: "一般" },
      }),
    );
    expect(second.orderEvaluated).toBe(true);
    expect(
      (await app.ctx.db.select({ c: orders.isComm }).from(orders).where(eq(orders.orderNumber, o.orderNumber)))[0]!.c,
    ).toBe(1);
    expect(
      (
        await app.ctx.db
          .select({ c: orderItems.commSts })
          .from(orderItems)
          .where(eq(orderItems.orderNumber, o.orderNumber))
      ).map((r) => r.c),
    ).toEqual([1, 1]);
    const [after] = await app.ctx.db
      .select({ n: products.commentNum })
      .from(products)
      .where(eq(products.prodId, sku.prodId));
    expect(after!.n).toBe(before!.n + (sku.prodId === sku2.prodId ? 2 : 1));

    // The product page's data: the review is there, text as written (escaped when rendered), nickname masked.
    const page = okData(
      await app.get<Page<CommentItem>>(`/api/prod/prodCommPageByProd?prodId=${sku.prodId}&evaluate=3`, "en"),
    );
    const mine = page.records.find((r) => r.prodCommId === first.prodCommId)!;
    expect(mine).toMatchObject({
      content: "<b>Great</b> & fast",
      pics: [pic],
      isAnonymous: 1,
      nickName: "r***r",
      pic: "",
      score: 5,
      evaluate: 0,
    });
    const summary = okData(await app.get<CommentSummary>(`/api/prod/prodCommData?prodId=${sku2.prodId}`));
    expect(summary.secondaryNumber).toBeGreaterThanOrEqual(1);

    // My reviews.
    const list = okData(
      await call<Page<MyReviewDto>>("/p/prodComm/prodCommPageByUser?current=1&size=10", { user: buyer }),
    );
    expect(list.total).toBe(2);
    expect(list.records.map((r) => r.orderItemId).sort()).toEqual([...o.orderItemIds].sort());
    expect(list.records.every((r) => r.orderNumber === o.orderNumber && r.prodName.length > 0)).toBe(true);
  });

  it("refuses bad input, lines that are not the buyer's, orders not completed, foreign photos", async () => {
    const o = await createOrder(app, { userId: buyer.userId, items: [{ skuId: sku.skuId, prodCount: 1 }], status: 5 });
    const shipped = await createOrder(app, {
      userId: buyer.userId,
      items: [{ skuId: sku.skuId, prodCount: 1 }],
      status: 3,
    });
    const id = o.orderItemIds[0];
    const msg = async (body: unknown, user: TestUser = buyer, lang = "en") =>
      (await call("/p/prodComm", { user, body, lang })).body.msg;
    expect(await msg({ orderItemId: id, score: 0, content: "x" })).toBe("Please give a score from 1 to 5 stars");
    expect(await msg({ orderItemId: id, score: 5, content: "   " })).toBe(
      (await import("../../../src/i18n/en/rules.json")).default.reviewEmpty,
    );
    expect(await msg({ orderItemId: id, score: 5, content: "x".repeat(151) })).toBe(
      (await import("../../../src/i18n/en/rules.json")).default.reviewTooLong,
    );
    expect(await msg({ orderItemId: id, score: 5, content: "a\u0007b" })).toBe(
      "The text contains characters that are not allowed",
    );
    expect(await msg({ orderItemId: id, score: 5, content: "ok", pics: Array(10).fill("/uploads/review/x.png") })).toBe(
      "At most 9 photos",
    );
    expect(await msg({ orderItemId: id, score: 5, content: "ok", pics: ["https://evil.example/x.png"] })).toBe(
      "A photo is not a picture uploaded here; upload it again",
    );
    expect(
      await msg({
        orderItemId: id,
        score: 5,
        content: "ok",
        pics: ["/uploads/review/0b0f6a8e-3c1d-4d0e-9a39-3e1f9d6f2b7a.png"],
      }),
    ).toBe("A photo is not a picture uploaded here; upload it again");
    expect(await msg({ orderItemId: id, score: 5, content: "ok" }, other)).toBe(
      "This item was not found in your orders",
    );
    expect(await msg({ orderItemId: shipped.orderItemIds[0], score: 5, content: "ok" }, buyer, "zh")).toBe(
      "订单完成后才能评价",
    );
    expect((await call("/p/prodComm", { body: { orderItemId: id, score: 5, content: "ok" } })).body.code).toBe(
      "A00004",
    );
    expect(
      (await app.ctx.db.select({ c: orderItems.commSts }).from(orderItems).where(eq(orderItems.orderItemId, id!)))[0]!
        .c,
    ).toBe(0);
  });

  it("concurrent submits of one line: exactly one review", async () => {
    const o = await createOrder(app, { userId: buyer.userId, items: [{ skuId: sku.skuId, prodCount: 1 }], status: 5 });
    const body = { orderItemId: o.orderItemIds[0], score: 4, content: "twice at once" };
    const rs = await Promise.all([
      call("/p/prodComm", { user: buyer, body }),
      call("/p/prodComm", { user: buyer, body }),
    ]);
    expect(rs.filter((r) => r.body.success).length).toBe(1);
  });

  it("the shop lists its reviews and replies; another shop cannot", async () => {
    const o = await createOrder(app, { userId: buyer.userId, items: [{ skuId: sku.skuId, prodCount: 1 }], status: 5 });
    const { prodCommId } = okData(
      await call<{ prodCommId: number }>("/p/prodComm", {
        user: buyer,
        body: { orderItemId: o.orderItemIds[0], score: 2, content: "late", isAnonymous: 0 },
      }),
    );
    const shop1 = await merchantToken("shop01");
    const shop2 = await merchantToken("shop02");
    const m = (path: string, token: string, body?: unknown) =>
      app.request<unknown>(`/api${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { Authorization: token, "Accept-Language": "en", "Content-Type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const open = okData(await m("/merchant/reviews?replied=0&size=100", shop1)) as Page<ShopReviewDto>;
    expect(open.records.some((r) => r.prodCommId === prodCommId && r.nickName === "reviewer")).toBe(true);
    expect((await m(`/merchant/reviews/${prodCommId}/reply`, shop2, { content: "not mine" })).body).toMatchObject({
      code: "A00001",
      msg: "Review not found",
    });
    expect((await m(`/merchant/reviews/${prodCommId}/reply`, shop1, { content: " " })).body.msg).toBe(
      "Please enter the reply",
    );
    okData(await m(`/merchant/reviews/${prodCommId}/reply`, shop1, { content: "Sorry, we will do better" }));
    const page = okData(
      await app.get<Page<CommentItem>>(`/api/prod/prodCommPageByProd?prodId=${sku.prodId}&evaluate=2&size=50`),
    );
    expect(page.records.find((r) => r.prodCommId === prodCommId)?.replyContent).toBe("Sorry, we will do better");
    const answered = okData(await m("/merchant/reviews?replied=1&size=100", shop1)) as Page<ShopReviewDto>;
    expect(answered.records.some((r) => r.prodCommId === prodCommId)).toBe(true);
    const others = okData(await m("/merchant/reviews?size=100", shop2)) as Page<ShopReviewDto>;
    expect(others.records.some((r) => r.prodCommId === prodCommId)).toBe(false);
  });

  it("ops CLI: reviews and reply", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mall-ops-rv-"));
    const ops = opsCli(app, dir);
    try {
      const o = await createOrder(app, {
        userId: buyer.userId,
        items: [{ skuId: sku.skuId, prodCount: 1 }],
        status: 5,
      });
      const { prodCommId } = okData(
        await call<{ prodCommId: number }>("/p/prodComm", {
          user: buyer,
          body: { orderItemId: o.orderItemIds[0], score: 4, content: "CLI test review" },
        }),
      );
      expect((await ops("login", "--user", "shop01", "--password", "Shop1234")).code).toBe(0);
      const listed = await ops("reviews", "--replied", "0", "--size", "100");
      expect(listed.code).toBe(0);
      expect(listed.out).toContain(`#${prodCommId}`);
      expect(listed.out).toContain("CLI test review");
      expect((await ops("reply", String(prodCommId))).code).toBe(2);
      expect(await ops("reply", String(prodCommId), "--text", "Thanks from the CLI")).toMatchObject({ code: 0 });
      expect(await ops("reply", "999999", "--text", "x")).toMatchObject({
        code: 1,
        err: expect.stringContaining("Review not found"),
      });
      expect((await ops("reviews", "--replied", "1", "--size", "100")).out).toContain("reply: Thanks from the CLI");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
