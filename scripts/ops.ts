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
 *   npm run ops -- chat list | chat read <conversationId> | chat reply <conversationId> --text "…" [--platform]
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
 *   npm run ops -- coupons | coupon-create … | coupon-stop <id>   [--platform]
 *   npm run ops -- discounts | discount-create … | discount-stop <id>
 *   npm run ops -- flash-session-create … | flash-create … | flashes | flash-end <id>
 *   npm run ops -- group-create … | group-teams [--activity <id>] | group-end <id>
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
import { DELIVERY_COMPANIES, DeliveryState } from "../src/lib/order/order-types.ts";
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
                                2 accepted, 3 goods sent back, 4 received, 5 refunded, 6 withdrawn, 7 refused,
                                8 refunding (payment provider), -1 closed
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
  adjust <user>                 add to or take from a buyer's points or balance (user: username,
                                mobile or user id): --points=<±n> | --balance=<±amount>, --reason "…"
                                (1-200 characters; ledger source "adjustment")
Coupons and limited-time discounts (the logged-in shop's; with --platform the platform's coupons)
  coupons [--state 0|1|2]       coupons, newest first (0 all, 1 live or upcoming, 2 ended or stopped; --page, --size)
  coupon-create                 new coupon: --name "…" --type cash --reduce 10 [--min 100] | --type discount --rate 8.5
                                --stock 500 [--per-user 1] --until <time> [--from <time>]      (claiming)
                                --valid-days 7 [--after-days 0] | --valid-from <time> --valid-to <time>
                                [--products 12,13 | --exclude 12,13]
  coupon-stop <couponId>        stop issuing (coupons already claimed stay usable)
  discounts [--state 0|1|2]     limited-time discounts, newest first (--page, --size)
  discount-create               new discount: --name "…" --rule spend-save|buy-save|spend-off|buy-off (or 0-3)
                                --tiers <need>:<value>,… (e.g. 100:10,200:25; rates like 3:8.5) --until <time>
                                [--from <time>] [--repeat] [--cap 50] [--products 12,13]
  discount-stop <discountId>    end a discount now
                                times: ISO 8601 (2026-12-01T00:00:00Z) or from now: +30m, +12h, +7d
Flash sale and group buy (the logged-in shop's; docs/group-buy-flash-sale.md)
  flash-session-create          new session (time slot): --from <time> --until <time> (at most 24 hours)
  flash-create                  new flash activity: --session <id> --product <prodId>
                                --skus <skuId>:<price>:<units>,... [--per-user N (default: no limit)] [--pay-minutes 5]
  flashes                       the shop's flash activities: id, product, window, price, units left / total
  flash-end <seckillId>         end a flash activity now
  group-create                  new group buy: --product <prodId> --skus <skuId>:<price>,... --team-size N --until <time>
                                [--from <time>] [--per-user N] [--team-hours 24]
  group-teams [--activity <id>] the shop's teams: id, activity, status, seats taken / size, paid, end
  group-end <groupActivityId>   end a group buy now (open teams still fill or fail at their end)
Chat (docs/chat.md; as the logged-in shop, or the official service with --platform)
  chat list                     conversations, newest first (--page, --size): id, buyer, unread, last message
  chat read <conversationId>    the latest messages (--size, default 20; --before <msgId> for earlier ones),
                                marks them read
  chat reply <conversationId>   answer: --text "…" (1-500 characters); reaches the buyer's socket at once
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
  --platform          coupons, coupon-create, coupon-stop: the platform's coupons (platform token)
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
  points: { type: "string" },
  balance: { type: "string" },
  "platform-token": { type: "string" },
  platform: { type: "boolean" },
  before: { type: "string" },
  name: { type: "string" },
  type: { type: "string" },
  reduce: { type: "string" },
  rate: { type: "string" },
  min: { type: "string" },
  stock: { type: "string" },
  "per-user": { type: "string" },
  from: { type: "string" },
  until: { type: "string" },
  "valid-days": { type: "string" },
  "after-days": { type: "string" },
  "valid-from": { type: "string" },
  "valid-to": { type: "string" },
  products: { type: "string" },
  exclude: { type: "string" },
  rule: { type: "string" },
  tiers: { type: "string" },
  repeat: { type: "boolean" },
  cap: { type: "string" },
  session: { type: "string" },
  product: { type: "string" },
  skus: { type: "string" },
  "pay-minutes": { type: "string" },
  "team-size": { type: "string" },
  "team-hours": { type: "string" },
  activity: { type: "string" },
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
// Coupons and discounts
// ---------------------------------------------------------------------------------------------

/** "2026-12-01T00:00:00Z" as it is; "+30m", "+12h", "+7d" from `now`. */
export function timeArg(name: string, s: string, now: Date): string {
  const m = /^\+(\d{1,4})([mhd])$/.exec(s.trim());
  if (!m) {
    if (Number.isNaN(new Date(s).getTime())) throw new UsageError(`--${name}: use an ISO 8601 time or +30m, +12h, +7d`);
    return s.trim();
  }
  const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as "m" | "h" | "d"];
  return new Date(now.getTime() + Number(m[1]) * unit).toISOString();
}

