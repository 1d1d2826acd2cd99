/**
 * Ops CLI for shop staff and demos (docs/merchant-api.md "CLI"): talks HTTP to a running mall's
 * merchant API, and runs due jobs against the database directly.
 *
 *   npm run ops -- help
 *   npm run ops -- login --user shop01 --password Shop1234
 *   npm run ops -- orders --status 2
 *   npm run ops -- order <orderNumber>
 *   npm run ops -- ship <orderNumber> --company 1 --tracking SF123456789 [--items 12:1,13:2]
 *   npm run ops -- ship <orderNumber> --package 1/SF123456789/12:1 --package 2/ZT987654321
 *   npm run ops -- trace <orderDeliveryId> --state in-transit --station "Shanghai hub"
 *   npm run ops -- jobs run
 *   npm run ops -- reviews [--replied 0]
 *   npm run ops -- reply <prodCommId> --text "Thank you!"
 *   npm run ops -- invoices [--state 1]
 *   npm run ops -- invoice-upload <orderNumber> --file invoice.pdf
 *   npm run ops -- refunds [--sts 1]
 *   npm run ops -- refund-accept <refundSn> [--text "Return address: …"]
 *   npm run ops -- refund-refuse <refundSn> --reason "…"
 *   npm run ops -- refund-receive <refundSn>
 *   npm run ops -- applications [--status 0]            (platform: store applications)
 *   npm run ops -- application <applyId>
 *   npm run ops -- approve <applyId> [--open]
 *   npm run ops -- reject <applyId> --reason "…"
 *   npm run ops -- shop <open|offline|suspend> <shopId>
 *
 * Every command is a function of (argv, io) so the tests drive it against the in-process API
 * (io.fetch) and a test database (io.openDb). Exit codes: 0 done, 1 refused or failed, 2 usage.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { createFetch, type $Fetch } from "ofetch";
import { DELIVERY_COMPANIES, DeliveryState } from "../src/lib/order-types.ts";
import type { Db } from "../src/server/db/client.ts";
import type { PlatformApplicationDto } from "../src/server/domain/store-application/store-application.ts";

/** The mall's development platform token (src/server/config.ts DEV_PLATFORM_TOKEN). */
const DEV_PLATFORM_TOKEN = "dev-platform-token";


// ---------------------------------------------------------------------------------------------
// I/O seams
// ---------------------------------------------------------------------------------------------

export interface OpsIO {
  /** The fetch used for HTTP (default: global fetch). */
  fetch?: typeof globalThis.fetch;
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
  /** Opens the database for `jobs run` (default: DATABASE_URL or DATA_DIR/pglite, like the server). */
  openDb?: () => Promise<{ db: Db; driver: string; close: () => Promise<void> }>;
}

class UsageError extends Error {}
class OpsError extends Error {}

export const DEFAULT_URL = "http://localhost:4321";

const USAGE = `Mall ops CLI — usage: npm run ops -- <command> [options]

Commands
  login                         log in (--user shop01 --password Shop1234); the token is cached
  logout                        revoke the cached token of --user (or the current account)
  orders [--status N]           the shop's orders, newest first (--page, --size, --number <prefix>)
                                status: 0 all, 1 unpaid, 2 to ship, 3 shipped, 5 completed, 6 closed, 7 grouping
  order <orderNumber>           one order: items (with orderItemId), address, packages and traces
  ship <orderNumber>            ship a paid order, one package:  --company 1 --tracking SF123456789
                                [--items <orderItemId>:<count>,...]   (no --items = the whole order)
                                or several packages: --package <company>/<tracking>[/<orderItemId>:<count>,...]
                                (repeat --package; at most one package without items: it takes the rest)
  trace <orderDeliveryId>       add a logistics event: --state <n|name> --station "text" [--time ISO-8601]
                                states: 1 collected, 2 in-transit, 201 arrived, 3 signed, 4 problem
  reviews [--replied 0|1]       reviews of the shop's products, newest first (--page, --size)
  reply <prodCommId>            answer a review: --text "…" (1-200 characters; replaces an earlier reply)
  invoices [--state 0|1|2]      orders with an invoice request (1 in progress, 2 invoiced; --page, --size)
  invoice-upload <orderNumber>  issue the invoice: --file <invoice.pdf> (a PDF, at most 5 MB)
  refunds [--sts N]             the shop's refund and return applications (--page, --size); sts: 1 waiting,
                                2 accepted, 3 goods sent back, 4 received, 5 refunded, 6 withdrawn, 7 refused, -1 closed
  refund <refundSn>             one application: goods, amount, reason, images, return parcel
  refund-accept <refundSn>      accept (refund only: paid at once; return: the buyer sends the goods) [--text message]
  refund-refuse <refundSn>      refuse: --reason "…" (1-200 characters; the buyer may change and apply again)
  refund-receive <refundSn>     the returned goods arrived: the refund is paid
Platform (store applications and shop status; token: --platform-token, env MALL_PLATFORM_TOKEN,
default the development token "dev-platform-token")
  applications [--status 0|1|-1] store applications, newest first (0 under review, 1 approved,
                                -1 rejected; --page, --size)
  application <applyId>         one application with its images (URLs), the shop and its account
  approve <applyId> [--open]    approve: creates the shop ("not yet open", or open with --open)
  reject <applyId>              reject: --reason "…" (1-200 characters, shown to the applicant)
  shop <open|offline|suspend> <shopId>
                                open (or reopen), take offline or suspend a shop
  companies                     the carriers (ids for --company) and logistics states
  jobs run                      run the due jobs once, directly against the database
                                (DATABASE_URL, else DATA_DIR/pglite; [--now ISO-8601] [--limit N])
  help                          this text

Options
  --url <base>        the mall (env MALL_URL, default ${DEFAULT_URL})
  --user <account>    merchant account (env MALL_OPS_USER; default: the last one logged in)
  --password <pw>     log in now instead of using the cached token (env MALL_OPS_PASSWORD is
                      used when the cached token is missing or expired)
  --lang <zh|zh-tw|en> language of the mall's messages (default en)
  --json              print the API answer as JSON
  --platform-token <t> the platform API secret (env MALL_PLATFORM_TOKEN)
  --token-file <f>    token cache (env MALL_OPS_TOKEN_FILE; default DATA_DIR/ops-tokens.json when
                      DATA_DIR is set, else ~/.mall-ops-token)
`;

