/**
 * Test buyers for the member-centre API tests (addresses, collections, footprints): a users row
 * plus a session, and a caller that sends the token, a JSON body and Accept-Language.
 */
import { randomUUID } from "node:crypto";
import { sessions, users } from "../../src/server/db/schema/index.ts";
import { hashToken, newToken } from "../../src/server/domain/account/tokens.ts";
import type { TestApp, TestResponse } from "./helpers.ts";

export interface TestUser {
  userId: string;
  token: string;
}

export async function createTestUser(app: TestApp, name: string): Promise<TestUser> {
  const userId = randomUUID();
  await app.ctx.db.insert(users).values({ userId, username: `${name}_${userId.slice(0, 8)}`, nickName: name });
  const token = newToken();
  await app.ctx.db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), kind: "user", userId, expiresAt: new Date(Date.now() + 3600_000) });
  return { userId, token };
}

export interface CallOptions {
  method?: string;
  /** A string is sent as it is; anything else as JSON. */
  body?: unknown;
  /** null = no Authorization header. */
  user?: TestUser | null;
  lang?: string;
  contentType?: string;
}

export function caller(app: TestApp) {
  return <T = unknown>(path: string, opts: CallOptions = {}): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = { "Accept-Language": opts.lang ?? "en" };
    if (opts.user) headers.Authorization = opts.user.token;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
      headers["Content-Type"] = opts.contentType ?? "application/json";
    }
    return app.request<T>(`/api${path}`, {
      method: opts.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      ...(body !== undefined ? { body } : {}),
    });
  };
}