/** "<skuId>:<price>[:<units>],..." → SKU rows of a flash (with units) or group activity. */
export function parseActivitySkus(s: string, withUnits: boolean): { skuId: number; price: string; stocks?: number }[] {
  const shape = withUnits ? /^(\d+):(\d+(?:\.\d{1,2})?):(\d+)$/ : /^(\d+):(\d+(?:\.\d{1,2})?)$/;
  const rows = s.split(",").map((p) => p.trim()).filter(Boolean).map((p) => shape.exec(p));
  if (rows.length === 0 || rows.some((m) => !m)) throw new UsageError(`--skus: ${withUnits ? "<skuId>:<price>:<units>" : "<skuId>:<price>"} separated by commas`);
  return rows.map((m) => ({ skuId: Number(m![1]), price: m![2]!, ...(withUnits ? { stocks: Number(m![3]) } : {}) }));
}

/** "12,13" → [12, 13]. */
export function parseIds(name: string, s: string): number[] {
  const ids = s.split(",").map((p) => p.trim()).filter(Boolean);
  if (ids.length === 0 || ids.some((p) => !/^\d+$/.test(p))) throw new UsageError(`--${name}: product ids separated by commas`);
  return ids.map(Number);
}

const RULE_NAMES: Record<string, number> = { "spend-save": 0, "buy-save": 1, "spend-off": 2, "buy-off": 3 };
const RULE_LABELS = ["spend X save Y", "buy N save Y", "spend X get Z/10 price", "buy N get Z/10 price"];

export function parseRule(s: string): number {
  const v = s.trim().toLowerCase();
  if (/^[0-3]$/.test(v)) return Number(v);
  const n = RULE_NAMES[v];
  if (n === undefined) throw new UsageError(`unknown rule "${s}" (use ${Object.keys(RULE_NAMES).join(", ")} or 0-3)`);
  return n;
}

/** "100:10,200:25" → tiers (need:value; the mall checks the numbers). */
export function parseTiers(s: string): { needAmount: string; discount: string }[] {
  return s.split(",").map((p) => p.trim()).filter(Boolean).map((p) => {
    const m = /^([\d.]+):([\d.]+)$/.exec(p);
    if (!m) throw new UsageError(`bad tier "${p}": use <need>:<value>, e.g. 100:10 or 3:8.5`);
    return { needAmount: m[1]!, discount: m[2]! };
  });
}

