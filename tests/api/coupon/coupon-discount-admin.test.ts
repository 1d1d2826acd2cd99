/**
 * Managing coupons and limited-time discounts (docs/merchant-api.md "Coupons and discounts"):
 * the merchant API (a shop's own), the platform API (the platform's coupons), the shared rules'
 * refusals in three languages, shop scope, content invalidation and the ops CLI commands.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "../../../src/lib/api-types.ts";
import {
  couponProds,
  coupons,
  discountItems,
  discountProds,
  discounts,
  products,
} from "../../../src/server/db/schema/index.ts";
import type { CouponDto } from "../../../src/lib/coupon/coupon-types.ts";
import type { DiscountDto } from "../../../src/lib/discount/discount-types.ts";
import { isAffected, type Changed } from "../../../src/server/db/content-changes.ts";
import type { ManagedCouponDto } from "../../../src/server/domain/coupon/coupon-admin.ts";
import type { ManagedDiscountDto } from "../../../src/server/domain/discount/discount-admin.ts";
import type { MerchantTokenInfo } from "../../../src/server/domain/merchant/merchant.ts";
import { createTestApp, dbReady, okData, type TestApp, type TestResponse } from "../helpers.ts";
import { opsCli } from "../ops-helpers.ts";
import { caller, createTestUser } from "../account-helpers.ts";

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const PLATFORM = "dev-platform-token";

describe.skipIf(!dbReady)("coupon and discount management", () => {
  let app: TestApp;
  let shop1: string;
  let shop2: string;
  let own: number[];
  let foreign: number;
  const db = () => app.ctx.db;

  const req = <T = unknown>(
    p: string,
    opts: { token?: string | null; body?: unknown; lang?: string } = {},
  ): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = { "Accept-Language": opts.lang ?? "en" };
    if (opts.token) headers.Authorization = opts.token;
    const init: RequestInit = { method: opts.body === undefined ? "GET" : "POST", headers };
    if (opts.body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
    }
    return app.request<T>(`/api${p}`, init);
  };
  const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
  const cash = (over: Record<string, unknown> = {}) => ({
    couponName: "Spend 100 save 10",
    couponType: 1,
    cashCondition: "100",
    reduceAmount: "10",
    validTimeType: 2,
    validDays: 7,
    overTime: iso(10 * DAY),
    stocks: 50,
    limitNum: 2,
    ...over,
  });
  const tiered = (over: Record<string, unknown> = {}) => ({
    discountName: { zh: "满百减十", "zh-tw": "滿百減十", en: "Save 10 on 100" },
    discountRule: 0,
    discountItems: [
      { needAmount: "100", discount: "10" },
      { needAmount: "200", discount: "25" },
    ],
    endTime: iso(3 * DAY),
    ...over,
  });
  const couponCount = async () => Number((await db().select({ n: count() }).from(coupons))[0]!.n);
  const discountCount = async () => Number((await db().select({ n: count() }).from(discounts))[0]!.n);

  beforeAll(async () => {
    app = await createTestApp();
    const login = async (username: string) =>
      okData(await req<MerchantTokenInfo>("/merchant/login", { body: { username, password: "Shop1234" } })).accessToken;
    shop1 = await login("shop01");
    shop2 = await login("shop02");
    own = (
      await db()
        .select({ id: products.prodId })
        .from(products)
        .where(eq(products.shopId, 1))
        .orderBy(asc(products.prodId))
        .limit(2)
    ).map((r) => r.id);
    foreign = (await db().select({ id: products.prodId }).from(products).where(eq(products.shopId, 2)).limit(1))[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it("a shop creates cash and discount coupons; they are claimable at once, listed for the shop, and stop", async () => {
    const a = okData(await req<{ couponId: number }>("/merchant/coupons", { token: shop1, body: cash() })).couponId;
    const b = okData(
      await req<{ couponId: number }>("/merchant/coupons", {
        token: shop1,
        body: {
          couponName: { zh: "精选 9 折", "zh-tw": "精選 9 折", en: "10% off picks" },
          couponType: 2,
          couponDiscount: 9,
          suitableProdType: 1,
          prodIds: own,
          validTimeType: 1,
          startTime: iso(-HOUR),
          endTime: iso(20 * DAY),
          launchTime: iso(-HOUR),
          overTime: iso(5 * DAY),
          stocks: "3",
        },
      }),
    ).couponId;
    const [row] = await db().select().from(coupons).where(eq(coupons.couponId, b));
    expect(row).toMatchObject({
      shopId: 1,
      couponType: 2,
      reduceAmount: null,
      suitableProdType: 1,
      validTimeType: 1,
      stocks: 3,
      sourceStock: 3,
      limitNum: 1,
      status: 1,
    });
    expect(Number(row!.couponDiscount)).toBe(9);
    expect(
      (await db().select().from(couponProds).where(eq(couponProds.couponId, b))).map((l) => l.prodId).sort(),
    ).toEqual([...own].sort());

    // The buyer side sees them at once, in their language.
    const centre = okData(await req<Page<CouponDto>>("/coupon/getCouponPage?size=100", { lang: "zh" }));
    expect(centre.records.find((c) => c.couponId === b)).toMatchObject({
      couponName: "精选 9 折",
      shopId: 1,
      couponDiscount: "9",
    });
    expect(centre.records.find((c) => c.couponId === a)).toMatchObject({
      couponName: "Spend 100 save 10",
      reduceAmount: "10.00",
      cashCondition: "100.00",
    });
    const buyer = await createTestUser(app, "mgmtbuyer");
    const call = caller(app);
    okData(await call("/p/myCoupon/receive", { user: buyer, body: String(a) }));

    const list = okData(await req<Page<ManagedCouponDto>>("/merchant/coupons?state=1", { token: shop1 }));
    expect(list.records.find((c) => c.couponId === a)).toMatchObject({
      state: "claiming",
      claimed: 1,
      stocks: 49,
      sourceStock: 50,
      prodIds: [],
    });
    expect(list.records.find((c) => c.couponId === b)).toMatchObject({
      state: "claiming",
      prodIds: [...own].sort((x, y) => x - y),
    });

    okData(await req(`/merchant/coupons/${a}/stop`, { token: shop1, body: {} }));
    expect((await req(`/merchant/coupons/${a}/stop`, { token: shop1, body: {} })).body.msg).toBe(
      "It is already stopped or over",
    );
    expect((await call("/p/myCoupon/receive", { user: buyer, body: String(a) })).body.msg).toBe(
      "The coupon is no longer issued",
    );
    expect(
      okData(await req<Page<CouponDto>>("/coupon/getCouponPage?size=100")).records.map((c) => c.couponId),
    ).not.toContain(a);
    // The claimed one stays usable in the wallet.
    const mine = okData(await call<Page<{ couponId: number }>>("/p/myCoupon/getCouponList?status=1", { user: buyer }));
    expect(mine.records.map((c) => c.couponId)).toContain(a);
    expect(
      okData(await req<Page<ManagedCouponDto>>("/merchant/coupons?state=2", { token: shop1 })).records.find(
        (c) => c.couponId === a,
      )?.state,
    ).toBe("stopped");
  });

  it("the shared rules refuse bad coupons in the request's language; nothing is created", async () => {
    const before = await couponCount();
    const cases: [Record<string, unknown>, string][] = [
      [cash({ couponName: "" }), "Enter the coupon name (1-30 characters)"],
      [cash({ couponName: "x".repeat(31) }), "Enter the coupon name (1-30 characters)"],
      [cash({ couponType: 3 }), "The coupon type is 1 (cash) or 2 (discount)"],
      [cash({ reduceAmount: undefined }), "Enter the amount off (more than 0, at most 2 decimals)"],
      [cash({ reduceAmount: "-5" }), "Enter the amount off (more than 0, at most 2 decimals)"],
      [cash({ reduceAmount: "1.234" }), "Enter the amount off (more than 0, at most 2 decimals)"],
      [cash({ reduceAmount: "100" }), "The amount off must be less than the minimum spend"],
      [cash({ couponType: 2 }), "Enter the discount (0.1-9.9 tenths of the price, one decimal)"],
      [cash({ couponType: 2, couponDiscount: "10" }), "Enter the discount (0.1-9.9 tenths of the price, one decimal)"],
      [cash({ suitableProdType: 1 }), "Choose 1 to 200 products"],
      [cash({ stocks: 0 }), "Issue 1 to 1,000,000 coupons"],
      [cash({ limitNum: 101 }), "The per-person limit is 1 to 100"],
      [cash({ overTime: iso(-HOUR) }), "Claiming must end after it starts and after now"],
      [cash({ overTime: "tomorrow" }), "Claiming must end after it starts and after now"],
      [cash({ launchTime: iso(5 * DAY), overTime: iso(4 * DAY) }), "Claiming must end after it starts and after now"],
      [cash({ validDays: undefined }), "Valid for 1-365 days (starting 0-365 days after claiming)"],
      [
        cash({ validTimeType: 1, startTime: iso(0), endTime: iso(-DAY) }),
        "The validity needs a start and an end, the end after the start and after now",
      ],
      [
        cash({ validTimeType: 1, startTime: iso(0), endTime: iso(2 * DAY), overTime: iso(3 * DAY) }),
        "Claiming cannot go on after the validity ends",
      ],
    ];
    for (const [body, msg] of cases)
      expect((await req("/merchant/coupons", { token: shop1, body })).body, JSON.stringify(body)).toMatchObject({
        code: "A00001",
        msg,
      });
    expect((await req("/merchant/coupons", { token: shop1, body: "{" })).body.code).toBe("A00001");
    expect(
      (await req("/merchant/coupons", { token: shop1, body: cash({ couponName: "" }), lang: "zh" })).body.msg,
    ).toBe("请填写优惠券名称（1-30 个字）");
    expect(
      (await req("/merchant/coupons", { token: shop1, body: cash({ couponName: "" }), lang: "zh-TW" })).body.msg,
    ).toBe("請填寫優惠券名稱（1-30 個字）");
    // Products of another shop: refused inside the transaction.
    expect(
      (
        await req("/merchant/coupons", {
          token: shop1,
          body: cash({ suitableProdType: 2, prodIds: [own[0], foreign] }),
        })
      ).body.msg,
    ).toBe("Some chosen products do not exist or are not this shop's");
    expect(await couponCount()).toBe(before);
  });

  it("a shop cannot see or stop another shop's coupons and discounts", async () => {
    const mine = okData(await req<{ couponId: number }>("/merchant/coupons", { token: shop1, body: cash() })).couponId;
    const disc = okData(
      await req<{ discountId: number }>("/merchant/discounts", { token: shop1, body: tiered() }),
    ).discountId;
    expect((await req(`/merchant/coupons/${mine}/stop`, { token: shop2, body: {} })).body).toMatchObject({
      code: "A00001",
      msg: "Coupon not found",
    });
    expect((await req(`/merchant/discounts/${disc}/stop`, { token: shop2, body: {} })).body).toMatchObject({
      code: "A00001",
      msg: "Promotion not found",
    });
    expect((await req("/merchant/coupons/abc/stop", { token: shop2, body: {} })).body.msg).toBe("Coupon not found");
    expect(
      okData(await req<Page<ManagedCouponDto>>("/merchant/coupons?size=100", { token: shop2 })).records.map(
        (c) => c.couponId,
      ),
    ).not.toContain(mine);
    expect(
      okData(await req<Page<ManagedDiscountDto>>("/merchant/discounts?size=100", { token: shop2 })).records.map(
        (d) => d.discountId,
      ),
    ).not.toContain(disc);
    expect((await db().select().from(coupons).where(eq(coupons.couponId, mine)))[0]!.status).toBe(1);
    expect((await db().select().from(discounts).where(eq(discounts.discountId, disc)))[0]!.status).toBe(1);
    // No token, a buyer's token, the platform token on merchant paths: refused.
    expect((await req("/merchant/coupons")).body.code).toBe("A00004");
    expect((await req("/merchant/coupons", { token: PLATFORM })).body.code).toBe("A00004");
    okData(await req(`/merchant/discounts/${disc}/stop`, { token: shop1, body: {} }));
  });

  it("discounts: all four rule kinds, tiers, repeat and cap; the public pages show them; stop ends them", async () => {
    const before = await discountCount();
    const made: number[] = [];
    for (const body of [
      tiered({ discountType: 1, maxReduceAmount: "30" }),
      tiered({
        discountRule: 1,
        discountItems: [
          { needAmount: 2, discount: "5" },
          { needAmount: 3, discount: "9" },
        ],
        suitableProdType: 1,
        prodIds: own,
      }),
      tiered({
        discountRule: 2,
        discountItems: [
          { needAmount: "99", discount: "9" },
          { needAmount: "199", discount: "8.5" },
        ],
      }),
      tiered({
        discountRule: 3,
        discountItems: [{ needAmount: "2", discount: "9.5" }],
        startTime: iso(DAY),
        endTime: iso(2 * DAY),
      }),
    ])
      made.push(okData(await req<{ discountId: number }>("/merchant/discounts", { token: shop1, body })).discountId);
    expect(await discountCount()).toBe(before + 4);
    expect(
      (await db().select().from(discountItems).where(eq(discountItems.discountId, made[0]!))).map((t) => [
        t.needAmount,
        t.discount,
      ]),
    ).toEqual([
      ["100.00", "10.00"],
      ["200.00", "25.00"],
    ]);
    expect((await db().select().from(discountProds).where(eq(discountProds.discountId, made[1]!))).length).toBe(
      own.length,
    );

    const d0 = okData(await req<DiscountDto>(`/marking/discount/getDiscountByDiscountId/${made[0]}`, { lang: "zh" }));
    expect(d0).toMatchObject({
      discountName: "满百减十",
      discountRule: 0,
      discountType: 1,
      maxReduceAmount: "30.00",
      activityStatus: 2,
    });
    const d1 = okData(await req<DiscountDto>(`/marking/discount/getDiscountByDiscountId/${made[1]}`));
    expect(d1.discountItems).toEqual([
      { needAmount: "2", discount: "5.00" },
      { needAmount: "3", discount: "9.00" },
    ]);
    const d2 = okData(await req<DiscountDto>(`/marking/discount/getDiscountByDiscountId/${made[2]}`));
    expect(d2.discountItems).toEqual([
      { needAmount: "99.00", discount: "9" },
      { needAmount: "199.00", discount: "8.5" },
    ]);
    expect(okData(await req<DiscountDto>(`/marking/discount/getDiscountByDiscountId/${made[3]}`)).activityStatus).toBe(
      1,
    );

    const list = okData(await req<Page<ManagedDiscountDto>>("/merchant/discounts?state=1&size=100", { token: shop1 }));
    expect(list.records.find((d) => d.discountId === made[3])).toMatchObject({ state: "upcoming" });
    expect(list.records.find((d) => d.discountId === made[1])).toMatchObject({
      state: "running",
      suitableProdType: 1,
      prodIds: [...own].sort((x, y) => x - y),
    });

    for (const id of made) okData(await req(`/merchant/discounts/${id}/stop`, { token: shop1, body: {} }));
    expect(okData(await req<DiscountDto>(`/marking/discount/getDiscountByDiscountId/${made[0]}`)).activityStatus).toBe(
      3,
    );
    const running = okData(await req<Page<DiscountDto>>("/marking/discount/getDiscountList?size=50")).records.map(
      (d) => d.discountId,
    );
    for (const id of made) expect(running).not.toContain(id);
  });

  it("the shared rules refuse bad discounts; nothing is created", async () => {
    const before = await discountCount();
    const cases: [Record<string, unknown>, string][] = [
      [tiered({ discountName: "" }), "Enter the promotion name (1-30 characters)"],
      [
        tiered({ discountRule: 4 }),
        "The rule is 0 (spend X save Y), 1 (buy N save Y), 2 (spend X get Z% off) or 3 (buy N get Z% off)",
      ],
      [tiered({ discountItems: [] }), "Enter 1 to 5 tiers"],
      [
        tiered({
          discountItems: Array.from({ length: 6 }, (_, i) => ({
            needAmount: String(100 * (i + 1)),
            discount: String(i + 1),
          })),
        }),
        "Enter 1 to 5 tiers",
      ],
      [
        tiered({ discountItems: [{ needAmount: "100", discount: "100" }] }),
        "The amount off must be less than the minimum spend",
      ],
      [
        tiered({
          discountItems: [
            { needAmount: "200", discount: "10" },
            { needAmount: "100", discount: "20" },
          ],
        }),
        "Tiers need rising needs, each saving more than the one before",
      ],
      [
        tiered({
          discountItems: [
            { needAmount: "100", discount: "20" },
            { needAmount: "200", discount: "10" },
          ],
        }),
        "Tiers need rising needs, each saving more than the one before",
      ],
      [
        tiered({
          discountRule: 2,
          discountItems: [
            { needAmount: "100", discount: "8" },
            { needAmount: "200", discount: "9" },
          ],
        }),
        "Tiers need rising needs, each saving more than the one before",
      ],
      [
        tiered({ discountRule: 1, discountItems: [{ needAmount: "1.5", discount: "5" }] }),
        "A tier's need is an amount above 0, or 1 to 9,999 pieces",
      ],
      [
        tiered({ discountRule: 3, discountItems: [{ needAmount: "2", discount: "0" }] }),
        "A tier's value is an amount above 0, or a discount of 0.1-9.9",
      ],
      [tiered({ discountRule: 2, discountType: 1 }), "A percentage rule cannot repeat per tier"],
      [tiered({ maxReduceAmount: "0" }), "The cap is an amount above 0"],
      [tiered({ endTime: iso(-HOUR) }), "The promotion must end after it starts and after now"],
      [tiered({ startTime: iso(2 * DAY), endTime: iso(DAY) }), "The promotion must end after it starts and after now"],
      [tiered({ suitableProdType: 1 }), "Choose 1 to 200 products"],
      [tiered({ suitableProdType: 1, prodIds: [foreign] }), "Some chosen products do not exist or are not this shop's"],
      [tiered({ pcPic: "javascript:alert(1)" }), "Invalid picture address"],
    ];
    for (const [body, msg] of cases)
      expect((await req("/merchant/discounts", { token: shop1, body })).body, JSON.stringify(body)).toMatchObject({
        code: "A00001",
        msg,
      });
    expect(
      (await req("/merchant/discounts", { token: shop1, body: tiered({ discountItems: [] }), lang: "zh" })).body.msg,
    ).toBe("请填写 1-5 档优惠");
    expect(await discountCount()).toBe(before);
  });

  it("the platform manages its own coupons with the platform token; pages showing coupons are invalidated", async () => {
    expect((await req("/platform/coupons", { body: cash() })).body.code).toBe("A00004");
    expect((await req("/platform/coupons", { token: shop1, body: cash() })).body.code).toBe("A00004");
    const seen: Changed[] = [];
    const off = app.ctx.content.feed.subscribe((c) => seen.push(c));
    await app.ctx.content.feed.sync();
    seen.length = 0;
    const id = okData(
      await req<{ couponId: number }>("/platform/coupons", {
        token: PLATFORM,
        body: cash({ couponName: "Platform 10 off 100", prodIds: [own[0], foreign], suitableProdType: 1 }),
      }),
    ).couponId;
    await app.ctx.content.feed.sync();
    off();
    // The coupon centre, the shop pages and the home page hold coupons: all are dropped.
    expect(seen.some((c) => isAffected(new Set(["shop:1"]), c) && isAffected(new Set(["home"]), c))).toBe(true);
    expect((await db().select().from(coupons).where(eq(coupons.couponId, id)))[0]!.shopId).toBe(0);
    expect(
      okData(await req<Page<CouponDto>>("/coupon/generalCouponList?size=100")).records.map((c) => c.couponId),
    ).toContain(id);
    expect(
      okData(await req<Page<ManagedCouponDto>>("/platform/coupons", { token: PLATFORM })).records[0],
    ).toMatchObject({ couponId: id, shopId: 0, suitableProdType: 1 });
    // A shop's coupon is not the platform's.
    const shopCoupon = okData(
      await req<{ couponId: number }>("/merchant/coupons", { token: shop1, body: cash() }),
    ).couponId;
    expect((await req(`/platform/coupons/${shopCoupon}/stop`, { token: PLATFORM, body: {} })).body.msg).toBe(
      "Coupon not found",
    );
    expect((await req(`/merchant/coupons/${id}/stop`, { token: shop1, body: {} })).body.msg).toBe("Coupon not found");
    okData(await req(`/platform/coupons/${id}/stop`, { token: PLATFORM, body: {} }));
    expect(
      okData(await req<Page<CouponDto>>("/coupon/generalCouponList?size=100")).records.map((c) => c.couponId),
    ).not.toContain(id);
  });

  describe("ops CLI", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ops-marketing-"));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    const ops = (...argv: string[]) => opsCli(app, dir)(...argv);

    it("creates, lists and stops a shop's coupons and discounts, and the platform's coupons", async () => {
      expect((await ops("login", "--user", "shop03", "--password", "Shop1234")).code).toBe(0);
      const made = await ops(
        "coupon-create",
        "--name",
        "CLI coupon",
        "--type",
        "cash",
        "--reduce",
        "15",
        "--min",
        "120",
        "--stock",
        "40",
        "--per-user",
        "2",
        "--until",
        "+7d",
        "--valid-days",
        "10",
        "--after-days",
        "1",
      );
      expect(made).toMatchObject({ code: 0, out: expect.stringMatching(/^created coupon \d+$/) });
      const couponId = Number(made.out.split(" ").pop());
      expect((await db().select().from(coupons).where(eq(coupons.couponId, couponId)))[0]).toMatchObject({
        shopId: 3,
        reduceAmount: "15.00",
        cashCondition: "120.00",
        stocks: 40,
        limitNum: 2,
        validDays: 10,
        afterReceiveDays: 1,
      });
      const rate = await ops(
        "coupon-create",
        "--name",
        "CLI rate",
        "--type",
        "discount",
        "--rate",
        "8.8",
        "--stock",
        "5",
        "--until",
        "+2d",
        "--valid-from",
        "+0m",
        "--valid-to",
        "+3d",
      );
      expect(rate.code).toBe(0);
      const listed = await ops("coupons", "--state", "1");
      expect(listed.out).toContain("CLI coupon");
      expect(listed.out).toContain("8.8/10");
      expect(await ops("coupon-stop", String(couponId))).toMatchObject({ code: 0, out: `stopped coupon ${couponId}` });
      expect(await ops("coupon-stop", String(couponId))).toMatchObject({
        code: 1,
        err: "error: It is already stopped or over",
      });
      // The mall's shared rules answer, in the chosen language.
      expect(
        await ops(
          "coupon-create",
          "--name",
          "Bad",
          "--type",
          "cash",
          "--reduce",
          "200",
          "--min",
          "100",
          "--stock",
          "5",
          "--until",
          "+1d",
          "--valid-days",
          "3",
          "--lang",
          "zh",
        ),
      ).toMatchObject({ code: 1, err: "error: 减免金额须小于使用门槛" });
      expect(
        (await ops("coupon-create", "--name", "No type", "--stock", "5", "--until", "+1d", "--valid-days", "3")).code,
      ).toBe(2);

      const disc = await ops(
        "discount-create",
        "--name",
        "CLI offer",
        "--rule",
        "buy-off",
        "--tiers",
        "2:9,3:8.5",
        "--until",
        "+5d",
        "--cap",
        "40",
      );
      expect(disc).toMatchObject({ code: 0, out: expect.stringMatching(/^created discount \d+$/) });
      const discountId = Number(disc.out.split(" ").pop());
      const [d] = await db()
        .select()
        .from(discounts)
        .where(and(eq(discounts.discountId, discountId), eq(discounts.shopId, 3)));
      expect(d).toMatchObject({ discountRule: 3, maxReduceAmount: "40.00", status: 1 });
      expect((await ops("discounts")).out).toContain("2:9,3:8.5");
      expect(
        (await ops("discount-create", "--name", "X", "--rule", "half", "--tiers", "1:1", "--until", "+1d")).code,
      ).toBe(2);
      expect(await ops("discount-stop", String(discountId))).toMatchObject({
        code: 0,
        out: `stopped discount ${discountId}`,
      });

      const platform = await ops(
        "coupon-create",
        "--platform",
        "--name",
        "CLI platform",
        "--type",
        "cash",
        "--reduce",
        "5",
        "--stock",
        "10",
        "--until",
        "+1d",
        "--valid-days",
        "2",
      );
      expect(platform).toMatchObject({ code: 0, out: expect.stringMatching(/^created platform coupon \d+$/) });
      const pid = Number(platform.out.split(" ").pop());
      expect((await db().select().from(coupons).where(eq(coupons.couponId, pid)))[0]!.shopId).toBe(0);
      expect((await ops("coupons", "--platform")).out).toContain("CLI platform");
      expect(await ops("coupon-stop", "--platform", String(pid))).toMatchObject({
        code: 0,
        out: `stopped platform coupon ${pid}`,
      });
      expect((await ops("coupons", "--platform", "--platform-token", "nope")).err).toContain(
        "platform token was refused",
      );
    });
  });
});
