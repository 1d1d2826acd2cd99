/** Access tokens: random 256-bit values given to the client; only their SHA-256 is stored. */
import { createHash, randomBytes } from "node:crypto";

export const USER_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