/** The body of POST /merchant/coupons from the options (the mall checks it with the shared rule). */
export function couponBody(v: Values, now: Date): Record<string, unknown> {
  if (!v.name) throw new UsageError("coupon-create needs --name");
  const type = (v.type ?? "").trim().toLowerCase();
  if (!["cash", "1", "discount", "2"].includes(type)) throw new UsageError("coupon-create needs --type cash or --type discount");
  const cash = type === "cash" || type === "1";
  if (cash && v.reduce === undefined) throw new UsageError("a cash coupon needs --reduce <amount>");
  if (!cash && v.rate === undefined) throw new UsageError("a discount coupon needs --rate <0.1-9.9>");
  if (v.stock === undefined) throw new UsageError("coupon-create needs --stock <how many>");
  if (v.until === undefined) throw new UsageError("coupon-create needs --until <time> (end of claiming)");
  if (v.products && v.exclude) throw new UsageError("use either --products or --exclude");
  const fixed = v["valid-from"] !== undefined || v["valid-to"] !== undefined;
  if (fixed && (v["valid-days"] !== undefined || v["after-days"] !== undefined)) throw new UsageError("use either --valid-days or --valid-from/--valid-to");
  if (fixed && (!v["valid-from"] || !v["valid-to"])) throw new UsageError("a fixed validity needs --valid-from and --valid-to");
  if (!fixed && v["valid-days"] === undefined) throw new UsageError("coupon-create needs --valid-days N (or --valid-from/--valid-to)");
  const body: Record<string, unknown> = {
    couponName: v.name,
    couponType: cash ? 1 : 2,
    cashCondition: v.min ?? "0",
    stocks: v.stock,
    limitNum: v["per-user"] ?? "1",
    overTime: timeArg("until", v.until, now),
    suitableProdType: v.products ? 1 : v.exclude ? 2 : 0,
    prodIds: v.products ? parseIds("products", v.products) : v.exclude ? parseIds("exclude", v.exclude) : [],
    validTimeType: fixed ? 1 : 2,
  };
  if (cash) body.reduceAmount = v.reduce;
  else body.couponDiscount = v.rate;
  if (v.from) body.launchTime = timeArg("from", v.from, now);
  if (fixed) {
    body.startTime = timeArg("valid-from", v["valid-from"]!, now);
    body.endTime = timeArg("valid-to", v["valid-to"]!, now);
  } else {
    body.validDays = v["valid-days"];
    body.afterReceiveDays = v["after-days"] ?? "0";
  }
  return body;
}

/** The body of POST /merchant/discounts from the options. */
export function discountBody(v: Values, now: Date): Record<string, unknown> {
  if (!v.name) throw new UsageError("discount-create needs --name");
  if (v.rule === undefined) throw new UsageError("discount-create needs --rule");
  if (v.tiers === undefined) throw new UsageError("discount-create needs --tiers <need>:<value>,…");
  if (v.until === undefined) throw new UsageError("discount-create needs --until <time>");
  const body: Record<string, unknown> = {
    discountName: v.name,
    discountRule: parseRule(v.rule),
    discountType: v.repeat ? 1 : 0,
    discountItems: parseTiers(v.tiers),
    endTime: timeArg("until", v.until, now),
    suitableProdType: v.products ? 1 : 0,
    prodIds: v.products ? parseIds("products", v.products) : [],
  };
  if (v.cap !== undefined) body.maxReduceAmount = v.cap;
  if (v.from) body.startTime = timeArg("from", v.from, now);
  return body;
}

interface ManagedCouponRow {
  couponId: number; couponName: string; couponType: number; cashCondition: string; reduceAmount: string | null; couponDiscount: string | null;
  suitableProdType: number; prodIds: number[]; validTimeType: number; startTime: string | null; endTime: string | null; afterReceiveDays: number; validDays: number;
  launchTime: string; overTime: string; limitNum: number; stocks: number; sourceStock: number; claimed: number; state: string;
}
interface ManagedDiscountRow {
  discountId: number; discountName: string; discountRule: number; discountType: number; maxReduceAmount: string | null; suitableProdType: number; prodIds: number[];
  startTime: string; endTime: string; state: string; discountItems: { needAmount: string; discount: string }[];
}
type ManagedPage<T> = { records: T[]; total: number; current: number; pages: number };

function couponRows(page: ManagedPage<ManagedCouponRow>): string[][] {
  const scope = (c: ManagedCouponRow) => (c.suitableProdType === 0 ? "all" : `${c.suitableProdType === 1 ? "only" : "not"} ${c.prodIds.join(",")}`);
  const valid = (c: ManagedCouponRow) => (c.validTimeType === 1 ? `${time(c.startTime)} – ${time(c.endTime)}` : `${c.validDays}d${c.afterReceiveDays ? ` after ${c.afterReceiveDays}d` : ""}`);
  return page.records.map((c) => [
    String(c.couponId), c.state, c.couponName, c.couponType === 1 ? `-${c.reduceAmount}` : `${c.couponDiscount}/10`, c.cashCondition, scope(c),
    `${c.claimed}/${c.sourceStock}`, String(c.limitNum), `${time(c.launchTime)} – ${time(c.overTime)}`, valid(c),
  ]);
}

