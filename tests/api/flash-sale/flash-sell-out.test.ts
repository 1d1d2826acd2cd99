/**
 * A flash SKU selling out reaches every process's home (docs/flash-sale.md "What the pages show"):
 * the units reaching 0 are recorded in the change feed ("flash", "stock:<prodId>", migration
 * 0032), so a process that kept the home's decoration with the flash block — here a second set
 * of read models with the production feed interval (1 s) and no write of its own — shows the
 * activity as sold out within 2 s; units counting down in between record nothing.
 */
import { eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderConfirmDto, OrderNumbersDto } from "../../../src/lib/order/order-types.ts";
import { dbChangeFeed } from "../../../src/server/db/content-changes.ts";
import { contentChanges, flashActivities, flashSkus } from "../../../src/server/db/schema/index.ts";
import { PublicReadModels } from "../../../src/server/domain/content/read-models.ts";
import { createFlashActivity, createFlashSession } from "../../../src/server/domain/flash-sale/flash-sale.ts";
import { pageCacheTags } from "../../../src/server/http/render-cache/page-policy.ts";
import { buyerWithAddress, productOf, type Buyer } from "../activity-helpers.ts";
import { caller } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

const MIN = 60_000;

describe.skipIf(!dbReady)("a flash sell-out on the home of every process", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
  });
  afterAll(async () => app?.close());

  async function buy(u: Buyer, a: { seckillId: number; seckillSkuId: number }) {
    const path = okData(await call<string>(`/p/seckill/orderPath?seckillId=${a.seckillId}`, { user: u }));
    const body = { seckillId: a.seckillId, seckillSkuId: a.seckillSkuId, prodCount: 1, addrId: u.addrId };
    const c = okData(await call<OrderConfirmDto>(`/p/seckill/${path}/confirm`, { user: u, body }));
    return okData(
      await call<OrderNumbersDto>(`/p/seckill/${path}/submit`, { user: u, body: { ...body, uuid: c.uuid } }),
    );
  }

  it("reads sold out within 2 s of the last unit's sale; a unit sold before it records nothing", async () => {
    const db = app.ctx.db;
    // Only this activity is on (the home's block shows at most ten).
    await db.update(flashActivities).set({ status: 0 });
    const now = new Date();
    const p = await productOf(app, 7, 0);
    const sessionId = await createFlashSession(
      db,
      { startTime: new Date(now.getTime() - MIN), endTime: new Date(now.getTime() + 60 * MIN) },
      now,
    );
    const seckillId = await createFlashActivity(
      db,
      7,
      {
        sessionId,
        prodId: p.prodId,
        maxNum: 1,
        payMinutes: 5,
        skus: [{ skuId: p.skuId, price: (Number(p.price) / 2).toFixed(2), stocks: 2 }],
      },
      now,
    );
    const [fs] = await db.select().from(flashSkus).where(eq(flashSkus.seckillId, seckillId));
    const a = { seckillId, seckillSkuId: fs!.seckillSkuId };

    // Another process: its own read models, reading the change feed once a second.
    const other = new PublicReadModels(db, dbChangeFeed(db, { intervalMs: 1000 }));
    const flashItem = async () => {
      const page = await other.homeRenovation("en");
      const block = page?.blocks.find((b) => b.type === "limited_skill");
      const items = (block?.dataField.goodsList ?? []) as { prodId: number; totalStocks?: number }[];
      return items.find((i) => i.prodId === p.prodId);
    };
    expect(await flashItem()).toMatchObject({ totalStocks: 2 });

    const [{ last } = { last: 0 }] = await db
      .select({ last: sql<number>`coalesce(max(id), 0)::int` })
      .from(contentChanges);
    const changes = async () =>
      (await db.select({ tag: contentChanges.tag }).from(contentChanges).where(gt(contentChanges.id, last))).map(
        (r) => r.tag,
      );
    await buy(await buyerWithAddress(app, "fso"), a);
    expect(await changes()).not.toContain("flash");

    await buy(await buyerWithAddress(app, "fso"), a);
    const soldAt = Date.now();
    expect(await changes()).toEqual(expect.arrayContaining(["flash", `stock:${p.prodId}`]));
    let item = await flashItem();
    while (item?.totalStocks !== 0 && Date.now() - soldAt < 5000) {
      await new Promise((r) => setTimeout(r, 20));
      item = await flashItem();
    }
    expect(item).toMatchObject({ totalStocks: 0 });
    expect(Date.now() - soldAt).toBeLessThanOrEqual(2000);
    // The home page's render cache is dropped by the same tag.
    expect(pageCacheTags("/")).toContain("flash");
  });
});
