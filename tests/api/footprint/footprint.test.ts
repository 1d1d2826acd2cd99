/** Footprints: POST /p/user/recentBrowse. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { footprints, products, sessions } from "../../../src/server/db/schema/index.ts";
import { recordFootprint } from "../../../src/server/domain/footprint/footprint.ts";
import { DEMO_USER } from "../../../src/server/seed/index.ts";
import { hashToken, newToken } from "../../../src/server/domain/account/tokens.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

describe.skipIf(!dbReady)("footprint API", () => {
  let app: TestApp;
  let token: string;
  const userId = DEMO_USER.userId;
  beforeAll(async () => {
    app = await createTestApp();
    token = newToken();
    await app.ctx.db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), kind: "user", userId, expiresAt: new Date(Date.now() + 3600_000) });
  });
  afterAll(async () => {
    await app?.close();
  });

  const browse = (body: string, type: string, auth: string | null = token) =>
    app.request("/api/p/user/recentBrowse", {
      method: "POST",
      headers: { "Content-Type": type, "Accept-Language": "en", ...(auth ? { Authorization: auth } : {}) },
      body,
    });
  const rowsOf = (prodId: number) =>
    app.ctx.db
      .select()
      .from(footprints)
      .where(and(eq(footprints.userId, userId), eq(footprints.prodId, prodId)));

  it("records a footprint from a form-encoded body and moves it forward on the next visit", async () => {
    expect((await browse("prodId=7", "application/x-www-form-urlencoded")).body).toEqual({
      code: "00000",
      msg: null,
      data: null,
      success: true,
    });
    const [first] = await rowsOf(7);
    expect(first).toBeDefined();
    await new Promise((r) => setTimeout(r, 20));
    okData(await browse(JSON.stringify({ prodId: 7 }), "application/json"));
    const rows = await rowsOf(7);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.browseTime.getTime()).toBeGreaterThan(first!.browseTime.getTime());
  });

  it("accepts JSON with a string id", async () => {
    okData(await browse(JSON.stringify({ prodId: "8" }), "application/json"));
    expect(await rowsOf(8)).toHaveLength(1);
  });

  it("without or with a bad token → A00004, nothing stored", async () => {
    expect((await browse("prodId=9", "application/x-www-form-urlencoded", null)).body.code).toBe("A00004");
    expect((await browse("prodId=9", "application/x-www-form-urlencoded", "nope")).body.code).toBe("A00004");
    expect(await rowsOf(9)).toHaveLength(0);
  });

  it("unknown product: answered, nothing stored; bad prodId → A00001", async () => {
    okData(await browse("prodId=999999", "application/x-www-form-urlencoded"));
    expect(await rowsOf(999999)).toHaveLength(0);
    expect(await recordFootprint(app.ctx.db, userId, 999999)).toBe(false);
    expect((await browse("prodId=abc", "application/x-www-form-urlencoded")).body).toEqual({
      code: "A00001",
      msg: "Product is not valid",
      data: null,
      success: false,
    });
    expect((await browse("", "application/x-www-form-urlencoded")).body).toMatchObject({
      code: "A00001",
      msg: "Product cannot be empty",
    });
    expect((await browse("{oops", "application/json")).body).toMatchObject({
      code: "A00001",
      msg: "The request body is not valid",
    });
  });

  it("an off-shelf product that exists is still recorded (history)", async () => {
    const [off] = await app.ctx.db
      .select({ id: products.prodId })
      .from(products)
      .where(eq(products.status, 0))
      .limit(1);
    expect(await recordFootprint(app.ctx.db, userId, off!.id)).toBe(true);
    expect(await rowsOf(off!.id)).toHaveLength(1);
  });
});
