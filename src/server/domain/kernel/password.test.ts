import { describe, it, expect } from "vitest";
import { randomBytes, scryptSync } from "node:crypto";
import {
  hashParams,
  hashPassword,
  needsRehash,
  SCRYPT_PARAMS,
  scryptMemory,
  TEST_SCRYPT_PARAMS,
  verifyPassword,
} from "./password.ts";

// Each hash is about 0.2 s of one core (OWASP's work factor); a loaded machine takes several times that.
describe("password hashing (scrypt)", { timeout: 30_000 }, () => {
  it("uses OWASP's least-memory scrypt setting: 8 MiB a hash, N=2^13, r=8, p=10", () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 13, r: 8, p: 10 });
    expect(scryptMemory(SCRYPT_PARAMS)).toBeLessThanOrEqual(8 * 1024 * 1024 + 16 * 1024);
  });

  it("hashes with the standard setting unless PASSWORD_HASH_COST=test (test runs only)", () => {
    expect(hashParams({})).toEqual(SCRYPT_PARAMS);
    expect(hashParams({ PASSWORD_HASH_COST: "standard" })).toEqual(SCRYPT_PARAMS);
    expect(hashParams({ PASSWORD_HASH_COST: "test" })).toEqual(TEST_SCRYPT_PARAMS);
  });

  it("stores the standard setting's parameters in a standard hash", async () => {
    const saved = process.env.PASSWORD_HASH_COST;
    delete process.env.PASSWORD_HASH_COST;
    try {
      const stored = await hashPassword("Demo1234");
      expect(stored.split("$").slice(0, 4)).toEqual(["scrypt", "8192", "8", "10"]);
      expect(await verifyPassword("Demo1234", stored)).toBe(true);
    } finally {
      if (saved !== undefined) process.env.PASSWORD_HASH_COST = saved;
    }
  });

  it("verifies hashes of the earlier setting (N=2^14, p=1)", async () => {
    const salt = randomBytes(16);
    const key = scryptSync("Demo1234", salt, 64, { N: 16384, r: 8, p: 1 });
    const old = `scrypt$16384$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
    expect(await verifyPassword("Demo1234", old)).toBe(true);
    expect(await verifyPassword("Demo12345", old)).toBe(false);
  });

  it("refuses a stored hash whose parameters would take more than 32 MiB", async () => {
    const good = await hashPassword("x1y2z3");
    const [, , , , salt, hash] = good.split("$");
    expect(await verifyPassword("x1y2z3", `scrypt$${1 << 16}$8$1$${salt}$${hash}`)).toBe(false);
  });

  it("stores scrypt$N$r$p$salt$hash with a 16-byte salt and a 64-byte key", async () => {
    const stored = await hashPassword("Demo1234");
    const parts = stored.split("$");
    expect(parts).toHaveLength(6);
    const { N, r, p } = hashParams();
    expect(parts.slice(0, 4)).toEqual(["scrypt", String(N), String(r), String(p)]);
    expect(Buffer.from(parts[4]!, "base64")).toHaveLength(16);
    expect(Buffer.from(parts[5]!, "base64")).toHaveLength(64);
    expect(stored).not.toContain("Demo1234");
  });

  it("verifies the right password and rejects wrong ones", async () => {
    const stored = await hashPassword("Demo1234");
    expect(await verifyPassword("Demo1234", stored)).toBe(true);
    expect(await verifyPassword("demo1234", stored)).toBe(false);
    expect(await verifyPassword("Demo12345", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("uses a random salt: the same password hashes differently, both verify", async () => {
    const a = await hashPassword("same-password");
    const b = await hashPassword("same-password");
    expect(a).not.toBe(b);
    expect(await verifyPassword("same-password", a)).toBe(true);
    expect(await verifyPassword("same-password", b)).toBe(true);
  });

  it("handles unicode passwords", async () => {
    const stored = await hashPassword("密码Pässwörd!");
    expect(await verifyPassword("密码Pässwörd!", stored)).toBe(true);
    expect(await verifyPassword("密码Passwort!", stored)).toBe(false);
  });

  it("rejects malformed or unsupported hashes without throwing", async () => {
    const good = await hashPassword("x1y2z3");
    const [, n, r, p, salt, hash] = good.split("$");
    const bad = [
      "",
      "plain-text",
      `bcrypt$${n}$${r}$${p}$${salt}$${hash}`,
      `scrypt$${n}$${r}$${p}$${salt}`,
      `scrypt$1000$${r}$${p}$${salt}$${hash}`, // N not a power of two
      `scrypt$${1 << 24}$${r}$${p}$${salt}$${hash}`, // N too large
      `scrypt$${n}$999$${p}$${salt}$${hash}`, // r too large
      `scrypt$${n}$${r}$${p}$!!notbase64!!$${hash}`,
      `scrypt$${n}$${r}$${p}$${salt}$${hash!.slice(0, 8)}`, // key too short
    ];
    for (const s of bad) expect(await verifyPassword("x1y2z3", s)).toBe(false);
    expect(await verifyPassword("x1y2z3", null)).toBe(false);
    expect(await verifyPassword("x1y2z3", undefined)).toBe(false);
  });

  it("detects a tampered hash", async () => {
    const stored = await hashPassword("Demo1234");
    const parts = stored.split("$");
    const key = Buffer.from(parts[5]!, "base64");
    key[0] = key[0]! ^ 0xff;
    parts[5] = key.toString("base64");
    expect(await verifyPassword("Demo1234", parts.join("$"))).toBe(false);
  });

  it("asks for a new hash when a stored one was made with other parameters than today's", async () => {
    const today = await hashPassword("Demo1234");
    expect(needsRehash(today)).toBe(false);
    const [, , , , salt, key] = today.split("$");
    expect(needsRehash(`scrypt$16384$8$1$${salt}$${key}`, SCRYPT_PARAMS)).toBe(true); // the earlier setting
    expect(needsRehash(`scrypt$8192$8$10$${salt}$${key}`, SCRYPT_PARAMS)).toBe(false);
    expect(needsRehash(`scrypt$8192$8$10$${salt}$${key}`, TEST_SCRYPT_PARAMS)).toBe(true);
    expect(needsRehash(`scrypt$1024$8$1$${salt}$${key}`, TEST_SCRYPT_PARAMS)).toBe(false);
    expect(needsRehash(`scrypt$8192$4$10$${salt}$${key}`, SCRYPT_PARAMS)).toBe(true);
    // unreadable: never verifies, nothing to replace
    for (const bad of ["", "plain", `bcrypt$8192$8$10$${salt}$${key}`]) expect(needsRehash(bad)).toBe(false);
  });
});
