/**
 * Rehash at login (docs/security.md "Logins under load"): a buyer's or a shop's password that
 * verifies against a hash of other parameters than today's (hashParams) gets a new hash of today's,
 * and the update is conditional on the hash that verified, so a password changed meanwhile is
 * never overwritten. The old hashes here are made with N=2^11, p=1 — neither the standard nor the
 * test cost (PASSWORD_HASH_COST=test), so the replacement is seen whichever the run uses.
 */
import { randomBytes, randomUUID, scryptSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { merchantAccounts, users } from "../../../src/server/db/schema/index.ts";
import { rehashUserPassword } from "../../../src/server/domain/account/auth.ts";
import { hashParams, verifyPassword } from "../../../src/server/domain/kernel/password.ts";
import { rehashMerchantPassword } from "../../../src/server/domain/merchant/merchant.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";

function hashWith(plain: string, N: number, r: number, p: number): string {
  const salt = randomBytes(16);
  const key = scryptSync(plain.normalize("NFKC"), salt, 64, { N, r, p, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

const OLD = { N: 2048, r: 8, p: 1 };
const todayPrefix = () => {
  const { N, r, p } = hashParams();
  return `scrypt$${N}$${r}$${p}$`;
};

describe.skipIf(!dbReady)("password rehash at login", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    expect(OLD.N).not.toBe(hashParams().N);
  });
  afterAll(async () => {
    await app?.close();
  });

  const buyerHash = async (userId: string) =>
    (await app.ctx.db.select({ h: users.passwordHash }).from(users).where(eq(users.userId, userId)))[0]!.h!;
  const shopHash = async (merchantId: number) =>
    (
      await app.ctx.db
        .select({ h: merchantAccounts.passwordHash })
        .from(merchantAccounts)
        .where(eq(merchantAccounts.merchantId, merchantId))
    )[0]!.h;

  it("a buyer's login replaces a hash of other parameters with one of today's, once", async () => {
    const userId = randomUUID();
    const username = `rh_${userId.slice(0, 8)}`;
    const old = hashWith("Rehash1234", OLD.N, OLD.r, OLD.p);
    await app.ctx.db.insert(users).values({ userId, username, nickName: "rehash", passwordHash: old });
    const login = () =>
      app.request<{ accessToken: string }>("/api/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.71.0.1" },
        body: JSON.stringify({ userName: username, passWord: "Rehash1234" }),
      });
    okData(await login());
    const fresh = await buyerHash(userId);
    expect(fresh).not.toBe(old);
    expect(fresh.startsWith(todayPrefix())).toBe(true);
    expect(await verifyPassword("Rehash1234", fresh)).toBe(true);
    // A hash of today's parameters stays as it is.
    okData(await login());
    expect(await buyerHash(userId)).toBe(fresh);
    // A wrong password replaces nothing.
    await app.ctx.db.update(users).set({ passwordHash: old }).where(eq(users.userId, userId));
    const wrong = await app.request("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.71.0.2" },
      body: JSON.stringify({ userName: username, passWord: "Wrong1234" }),
    });
    expect(wrong.body.code).not.toBe("00000");
    expect(await buyerHash(userId)).toBe(old);
  });

  it("never overwrites a buyer's password changed after the old hash verified", async () => {
    const userId = randomUUID();
    const old = hashWith("Before1234", OLD.N, OLD.r, OLD.p);
    await app.ctx.db
      .insert(users)
      .values({ userId, username: `rc_${userId.slice(0, 8)}`, nickName: "race", passwordHash: old });
    // The password changes between the login's verification and its rehash.
    const changed = hashWith("After1234", OLD.N, OLD.r, OLD.p);
    await app.ctx.db.update(users).set({ passwordHash: changed }).where(eq(users.userId, userId));
    await rehashUserPassword(app.ctx.db, userId, old, "Before1234");
    expect(await buyerHash(userId)).toBe(changed);
    // With the hash that verified still stored, it is replaced.
    await rehashUserPassword(app.ctx.db, userId, changed, "After1234");
    expect((await buyerHash(userId)).startsWith(todayPrefix())).toBe(true);
  });

  it("a shop's login replaces its account's old hash; a password changed meanwhile is kept", async () => {
    const [account] = await app.ctx.db
      .select()
      .from(merchantAccounts)
      .where(sql`lower(${merchantAccounts.username}) = 'shop03'`);
    const old = hashWith("Shop1234", OLD.N, OLD.r, OLD.p);
    await app.ctx.db
      .update(merchantAccounts)
      .set({ passwordHash: old })
      .where(eq(merchantAccounts.merchantId, account!.merchantId));
    okData(
      await app.request("/api/merchant/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.71.0.3" },
        body: JSON.stringify({ username: "shop03", password: "Shop1234" }),
      }),
    );
    const fresh = await shopHash(account!.merchantId);
    expect(fresh.startsWith(todayPrefix())).toBe(true);
    expect(await verifyPassword("Shop1234", fresh)).toBe(true);

    const changed = hashWith("Other1234", OLD.N, OLD.r, OLD.p);
    await app.ctx.db
      .update(merchantAccounts)
      .set({ passwordHash: changed })
      .where(eq(merchantAccounts.merchantId, account!.merchantId));
    await rehashMerchantPassword(app.ctx.db, account!.merchantId, old, "Shop1234");
    expect(await shopHash(account!.merchantId)).toBe(changed);
  });
});
