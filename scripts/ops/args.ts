/**
 * The ops CLI's shared argument parsing (scripts/ops/main.ts): every option of every command,
 * the two errors a command may throw, and the argument shapes several features read (whole
 * numbers, times, product ids, activity SKUs).
 */
import { parseArgs } from "node:util";

/** Bad command line: exit code 2 and a pointer to the help. */
export class UsageError extends Error {}
/** The mall refused or could not be reached: exit code 1. */
export class OpsError extends Error {}

/** The mall's address when neither --url nor MALL_URL is given. */
export const DEFAULT_URL = "http://localhost:4321";

export const OPTIONS = {
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
  delta: { type: "string" },
  price: { type: "string" },
  "dry-run": { type: "boolean" },
  restart: { type: "boolean" },
  chunk: { type: "string" },
  brand: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** The options' part of the help text. */
export const OPTIONS_USAGE = `Options
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

export type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>["values"];

/** A negative number as a separate word ("--delta -5"): node's parser would take it for an option. */
const NEGATIVE_NUMBER = /^-\d+(?:\.\d+)?$/;

/**
 * The command line with a negative number after an option that takes a value joined to it
 * ("--delta -5" → "--delta=-5"), as node's parser wants it.
 */
export function joinNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    const name = word.startsWith("--") && !word.includes("=") ? word.slice(2) : null;
    const takesValue = name !== null && name in OPTIONS && OPTIONS[name as keyof typeof OPTIONS].type === "string";
    const next = argv[i + 1];
    if (takesValue && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      out.push(`${word}=${next}`);
      i++;
    } else out.push(word);
  }
  return out;
}

/** The options and the positionals (command first) of a command line; throws on an unknown option. */
export function parseCommandLine(argv: string[]): { values: Values; positionals: string[] } {
  return parseArgs({ args: joinNegativeValues(argv), options: OPTIONS, allowPositionals: true, strict: true });
}

export function intOpt(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v.trim())) throw new UsageError(`--${name} must be a whole number`);
  return Number(v);
}

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
  const rows = s
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => shape.exec(p));
  if (rows.length === 0 || rows.some((m) => !m))
    throw new UsageError(`--skus: ${withUnits ? "<skuId>:<price>:<units>" : "<skuId>:<price>"} separated by commas`);
  return rows.map((m) => ({ skuId: Number(m![1]), price: m![2]!, ...(withUnits ? { stocks: Number(m![3]) } : {}) }));
}

/** "12,13" → [12, 13]. */
export function parseIds(name: string, s: string): number[] {
  const ids = s
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (ids.length === 0 || ids.some((p) => !/^\d+$/.test(p)))
    throw new UsageError(`--${name}: product ids separated by commas`);
  return ids.map(Number);
}

/** Adds the page of a list to its query: current (--page, default 1) and size (--size, default 20). */
export function addPage(q: URLSearchParams, v: Pick<Values, "page" | "size">): URLSearchParams {
  q.set("current", String(intOpt("page", v.page) ?? 1));
  q.set("size", String(intOpt("size", v.size) ?? 20));
  return q;
}

/** The query of the coupon and discount lists: state (when given), page and size. */
export function stateListQuery(v: Pick<Values, "state" | "page" | "size">): URLSearchParams {
  const q = new URLSearchParams();
  const st = intOpt("state", v.state);
  if (st !== undefined) q.set("state", String(st));
  return addPage(q, v);
}
