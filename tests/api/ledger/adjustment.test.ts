/** Platform adjustments of points and balance (docs/points.md "Adjustments"): the platform API and `npm run ops -- adjust`. */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runOps, type OpsIO } from "../../../scripts/ops/main.ts";
import { userLedger, users } from "../../../src/server/db/schema/index.ts";
import { ledgerMismatches } from "../../../src/server/domain/points/points-ledger.ts";
import { createTestUser, type TestUser } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

describe.skipIf(!dbReady)("platform adjustments", () => {
  let app: TestApp;
  let alice: TestUser & { username: string };

  beforeAll(async () => {
    app = await createTestApp();
    const u = await createTestUser(app, "alice");
    const [row] = await app.ctx.db.select({ username: users.username }).from(users).where(eq(users.userId, u.userId));
    alice = { ...u, username: row!.username };
  });
  afterAll(async () => app?.close());

  const adjust = (user: string, body: unknown, token: string | null = "dev-platform-token", lang = "en") =>
    app.request<{ score: number; balance: string; change: string }>(
      `/api/platform/users/${encodeURIComponent(user)}/adjust`,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Accept-Language": lang,
          ...(token ? { Authorization: token } : {}),
        },
        body: JSON.stringify(body),
      },
    );
  const totals = async () => {
    const [u] = await app.ctx.db
      .select({ score: users.score, balance: users.balance })
      .from(users)
      .where(eq(users.userId, alice.userId));
    return { score: u!.score, balance: String(u!.balance) };
  };

  it("needs the platform token", async () => {
    expect((await adjust(alice.username, { kind: "points", amount: 10, reason: "x" }, null)).body.code).toBe("A00004");
    expect((await adjust(alice.username, { kind: "points", amount: 10, reason: "x" }, alice.token)).body.code).toBe(
      "A00004",
    );
  });

  it("adds and takes points and balance with a reason; ledger rows carry source adjustment and the note", async () => {
    const before = await totals();
    const p = okData(
      await adjust(alice.username, { kind: "points", amount: "+250", reason: "Compensation for a late parcel" }),
    );
    expect(p.score).toBe(before.score + 250);
    const b = okData(await adjust(alice.userId, { kind: "balance", amount: "12.50", reason: "Goodwill credit" }));
    expect(b.balance).toBe((Number(before.balance) + 12.5).toFixed(2));
    okData(await adjust(alice.username, { kind: "balance", amount: "-2.50", reason: "Correction" }));
    const rows = await app.ctx.db
      .select()
      .from(userLedger)
      .where(and(eq(userLedger.userId, alice.userId), eq(userLedger.reason, "adjust")));
    expect(rows.map((r) => [r.kind, r.amount, r.note])).toEqual(
      expect.arrayContaining([
        ["score", "250.00", "Compensation for a late parcel"],
        ["balance", "12.50", "Goodwill credit"],
        ["balance", "-2.50", "Correction"],
      ]),
    );
    const log = okData(
      await app.request<{ records: { source: number; ioType: number; score: number }[] }>(
        "/api/p/score/page?current=1&size=10",
        { headers: { Authorization: alice.token } },
      ),
    );
    expect(log.records[0]).toMatchObject({ source: 7, ioType: 1, score: 250 });
    const blog = okData(
      await app.request<{ records: { type: number; ioType: number }[] }>(
        "/api/p/userBalanceLog/log?current=1&size=10",
        { headers: { Authorization: alice.token } },
      ),
    );
    expect(blog.records[0]).toMatchObject({ type: 5, ioType: 0 });
    expect(await ledgerMismatches(app.ctx.db, [alice.userId])).toEqual([]);
  });

  it("refuses bad input and taking more than there is, changing nothing", async () => {
    const before = await totals();
    expect((await adjust(alice.username, { kind: "stars", amount: 1, reason: "x" })).body.msg).toBe(
      "Adjust either points or balance",
    );
    expect((await adjust(alice.username, { kind: "points", amount: "1.5", reason: "x" })).body.msg).toMatch(
      /non-zero whole number/,
    );
    expect((await adjust(alice.username, { kind: "points", amount: 0, reason: "x" })).body.msg).toMatch(
      /non-zero whole number/,
    );
    expect((await adjust(alice.username, { kind: "balance", amount: "1.234", reason: "x" })).body.msg).toMatch(
      /two decimals/,
    );
    expect(
      (await adjust(alice.username, { kind: "balance", amount: "1", reason: "  " }, undefined, "zh")).body.msg,
    ).toBe("请填写调整原因（1-200 个字符）");
    expect((await adjust("nobody-here", { kind: "points", amount: 1, reason: "x" })).body.msg).toBe("No such user");
    expect(
      (await adjust(alice.username, { kind: "points", amount: -(before.score + 1), reason: "too much" })).body.msg,
    ).toBe("Not enough points");
    expect((await adjust(alice.username, { kind: "balance", amount: "-99999", reason: "too much" })).body.msg).toBe(
      "Not enough balance",
    );
    expect(await totals()).toEqual(before);
  });

  it("npm run ops -- adjust", async () => {
    const lines: string[] = [];
    const io: OpsIO = {
      fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
        app.api.fetch(new Request(input, init))) as typeof fetch,
      out: (l) => lines.push(l),
      err: (l) => lines.push(l),
      env: { HOME: "/nonexistent" },
    };
    const ops = (...argv: string[]) => runOps(["--url", "http://mall.test", ...argv], io);
    const before = await totals();
    expect(await ops("adjust", alice.username, "--points=-5", "--reason", "Duplicate sign-in reward")).toBe(0);
    expect(lines.at(-1)).toBe(
      `adjusted points of ${alice.username} by -5: now ${before.score - 5} points, balance ${before.balance}`,
    );
    expect(await ops("adjust", alice.username, "--points", "5")).toBe(2);
    expect(await ops("adjust", alice.username, "--points", "5", "--balance", "1", "--reason", "x")).toBe(2);
    expect(await ops("adjust", alice.username, "--balance=-100000", "--reason", "x")).toBe(1);
    expect(lines.at(-1)).toBe("error: Not enough balance");
    expect((await totals()).score).toBe(before.score - 5);
  });
});
