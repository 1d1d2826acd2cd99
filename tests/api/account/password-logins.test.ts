/**
 * 200 password logins at once on one process (docs/security.md "Logins under load"): the
 * readiness check stays fast meanwhile — logins run a few at a time, so the database never queues
 * other requests behind hundreds of them — and every login succeeds. The accounts' hashes are
 * made with a small scrypt cost here (a stored hash carries its own parameters) so that the test
 * measures the queueing, not this machine's hashing speed.
 */
import { randomBytes, randomUUID, scryptSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../src/server/db/schema/index.ts";
import { createTestApp, dbReady, type TestApp } from "../helpers.ts";

const LOGINS = 200;
const ACCOUNTS = 10;

function hashWith(plain: string, N: number, r: number, p: number): string {
  const salt = randomBytes(16);
  const key = scryptSync(plain.normalize("NFKC"), salt, 64, { N, r, p, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

describe.skipIf(!dbReady)("logins under load", () => {
  let app: TestApp;
  const names: string[] = [];
  beforeAll(async () => {
    app = await createTestApp();
    const passwordHash = hashWith("Load1234", 1024, 8, 1);
    for (let i = 0; i < ACCOUNTS; i++) {
      const userId = randomUUID();
      names.push(`load_${userId.slice(0, 8)}`);
      await app.ctx.db.insert(users).values({ userId, username: names[i]!, nickName: "load", passwordHash });
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it(`${LOGINS} concurrent logins: readiness answers within 500 ms all along and every login succeeds`, async () => {
    const login = (i: number) =>
      app.request("/api/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.77.${i >> 8}.${i & 255}` },
        body: JSON.stringify({ userName: names[i % ACCOUNTS], passWord: "Load1234" }),
      });
    // Warm: the first readiness check of a process reads the migrations journal.
    expect((await app.request("/api/health/ready")).status).toBe(200);
    let done = false;
    const logins = Promise.all(Array.from({ length: LOGINS }, (_, i) => login(i))).finally(() => {
      done = true;
    });
    // Once they have arrived (taking in 200 requests is work of its own on a loaded machine).
    await new Promise((r) => setTimeout(r, 200));
    const ready: number[] = [];
    while (!done) {
      const t0 = performance.now();
      const res = await app.request("/api/health/ready");
      ready.push(Math.round(performance.now() - t0));
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
    }
    const answers = await logins;
    expect(answers.map((a) => a.body.code)).toEqual(Array(LOGINS).fill("00000"));
    expect(Math.max(...ready)).toBeLessThan(500);
  }, 120_000);
});