// ---------------------------------------------------------------------------------------------
// Arguments
// ---------------------------------------------------------------------------------------------

const OPTIONS = {
  url: { type: "string" },
  user: { type: "string" },
  password: { type: "string" },
  lang: { type: "string" },
  json: { type: "boolean" },
  "token-file": { type: "string" },
  status: { type: "string" },
  page: { type: "string" },
  size: { type: "string" },
  number: { type: "string" },
  company: { type: "string" },
  tracking: { type: "string" },
  items: { type: "string" },
  package: { type: "string", multiple: true },
  state: { type: "string" },
  station: { type: "string" },
  time: { type: "string" },
  now: { type: "string" },
  limit: { type: "string" },
  force: { type: "boolean" },
  replied: { type: "string" },
  file: { type: "string" },
  sts: { type: "string" },
  reason: { type: "string" },
  text: { type: "string" },
  open: { type: "boolean" },
  "platform-token": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>["values"];

const STATE_NAMES: Record<string, number> = {
  none: DeliveryState.NO_RECORD,
  collected: DeliveryState.COLLECTED,
  "in-transit": DeliveryState.IN_TRANSIT,
  transit: DeliveryState.IN_TRANSIT,
  arrived: DeliveryState.ARRIVED_CITY,
  signed: DeliveryState.SIGNED,
  problem: DeliveryState.PROBLEM,
};

export const STATUS_NAMES: Record<number, string> = { 1: "unpaid", 2: "to ship", 3: "shipped", 5: "completed", 6: "closed", 7: "grouping" };
const STATE_LABELS: Record<number, string> = { 0: "no record", 1: "collected", 2: "in transit", 201: "arrived at city", 3: "signed", 4: "problem" };

/** A logistics state from a number or a name (in-transit, signed…). */
export function parseState(s: string): number {
  const v = s.trim().toLowerCase();
  if (/^\d+$/.test(v)) return Number(v);
  const n = STATE_NAMES[v];
  if (n === undefined) throw new UsageError(`unknown state "${s}" (use ${Object.keys(STATE_NAMES).join(", ")} or a number)`);
  return n;
}

/** A carrier id from its number or a word of its English name (sf, zto, yunda, jd, ems…). */
export function parseCompany(s: string): number {
  const v = s.trim().toLowerCase();
  if (/^\d+$/.test(v)) return Number(v);
  const hits = DELIVERY_COMPANIES.filter((c) => c.dvyName.en.toLowerCase().split(/\s+/).includes(v));
  if (hits.length !== 1) throw new UsageError(`unknown or ambiguous company "${s}" (see: npm run ops -- companies)`);
  return hits[0]!.dvyId;
}

/** "12:1,13:2" → [{orderItemId: 12, prodCount: 1}, …]. */
export function parseItems(s: string): { orderItemId: number; prodCount: number }[] {
  return s.split(",").map((p) => p.trim()).filter(Boolean).map((p) => {
    const m = /^(\d+)(?::(\d+))?$/.exec(p);
    if (!m) throw new UsageError(`bad item "${p}": use <orderItemId>:<count>`);
    return { orderItemId: Number(m[1]), prodCount: m[2] === undefined ? 1 : Number(m[2]) };
  });
}

export interface PackageArg {
  dvyId: number;
  dvyFlowId: string;
  items?: { orderItemId: number; prodCount: number }[];
}

/** "1/SF123456789/12:1,13:2" (items optional) → a package. */
export function parsePackage(s: string): PackageArg {
  const parts = s.split("/");
  if (parts.length < 2 || parts.length > 3 || !parts[1]) throw new UsageError(`bad package "${s}": use <company>/<tracking>[/<orderItemId>:<count>,...]`);
  const pkg: PackageArg = { dvyId: parseCompany(parts[0]!), dvyFlowId: parts[1].trim() };
  if (parts[2]) pkg.items = parseItems(parts[2]);
  return pkg;
}

/** The packages of a ship command: --package (repeatable) or --company/--tracking[/--items]. */
export function packagesFrom(v: Pick<Values, "package" | "company" | "tracking" | "items">): PackageArg[] {
  if (v.package?.length) {
    if (v.company || v.tracking || v.items) throw new UsageError("use either --package … or --company/--tracking/--items, not both");
    return v.package.map(parsePackage);
  }
  if (!v.company || !v.tracking) throw new UsageError("ship needs --company and --tracking (or --package)");
  const pkg: PackageArg = { dvyId: parseCompany(v.company), dvyFlowId: v.tracking.trim() };
  if (v.items) pkg.items = parseItems(v.items);
  return [pkg];
}

function intOpt(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v.trim())) throw new UsageError(`--${name} must be a whole number`);
  return Number(v);
}

