/**
 * Store applications (docs/store-application.md): buyer submit / resubmit, platform review via the
 * platform API and the ops CLI, shop creation and status, the store account and merchant login.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runOps, type OpsIO } from "../../../scripts/ops/main.ts";
import { shops, storeApplications } from "../../../src/server/db/schema/index.ts";
import type { StoreApplicationDto } from "../../../src/lib/store-application/store-application.ts";
import type { PlatformApplicationDto } from "../../../src/server/domain/store-application/store-application.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp, type TestResponse } from "../helpers.ts";
import { pickSku } from "../order-fixtures.ts";

const PNG_1X1 = new Uint8Array(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
);
const PLATFORM = "dev-platform-token";

describe.skipIf(!dbReady)("store application API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: TestUser;
  let bob: TestUser;
  let images: Record<string, string>;

  const platform = <T = unknown>(
    p: string,
    opts: { body?: unknown; token?: string | null; lang?: string } = {},
  ): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = { "Accept-Language": opts.lang ?? "en" };
    const token = opts.token === undefined ? PLATFORM : opts.token;
    if (token) headers.Authorization = token;
    const init: RequestInit = { method: opts.body === undefined ? "GET" : "POST", headers };
    if (opts.body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(opts.body);
    }
    return app.request<T>(`/api/platform${p}`, init);
  };

  /** The shop logo goes to the public folder "store", the licence and ID card to the private "identity". */
  async function upload(user: TestUser, folder: "store" | "identity" = "identity"): Promise<string> {
    const form = new FormData();
    form.append("file", new File([PNG_1X1], "x.png", { type: "image/png" }));
    const r = await app.request<{ filePath: string }>(`/api/p/file/upload?folder=${folder}`, {
      method: "POST",
      headers: { Authorization: user.token },
      body: form,
    });
    return okData(r).filePath;
  }

  const form = (over: Record<string, unknown> = {}) => ({
    shopName: "Alice Tea House",
    mobile: "13800138000",
    provinceId: 44,
    cityId: 4403,
    areaId: 440305,
    addr: "Keyuan Road 100",
    intro: "Fine teas from Hangzhou and Yunnan.",
    type: 0,
    ...images,
    ...over,
  });

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    alice = await createTestUser(app, "alice");
    bob = await createTestUser(app, "bob");
    images = {
      shopLogo: await upload(alice, "store"),
      businessLicense: await upload(alice),
      identityCardFront: await upload(alice),
      identityCardLater: await upload(alice),
    };
  });
  afterAll(async () => {
    await app?.close();
  });

  it("a buyer without an application: null, centerInfo shopAuditStatus null", async () => {
    expect(okData(await call("/p/storeApplication", { user: alice }))).toBeNull();
    expect(okData(await call<{ shopAuditStatus: number | null }>("/p/user/centerInfo", { user: alice }))).toMatchObject(
      { shopAuditStatus: null, shopId: null },
    );
    expect((await call("/p/storeApplication", { user: null })).body.code).toBe("A00004");
  });

  it("refuses every SPEC §5 rule with a translated message and stores nothing", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ shopName: "" }, "Please enter the shop name", "请输入店铺名称"],
      [{ shopName: "A".repeat(21) }, "The shop name cannot exceed 20 characters", "店铺名称不能超过20个字"],
      [{ shopName: "Tea<House>" }, "The shop name cannot contain special characters", ""],
      [{ intro: "too short" }, "The shop description is 10~200 characters", ""],
      [{ intro: "x".repeat(201) }, "The shop description is 10~200 characters", ""],
      [{ addr: "abcd" }, "The detailed address must be at least 5 characters", ""],
      [{ mobile: "12345" }, "Please enter a valid mobile number", ""],
      [{ areaId: null }, "Please choose the province, city and district", ""],
      [{ areaId: 110101 }, "Please choose the province, city and district", ""],
      [{ shopLogo: "" }, "Please upload the shop logo", ""],
      [
        { businessLicense: "/uploads/avatar/00000000-0000-0000-0000-000000000000.png" },
        "Please upload the business licence",
        "",
      ],
      [
        { identityCardFront: "/uploads/identity/00000000-0000-0000-0000-000000000000.png" },
        "An uploaded image was not found; please upload it again",
        "",
      ],
      [{ type: 1 }, "Please choose a shop type", ""],
    ];
    for (const [over, en, zh] of cases) {
      const r = await call("/p/storeApplication", { user: alice, body: form(over) });
      expect(r.body, JSON.stringify(over)).toMatchObject({ code: "A00001", msg: en });
      if (zh)
        expect((await call("/p/storeApplication", { user: alice, body: form(over), lang: "zh" })).body.msg).toBe(zh);
    }
    const zhTw = await call("/p/storeApplication", { user: alice, body: form({ shopName: "" }), lang: "zh-TW" });
    expect(zhTw.body.msg).toBe("請輸入店鋪名稱");
    expect((await call("/p/storeApplication", { user: alice, body: "not json" })).body.msg).toBe(
      "The request body is not valid JSON",
    );
    expect(
      await app.ctx.db.select().from(storeApplications).where(eq(storeApplications.userId, alice.userId)),
    ).toHaveLength(0);
  });

  let applyId = 0;

  it("submits: under review; a second submission while pending is refused; others cannot see it", async () => {
    const dto = okData(
      await call<StoreApplicationDto>("/p/storeApplication", {
        user: alice,
        body: form({ shopName: "  Alice Tea House " }),
      }),
    );
    expect(dto).toMatchObject({
      status: 0,
      shopName: "Alice Tea House",
      province: "Guangdong",
      city: "Shenzhen",
      area: "Nanshan District",
      shopId: null,
      rejectReason: null,
    });
    applyId = dto.applyId;
    expect(okData(await call<{ shopAuditStatus: number }>("/p/user/centerInfo", { user: alice })).shopAuditStatus).toBe(
      0,
    );
    const again = await call("/p/storeApplication", { user: alice, body: form({ shopName: "Other Name" }) });
    expect(again.body).toMatchObject({
      code: "A00001",
      msg: "Your application is under review: it cannot be submitted again now",
    });
    // Bob sees only his own (none) and cannot take the same store name.
    expect(okData(await call("/p/storeApplication", { user: bob }))).toBeNull();
    const bobImages = {
      shopLogo: await upload(bob, "store"),
      businessLicense: await upload(bob),
      identityCardFront: await upload(bob),
      identityCardLater: await upload(bob),
    };
    const taken = await call("/p/storeApplication", {
      user: bob,
      body: { ...form(), ...bobImages, shopName: "alice tea house" },
    });
    expect(taken.body.msg).toBe("This shop name is already used");
    // A seeded shop's name is taken too (any language).
    const [seeded] = await app.ctx.db.select({ name: shops.shopName }).from(shops).where(eq(shops.shopId, 2));
    expect(
      (await call("/p/storeApplication", { user: bob, body: { ...form(), ...bobImages, shopName: seeded!.name.zh } }))
        .body.msg,
    ).toBe("This shop name is already used");
    expect(
      await app.ctx.db
        .select()
        .from(storeApplications)
        .where(inArray(storeApplications.userId, [alice.userId, bob.userId])),
    ).toHaveLength(1);
  });

  it("the demo seed has an application under review and a rejected one", async () => {
    const all = okData(await platform<{ records: PlatformApplicationDto[] }>("/storeApplications?size=100")).records;
    expect(all.find((a) => a.username === "reviewer01")).toMatchObject({ status: 0, shopName: "小鹿手作烘焙" });
    expect(all.find((a) => a.username === "reviewer02")).toMatchObject({
      status: -1,
      rejectReason: expect.stringContaining("licence"),
    });
  });

  it("the platform API needs its token", async () => {
    expect((await platform("/storeApplications", { token: null })).body.code).toBe("A00004");
    expect((await platform("/storeApplications", { token: "wrong" })).body.code).toBe("A00004");
    expect((await platform("/storeApplications", { token: alice.token })).body.code).toBe("A00004");
  });

  it("platform lists and reads the application with its images; rejects with a reason; the buyer resubmits", async () => {
    const page = okData(
      await platform<{ records: PlatformApplicationDto[]; total: number }>("/storeApplications?status=0"),
    );
    expect(page.records.map((a) => a.applyId)).toContain(applyId);
    const one = okData(await platform<PlatformApplicationDto>(`/storeApplications/${applyId}`));
    expect(one).toMatchObject({
      shopName: "Alice Tea House",
      userId: alice.userId,
      shopLogo: images.shopLogo,
      identityCardLater: images.identityCardLater,
    });
    expect((await platform(`/storeApplications/999999`)).body.msg).toBe("Application not found");
    expect((await platform(`/storeApplications/${applyId}/reject`, { body: { reason: "   " } })).body.msg).toBe(
      "Please give the reason for the rejection (at most 200 characters)",
    );
    okData(
      await platform(`/storeApplications/${applyId}/reject`, { body: { reason: "The licence photo is blurred" } }),
    );
    expect((await platform(`/storeApplications/${applyId}/reject`, { body: { reason: "again" } })).body.msg).toBe(
      "This application is not waiting for review",
    );
    const mine = okData(await call<StoreApplicationDto>("/p/storeApplication", { user: alice }));
    expect(mine).toMatchObject({ status: -1, rejectReason: "The licence photo is blurred" });
    expect(okData(await call<{ shopAuditStatus: number }>("/p/user/centerInfo", { user: alice })).shopAuditStatus).toBe(
      -1,
    );
    // Modify and resubmit: the same application, under review again, the reason cleared.
    const re = okData(
      await call<StoreApplicationDto>("/p/storeApplication", {
        user: alice,
        body: form({ intro: "Fine teas, clearer licence photo attached." }),
      }),
    );
    expect(re).toMatchObject({
      applyId,
      status: 0,
      rejectReason: null,
      intro: "Fine teas, clearer licence photo attached.",
    });
  });

  let shopId = 0;

  it("approve creates exactly one shop, not yet open; approving twice is refused", async () => {
    const before = (await app.ctx.db.select().from(shops)).length;
    const results = await Promise.all([
      platform<{ shopId: number }>(`/storeApplications/${applyId}/approve`, { body: {} }),
      platform(`/storeApplications/${applyId}/approve`, { body: {} }),
    ]);
    const oks = results.filter((r) => r.body.code === "00000");
    expect(oks).toHaveLength(1);
    expect(results.find((r) => r.body.code !== "00000")!.body.msg).toBe("This application is not waiting for review");
    expect((await app.ctx.db.select().from(shops)).length).toBe(before + 1);
    shopId = (oks[0]!.body.data as { shopId: number }).shopId;
    const [shop] = await app.ctx.db.select().from(shops).where(eq(shops.shopId, shopId));
    expect(shop).toMatchObject({ shopStatus: -1, ownerUserId: alice.userId, shopLogo: images.shopLogo, type: 0 });
    expect(shop!.shopName).toEqual({ zh: "Alice Tea House", "zh-tw": "Alice Tea House", en: "Alice Tea House" });
    expect(okData(await call("/p/user/centerInfo", { user: alice }))).toMatchObject({
      shopAuditStatus: 1,
      shopStatus: -1,
      shopId,
    });
    const again = await call("/p/storeApplication", { user: alice, body: form() });
    expect(again.body.msg).toBe("Your application has already been approved");
    // The shop is "not yet open" to visitors.
    const head = okData(await app.get<{ shopStatus: number }>(`/api/shop/headInfo?shopId=${shopId}`, "en"));
    expect(head.shopStatus).toBe(-1);
  });

  it("the approved buyer sets the store account (6-12 password, confirm); merchant login works at once; changing it later", async () => {
    expect(
      (
        await call("/p/storeAccount", {
          method: "PUT",
          user: bob,
          body: { username: "bobshop", password: "abc123", confirmPassword: "abc123" },
        })
      ).body.msg,
    ).toBe("Your shop application has not been approved");
    const bad: [Record<string, unknown>, string][] = [
      [
        { username: "1abc", password: "abc123", confirmPassword: "abc123" },
        "The shop account is 4-20 letters, digits or _, starting with a letter",
      ],
      [
        { username: "alicetea", password: "abc12", confirmPassword: "abc12" },
        "The shop account password is 6~12 half-width characters",
      ],
      [
        { username: "alicetea", password: "abcdefg123456", confirmPassword: "abcdefg123456" },
        "The shop account password is 6~12 half-width characters",
      ],
      [{ username: "alicetea", password: "abc123", confirmPassword: "abc124" }, "The two passwords do not match"],
      [{ username: "shop01", password: "abc123", confirmPassword: "abc123" }, "This shop account is already used"],
    ];
    for (const [body, msg] of bad)
      expect((await call("/p/storeAccount", { method: "PUT", user: alice, body })).body.msg, JSON.stringify(body)).toBe(
        msg,
      );
    expect(
      okData(
        await call("/p/storeAccount", {
          method: "PUT",
          user: alice,
          body: { username: "alicetea", password: "abc123", confirmPassword: "abc123" },
        }),
      ),
    ).toEqual({ username: "alicetea", shopId });
    const login = okData(
      await app.request<{ accessToken: string; shopId: number }>("/api/merchant/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.7.0.1" },
        body: JSON.stringify({ username: "alicetea", password: "abc123" }),
      }),
    );
    expect(login.shopId).toBe(shopId);
    const orders = await app.request("/api/merchant/orders", { headers: { Authorization: login.accessToken } });
    expect(orders.body.code).toBe("00000");
    // Change later: the old password and the old token stop working.
    okData(
      await call("/p/storeAccount", {
        method: "PUT",
        user: alice,
        body: { username: "alicetea", password: "xyz789", confirmPassword: "xyz789" },
      }),
    );
    expect(
      (await app.request("/api/merchant/orders", { headers: { Authorization: login.accessToken } })).body.code,
    ).toBe("A00004");
    const relog = await app.request("/api/merchant/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.7.0.2" },
      body: JSON.stringify({ username: "alicetea", password: "xyz789" }),
    });
    expect(relog.body.code).toBe("00000");
    expect(okData(await call<StoreApplicationDto>("/p/storeApplication", { user: alice }))).toMatchObject({
      storeAccount: "alicetea",
      shopStatus: -1,
    });
  });

  it("suspend → the shop's products cannot be added to a cart; reopen → they can", async () => {
    const sku = await pickSku(app, { shopId: 2, stock: 100 });
    const add = () =>
      call("/p/shopCart/changeItem", {
        user: bob,
        body: { prodId: sku.prodId, skuId: sku.skuId, shopId: 2, count: 1 },
      });
    okData(await platform("/shops/2/suspend", { body: {} }));
    expect((await platform("/shops/2/suspend", { body: {} })).body.msg).toBe("The shop already has this status");
    expect((await add()).body.code).toBe("A00001");
    expect(okData(await app.get<{ shopStatus: number }>("/api/shop/headInfo?shopId=2", "en")).shopStatus).toBe(3);
    okData(await platform("/shops/2/open", { body: {} }));
    expect((await add()).body.code).toBe("00000");
    expect((await platform("/shops/2/close", { body: {} })).body.msg).toBe("Unknown action");
    expect((await platform("/shops/999999/open", { body: {} })).body.msg).toBe("Shop not found");
  });

  describe("ops CLI platform commands", () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ops-store-"));
    const run = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const io: OpsIO = {
        fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
          app.api.fetch(new Request(input, init))) as typeof fetch,
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        env: { MALL_OPS_TOKEN_FILE: path.join(tmp, "t.json") },
      };
      const code = await runOps(["--url", "http://mall.test", ...argv], io);
      return { code, out: out.join("\n"), err: err.join("\n") };
    };

    it("lists, views with images, rejects, approves (open), takes offline, suspends and reopens", async () => {
      const carolImages = {
        shopLogo: await upload(bob, "store"),
        businessLicense: await upload(bob),
        identityCardFront: await upload(bob),
        identityCardLater: await upload(bob),
      };
      const created = okData(
        await call<StoreApplicationDto>("/p/storeApplication", {
          user: bob,
          body: { ...form(), ...carolImages, shopName: "Bob Bikes", type: 2 },
        }),
      );
      const list = await run("applications", "--status", "0");
      expect(list.code).toBe(0);
      expect(list.out).toContain("Bob Bikes");
      const view = await run("application", String(created.applyId));
      expect(view.out).toContain(`http://mall.test${carolImages.businessLicense}`);
      expect(view.out).toContain("under review");
      expect((await run("reject", String(created.applyId))).code).toBe(2);
      expect(await run("reject", String(created.applyId), "--reason", "Wrong store type")).toMatchObject({ code: 0 });
      expect((await run("approve", String(created.applyId))).err).toContain(
        "This application is not waiting for review",
      );
      okData(
        await call("/p/storeApplication", {
          user: bob,
          body: { ...form(), ...carolImages, shopName: "Bob Bikes", type: 0 },
        }),
      );
      const approved = await run("approve", String(created.applyId), "--open");
      expect(approved.code).toBe(0);
      const bobShop = (await app.ctx.db.select().from(shops).where(eq(shops.ownerUserId, bob.userId)))[0]!;
      expect(bobShop.shopStatus).toBe(1);
      expect(approved.out).toContain(`shop ${bobShop.shopId} created (open)`);
      expect((await run("shop", "offline", String(bobShop.shopId))).out).toBe(`shop ${bobShop.shopId} is now offline`);
      expect((await run("shop", "suspend", String(bobShop.shopId))).out).toBe(
        `shop ${bobShop.shopId} is now suspended`,
      );
      expect((await run("shop", "reopen", String(bobShop.shopId))).out).toBe(`shop ${bobShop.shopId} is now open`);
      expect((await run("shop", "close", "1")).code).toBe(2);
      expect((await run("applications", "--platform-token", "nope")).err).toContain("platform token was refused");
    });
  });
});
