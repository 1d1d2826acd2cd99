/**
 * Group buy API (docs/group-buy.md): open a team, the leader pays (the team opens),
 * join (concurrent joins for the last seat: exactly one wins), the last payment moves every
 * order to pending delivery at once; a team that does not fill fails at its end and every paid
 * member is refunded exactly once (job run twice and by two runners at once); an unpaid
 * leader's team never opens; clear refusals for full, failed and own teams and ended activities.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResponseCode } from "../../../src/lib/api-types.ts";
import { groupSkus, groupTeams, orders, userLedger, users } from "../../../src/server/db/schema/index.ts";
import type { GroupActivityDto, JoinableTeamDto, TeamInfoDto } from "../../../src/lib/group-buy/group-buy.ts";
import type { OrderConfirmDto, OrderNumbersDto } from "../../../src/lib/order/order-types.ts";
import { createGroupActivity } from "../../../src/server/domain/group-buy/group-buy-admin.ts";
import { runDueJobs } from "../../../src/server/all-jobs.ts";
import { buyerWithAddress, productOf, type Buyer } from "../activity-helpers.ts";
import { caller } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

const HOUR = 3600_000;

describe.skipIf(!dbReady)("group buy", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  const db = () => app.ctx.db;
  let nth = 0;

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
  });
  afterAll(async () => app?.close());

  async function activity(groupNumber: number, window: { from: number; to: number } = { from: -HOUR, to: 48 * HOUR }) {
    const now = new Date();
    const p = await productOf(app, 7, nth++);
    const actPrice = (Number(p.price) * 0.7).toFixed(2);
    const id = await createGroupActivity(
      db(),
      7,
      {
        prodId: p.prodId,
        groupNumber,
        maxNum: 3,
        teamHours: 24,
        startTime: new Date(now.getTime() + window.from),
        endTime: new Date(now.getTime() + window.to),
        skus: [{ skuId: p.skuId, actPrice }],
      },
      now,
    );
    const [gs] = await db().select().from(groupSkus).where(eq(groupSkus.groupActivityId, id));
    return { groupActivityId: id, groupSkuId: gs!.groupSkuId, actPrice };
  }
  type Act = Awaited<ReturnType<typeof activity>>;

  const body = (a: Act, teamId: number, u: Buyer) => ({
    groupActivityId: a.groupActivityId,
    groupSkuId: a.groupSkuId,
    groupTeamId: teamId,
    prodCount: 1,
    addrId: u.addrId,
  });
  async function confirm(u: Buyer, a: Act, teamId: number) {
    return call<OrderConfirmDto>("/p/group/order/confirm", { user: u, body: body(a, teamId, u) });
  }
  async function submit(u: Buyer, a: Act, teamId: number, uuid: string) {
    return call<OrderNumbersDto>("/p/group/order/submit", { user: u, body: { ...body(a, teamId, u), uuid } });
  }
  async function order(u: Buyer, a: Act, teamId: number): Promise<string> {
    const c = okData(await confirm(u, a, teamId));
    return okData(await submit(u, a, teamId, c.uuid)).orderNumbers;
  }
  async function pay(u: Buyer, orderNumbers: string) {
    const r = await call("/p/order/pay", { user: u, body: { payType: 9, orderNumbers } });
    expect(r.body.code, JSON.stringify(r.body)).toBe(ResponseCode.OK);
  }
  const statusOf = async (n: string) => (await db().select().from(orders).where(eq(orders.orderNumber, n)))[0]!;
  const teamIdOf = async (u: Buyer, n: string) =>
    okData(await call<{ groupTeamId: number }>(`/p/groupTeam/byOrder?orderNumber=${n}`, { user: u })).groupTeamId;
  const balanceOf = async (u: Buyer) =>
    (await db().select({ b: users.balance }).from(users).where(eq(users.userId, u.userId)))[0]!.b;

  it("lists the seeded group buys with their open teams", async () => {
    const page = okData(await call<{ records: GroupActivityDto[] }>("/group/activities"));
    expect(page.records.length).toBeGreaterThanOrEqual(2);
    const teams = okData(
      await call<JoinableTeamDto[]>(`/group/joinGroupList?groupActivityId=${page.records[0]!.groupActivityId}`),
    );
    expect(teams.length).toBeGreaterThan(0);
    expect(teams.some((t) => t.missing === 1)).toBe(true);
    expect(teams[0]!.shareNickName).toContain("*");
  });

  it("opens a team at the group price; the leader pays, a member joins and pays: both orders to pending delivery at once", async () => {
    const a = await activity(2);
    const lead = await buyerWithAddress(app, "lead");
    const c = okData(await confirm(lead, a, 0));
    expect(c.shopCartOrders[0]!.shopCartItemDiscounts[0]!.shopCartItems[0]!.offers!.activityPrice).toBe(a.actPrice);
    const n1 = okData(await submit(lead, a, 0, c.uuid)).orderNumbers;
    expect(await statusOf(n1)).toMatchObject({ orderType: 1, status: 1 });
    const teamId = await teamIdOf(lead, n1);
    // Not open before the leader pays.
    expect(
      okData(await call<JoinableTeamDto[]>(`/group/joinGroupList?groupActivityId=${a.groupActivityId}`)),
    ).toHaveLength(0);
    await pay(lead, n1);
    expect((await statusOf(n1)).status).toBe(7);
    const info = okData(await call<TeamInfoDto>(`/p/groupTeam/info?groupTeamId=${teamId}`, { user: lead }));
    expect(info).toMatchObject({ status: 1, joinNum: 1, missing: 1, orderNumber: n1, canJoin: false });
    const own = await confirm(lead, a, teamId);
    expect(own.body.msg).toBe("You are already in this team");

    const member = await buyerWithAddress(app, "member");
    const n2 = await order(member, a, teamId);
    await pay(member, n2);
    expect((await statusOf(n1)).status).toBe(2);
    expect((await statusOf(n2)).status).toBe(2);
    const done = okData(await call<TeamInfoDto>(`/p/groupTeam/info?groupTeamId=${teamId}`, { user: member }));
    expect(done).toMatchObject({ status: 2, joinNum: 2, missing: 0 });
    const late = await buyerWithAddress(app, "late");
    expect((await confirm(late, a, teamId)).body.msg).toBe("This team is already full; join another or open your own");
  });

  it("concurrent joins for the last seat: exactly one wins", async () => {
    const a = await activity(3);
    const lead = await buyerWithAddress(app, "lead");
    const n1 = await order(lead, a, 0);
    await pay(lead, n1);
    const teamId = await teamIdOf(lead, n1);
    const first = await buyerWithAddress(app, "first");
    await order(first, a, teamId);
    const racers = await Promise.all(Array.from({ length: 6 }, (_, i) => buyerWithAddress(app, `racer${i}`)));
    const ready = [];
    for (const u of racers) ready.push({ u, uuid: okData(await confirm(u, a, teamId)).uuid });
    const answers = await Promise.all(ready.map((r) => submit(r.u, a, teamId, r.uuid)));
    for (const x of answers) expect(x.status).toBeLessThan(500);
    expect(answers.filter((x) => x.body.code === ResponseCode.OK)).toHaveLength(1);
    for (const x of answers.filter((y) => y.body.code !== ResponseCode.OK))
      expect(x.body.msg).toBe("This team is already full; join another or open your own");
    const [team] = await db().select().from(groupTeams).where(eq(groupTeams.groupTeamId, teamId));
    expect(team!.seats).toBe(3);
  });

  it("a team that does not fill fails at its end: every paid member refunded exactly once, unpaid orders closed", async () => {
    const a = await activity(4);
    const lead = await buyerWithAddress(app, "lead");
    const m1 = await buyerWithAddress(app, "m1");
    const m2 = await buyerWithAddress(app, "m2");
    const n1 = await order(lead, a, 0);
    await pay(lead, n1);
    const teamId = await teamIdOf(lead, n1);
    const n2 = await order(m1, a, teamId);
    await pay(m1, n2);
    const n3 = await order(m2, a, teamId);
    const before = [await balanceOf(lead), await balanceOf(m1)];
    const after24h = new Date(Date.now() + 25 * HOUR);
    // Two runners at once, then once more.
    await Promise.all([runDueJobs(db(), after24h), runDueJobs(db(), after24h)]);
    await runDueJobs(db(), after24h);
    const [team] = await db().select().from(groupTeams).where(eq(groupTeams.groupTeamId, teamId));
    expect(team!.status).toBe(3);
    for (const [u, n, b] of [
      [lead, n1, before[0]!],
      [m1, n2, before[1]!],
    ] as const) {
      const o = await statusOf(n);
      expect(o.status).toBe(6);
      expect(Number(await balanceOf(u))).toBeCloseTo(Number(b) + Number(o.actualTotal), 2);
      const refunds = await db()
        .select()
        .from(userLedger)
        .where(
          and(eq(userLedger.userId, u.userId), eq(userLedger.reason, "orderRefund"), eq(userLedger.orderNumber, n)),
        );
      expect(refunds).toHaveLength(1);
    }
    expect((await statusOf(n3)).status).toBe(6);
    const late = await buyerWithAddress(app, "late");
    expect((await confirm(late, a, teamId)).body.msg).toBe(
      "This team has ended without filling; join another or open your own",
    );
  });

  it("an unpaid leader's team never opens; an ended activity says so", async () => {
    const a = await activity(2);
    const lead = await buyerWithAddress(app, "lazy");
    const n1 = await order(lead, a, 0);
    const teamId = await teamIdOf(lead, n1);
    await runDueJobs(db(), new Date(Date.now() + 31 * 60_000));
    expect((await statusOf(n1)).status).toBe(6);
    const [team] = await db().select().from(groupTeams).where(eq(groupTeams.groupTeamId, teamId));
    expect(team).toMatchObject({ status: 3, joinNum: 0 });
    expect(
      okData(await call<JoinableTeamDto[]>(`/group/joinGroupList?groupActivityId=${a.groupActivityId}`)),
    ).toHaveLength(0);

    const over = await activity(2);
    await db().execute(
      sql`update group_activities set end_time = now() - interval '1 second' where group_activity_id = ${over.groupActivityId}`,
    );
    const u = await buyerWithAddress(app, "tooLate");
    const r = await confirm(u, over, 0);
    expect(r.body.code).toBe(ResponseCode.SHOW_FAIL);
    expect(r.body.msg).toBe("The event has ended");
  });
});
