/**
 * The merchant side of flash sales and group buys through `npm run ops` (scripts/ops/) against
 * the in-process API: create a session and a flash activity, list them, create a group buy, list
 * its teams, end both; bad input is refused with a clear message and changes nothing.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flashActivities, groupActivities } from "../../../src/server/db/schema/index.ts";
import { productOf } from "../activity-helpers.ts";
import { createTestApp, dbReady, type TestApp } from "../helpers.ts";
import { opsCli, type OpsResult } from "../ops-helpers.ts";

describe.skipIf(!dbReady)("merchant: flash sale and group buy (ops CLI)", () => {
  let app: TestApp;
  let dir: string;
  let ops: (...argv: string[]) => Promise<OpsResult>;

  beforeAll(async () => {
    app = await createTestApp();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "ops-flash-"));
    ops = opsCli(app, dir);
    expect((await ops("login", "--user", "shop07", "--password", "Shop1234")).code).toBe(0);
  });
  afterAll(async () => {
    await app?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("creates a session and a flash activity, lists it, ends it", async () => {
    const p = await productOf(app, 7, 0);
    const s = await ops("flash-session-create", "--from", "+1m", "--until", "+2h");
    expect(s.code, s.err).toBe(0);
    const sessionId = /session (\d+)/.exec(s.out)![1]!;
    const half = (Number(p.price) / 2).toFixed(2);
    const a = await ops(
      "flash-create",
      "--session",
      sessionId,
      "--product",
      String(p.prodId),
      "--skus",
      `${p.skuId}:${half}:20`,
      "--per-user",
      "2",
    );
    expect(a.code, a.err).toBe(0);
    const seckillId = Number(/activity (\d+)/.exec(a.out)![1]);
    const list = await ops("flashes");
    expect(list.out).toContain(String(p.prodId));
    expect(list.out).toContain("20/20");
    expect((await ops("flash-end", String(seckillId))).code).toBe(0);
    const [row] = await app.ctx.db.select().from(flashActivities).where(eq(flashActivities.seckillId, seckillId));
    expect(row!.status).toBe(0);
  });

  it("refuses a flash price not below the SKU price, a too long session, another shop's product", async () => {
    const p = await productOf(app, 7, 1);
    const s = await ops("flash-session-create", "--from", "+1m", "--until", "+2d");
    expect(s.code).toBe(1);
    expect(s.err).toContain("at most 24 hours");
    const ok = await ops("flash-session-create", "--from", "+1m", "--until", "+1h");
    const sessionId = /session (\d+)/.exec(ok.out)![1]!;
    const before = (await app.ctx.db.select().from(flashActivities)).length;
    const dear = await ops(
      "flash-create",
      "--session",
      sessionId,
      "--product",
      String(p.prodId),
      "--skus",
      `${p.skuId}:${p.price}:5`,
    );
    expect(dear.code).toBe(1);
    expect(dear.err).toContain("flash price below its price");
    const other = await productOf(app, 5, 0);
    const foreign = await ops(
      "flash-create",
      "--session",
      sessionId,
      "--product",
      String(other.prodId),
      "--skus",
      `${other.skuId}:1.00:5`,
    );
    expect(foreign.err).toContain("not your shop's");
    expect((await app.ctx.db.select().from(flashActivities)).length).toBe(before);
  });

  it("creates a group buy, lists its teams, ends it", async () => {
    const p = await productOf(app, 7, 2);
    const price = (Number(p.price) * 0.8).toFixed(2);
    const bad = await ops(
      "group-create",
      "--product",
      String(p.prodId),
      "--skus",
      `${p.skuId}:${price}`,
      "--team-size",
      "1",
      "--until",
      "+3d",
    );
    expect(bad.err).toContain("2-50 people");
    const g = await ops(
      "group-create",
      "--product",
      String(p.prodId),
      "--skus",
      `${p.skuId}:${price}`,
      "--team-size",
      "3",
      "--until",
      "+3d",
      "--per-user",
      "2",
    );
    expect(g.code, g.err).toBe(0);
    const id = Number(/group buy (\d+)/.exec(g.out)![1]);
    expect((await ops("group-teams", "--activity", String(id))).out).toBe("no teams");
    expect((await ops("group-end", String(id))).code).toBe(0);
    const [row] = await app.ctx.db.select().from(groupActivities).where(eq(groupActivities.groupActivityId, id));
    expect(row).toMatchObject({ status: 0, groupNumber: 3, maxNum: 2 });
  });
});