// ---------------------------------------------------------------------------------------------
// Token cache
// ---------------------------------------------------------------------------------------------

interface CachedToken { accessToken: string; shopId: number; expiresAt: string }
type TokenFile = Record<string, { current?: string; tokens: Record<string, CachedToken> }>;

export function tokenFilePath(v: Pick<Values, "token-file">, env: OpsIO["env"]): string {
  if (v["token-file"]) return path.resolve(v["token-file"]);
  if (env.MALL_OPS_TOKEN_FILE) return path.resolve(env.MALL_OPS_TOKEN_FILE);
  if (env.DATA_DIR) return path.resolve(env.DATA_DIR, "ops-tokens.json");
  return path.join(env.HOME || os.homedir(), ".mall-ops-token");
}

function readTokens(file: string): TokenFile {
  try {
    const data = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
    return data && typeof data === "object" ? (data as TokenFile) : {};
  } catch {
    return {};
  }
}

function writeTokens(file: string, data: TokenFile): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(data, null, 2) + "\n", { mode: 0o600 });
}

// ---------------------------------------------------------------------------------------------
// HTTP client
// ---------------------------------------------------------------------------------------------

interface Envelope<T> { code: string; msg: string | null; data: T; success: boolean }

class Client {
  private readonly http: $Fetch;
  private token: string | null = null;
  private readonly tokens: TokenFile;

  constructor(
    readonly url: string,
    private readonly v: Values,
    private readonly io: OpsIO,
    private readonly file: string,
  ) {
    this.http = createFetch({ fetch: io.fetch ?? globalThis.fetch, Headers: globalThis.Headers, AbortController: globalThis.AbortController });
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
    if (!res || typeof res !== "object" || typeof res.code !== "string") throw new OpsError(`${this.url} did not answer like the mall API`);
    return res;
  }

  async login(): Promise<CachedToken & { user: string }> {
    const user = this.user;
    const password = this.password();
    if (!user) throw new UsageError("which account? pass --user shop01");
    if (!password) throw new UsageError(`no password for ${user}: pass --password (or set MALL_OPS_PASSWORD)`);
    const r = await this.raw<{ accessToken: string; expiresIn: number; shopId: number }>("POST", "/merchant/login", { username: user, password });
    if (r.code !== "00000") throw new OpsError(r.msg ?? `login failed (${r.code})`);
    const cached = { accessToken: r.data.accessToken, shopId: r.data.shopId, expiresAt: new Date(Date.now() + r.data.expiresIn * 1000).toISOString() };
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
    throw new OpsError(user ? `not logged in as ${user} (or the token expired): npm run ops -- login --user ${user} --password …` : "not logged in: npm run ops -- login --user shop01 --password …");
  }

