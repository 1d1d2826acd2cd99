/**
 * Password hashing with scrypt (memory-hard, node:crypto). Stored format:
 *   scrypt$N$r$p$<salt base64>$<hash base64>
 * with N=16384, r=8, p=1, a 16-byte random salt and a 64-byte key. Verification re-derives the
 * key with the parameters stored in the hash and compares in constant time.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

export const SCRYPT_PARAMS = { N: 16384, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
/** Upper bounds accepted when verifying, so a crafted hash cannot make us burn memory or CPU. */
const MAX_N = 1 << 20;
const MAX_R = 32;
const MAX_P = 16;

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
    maxmem: 256 * opts.N * opts.r * opts.p + 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scrypt(plain.normalize("NFKC"), salt, keyLen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(plain, salt, KEY_BYTES, SCRYPT_PARAMS);
  const { N, r, p } = SCRYPT_PARAMS;
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

const B64 = /^[A-Za-z0-9+/]+={0,2}$/;

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
