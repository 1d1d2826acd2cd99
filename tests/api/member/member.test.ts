/** Membership: levels, buying a paid level with the balance or the sandbox provider, renewal extends (CONTRACT §6.6). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { memberLevels, userLedger, users } from "../../../src/server/db/schema.ts";
import type { LevelPageDto } from "../../../src/server/domain/member/member.ts";
import { ledgerMismatches } from "../../../src/server/domain/points/points-ledger.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";

const DAY = 86_400_000;

describe.skipIf(!dbReady)("member API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: TestUser;
  let plan: { id: number; price: string; termDays: number };

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    alice = await createTestUser(app, "alice");
    const [p] = await app.ctx.db.select().from(memberLevels).where(eq(memberLevels.levelType, 1)).limit(1);
    plan = { id: p!.id, price: p!.price, termDays: p!.termDays };
  });
  afterAll(async () => app?.close());

  const levels = (u: TestUser, levelType: 0 | 1, lang = "en") => call<LevelPageDto>(`/p/score/scoreLevel/page?levelType=${levelType}`, { user: u, lang });
  const buy = (u: TestUser, body: unknown, lang = "en") => call<Record<string, unknown>>("/p/level/payLevel", { user: u, body, lang });
  async function giveBalance(u: TestUser, amount: string) {
    await app.ctx.db.update(users).set({ balance: amount }).where(eq(users.userId, u.userId));
    await app.ctx.db.insert(userLedger).values({ userId: u.userId, kind: "balance", amount, reason: "adjust" });
  }

  it("needs a token; lists ordinary and paid levels", async () => {
    expect((await call("/p/score/scoreLevel/page", { user: null })).body.code).toBe("A00004");
    const o = okData(await levels(alice, 0));
    expect(o.userLevels.map((l) => l.level)).toEqual([1, 2, 3, 4, 5]);
    expect(o).toMatchObject({ userLevel: { level: 1, levelType: 0, levelName: "Member" }, endTime: null, growth: 0, nextGrowth: 500 });
    const paid = okData(await levels(alice, 1, "zh"));
    expect(paid.userLevels[0]).toMatchObject({ levelType: 1, needAmount: "99.00", term: 365, freeShipping: true, levelName: "PLUS 年卡会员" });
  });

  it("balance: not enough → type 3, nothing changes; then paid, and renewal extends the end", async () => {
    const short = okData(await buy(alice, { id: plan.id, payType: 9 }));
    expect(short).toMatchObject({ type: 3, balance: "0.00" });
    expect((await buy(alice, { id: 99999, payType: 9 })).body).toMatchObject({ code: "A00001", msg: "This membership level does not exist" });
    await giveBalance(alice, "500.00");
    const before = Date.now();
    const r1 = okData(await buy(alice, { id: plan.id, payType: 9 }));
    expect(r1).toMatchObject({ type: 1, balance: "401.00", message: "Membership activated: your benefits apply now" });
    const end1 = Date.parse(String(r1.endTime));
    expect(end1).toBeGreaterThanOrEqual(before + plan.termDays * DAY);
    const page = okData(await levels(alice, 1));
    expect(page).toMatchObject({ userLevel: { levelType: 1 }, endTime: new Date(end1).toISOString() });
    const r2 = okData(await buy(alice, { id: plan.id, payType: 9 }));
    expect(Date.parse(String(r2.endTime))).toBe(end1 + plan.termDays * DAY);
    const rows = await app.ctx.db.select().from(userLedger).where(and(eq(userLedger.userId, alice.userId), eq(userLedger.reason, "buyLevel")));
    expect(rows.map((r) => r.amount)).toEqual(["-99.00", "-99.00"]);
    expect(await ledgerMismatches(app.ctx.db, [alice.userId])).toEqual([]);
  });

  it("sandbox provider: paid once by the notification, replays change nothing", async () => {
    const bob = await createTestUser(app, "bob");
    const p = okData(await buy(bob, { id: plan.id, payType: 3 }));
    expect(p).toMatchObject({ type: 2, amount: "99.00" });
    const payNo = String(p.payNo);
    const key = new URL(String(p.payUrl), "http://x").searchParams.get("key");
    expect(okData(await call<{ paid: boolean; alreadyPaid: boolean }>("/pay/sandbox/complete", { user: null, body: { payNo, key } }))).toMatchObject({ paid: true, alreadyPaid: false });
    // The page key is used up: a second "Pay now" changes nothing.
    await call("/pay/sandbox/complete", { user: null, body: { payNo, key } });
    const [u] = await app.ctx.db.select().from(users).where(eq(users.userId, bob.userId));
    expect(u!.levelType).toBe(1);
    expect(u!.levelEndTime!.getTime()).toBeLessThanOrEqual(Date.now() + plan.termDays * DAY);
    expect(u!.levelEndTime!.getTime()).toBeGreaterThan(Date.now() + (plan.termDays - 1) * DAY);
  });
});