  /** A platform call (store applications, shop status): the envelope's data, or an OpsError with the mall's message. */
  async platform<T>(method: string, p: string, body?: unknown): Promise<T> {
    const token = this.v["platform-token"] ?? this.io.env.MALL_PLATFORM_TOKEN ?? DEV_PLATFORM_TOKEN;
    const r = await this.raw<T>(method, `/platform${p}`, body, token);
    if (r.code === "A00004") throw new OpsError("the platform token was refused: pass --platform-token (or set MALL_PLATFORM_TOKEN) to the mall's PLATFORM_API_TOKEN");
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
    if (r.code === "A00004") throw new OpsError(`the token was refused (${r.msg ?? "unauthorized"}): log in again with npm run ops -- login`);
    if (r.code !== "00000") throw new OpsError(r.msg ?? `failed (${r.code})`);
    return r.data;
  }
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

interface OrderRow {
  orderNumber: string; status: number; buyerNickName: string; productNums: number; actualTotal: string;
  createTime: string; payTime: string | null; remarks: string;
  userAddrDto: { receiver: string; mobile: string; province: string; city: string; area: string; addr: string };
  orderItems: { orderItemId: number; prodName: string; skuName: string; prodCount: number; price: string }[];
  total: string; freightAmount: string; scoreAmount: string; dvyTime: string | null; finallyTime: string | null; cancelTime: string | null; receiptDeadline: string | null;
}
interface OrderDetail extends OrderRow {
  deliveries: { orderDeliveryId: number; dvyName: string; dvyFlowId: string; state: number; productNums: number;
    orderItems: { orderItemId: number; prodName: string; prodCount: number }[]; traces: { state: number; acceptStation: string; acceptTime: string }[] }[];
}

interface RefundRow {
  refundSn: string; orderNumber: string; returnMoneySts: number; applyType: number; refundAmount: string; maxRefundAmount: string; refundScore: number;
  buyerReason: number; buyerMobile: string; buyerDesc: string; photoFiles: string[]; applyTime: string; rejectMessage: string | null; dueAt: string | null;
  refundDelivery: { expressName: string; expressNo: string } | null; orderItems: { orderItemId: number; prodName: string; skuName: string; goodsNum: number }[];
}
const REFUND_STS: Record<number, string> = { 1: "waiting", 2: "accepted", 3: "goods sent back", 4: "received", 5: "refunded", 6: "withdrawn", 7: "refused", [-1]: "closed" };
const refundSts = (n: number) => `${n} ${REFUND_STS[n] ?? ""}`.trim();
interface InvoiceRow {
  orderNumber: string; invoiceState: number; invoiceType: number; headerName: string; invoiceTaxNumber: string | null; actualTotal: string; filePath: string | null;
}
interface ReviewRow {
  prodCommId: number; score: number; recTime: string; nickName: string; prodName: string; skuName: string; content: string; pics: string[]; replyContent: string | null;
}

const APPLY_STATUS_NAMES: Record<number, string> = { 0: "under review", 1: "approved", [-1]: "rejected" };
const SHOP_STATUS_NAMES: Record<number, string> = { 1: "open", 0: "under review", [-1]: "not yet open", 2: "offline", 3: "suspended" };
const applyStatus = (n: number) => `${n} ${APPLY_STATUS_NAMES[n] ?? ""}`.trim();
const shopStatusName = (n: number | null) => (n === null ? "-" : SHOP_STATUS_NAMES[n] ?? String(n));
const time = (s: string | null | undefined) => (s ? s.replace("T", " ").replace(/\.\d+Z$/, "Z") : "-");
const status = (n: number) => `${n} ${STATUS_NAMES[n] ?? ""}`.trim();

/** Terminal columns of a text: CJK and full-width characters take two. */
export function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u.test(ch) ? 2 : 1;
  return w;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => displayWidth(r[i] ?? ""))));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c + " ".repeat(widths[i]! - displayWidth(c)))).join("  ").trimEnd());
}

