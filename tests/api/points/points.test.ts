/** Points: score info, the points log, daily sign-in (also 50 in parallel), expiry, the rules text (CONTRACT §6.5). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Page } from "../../../src/lib/api-types.ts";
import { signIns, userLedger, users } from "../../../src/server/db/schema/index.ts";
import { PointsSource, type PointsLogDto, type PointsInfoDto } from "../../../src/lib/points/points.ts";
import { ledgerMismatches } from "../../../src/server/domain/points/points-ledger.ts";
import { SIGN_IN_REWARDS } from "../../../src/server/domain/points/sign-in.ts";
import { shanghaiDay } from "../../../src/server/domain/footprint/footprint.ts";
import { DEMO_USER } from "../../../src/server/seed/users.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";

describe.skipIf(!dbReady)("points API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    alice = await createTestUser(app, "alice");
    bob = await createTestUser(app, "bob");
  });
  afterAll(async () => app?.close());

  const info = (u: TestUser, lang = "en") => call<PointsInfoDto>("/p/score/scoreInfo", { user: u, lang });
  const sign = (u: TestUser, lang = "en") =>
    call<{ points: number; signInCount: number; score: number; message: string }>("/p/score/signIn", {
      user: u,
      method: "POST",
      lang,
    });
  const log = (u: TestUser, q = "") => call<Page<PointsLogDto>>(`/p/score/page${q}`, { user: u });

  it("needs a token", async () => {
    for (const p of ["/p/score/scoreInfo", "/p/score/page", "/p/score/getScoreQuestion"])
      expect((await call(p, { user: null })).body.code).toBe("A00004");
    expect((await call("/p/score/signIn", { user: null, method: "POST" })).body.code).toBe("A00004");
  });

  it("a new user: no points, not signed, a 7-day strip starting today", async () => {
    const i = okData(await info(alice));
    expect(i).toMatchObject({
      score: 0,
      expiringPoints: 0,
      signInCount: 0,
      isSignIn: 0,
      rewards: [...SIGN_IN_REWARDS],
    });
    expect(i.days).toHaveLength(7);
    expect(i.days[0]).toMatchObject({
      day: shanghaiDay(new Date()),
      today: true,
      signed: false,
      points: SIGN_IN_REWARDS[0],
    });
  });

  it("signs once a day; the second time is refused in the user's language", async () => {
    const r = okData(await sign(alice));
    expect(r).toMatchObject({ points: SIGN_IN_REWARDS[0], signInCount: 1, score: SIGN_IN_REWARDS[0] });
    expect(r.message).toBe(`Signed in: ${SIGN_IN_REWARDS[0]} points earned`);
    expect((await sign(alice)).body).toMatchObject({ code: "A00001", msg: "You have already signed in today" });
    expect((await sign(alice, "zh")).body.msg).toBe("今天已经签到过了");
    expect((await sign(alice, "zh-TW")).body.msg).toBe("今天已經簽到過了");
    const i = okData(await info(alice));
    expect(i).toMatchObject({ score: SIGN_IN_REWARDS[0], signInCount: 1, isSignIn: 1 });
    expect(i.days[0]).toMatchObject({ today: true, signed: true });
    const l = okData(await log(alice));
    expect(l.records).toEqual([
      {
        id: expect.any(Number),
        score: SIGN_IN_REWARDS[0],
        ioType: 1,
        source: PointsSource.SIGN_IN,
        createTime: expect.any(String),
        orderNumber: null,
      },
    ]);
  });

  it("continues yesterday's streak with the next day's reward", async () => {
    const yesterday = shanghaiDay(new Date(Date.now() - 86_400_000));
    await app.ctx.db
      .insert(signIns)
      .values({ userId: bob.userId, day: yesterday, streak: 6, points: SIGN_IN_REWARDS[5]! });
    const r = okData(await sign(bob));
    expect(r).toMatchObject({ signInCount: 7, points: SIGN_IN_REWARDS[6] });
  });

  it("50 parallel sign-ins of one user: exactly one counts", async () => {
    const carol = await createTestUser(app, "carol");
    const res = await Promise.all(Array.from({ length: 50 }, () => sign(carol)));
    expect(res.filter((r) => r.body.code === "00000")).toHaveLength(1);
    expect(
      res.filter((r) => r.body.code === "A00001" && r.body.msg === "You have already signed in today"),
    ).toHaveLength(49);
    const rows = await app.ctx.db
      .select()
      .from(userLedger)
      .where(and(eq(userLedger.userId, carol.userId), eq(userLedger.kind, "score")));
    expect(rows).toHaveLength(1);
    expect(await ledgerMismatches(app.ctx.db, [carol.userId, alice.userId, bob.userId])).toEqual([]);
  });

  it("expires points received two calendar years ago, once", async () => {
    const dave = await createTestUser(app, "dave");
    const longAgo = new Date(Date.UTC(new Date().getUTCFullYear() - 2, 5, 1));
    await app.ctx.db
      .insert(userLedger)
      .values({ userId: dave.userId, kind: "score", amount: "500", reason: "orderEarnScore", createdAt: longAgo });
    await app.ctx.db
      .insert(userLedger)
      .values({ userId: dave.userId, kind: "score", amount: "-120", reason: "orderUseScore", createdAt: longAgo });
    await app.ctx.db.update(users).set({ score: 380 }).where(eq(users.userId, dave.userId));
    expect(okData(await info(dave)).score).toBe(0);
    expect(okData(await info(dave)).score).toBe(0);
    const l = okData(await log(dave));
    expect(l.records[0]).toMatchObject({ score: 380, ioType: 0, source: PointsSource.EXPIRED });
    expect(l.total).toBe(3);
    expect(await ledgerMismatches(app.ctx.db, [dave.userId])).toEqual([]);
  });

  it("the demo buyer has a varied log that adds up; paging", async () => {
    const demo = await createTestUser(app, "x");
    // Log in as the seeded demo buyer: reuse the session helper with its id.
    const { sessions } = await import("../../../src/server/db/schema/index.ts");
    await app.ctx.db.update(sessions).set({ userId: DEMO_USER.userId }).where(eq(sessions.userId, demo.userId));
    const p1 = okData(await log(demo, "?current=1&size=5"));
    expect(p1.records).toHaveLength(5);
    expect(p1.total).toBeGreaterThanOrEqual(10);
    const all = okData(await log(demo, "?size=100"));
    const sources = new Set(all.records.map((r) => r.source));
    for (const s of [
      PointsSource.REGISTER,
      PointsSource.SHOPPING,
      PointsSource.SIGN_IN,
      PointsSource.ORDER,
      PointsSource.RECHARGE_BONUS,
    ])
      expect(sources.has(s)).toBe(true);
    expect(okData(await info(demo)).signInCount).toBe(3);
    // The figure the README gives, after the completed demo order has earned its points.
    expect(okData(await info(demo)).score).toBe(2000);
    expect((await log(demo, "?size=0")).body.code).toBe("A00001");
    // Every seeded user (demo buyer and reviewers) adds up.
    const seeded = (await app.ctx.db.select({ id: users.userId }).from(users))
      .map((r) => r.id)
      .filter((id) => id.startsWith("00000000-"));
    expect(seeded.length).toBeGreaterThan(1);
    expect(await ledgerMismatches(app.ctx.db, seeded)).toEqual([]);
  });

  it("rules text in each language", async () => {
    const en = okData(
      await call<{ title: string; items: string[] }>("/p/score/getScoreQuestion", { user: alice, lang: "en" }),
    );
    expect(en.title).toBe("Points rules");
    expect(en.items.join(" ")).toContain(SIGN_IN_REWARDS.join(" / "));
    expect(okData(await call<{ title: string }>("/p/score/getScoreQuestion", { user: alice, lang: "zh" })).title).toBe(
      "积分规则",
    );
  });
});
