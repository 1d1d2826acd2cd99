/**
 * Password hashing with scrypt (memory-hard, node:crypto). Stored format:
 *   scrypt$N$r$p$<salt base64>$<hash base64>
 * with a 16-byte random salt and a 64-byte key. New hashes use N=2^13, r=8, p=10 — one of
 * OWASP's equivalent scrypt settings (Password Storage Cheat Sheet: N=2^17/p=1 … N=2^13/p=10, r=8,
 * the same work), the one with the least memory: 8 MiB a hash (128·r·N; the p lanes run one
 * after another in the same memory). Hashes of earlier settings (N=2^14, r=8, p=1: 16 MiB) still
 * verify — verification re-derives with the parameters stored in the hash — and are replaced by
 * one of today's at the next successful login (needsRehash; the login's conditional update never
 * overwrites a password changed meanwhile) or when the password is next set. At most PASSWORD_CONCURRENCY derivations run at once
 * in a process (the others wait their turn), so hashing holds at most that many times 8 MiB
 * however many logins arrive, and leaves libuv's other threads to files and compression.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { availableParallelism } from "node:os";
import { Gate } from "./gate.ts";

export const SCRYPT_PARAMS = { N: 8192, r: 8, p: 10 } as const;
/**
 * The cost of new hashes in test runs (PASSWORD_HASH_COST=test, set by vitest.config.ts and
 * playwright.config.ts): 1 MiB and about 1/100 of the work, so that the suite's thousands of
 * registrations and logins do not spend minutes hashing. A stored hash carries its parameters, so
 * both kinds verify anywhere; a production start refuses the setting (production-guard.ts).
 */
export const TEST_SCRYPT_PARAMS = { N: 1024, r: 8, p: 1 } as const;

/** The parameters of new hashes: the standard ones unless PASSWORD_HASH_COST=test. */
export function hashParams(env: NodeJS.ProcessEnv = process.env): { N: number; r: number; p: number } {
  return env.PASSWORD_HASH_COST === "test" ? TEST_SCRYPT_PARAMS : SCRYPT_PARAMS;
}
const SALT_BYTES = 16;
const KEY_BYTES = 64;
/** Upper bounds accepted when verifying, so a crafted hash cannot make us burn memory or CPU. */
const MAX_N = 1 << 20;
const MAX_R = 32;
const MAX_P = 16;
/** Memory one derivation may take (128·r·N): the earlier setting's 16 MiB is the largest stored. */
export const SCRYPT_MAX_MEMORY = 32 * 1024 * 1024;
/**
 * Derivations running at once in a process: half the cores (at least one), so a storm of logins
 * keeps the other half for everything else, and hashing holds at most this many times 8 MiB.
 */
export const PASSWORD_CONCURRENCY = Math.max(1, Math.floor(availableParallelism() / 2));
/**
 * Password logins (buyer and shop) running at once in a process, their database work included:
 * hundreds of logins at once wait here instead of queueing every other request's statements
 * behind theirs (PGlite has one connection; PostgreSQL a pool).
 */
export const passwordLogins = new Gate(4);
const derivations = new Gate(PASSWORD_CONCURRENCY);

/** Bytes scrypt works in for these parameters (V: 128·r·N, B: 128·r·p). */
export function scryptMemory(opts: { N: number; r: number; p: number }): number {
  return 128 * opts.r * (opts.N + opts.p);
}

function derive(
  plain: string,
  salt: Buffer,
  keyLen: number,
  opts: { N: number; r: number; p: number },
): Promise<Buffer> {
  const options: ScryptOptions = {
    N: opts.N,
    r: opts.r,
    p: opts.p,
    maxmem: scryptMemory(opts) + 1024 * 1024,
  };
  return derivations.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(plain.normalize("NFKC"), salt, keyLen, options, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const params = hashParams();
  const key = await derive(plain, salt, KEY_BYTES, params);
  const { N, r, p } = params;
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

const B64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * true when a stored hash (one that verified) was made with other parameters than today's new
 * hashes (hashParams): the login that verified it stores a new one. A hash that cannot be read
 * says false (it never verifies, so there is nothing to replace).
 */
export function needsRehash(stored: string, params: { N: number; r: number; p: number } = hashParams()): boolean {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  return Number(parts[1]) !== params.N || Number(parts[2]) !== params.r || Number(parts[3]) !== params.p;
}

/** true when `plain` matches `stored`; false for a wrong password or a malformed / unsupported hash. */
export async function verifyPassword(plain: string, stored: string | null | undefined): Promise<boolean> {
  if (typeof plain !== "string" || typeof stored !== "string") return false;
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, nStr, rStr, pStr, saltB64, hashB64] = parts as [string, string, string, string, string, string];
  if (![nStr, rStr, pStr].every((s) => /^[1-9][0-9]{0,7}$/.test(s))) return false;
  const N = Number(nStr);
  const r = Number(rStr);
  const p = Number(pStr);
  if (N < 2 || N > MAX_N || (N & (N - 1)) !== 0 || r > MAX_R || p > MAX_P) return false;
  if (scryptMemory({ N, r, p }) > SCRYPT_MAX_MEMORY) return false;
  if (!B64.test(saltB64) || !B64.test(hashB64)) return false;
  const salt = Buffer.from(saltB64, "base64");
  const expected = Buffer.from(hashB64, "base64");
  if (salt.length < 8 || expected.length < 16 || expected.length > 128) return false;
  let actual: Buffer;
  try {
    actual = await derive(plain, salt, expected.length, { N, r, p });
  } catch {
    return false;
  }
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
