/**
 * Every form that takes upload paths accepts only the caller's own uploads (plus what it already
 * had): avatar, review photos, refund photos, store application pictures, chat pictures. Another
 * account's path gets "This file was not uploaded by you…" in the request's language and nothing
 * changes (domain/upload/upload-owner.ts assertOwnUploads).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chatMessages,
  discounts,
  orderRefunds,
  prodComments,
  storeApplications,
  users,
} from "../../../src/server/db/schema/index.ts";
import { MsgType } from "../../../src/lib/chat/chat.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { createOrder, pickSku } from "../order-fixtures.ts";

const PNG_1X1 = new Uint8Array(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
);
const NOT_YOURS = {
  en: "This file was not uploaded by you; please upload your own",
  zh: "该文件不是您上传的，请上传您自己的文件",
  "zh-tw": "該檔案不是您上傳的，請上傳您自己的檔案",
};

describe.skipIf(!dbReady)("uploads: owner checks in every form", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: TestUser;
  let bob: TestUser;
  let sku: { skuId: number };

  const upload = async (user: TestUser, folder: string, route = "/p/file/upload") => {
    const form = new FormData();
    form.append("file", new File([PNG_1X1], "x.png", { type: "image/png" }));
    return okData(
      await app.request<{ filePath: string }>(`/api${route}?folder=${folder}`, {
        method: "POST",
        headers: { Authorization: user.token },
        body: form,
      }),
    ).filePath;
  };

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    alice = await createTestUser(app, "ownalice");
    bob = await createTestUser(app, "ownbob");
    sku = await pickSku(app, { shopId: 1, stock: 500 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("avatar: another buyer's picture is refused in every language; the buyer's own is taken", async () => {
    const bobs = await upload(bob, "avatar");
    for (const lang of ["en", "zh", "zh-tw"] as const) {
      const res = await call("/p/user/setUserInfo", {
        method: "PUT",
        user: alice,
        lang,
        body: { nickName: "Alice", avatarUrl: bobs },
      });
      expect(res.body, lang).toMatchObject({ code: "A00001", msg: NOT_YOURS[lang] });
    }
    const [u] = await app.ctx.db.select().from(users).where(eq(users.userId, alice.userId));
    expect(u!.pic).not.toBe(bobs);
    expect(u!.nickName).not.toBe("Alice");
    const mine = await upload(alice, "avatar");
    okData(
      await call("/p/user/setUserInfo", { method: "PUT", user: alice, body: { nickName: "Alice", avatarUrl: mine } }),
    );
    // The current picture may be sent back unchanged.
    okData(
      await call("/p/user/setUserInfo", { method: "PUT", user: alice, body: { nickName: "Alice", avatarUrl: mine } }),
    );
  });

  it("review photos: another buyer's photo is refused, nothing stored", async () => {
    const o = await createOrder(app, { userId: alice.userId, items: [{ skuId: sku.skuId, prodCount: 1 }], status: 5 });
    const bobs = await upload(bob, "review");
    const body = { orderItemId: o.orderItemIds[0], score: 5, content: "Fine", pics: [bobs], isAnonymous: 0 };
    expect((await call("/p/prodComm", { user: alice, body })).body).toMatchObject({ msg: NOT_YOURS.en });
    expect(
      await app.ctx.db.select().from(prodComments).where(eq(prodComments.orderItemId, o.orderItemIds[0]!)),
    ).toEqual([]);
    okData(await call("/p/prodComm", { user: alice, body: { ...body, pics: [await upload(alice, "review")] } }));
  });

  it("refund photos: another buyer's photo is refused on apply and on modify; kept photos may stay", async () => {
    const o = await createOrder(app, { userId: alice.userId, items: [{ skuId: sku.skuId, prodCount: 1 }], status: 5 });
    const bobs = await upload(bob, "refund");
    const body = (photoFiles: string[]) => ({
      orderNumber: o.orderNumber,
      refundType: 2,
      orderItemId: o.orderItemIds[0],
      applyType: 1,
      buyerReason: 5,
      buyerMobile: "13800138000",
      refundAmount: "1.00",
      photoFiles,
    });
    expect((await call("/p/orderRefund/apply", { user: alice, lang: "zh", body: body([bobs]) })).body).toMatchObject({
      msg: NOT_YOURS.zh,
    });
    expect(await app.ctx.db.select().from(orderRefunds).where(eq(orderRefunds.orderNumber, o.orderNumber))).toEqual([]);
    const mine = await upload(alice, "refund");
    const { refundSn } = okData(
      await call<{ refundSn: string }>("/p/orderRefund/apply", { user: alice, body: body([mine]) }),
    );
    const modify = (photoFiles: string[]) =>
      call(`/p/orderRefund/update`, { method: "PUT", user: alice, body: { ...body(photoFiles), refundSn } });
    expect((await modify([mine, bobs])).body).toMatchObject({ msg: NOT_YOURS.en });
    const [r] = await app.ctx.db.select().from(orderRefunds).where(eq(orderRefunds.refundSn, refundSn));
    expect(r!.photoFiles).toBe(mine);
    okData(await modify([mine, await upload(alice, "refund")]));
  });

  it("store application: another buyer's licence is refused, no application made", async () => {
    const own = async () => upload(alice, "identity");
    const form = {
      shopName: "Owner Check Tea",
      mobile: "13800138000",
      provinceId: 44,
      cityId: 4403,
      areaId: 440305,
      addr: "Keyuan Road 100",
      intro: "Fine teas.",
      type: 0,
      shopLogo: await upload(alice, "store"),
      businessLicense: await upload(bob, "identity"),
      identityCardFront: await own(),
      identityCardLater: await own(),
    };
    expect((await call("/p/storeApplication", { user: alice, lang: "zh-tw", body: form })).body).toMatchObject({
      msg: NOT_YOURS["zh-tw"],
    });
    expect(await app.ctx.db.select().from(storeApplications).where(eq(storeApplications.userId, alice.userId))).toEqual(
      [],
    );
    okData(await call("/p/storeApplication", { user: alice, body: { ...form, businessLicense: await own() } }));
  });

  it("chat pictures: another buyer's picture is refused; the shop may show a picture of the conversation only", async () => {
    const bobs = await upload(bob, "chat", "/p/file/uploadImFile");
    const send = (content: string) =>
      call("/p/chat/messages", { user: alice, body: { shopId: 1, msgType: MsgType.IMAGE, content } });
    expect((await send(bobs)).body).toMatchObject({ code: "A00001", msg: NOT_YOURS.en });
    const mine = await upload(alice, "chat", "/p/file/uploadImFile");
    okData(await send(mine));
    const images = await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.msgType, MsgType.IMAGE));
    expect(images.map((m) => m.content)).toEqual([mine]);
    const shop = okData(
      await call<{ accessToken: string }>("/merchant/login", { body: { username: "shop01", password: "Shop1234" } }),
    ).accessToken;
    const agentSend = (content: string) =>
      call(`/merchant/chat/conversations/${images[0]!.conversationId}/messages`, {
        user: { userId: "", token: shop },
        body: { msgType: MsgType.IMAGE, content },
      });
    expect((await agentSend(bobs)).body).toMatchObject({ msg: NOT_YOURS.en });
    okData(await agentSend(mine));
  });
  it("discount pictures: another shop's upload is refused, no discount made; the shop's own and seed pictures are taken", async () => {
    const login = async (username: string) =>
      okData(await call<{ accessToken: string }>("/merchant/login", { body: { username, password: "Shop1234" } }))
        .accessToken;
    const [shop1, shop2] = [await login("shop01"), await login("shop02")];
    const decoration = async (token: string) => {
      const form = new FormData();
      form.append("file", new File([PNG_1X1], "d.png", { type: "image/png" }));
      return okData(
        await app.request<{ filePath: string }>("/api/merchant/file/upload", {
          method: "POST",
          headers: { Authorization: token },
          body: form,
        }),
      ).filePath;
    };
    const create = (pcPic: string) =>
      call<{ discountId: number }>("/merchant/discounts", {
        user: { userId: "", token: shop1 },
        body: {
          discountName: { zh: "满百减十", "zh-tw": "滿百減十", en: "Owner check" },
          discountRule: 0,
          discountItems: [{ needAmount: "100", discount: "10" }],
          endTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
          pcPic,
        },
      });
    const count = async () => (await app.ctx.db.select().from(discounts)).length;
    const before = await count();
    expect((await create(await decoration(shop2))).body).toMatchObject({ code: "A00001", msg: NOT_YOURS.en });
    expect(await count()).toBe(before);
    const own = okData(await create(await decoration(shop1))).discountId;
    okData(await create("/uploads/seed/banner.svg"));
    expect(await count()).toBe(before + 2);
    // Another spelling of another shop's upload, and another site's address: refused, nothing made.
    const theirs = await decoration(shop2);
    for (const spelling of [
      theirs.replace(/^\/uploads\/([^/]+)\//, "/uploads/$1/./"),
      theirs.replace("/uploads/", "/uploads//"),
      theirs.replace(/^\/uploads\//, "/uploads/x/../"),
      "//evil.example/x.png",
    ])
      expect((await create(spelling)).body, spelling).toMatchObject({ code: "A00001", msg: "Invalid picture address" });
    expect(await count()).toBe(before + 2);
    // A row that holds such a picture anyway (stored before the rule, or by hand) is served without it.
    await app.ctx.db
      .update(discounts)
      .set({ pcPic: "//evil.example/x.png", pcBackgroundPic: theirs.replace("/uploads/", "/uploads/./") })
      .where(eq(discounts.discountId, own));
    const served = okData(
      await call<{ records: { discountId: number; pcPic: string; pcBackgroundPic: string }[] }>(
        "/marking/discount/getDiscountList?current=1&size=100",
      ),
    ).records.find((d) => d.discountId === own);
    expect(served).toMatchObject({ pcPic: "", pcBackgroundPic: "" });
  });
});