function discountRows(page: ManagedPage<ManagedDiscountRow>): string[][] {
  return page.records.map((d) => [
    String(d.discountId), d.state, d.discountName, RULE_LABELS[d.discountRule] ?? String(d.discountRule),
    d.discountItems.map((t) => `${t.needAmount}:${t.discount}`).join(",") + (d.discountType === 1 ? " (repeat)" : ""),
    d.maxReduceAmount ?? "-", d.suitableProdType === 0 ? "all" : d.prodIds.join(","), time(d.startTime), time(d.endTime),
  ]);
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
// Chat
// ---------------------------------------------------------------------------------------------

interface ChatConversationRow { conversationId: number; userId: string; friendName: string; unread: number; latestMsg: string | null; type: number | null; timeStr: string | null }
interface ChatMessageRow { msgId: number; from: "user" | "agent"; msgType: number; content: string; createTime: string }

/** One line of a message: time, who, and the text (pictures and cards described). */
export function chatLine(m: ChatMessageRow, buyer: string): string {
  const who = m.from === "user" ? buyer : "agent";
  let body = m.content;
  if (m.msgType === 1) body = `[picture] ${m.content}`;
  else if (m.msgType === 2 || m.msgType === 3) {
    try {
      const card = JSON.parse(m.content) as { prodId?: number; orderNumber?: string; prodName?: { en?: string }; price?: string; actualTotal?: string };
      body = m.msgType === 2 ? `[product #${card.prodId}] ${card.prodName?.en ?? ""} ¥${card.price ?? ""}` : `[order ${card.orderNumber}] ${card.prodName?.en ?? ""} ¥${card.actualTotal ?? ""}`;
    } catch {
      body = "[card]";
    }
  }
  return `#${m.msgId}  ${time(m.createTime)}  ${who}: ${body}`;
}

async function chatCommand(args: string[], v: Values, io: OpsIO, client: Client): Promise<number> {
  const [sub, id, ...rest] = args;
  const call = <T>(method: string, p: string, body?: unknown) => (v.platform ? client.platform<T>(method, `/chat${p}`, body) : client.call<T>(method, `/merchant/chat${p}`, body));
  const out = io.out;
  if (sub === "list" && id === undefined) {
    const q = new URLSearchParams({ current: String(intOpt("page", v.page) ?? 1), size: String(intOpt("size", v.size) ?? 20) });
    const page = await call<{ records: ChatConversationRow[]; total: number; current: number; pages: number }>("GET", `/conversations?${q}`);
    if (v.json) {
      out(JSON.stringify(page, null, 2));
      return 0;
    }
    if (page.records.length === 0) {
      out("no conversations");
      return 0;
    }
    const rows = page.records.map((c) => [String(c.conversationId), c.friendName, String(c.unread), time(c.timeStr), (c.type === 1 ? "[picture]" : (c.latestMsg ?? "")).replace(/\s+/g, " ").slice(0, 40)]);
    for (const line of table([["id", "buyer", "unread", "last", "message"], ...rows])) out(line);
    out(`page ${page.current}/${page.pages}, ${page.total} conversation(s)`);
    return 0;
  }
  if (!id || !/^\d+$/.test(id) || rest.length > 0) throw new UsageError("use: chat list | chat read <conversationId> | chat reply <conversationId> --text \"…\"");
  if (sub === "read") {
    const q = new URLSearchParams({ size: String(intOpt("size", v.size) ?? 20) });
    const before = intOpt("before", v.before);
    if (before !== undefined) q.set("before", String(before));
    const page = await call<{ records: ChatMessageRow[]; hasMore: boolean; conversation: ChatConversationRow }>("GET", `/conversations/${id}/messages?${q}`);
    await call("POST", `/conversations/${id}/read`, {});
    if (v.json) {
      out(JSON.stringify(page, null, 2));
      return 0;
    }
    out(`conversation #${id} with ${page.conversation.friendName}${page.hasMore ? ` (earlier: --before ${page.records[0]?.msgId})` : ""}`);
    if (page.records.length === 0) out("no messages");
    for (const m of page.records) out(chatLine(m, page.conversation.friendName));
    return 0;
  }
  if (sub === "reply") {
    if (v.text === undefined) throw new UsageError("chat reply needs --text");
    const m = await call<ChatMessageRow>("POST", `/conversations/${id}/messages`, { msgType: 0, content: v.text });
    out(v.json ? JSON.stringify(m) : `sent #${m.msgId} to conversation #${id}`);
    return 0;
  }
  throw new UsageError("use: chat list | chat read <conversationId> | chat reply <conversationId> --text \"…\"");
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
const REFUND_STS: Record<number, string> = { 1: "waiting", 2: "accepted", 3: "goods sent back", 4: "received", 5: "refunded", 6: "withdrawn", 7: "refused", 8: "refunding (payment provider)", [-1]: "closed" };
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
      case "adjust": {
        need(1, "a user (username, mobile or user id)");
        if ((v.points === undefined) === (v.balance === undefined)) throw new UsageError("adjust needs either --points <±n> or --balance <±amount>");
        if (v.reason === undefined) throw new UsageError("adjust needs --reason \"…\"");
        const kind = v.points !== undefined ? "points" : "balance";
        const r = await client.platform<{ username: string; change: string; score: number; balance: string }>("POST", `/users/${encodeURIComponent(args[0]!)}/adjust`, {
          kind, amount: v.points ?? v.balance, reason: v.reason,
        });
        out(v.json ? JSON.stringify(r) : `adjusted ${kind} of ${r.username} by ${r.change}: now ${r.score} points, balance ${r.balance}`);
        return 0;
      }
      case "coupons":
      case "discounts": {
        need(0, "no arguments (use --state, --page, --size)");
        const q = new URLSearchParams();
        const st = intOpt("state", v.state);
        if (st !== undefined) q.set("state", String(st));
        q.set("current", String(intOpt("page", v.page) ?? 1));
        q.set("size", String(intOpt("size", v.size) ?? 20));
        if (command === "coupons") {
          const page = v.platform
            ? await client.platform<ManagedPage<ManagedCouponRow>>("GET", `/coupons?${q}`)
            : await client.call<ManagedPage<ManagedCouponRow>>("GET", `/merchant/coupons?${q}`);
          if (v.json) out(JSON.stringify(page, null, 2));
          else if (page.records.length === 0) out("no coupons");
          else {
            for (const line of table([["id", "state", "name", "value", "min", "products", "claimed", "per user", "claiming", "valid"], ...couponRows(page)])) out(line);
            out(`page ${page.current}/${page.pages}, ${page.total} coupon(s)`);
          }
          return 0;
        }
        if (v.platform) throw new UsageError("discounts belong to shops: log in as the shop (no --platform)");
        const page = await client.call<ManagedPage<ManagedDiscountRow>>("GET", `/merchant/discounts?${q}`);
        if (v.json) out(JSON.stringify(page, null, 2));
        else if (page.records.length === 0) out("no discounts");
        else {
          for (const line of table([["id", "state", "name", "rule", "tiers", "cap", "products", "from", "until"], ...discountRows(page)])) out(line);
          out(`page ${page.current}/${page.pages}, ${page.total} discount(s)`);
        }
        return 0;
      }
      case "coupon-create": {
        need(0, "no arguments (see: npm run ops -- help)");
        const body = couponBody(v, new Date());
        const r = v.platform
          ? await client.platform<{ couponId: number }>("POST", "/coupons", body)
          : await client.call<{ couponId: number }>("POST", "/merchant/coupons", body);
        out(v.json ? JSON.stringify(r) : `created ${v.platform ? "platform " : ""}coupon ${r.couponId}`);
        return 0;
      }
      case "discount-create": {
        need(0, "no arguments (see: npm run ops -- help)");
        if (v.platform) throw new UsageError("discounts belong to shops: log in as the shop (no --platform)");
        const r = await client.call<{ discountId: number }>("POST", "/merchant/discounts", discountBody(v, new Date()));
        out(v.json ? JSON.stringify(r) : `created discount ${r.discountId}`);
        return 0;
      }
      case "coupon-stop":
      case "discount-stop": {
        const kind = command === "coupon-stop" ? "coupon" : "discount";
        need(1, `a ${kind} id (see: npm run ops -- ${kind}s)`);
        if (!/^\d+$/.test(args[0]!)) throw new UsageError(`the ${kind} id is a number`);
        if (kind === "coupon" && v.platform) await client.platform("POST", `/coupons/${args[0]}/stop`);
        else if (v.platform) throw new UsageError("discounts belong to shops: log in as the shop (no --platform)");
        else await client.call("POST", `/merchant/${kind}s/${args[0]}/stop`);
        out(`stopped ${v.platform ? "platform " : ""}${kind} ${args[0]}`);
        return 0;
      }
      case "flash-session-create": {
        need(0, "no arguments (use --from, --until)");
        if (!v.from || !v.until) throw new UsageError("flash-session-create needs --from and --until");
        const now = new Date();
        const r = await client.call<{ sessionId: number }>("POST", "/merchant/flash/sessions", { startTime: timeArg("from", v.from, now), endTime: timeArg("until", v.until, now) });
        out(v.json ? JSON.stringify(r) : `created flash session ${r.sessionId}`);
        return 0;
      }
      case "flash-create": {
        need(0, "no arguments (see: npm run ops -- help)");
        if (!v.session || !v.product || !v.skus) throw new UsageError("flash-create needs --session, --product and --skus");
        const r = await client.call<{ seckillId: number }>("POST", "/merchant/flash/activities", {
          sessionId: intOpt("session", v.session), prodId: intOpt("product", v.product), maxNum: intOpt("per-user", v["per-user"]) ?? -1,
          payMinutes: intOpt("pay-minutes", v["pay-minutes"]) ?? 5, skus: parseActivitySkus(v.skus, true),
        });
        out(v.json ? JSON.stringify(r) : `created flash activity ${r.seckillId}`);
        return 0;
      }
      case "flashes": {
        need(0, "no arguments");
        const list = await client.call<{ seckillId: number; prodId: number; prodName: string; startTime: string; endTime: string; activityStatus: number; seckillPrice: string; seckillTotalStocks: number; seckillOriginStocks: number }[]>("GET", "/merchant/flash/activities");
        if (v.json) out(JSON.stringify(list, null, 2));
        else if (list.length === 0) out("no flash activities");
        else {
          const st = ["", "upcoming", "live", "ended"];
          for (const line of table([["id", "state", "product", "from", "until", "price", "units left"], ...list.map((a) => [
            String(a.seckillId), st[a.activityStatus] ?? "", `${a.prodId} ${a.prodName}`, a.startTime, a.endTime, a.seckillPrice, `${a.seckillTotalStocks}/${a.seckillOriginStocks}`,
          ])])) out(line);
        }
        return 0;
      }
      case "group-create": {
        need(0, "no arguments (see: npm run ops -- help)");
        if (!v.product || !v.skus || !v["team-size"] || !v.until) throw new UsageError("group-create needs --product, --skus, --team-size and --until");
        const now = new Date();
        const r = await client.call<{ groupActivityId: number }>("POST", "/merchant/group/activities", {
          prodId: intOpt("product", v.product), groupNumber: intOpt("team-size", v["team-size"]), maxNum: intOpt("per-user", v["per-user"]) ?? -1,
          teamHours: intOpt("team-hours", v["team-hours"]) ?? 24, startTime: v.from ? timeArg("from", v.from, now) : now.toISOString(), endTime: timeArg("until", v.until, now),
          skus: parseActivitySkus(v.skus, false).map((x) => ({ skuId: x.skuId, actPrice: x.price })),
        });
        out(v.json ? JSON.stringify(r) : `created group buy ${r.groupActivityId}`);
        return 0;
      }
      case "group-teams": {
        need(0, "no arguments (use --activity)");
        const q = v.activity ? `?groupActivityId=${intOpt("activity", v.activity)}` : "";
        const list = await client.call<{ groupTeamId: number; groupActivityId: number; status: number; groupNumber: number; seats: number; joinNum: number; endTime: string | null }[]>("GET", `/merchant/group/teams${q}`);
        if (v.json) out(JSON.stringify(list, null, 2));
        else if (list.length === 0) out("no teams");
        else {
          const st = ["awaiting", "grouping", "succeeded", "failed"];
          for (const line of table([["id", "activity", "status", "seats", "paid", "ends"], ...list.map((tm) => [
            String(tm.groupTeamId), String(tm.groupActivityId), st[tm.status] ?? "", `${tm.seats}/${tm.groupNumber}`, String(tm.joinNum), tm.endTime ?? "",
          ])])) out(line);
        }
        return 0;
      }
      case "flash-end":
      case "group-end": {
        need(1, "an activity id");
        if (!/^\d+$/.test(args[0]!)) throw new UsageError("the activity id is a number");
        await client.call("POST", command === "flash-end" ? `/merchant/flash/activities/${args[0]}/end` : `/merchant/group/activities/${args[0]}/end`);
        out(`ended ${command === "flash-end" ? "flash activity" : "group buy"} ${args[0]}`);
        return 0;
      }
      case "chat":
        return await chatCommand(args, v, io, client);
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
