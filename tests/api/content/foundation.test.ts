/** Envelope, unknown paths, /p/ authentication, locale detection and caching headers. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { sessions, users } from "../../../src/server/db/schema/index.ts";
import { hashToken, newToken } from "../../../src/server/domain/account/tokens.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

describe.skipIf(!dbReady)("API foundation", () => {
  let app: TestApp;
  let userId: string;

  beforeAll(async () => {
    app = await createTestApp();
    const [u] = await app.ctx.db.select({ userId: users.userId }).from(users).orderBy(asc(users.userId)).limit(1);
    if (!u) throw new Error("the seed has no users");
    userId = u.userId;
  });
  afterAll(async () => {
    await app?.close();
  });

  async function insertSession(
    opts: { expiresAt?: Date; revokedAt?: Date | null; kind?: string } = {},
  ): Promise<string> {
    const token = newToken();
    await app.ctx.db.insert(sessions).values({
      tokenHash: hashToken(token),
      kind: opts.kind ?? "user",
      userId,
      expiresAt: opts.expiresAt ?? new Date(Date.now() + 3600_000),
      revokedAt: opts.revokedAt ?? null,
    });
    return token;
  }

  it("/health answers the envelope", async () => {
    const res = await app.get<{ status: string; driver: string }>("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: "00000", msg: null, success: true });
    expect(okData(res).status).toBe("ok");
  });

  it("unknown path → A00013 with HTTP 404, translated", async () => {
    const zh = await app.get("/api/no/such/thing", "zh-CN");
    expect(zh.status).toBe(404);
    expect(zh.body).toEqual({ code: "A00013", msg: "接口不存在", data: null, success: false });
    const en = await app.get("/api/no/such/thing", "en-US,en;q=0.9");
    expect(en.body.msg).toBe("No such API endpoint");
    const tw = await app.get("/api/no/such/thing", "zh-TW");
    expect(tw.body.msg).toBe("介面不存在");
  });

  it("the lang cookie picks the language when Accept-Language is absent", async () => {
    const res = await app.request("/api/no/such/thing", { headers: { Cookie: "lang=en" } });
    expect(res.body.msg).toBe("No such API endpoint");
  });

  it("/p/ without a token → A00004", async () => {
    const res = await app.get("/api/p/anything", "en");
    expect(res.body).toMatchObject({ code: "A00004", success: false, msg: "Please log in first" });
    const zh = await app.get("/api/p/anything", "zh");
    expect(zh.body.msg).toBe("请先登录");
  });

  it("/p/ with a bogus token → A00004", async () => {
    const res = await app.get("/api/p/anything", "zh", { Authorization: "not-a-real-token" });
    expect(res.body.code).toBe("A00004");
    const bearer = await app.get("/api/p/anything", "zh", { Authorization: "Bearer not-a-real-token" });
    expect(bearer.body.code).toBe("A00004");
  });

  it("/p/ with a valid session passes authentication", async () => {
    const token = await insertSession();
    const res = await app.get("/api/p/anything", "zh", { Authorization: token });
    expect(res.body.code).not.toBe("A00004");
    expect(res.body.code).toBe("A00013");
    const bearer = await app.get("/api/p/anything", "zh", { Authorization: `Bearer ${token}` });
    expect(bearer.body.code).not.toBe("A00004");
  });

  it("/p/ with an expired, revoked or merchant session → A00004", async () => {
    const expired = await insertSession({ expiresAt: new Date(Date.now() - 1000) });
    expect((await app.get("/api/p/anything", "zh", { Authorization: expired })).body.code).toBe("A00004");
    const revoked = await insertSession({ revokedAt: new Date() });
    expect((await app.get("/api/p/anything", "zh", { Authorization: revoked })).body.code).toBe("A00004");
    const merchant = await insertSession({ kind: "merchant" });
    expect((await app.get("/api/p/anything", "zh", { Authorization: merchant })).body.code).toBe("A00004");
  });

  it("public GETs are cacheable for a minute and vary by language; errors are not cached", async () => {
    const res = await app.get("/api/search/hotSearch?number=4&sort=1", "zh");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(res.headers.get("vary")).toContain("Accept-Language");
    const bad = await app.get("/api/search/hotSearch?number=abc", "zh");
    expect(bad.headers.get("cache-control")).toBe("no-store");
    const missing = await app.get("/api/nothing-here", "zh");
    expect(missing.headers.get("cache-control")).toBe("no-store");
  });
});
