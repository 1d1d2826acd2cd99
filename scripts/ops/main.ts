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
 *   npm run ops -- image-backfill [--limit N]
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
 *   npm run ops -- synonyms | synonym-add <word> <word>… [--brand <brandId>] | synonym-remove <id>
 *   npm run ops -- coupons | coupon-create … | coupon-stop <id>   [--platform]
 *   npm run ops -- discounts | discount-create … | discount-stop <id>
 *   npm run ops -- flash-session-create … | flash-create … | flashes | flash-end <id>
 *   npm run ops -- group-create … | group-teams [--activity <id>] | group-end <id>
 *   npm run ops -- renovations | renovation-create --file blocks.json | renovation-preview --file …
 *                   | renovation-publish <id> | renovation-unpublish <id> …   [--platform]
 *
 * Each feature's commands live in scripts/ops/<feature>.ts (named as its src/server/domain
 * folder) with their lines of the help text; this entry parses the command line, looks the
 * command up and maps errors to exit codes. Every command is a function of (argv, io) so the
 * tests drive it against the in-process API (io.fetch) and a test database (io.openDb).
 * Exit codes: 0 done, 1 refused or failed, 2 usage.
 */
import { pathToFileURL } from "node:url";
import { DEFAULT_URL, OPTIONS_USAGE, OpsError, parseCommandLine, UsageError, type Values } from "./args.ts";
import { Client, type OpsIO } from "./client.ts";
import { USAGE_SECTIONS, type OpsCommand } from "./command.ts";
import { tokenFilePath } from "./token-cache.ts";
import * as chat from "./chat.ts";
import * as coupon from "./coupon.ts";
import * as discount from "./discount.ts";
import * as flashSale from "./flash-sale.ts";
import * as groupBuy from "./group-buy.ts";
import * as image from "./image.ts";
import * as invoice from "./invoice.ts";
import * as jobs from "./jobs.ts";
import * as ledger from "./ledger.ts";
import * as merchant from "./merchant.ts";
import * as order from "./order.ts";
import * as product from "./product.ts";
import * as refund from "./refund.ts";
import * as renovation from "./renovation.ts";
import * as review from "./review.ts";
import * as storeApplication from "./store-application.ts";
import * as catalog from "./catalog.ts";

export type { OpsIO } from "./client.ts";

const HELP: OpsCommand = {
  name: "help",
  section: "tools",
  usage: ["  help                          this text"],
  run: async ({ io }) => {
    io.out(USAGE);
    return 0;
  },
};

/** Every command, in the order the help text lists them within a section. */
const COMMANDS: readonly OpsCommand[] = [
  merchant,
  order,
  product,
  review,
  invoice,
  refund,
  renovation,
  storeApplication,
  catalog,
  ledger,
  coupon,
  discount,
  flashSale,
  groupBuy,
  chat,
  jobs,
  image,
]
  .flatMap((feature) => feature.commands)
  .concat(HELP);

const BY_NAME = new Map(COMMANDS.map((c) => [c.name, c]));

const USAGE = [
  "Mall ops CLI — usage: npm run ops -- <command> [options]",
  "",
  ...USAGE_SECTIONS.flatMap((s) => [
    ...(s.title ? [s.title] : []),
    ...COMMANDS.filter((c) => c.section === s.id).flatMap((c) => c.usage),
    ...(s.footer ?? []),
  ]),
  "",
  OPTIONS_USAGE,
].join("\n");

/** Runs one CLI command; answers the exit code. */
export async function runOps(argv: string[], io: OpsIO): Promise<number> {
  let v: Values;
  let positionals: string[];
  try {
    ({ values: v, positionals } = parseCommandLine(argv));
  } catch (err) {
    io.err(`error: ${(err as Error).message}`);
    io.err("see: npm run ops -- help");
    return 2;
  }
  const [command = "help", ...args] = positionals;
  const url = (v.url ?? io.env.MALL_URL ?? DEFAULT_URL).replace(/\/+$/, "");
  const client = new Client(url, v, io, tokenFilePath(v, io.env));
  const need = (n: number, what: string) => {
    if (args.length !== n) throw new UsageError(`${command} needs ${what}`);
  };
  try {
    const found = v.help ? HELP : BY_NAME.get(command);
    if (!found) throw new UsageError(`unknown command "${command}"`);
    return await found.run({ command, args, v, io, client, url, need });
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
