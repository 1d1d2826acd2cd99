/** Visit logs: POST /flowAnalysisLog and POST /p/flowAnalysisLog. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { flowLogs, sessions } from "../../../src/server/db/schema/index.ts";
import { DEMO_USER } from "../../../src/server/seed/index.ts";
import { hashToken, newToken } from "../../../src/server/domain/account/tokens.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

describe.skipIf(!dbReady)("flow analysis API", () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await createTestApp();
    token = newToken();
    await app.ctx.db.insert(sessions).values({
      tokenHash: hashToken(token),
      kind: "user",
      userId: DEMO_USER.userId,
      expiresAt: new Date(Date.now() + 3600_000),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": "en", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const countRows = async () =>
    Number((await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(flowLogs))[0]!.n);
  const log = {
    uuid: "dev-abc",
    uuidSession: "sess-1",
    step: 2,
    pageId: 3,
    prevPageId: 1,
    bizType: 0,
    bizData: "19",
    systemType: 1,
    visitType: 1,
  };

  it("stores a visitor's log without a user", async () => {
    const res = await post("/api/flowAnalysisLog", log);
    expect(res.body).toEqual({ code: "00000", msg: null, data: null, success: true });
    const rows = await app.ctx.db.select().from(flowLogs).where(eq(flowLogs.uuid, "dev-abc"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      uuidSession: "sess-1",
      step: 2,
      pageId: 3,
      prevPageId: 1,
      bizType: 0,
      bizData: "19",
      systemType: 1,
      visitType: 1,
      userId: null,
      nums: null,
    });
  });

  it("stores the user id with a token; the private path needs one", async () => {
    okData(
      await post(
        "/api/p/flowAnalysisLog",
        { ...log, uuid: "dev-user", visitType: 4, nums: 2 },
        { Authorization: token },
      ),
    );
    const [row] = await app.ctx.db.select().from(flowLogs).where(eq(flowLogs.uuid, "dev-user"));
    expect(row).toMatchObject({ userId: DEMO_USER.userId, visitType: 4, nums: 2 });
    const before = await countRows();
    expect((await post("/api/p/flowAnalysisLog", { ...log, uuid: "dev-anon" })).body.code).toBe("A00004");
    expect(
      (await post("/api/p/flowAnalysisLog", { ...log, uuid: "dev-anon" }, { Authorization: "wrong" })).body.code,
    ).toBe("A00004");
    expect(await countRows()).toBe(before);
  });

  it("refuses bad bodies and stores nothing", async () => {
    const before = await countRows();
    const bad: [unknown, string][] = [
      [{ ...log, pageId: 99 }, "Page ID is out of the allowed range"],
      [{ ...log, uuid: "" }, "Device ID cannot be empty"],
      [{ ...log, uuid: "<script>" }, "Device ID is not valid"],
      [{ ...log, visitType: 9 }, "Visit type is out of the allowed range"],
      [{ ...log, step: "x" }, "Step is not valid"],
      [{ ...log, bizData: "x".repeat(300) }, "Business data cannot be longer than 200 characters"],
      [{ uuidSession: "s", step: 1, pageId: 1 }, "Device ID cannot be empty"],
    ];
    for (const [body, msg] of bad) {
      expect((await post("/api/flowAnalysisLog", body)).body, JSON.stringify(body).slice(0, 80)).toEqual({
        code: "A00001",
        msg,
        data: null,
        success: false,
      });
    }
    expect((await post("/api/flowAnalysisLog", "{not json")).body).toMatchObject({ code: "A00001" });
    expect((await post("/api/flowAnalysisLog", "[]")).body).toMatchObject({ code: "A00001" });
    // Bodies over 8 KB are refused before parsing.
    const big = await post("/api/flowAnalysisLog", { ...log, padding: "x".repeat(9000) });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ code: "A00001", msg: "The request is too large", data: null, success: false });
    expect(await countRows()).toBe(before);
    // A body just under the limit with unknown keys is fine (they are ignored).
    okData(await post("/api/flowAnalysisLog", { ...log, uuid: "dev-pad", padding: "x".repeat(7000) }));
    expect(await countRows()).toBe(before + 1);
  });
});
