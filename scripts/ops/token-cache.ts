/** The ops CLI's token cache: merchant tokens per mall URL and account, in a file only the user can read. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Values } from "./args.ts";

export interface CachedToken {
  accessToken: string;
  shopId: number;
  expiresAt: string;
}
export type TokenFile = Record<string, { current?: string; tokens: Record<string, CachedToken> }>;

export function tokenFilePath(v: Pick<Values, "token-file">, env: Record<string, string | undefined>): string {
  if (v["token-file"]) return path.resolve(v["token-file"]);
  if (env.MALL_OPS_TOKEN_FILE) return path.resolve(env.MALL_OPS_TOKEN_FILE);
  if (env.DATA_DIR) return path.resolve(env.DATA_DIR, "ops-tokens.json");
  return path.join(env.HOME || os.homedir(), ".mall-ops-token");
}

export function readTokens(file: string): TokenFile {
  try {
    const data = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
    return data && typeof data === "object" ? (data as TokenFile) : {};
  } catch {
    return {};
  }
}

export function writeTokens(file: string, data: TokenFile): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(data, null, 2) + "\n", { mode: 0o600 });
}
