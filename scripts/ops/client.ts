/**
 * The ops CLI's HTTP client: the mall's API envelope over ofetch, merchant login with the token
 * cache (./token-cache.ts), merchant calls that log in again once when the token was refused,
 * and platform calls with the platform token.
 */
import { createFetch, type $Fetch } from "ofetch";
import type { Db } from "../../src/server/db/client.ts";
import type { FileStorage } from "../../src/server/providers/storage.ts";
import { OpsError, UsageError, type Values } from "./args.ts";
import { readTokens, writeTokens, type CachedToken, type TokenFile } from "./token-cache.ts";

/** The mall's development platform token (src/server/config.ts DEV_PLATFORM_TOKEN). */
const DEV_PLATFORM_TOKEN = "dev-platform-token";

/** I/O seams: the tests drive every command against the in-process API (fetch) and a test database (openDb). */
export interface OpsIO {
  /** The fetch used for HTTP (default: global fetch). */
  fetch?: typeof globalThis.fetch;
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
  /** Opens the database (and the upload storage) for `jobs run` and `image-backfill` (default: like the server, ./direct-db.ts). */
  openDb?: () => Promise<{ db: Db; driver: string; storage?: FileStorage; close: () => Promise<void> }>;
  /** Shows a progress bar's line (default: redrawn in place on a terminal's stderr, else nothing). */
  progress?: (line: string) => void;
}

interface Envelope<T> {
  code: string;
  msg: string | null;
  data: T;
  success: boolean;
}

export class Client {
  private readonly http: $Fetch;
  private token: string | null = null;
  private readonly tokens: TokenFile;

  constructor(
    readonly url: string,
    private readonly v: Values,
    private readonly io: OpsIO,
    private readonly file: string,
  ) {
    this.http = createFetch({
      fetch: io.fetch ?? globalThis.fetch,
      Headers: globalThis.Headers,
      AbortController: globalThis.AbortController,
    });
    this.tokens = readTokens(file);
  }

  private get entry() {
    return (this.tokens[this.url] ??= { tokens: {} });
  }

  get user(): string | undefined {
    return this.v.user ?? this.io.env.MALL_OPS_USER ?? this.entry.current;
  }

  private password(): string | undefined {
    return this.v.password ?? this.io.env.MALL_OPS_PASSWORD;
  }

  async raw<T>(method: string, p: string, body?: unknown, token?: string | null): Promise<Envelope<T>> {
    const headers: Record<string, string> = { "Accept-Language": this.v.lang ?? "en" };
    if (token) headers.Authorization = token;
    let res: Envelope<T>;
    try {
      res = await this.http<Envelope<T>>(`${this.url}/api${p}`, {
        method: method as "GET",
        headers,
        ...(body === undefined ? {} : { body: body as Record<string, unknown> }),
        ignoreResponseError: true,
        responseType: "json",
        retry: 0,
      });
    } catch (err) {
      throw new OpsError(`cannot reach ${this.url}: ${(err as Error).message}`);
    }
    if (!res || typeof res !== "object" || typeof res.code !== "string")
      throw new OpsError(`${this.url} did not answer like the mall API`);
    return res;
  }

  async login(): Promise<CachedToken & { user: string }> {
    const user = this.user;
    const password = this.password();
    if (!user) throw new UsageError("which account? pass --user shop01");
    if (!password) throw new UsageError(`no password for ${user}: pass --password (or set MALL_OPS_PASSWORD)`);
    const r = await this.raw<{ accessToken: string; expiresIn: number; shopId: number }>("POST", "/merchant/login", {
      username: user,
      password,
    });
    if (r.code !== "00000") throw new OpsError(r.msg ?? `login failed (${r.code})`);
    const cached = {
      accessToken: r.data.accessToken,
      shopId: r.data.shopId,
      expiresAt: new Date(Date.now() + r.data.expiresIn * 1000).toISOString(),
    };
    this.entry.tokens[user.toLowerCase()] = cached;
    this.entry.current = user.toLowerCase();
    writeTokens(this.file, this.tokens);
    this.token = cached.accessToken;
    return { ...cached, user: user.toLowerCase() };
  }

  async logout(): Promise<string | null> {
    const user = this.user?.toLowerCase();
    const cached = user ? this.entry.tokens[user] : undefined;
    if (!user || !cached) return null;
    await this.raw("POST", "/merchant/logout", undefined, cached.accessToken);
    delete this.entry.tokens[user];
    if (this.entry.current === user) delete this.entry.current;
    writeTokens(this.file, this.tokens);
    return user;
  }

  /** The token to use: a fresh login when --password is given, else the cached one (or a login with MALL_OPS_PASSWORD). */
  private async ensureToken(): Promise<string> {
    if (this.token) return this.token;
    if (this.v.password) return (await this.login()).accessToken;
    const user = this.user?.toLowerCase();
    const cached = user ? this.entry.tokens[user] : undefined;
    if (cached && new Date(cached.expiresAt).getTime() > Date.now() + 60_000) return (this.token = cached.accessToken);
    if (user && this.password()) return (await this.login()).accessToken;
    throw new OpsError(
      user
        ? `not logged in as ${user} (or the token expired): npm run ops -- login --user ${user} --password …`
        : "not logged in: npm run ops -- login --user shop01 --password …",
    );
  }

  /** A platform call (store applications, shop status): the envelope's data, or an OpsError with the mall's message. */
  async platform<T>(method: string, p: string, body?: unknown): Promise<T> {
    const token = this.v["platform-token"] ?? this.io.env.MALL_PLATFORM_TOKEN ?? DEV_PLATFORM_TOKEN;
    const r = await this.raw<T>(method, `/platform${p}`, body, token);
    if (r.code === "A00004")
      throw new OpsError(
        "the platform token was refused: pass --platform-token (or set MALL_PLATFORM_TOKEN) to the mall's PLATFORM_API_TOKEN",
      );
    if (r.code !== "00000") throw new OpsError(r.msg ?? `failed (${r.code})`);
    return r.data;
  }

  /** A merchant call: the envelope's data, or an OpsError with the mall's message. Logs in again once when the token was refused. */
  async call<T>(method: string, p: string, body?: unknown): Promise<T> {
    let r = await this.raw<T>(method, p, body, await this.ensureToken());
    if (r.code === "A00004" && this.user && this.password() && !this.v.password) {
      this.token = null;
      r = await this.raw<T>(method, p, body, (await this.login()).accessToken);
    }
    if (r.code === "A00004")
      throw new OpsError(`the token was refused (${r.msg ?? "unauthorized"}): log in again with npm run ops -- login`);
    if (r.code !== "00000") throw new OpsError(r.msg ?? `failed (${r.code})`);
    return r.data;
  }
}