function printOrder(out: OpsIO["out"], o: OrderDetail): void {
  out(`Order ${o.orderNumber}  status ${status(o.status)}  buyer ${o.buyerNickName}`);
  out(`  created ${time(o.createTime)}  paid ${time(o.payTime)}  shipped ${time(o.dvyTime)}  finished ${time(o.finallyTime)}  cancelled ${time(o.cancelTime)}`);
  if (o.receiptDeadline) out(`  completes by itself at ${time(o.receiptDeadline)}`);
  out(`  goods ${o.total} + freight ${o.freightAmount} - points ${o.scoreAmount} = ${o.actualTotal}`);
  const a = o.userAddrDto;
  out(`  ship to ${a.receiver} ${a.mobile}, ${a.province} ${a.city} ${a.area} ${a.addr}`);
  if (o.remarks) out(`  buyer's message: ${o.remarks}`);
  out("  items:");
  for (const line of table([["orderItemId", "count", "price", "product"], ...o.orderItems.map((i) => [String(i.orderItemId), String(i.prodCount), i.price, `${i.prodName} ${i.skuName}`.trim()])])) out(`    ${line}`);
  if (o.deliveries.length === 0) {
    out("  packages: none");
    return;
  }
  out("  packages:");
  for (const p of o.deliveries) {
    out(`    #${p.orderDeliveryId} ${p.dvyName} ${p.dvyFlowId}  state ${STATE_LABELS[p.state] ?? p.state}  ${p.orderItems.map((i) => `${i.orderItemId}:${i.prodCount}`).join(",")}`);
    for (const t of p.traces) out(`      ${time(t.acceptTime)}  ${STATE_LABELS[t.state] ?? t.state}${t.acceptStation ? `  ${t.acceptStation}` : ""}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

async function defaultOpenDb(env: OpsIO["env"]): Promise<{ db: Db; driver: string; close: () => Promise<void> }> {
  const { loadConfig } = await import("../src/server/config.ts");
  const { openDatabase } = await import("../src/server/db/client.ts");
  const config = loadConfig(env as NodeJS.ProcessEnv);
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") });
  return { db: database.db, driver: database.driver, close: () => database.close() };
}

async function jobsRun(v: Values, io: OpsIO, client: Client): Promise<number> {
  const now = v.now ? new Date(v.now) : new Date();
  if (Number.isNaN(now.getTime())) throw new UsageError("--now must be an ISO-8601 time, e.g. 2030-01-01T00:00:00Z");
  const limit = intOpt("limit", v.limit) ?? 1000;
  // PGlite allows one process per data directory: refuse while a server holds it.
  if (!io.openDb && !io.env.DATABASE_URL && !v.force) {
    const health = await client.raw<{ driver: string }>("GET", "/health").catch(() => null);
    if (health?.data?.driver === "pglite") {
      throw new OpsError(`a mall is running on ${client.url} with the embedded database: its own job runner does the jobs (stop it first to run them here, or use DATABASE_URL)`);
    }
  }
  const opened = await (io.openDb ?? (() => defaultOpenDb(io.env)))();
  try {
    const { runDueJobs } = await import("../src/server/domain/jobs/all-jobs.ts");
    const summary = await runDueJobs(opened.db, now, limit);
    if (v.json) io.out(JSON.stringify(summary));
    else io.out(`jobs due at ${now.toISOString()} (${opened.driver}): ${summary.done} done, ${summary.skipped} had nothing to do, ${summary.failed} failed`);
    return summary.failed > 0 ? 1 : 0;
  } finally {
    await opened.close();
  }
}

/** Runs one CLI command; answers the exit code. */
export async function runOps(argv: string[], io: OpsIO): Promise<number> {
  let v: Values;
  let positionals: string[];
  try {
    ({ values: v, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true }));
  } catch (err) {
    io.err(`error: ${(err as Error).message}`);
    io.err("see: npm run ops -- help");
    return 2;
  }
  const [command = "help", ...args] = positionals;
  const url = (v.url ?? io.env.MALL_URL ?? DEFAULT_URL).replace(/\/+$/, "");
  const client = new Client(url, v, io, tokenFilePath(v, io.env));
  const out = io.out;
  const need = (n: number, what: string) => {
    if (args.length !== n) throw new UsageError(`${command} needs ${what}`);
  };
  try {
    if (v.help || command === "help") {
      out(USAGE);
      return 0;
    }
    switch (command) {
      case "login": {
        need(0, "no arguments (use --user and --password)");
        const r = await client.login();
        out(v.json ? JSON.stringify({ shopId: r.shopId, expiresAt: r.expiresAt }) : `logged in as ${r.user} (shop ${r.shopId}) on ${url}; token cached until ${time(r.expiresAt)}`);
        return 0;
      }
      case "logout": {
        const user = await client.logout();
        out(user ? `logged out ${user}` : "no cached token");
        return 0;
      }
      case "companies": {
        for (const line of table([["id", "carrier"], ...DELIVERY_COMPANIES.map((c) => [String(c.dvyId), `${c.dvyName.en} / ${c.dvyName.zh}`])])) out(line);
        out("");
        out("logistics states: " + [0, 1, 2, 201, 3, 4].map((n) => `${n} ${STATE_LABELS[n]}`).join(", "));
        return 0;
      }
      case "orders": {
        need(0, "no arguments (use --status, --page, --size, --number)");
        const q = new URLSearchParams();
        const st = intOpt("status", v.status);
        if (st !== undefined) q.set("status", String(st));
        q.set("current", String(intOpt("page", v.page) ?? 1));
        q.set("size", String(intOpt("size", v.size) ?? 20));
        if (v.number) q.set("orderNumber", v.number);
        const page = await client.call<{ records: OrderRow[]; total: number; current: number; pages: number }>("GET", `/merchant/orders?${q}`);
        if (v.json) {
          out(JSON.stringify(page, null, 2));
          return 0;
        }
        if (page.records.length === 0) {
          out("no orders");
          return 0;
        }
        const rows = page.records.map((o) => [o.orderNumber, status(o.status), o.buyerNickName, String(o.productNums), o.actualTotal, time(o.createTime), time(o.payTime)]);
        for (const line of table([["order", "status", "buyer", "pcs", "amount", "created", "paid"], ...rows])) out(line);
        out(`page ${page.current}/${page.pages}, ${page.total} order(s)`);
        return 0;
      }
      case "order": {
        need(1, "an order number");
        const o = await client.call<OrderDetail>("GET", `/merchant/orders/${encodeURIComponent(args[0]!)}`);
        if (v.json) out(JSON.stringify(o, null, 2));
        else printOrder(out, o);
        return 0;
      }
      case "ship": {
        need(1, "an order number");
        const packages = packagesFrom(v);
        const r = await client.call<{ orderDeliveryIds: number[] }>("POST", `/merchant/orders/${encodeURIComponent(args[0]!)}/ship`, { packages });
        out(v.json ? JSON.stringify(r) : `shipped ${args[0]} in ${r.orderDeliveryIds.length} package(s): ${r.orderDeliveryIds.map((id) => `#${id}`).join(", ")}`);
        return 0;
      }
      case "trace": {
        need(1, "a package id (orderDeliveryId, see: npm run ops -- order <orderNumber>)");
        if (!/^\d+$/.test(args[0]!)) throw new UsageError("the package id is a number");
        if (v.state === undefined) throw new UsageError("trace needs --state");
        if (v.station === undefined) throw new UsageError("trace needs --station");
        const body: Record<string, unknown> = { state: parseState(v.state), acceptStation: v.station };
        if (v.time) body.acceptTime = v.time;
        await client.call("POST", `/merchant/deliveries/${args[0]}/traces`, body);
        out(`added "${STATE_LABELS[body.state as number] ?? body.state}" to package #${args[0]}`);
        return 0;
      }
      case "reviews": {
        need(0, "no arguments (use --replied, --page, --size)");
        const q = new URLSearchParams();
        const replied = intOpt("replied", v.replied);
        if (replied !== undefined) q.set("replied", String(replied));
        q.set("current", String(intOpt("page", v.page) ?? 1));
        q.set("size", String(intOpt("size", v.size) ?? 20));
        const page = await client.call<{ records: ReviewRow[]; total: number; current: number; pages: number }>("GET", `/merchant/reviews?${q}`);
        if (v.json) {
          out(JSON.stringify(page, null, 2));
          return 0;
        }
        if (page.records.length === 0) {
          out("no reviews");
          return 0;
        }
        for (const r of page.records) {
          out(`#${r.prodCommId}  ${"*".repeat(r.score)}${" ".repeat(5 - r.score)}  ${time(r.recTime)}  ${r.nickName}  ${r.prodName}${r.skuName ? ` (${r.skuName})` : ""}`);
          out(`    ${r.content}${r.pics.length ? `  [${r.pics.length} photo(s)]` : ""}`);
          if (r.replyContent) out(`    reply: ${r.replyContent}`);
        }
        out(`page ${page.current}/${page.pages}, ${page.total} review(s)`);
        return 0;
      }
      case "reply": {
        need(1, "a review id (prodCommId, see: npm run ops -- reviews)");
        if (!/^\d+$/.test(args[0]!)) throw new UsageError("the review id is a number");
        if (v.text === undefined) throw new UsageError("reply needs --text");
        await client.call("POST", `/merchant/reviews/${args[0]}/reply`, { content: v.text });
        out(`replied to review #${args[0]}`);
        return 0;
      }
      case "invoices": {
        need(0, "no arguments (use --state, --page, --size)");
        const q = new URLSearchParams();
        q.set("state", String(intOpt("state", v.state) ?? 0));
        q.set("current", String(intOpt("page", v.page) ?? 1));
        q.set("size", String(intOpt("size", v.size) ?? 20));
        const page = await client.call<{ records: InvoiceRow[]; total: number; current: number; pages: number }>("GET", `/merchant/invoices?${q}`);
        if (v.json) {
          out(JSON.stringify(page, null, 2));
          return 0;
        }
        if (page.records.length === 0) {
          out("no invoices");
          return 0;
        }
        const rows = page.records.map((r) => [r.orderNumber, r.invoiceState === 2 ? "invoiced" : "in progress", r.invoiceType === 2 ? "unit" : "personal", r.headerName, r.invoiceTaxNumber ?? "-", r.actualTotal, r.filePath ?? "-"]);
        for (const line of table([["order", "state", "type", "title", "taxpayer no.", "amount", "file"], ...rows])) out(line);
        out(`page ${page.current}/${page.pages}, ${page.total} invoice(s)`);
        return 0;
      }
      case "invoice-upload": {
        need(1, "an order number");
        if (!v.file) throw new UsageError("invoice-upload needs --file <invoice.pdf>");
        let bytes: Buffer;
        try {
          bytes = fs.readFileSync(v.file);
        } catch (err) {
          throw new OpsError(`cannot read ${v.file}: ${(err as Error).message}`);
        }
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), path.basename(v.file));
        const r = await client.call<{ filePath: string }>("POST", `/merchant/invoices/${encodeURIComponent(args[0]!)}/file`, form);
        out(v.json ? JSON.stringify(r) : `invoice of ${args[0]} issued: ${r.filePath}`);
        return 0;
      }
      case "refunds": {
        need(0, "no arguments (use --sts, --page, --size)");
        const q = new URLSearchParams();
        if (v.sts !== undefined) {
          if (!/^-?\d+$/.test(v.sts.trim())) throw new UsageError("--sts must be a number");
          q.set("sts", v.sts.trim());
        }
        q.set("current", String(intOpt("page", v.page) ?? 1));
        q.set("size", String(intOpt("size", v.size) ?? 20));
        const page = await client.call<{ records: RefundRow[]; total: number; current: number; pages: number }>("GET", `/merchant/refunds?${q}`);
        if (v.json) {
          out(JSON.stringify(page, null, 2));
          return 0;
        }
        if (page.records.length === 0) {
          out("no refunds");
          return 0;
        }
        const rows = page.records.map((r) => [r.refundSn, r.orderNumber, refundSts(r.returnMoneySts), r.applyType === 2 ? "return" : "refund only", r.refundAmount, r.orderItems.map((i) => `${i.prodName} x${i.goodsNum}`).join(", "), time(r.applyTime)]);
        for (const line of table([["refund", "order", "status", "type", "amount", "goods", "applied"], ...rows])) out(line);
        out(`page ${page.current}/${page.pages}, ${page.total} refund(s)`);
        return 0;
      }
      case "refund": {
        need(1, "a refund number");
        const r = await client.call<RefundRow>("GET", `/merchant/refunds/${encodeURIComponent(args[0]!)}`);
        if (v.json) {
          out(JSON.stringify(r, null, 2));
          return 0;
        }
        out(`Refund ${r.refundSn}  order ${r.orderNumber}  ${r.applyType === 2 ? "return and refund" : "refund only"}  status ${refundSts(r.returnMoneySts)}`);
        out(`  amount ${r.refundAmount} (at most ${r.maxRefundAmount}), points ${r.refundScore}, reason ${r.buyerReason}, mobile ${r.buyerMobile}, applied ${time(r.applyTime)}`);
        for (const i of r.orderItems) out(`  ${i.orderItemId}  ${i.prodName} ${i.skuName}  x${i.goodsNum}`);
        if (r.buyerDesc) out(`  description: ${r.buyerDesc}`);
        if (r.photoFiles.length) out(`  images: ${r.photoFiles.join(" ")}`);
        if (r.rejectMessage) out(`  refused: ${r.rejectMessage}`);
        if (r.refundDelivery) out(`  return parcel: ${r.refundDelivery.expressName} ${r.refundDelivery.expressNo}`);
        if (r.dueAt) out(`  due ${time(r.dueAt)}`);
        return 0;
      }
      case "refund-accept":
      case "refund-refuse":
      case "refund-receive": {
        need(1, "a refund number (see: npm run ops -- refunds)");
        if (!/^\d+$/.test(args[0]!)) throw new UsageError("the refund number is digits");
        const action = command.slice("refund-".length);
        let body: Record<string, unknown> | undefined;
        if (action === "refuse") {
          if (v.reason === undefined) throw new UsageError("refund-refuse needs --reason");
          body = { reason: v.reason };
        } else if (action === "accept") body = { message: v.text ?? "" };
        await client.call("POST", `/merchant/refunds/${args[0]}/${action}`, body);
        out(`${action === "accept" ? "accepted" : action === "refuse" ? "refused" : "received the goods of"} refund ${args[0]}`);
        return 0;
      }
      case "applications": {
        need(0, "no arguments (use --status, --page, --size)");
        const q = new URLSearchParams();
        if (v.status !== undefined) {
          if (!["0", "1", "-1"].includes(v.status.trim())) throw new UsageError("--status is 0 (under review), 1 (approved) or -1 (rejected)");
          q.set("status", v.status.trim());
        }
        q.set("current", String(intOpt("page", v.page) ?? 1));
        q.set("size", String(intOpt("size", v.size) ?? 20));
        const page = await client.platform<{ records: PlatformApplicationDto[]; total: number; current: number; pages: number }>("GET", `/storeApplications?${q}`);
        if (v.json) {
          out(JSON.stringify(page, null, 2));
          return 0;
        }
        if (page.records.length === 0) {
          out("no applications");
          return 0;
        }
        const rows = page.records.map((a) => [String(a.applyId), applyStatus(a.status), a.shopName, a.username, a.mobile, time(a.submitTime), a.shopId === null ? "-" : `${a.shopId} ${shopStatusName(a.shopStatus)}`]);
        for (const line of table([["id", "status", "store", "applicant", "mobile", "submitted", "shop"], ...rows])) out(line);
        out(`page ${page.current}/${page.pages}, ${page.total} application(s)`);
        return 0;
      }
      case "application": {
        need(1, "an application id (see: npm run ops -- applications)");
        if (!/^\d+$/.test(args[0]!)) throw new UsageError("the application id is a number");
        const a = await client.platform<PlatformApplicationDto>("GET", `/storeApplications/${args[0]}`);
        if (v.json) {
          out(JSON.stringify(a, null, 2));
          return 0;
        }
        out(`Application ${a.applyId}  ${applyStatus(a.status)}  by ${a.username}${a.nickName ? ` (${a.nickName})` : ""}`);
        out(`  store ${a.shopName}  type ${a.type === 2 ? "preferred" : "general"}  mobile ${a.mobile}`);
        out(`  address ${a.province} ${a.city} ${a.area} ${a.addr}`);
        out(`  description ${a.intro}`);
        out(`  submitted ${time(a.submitTime)}  reviewed ${time(a.reviewTime)}`);
        if (a.rejectReason) out(`  rejected because: ${a.rejectReason}`);
        out("  images:");
        for (const [label, p] of [["logo", a.shopLogo], ["business licence", a.businessLicense], ["ID card front", a.identityCardFront], ["ID card back", a.identityCardLater]] as const) out(`    ${label}: ${client.url}${p}`);
        if (a.shopId !== null) out(`  shop ${a.shopId}  ${shopStatusName(a.shopStatus)}  store account ${a.storeAccount ?? "(not set yet)"}`);
        return 0;
      }
      case "approve": {
        need(1, "an application id");
        if (!/^\d+$/.test(args[0]!)) throw new UsageError("the application id is a number");
        const r = await client.platform<{ shopId: number; shopStatus: number }>("POST", `/storeApplications/${args[0]}/approve`, { open: v.open === true });
        out(v.json ? JSON.stringify(r) : `approved application ${args[0]}: shop ${r.shopId} created (${shopStatusName(r.shopStatus)})`);
        return 0;
      }
      case "reject": {
        need(1, "an application id");
        if (!/^\d+$/.test(args[0]!)) throw new UsageError("the application id is a number");
        if (v.reason === undefined) throw new UsageError("reject needs --reason \"…\"");
        await client.platform("POST", `/storeApplications/${args[0]}/reject`, { reason: v.reason });
        out(`rejected application ${args[0]}`);
        return 0;
      }
      case "shop": {
        if (args.length !== 2 || !["open", "offline", "suspend", "reopen"].includes(args[0]!)) throw new UsageError("use: shop <open|offline|suspend> <shopId>");
        if (!/^\d+$/.test(args[1]!)) throw new UsageError("the shop id is a number");
        const action = args[0] === "reopen" ? "open" : args[0]!;
        const r = await client.platform<{ shopId: number; shopStatus: number }>("POST", `/shops/${args[1]}/${action}`);
        out(v.json ? JSON.stringify(r) : `shop ${r.shopId} is now ${shopStatusName(r.shopStatus)}`);
        return 0;
      }
      case "jobs": {
        if (args[0] !== "run" || args.length !== 1) throw new UsageError("jobs has one subcommand: jobs run");
        return await jobsRun(v, io, client);
      }
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`error: ${err.message}`);
      io.err("see: npm run ops -- help");
      return 2;
    }
    if (err instanceof OpsError) {
      io.err(`error: ${err.message}`);
      return 1;
    }
    io.err(`error: ${(err as Error)?.stack ?? String(err)}`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  runOps(process.argv.slice(2), { out: (l) => console.log(l), err: (l) => console.error(l), env: process.env }).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
