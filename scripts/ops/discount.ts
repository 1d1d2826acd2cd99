/** Limited-time discounts in the ops CLI: the shop's discounts, creating and ending one. */
import { parseIds, stateListQuery, timeArg, UsageError, type Values } from "./args.ts";
import type { OpsCommand } from "./command.ts";
import { printPage, table, time, type ListPage } from "./output.ts";

const RULE_NAMES: Record<string, number> = { "spend-save": 0, "buy-save": 1, "spend-off": 2, "buy-off": 3 };
const RULE_LABELS = ["spend X save Y", "buy N save Y", "spend X get Z/10 price", "buy N get Z/10 price"];
const SHOPS_ONLY = "discounts belong to shops: log in as the shop (no --platform)";

export function parseRule(s: string): number {
  const v = s.trim().toLowerCase();
  if (/^[0-3]$/.test(v)) return Number(v);
  const n = RULE_NAMES[v];
  if (n === undefined) throw new UsageError(`unknown rule "${s}" (use ${Object.keys(RULE_NAMES).join(", ")} or 0-3)`);
  return n;
}

/** "100:10,200:25" → tiers (need:value; the mall checks the numbers). */
export function parseTiers(s: string): { needAmount: string; discount: string }[] {
  return s
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const m = /^([\d.]+):([\d.]+)$/.exec(p);
      if (!m) throw new UsageError(`bad tier "${p}": use <need>:<value>, e.g. 100:10 or 3:8.5`);
      return { needAmount: m[1]!, discount: m[2]! };
    });
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

interface ManagedDiscountRow {
  discountId: number;
  discountName: string;
  discountRule: number;
  discountType: number;
  maxReduceAmount: string | null;
  suitableProdType: number;
  prodIds: number[];
  startTime: string;
  endTime: string;
  state: string;
  discountItems: { needAmount: string; discount: string }[];
}

function discountRows(records: ManagedDiscountRow[]): string[][] {
  return records.map((d) => [
    String(d.discountId),
    d.state,
    d.discountName,
    RULE_LABELS[d.discountRule] ?? String(d.discountRule),
    d.discountItems.map((t) => `${t.needAmount}:${t.discount}`).join(",") + (d.discountType === 1 ? " (repeat)" : ""),
    d.maxReduceAmount ?? "-",
    d.suitableProdType === 0 ? "all" : d.prodIds.join(","),
    time(d.startTime),
    time(d.endTime),
  ]);
}

export const commands: OpsCommand[] = [
  {
    name: "discounts",
    section: "offers",
    usage: ["  discounts [--state 0|1|2]     limited-time discounts, newest first (--page, --size)"],
    async run({ v, io, client, need }) {
      need(0, "no arguments (use --state, --page, --size)");
      const q = stateListQuery(v);
      if (v.platform) throw new UsageError(SHOPS_ONLY);
      const page = await client.call<ListPage<ManagedDiscountRow>>("GET", `/merchant/discounts?${q}`);
      printPage(io.out, v.json, page, "discount", (records) =>
        table([["id", "state", "name", "rule", "tiers", "cap", "products", "from", "until"], ...discountRows(records)]),
      );
      return 0;
    },
  },
  {
    name: "discount-create",
    section: "offers",
    usage: [
      '  discount-create               new discount: --name "…" --rule spend-save|buy-save|spend-off|buy-off (or 0-3)',
      "                                --tiers <need>:<value>,… (e.g. 100:10,200:25; rates like 3:8.5) --until <time>",
      "                                [--from <time>] [--repeat] [--cap 50] [--products 12,13]",
    ],
    async run({ v, io, client, need }) {
      need(0, "no arguments (see: npm run ops -- help)");
      if (v.platform) throw new UsageError(SHOPS_ONLY);
      const r = await client.call<{ discountId: number }>("POST", "/merchant/discounts", discountBody(v, new Date()));
      io.out(v.json ? JSON.stringify(r) : `created discount ${r.discountId}`);
      return 0;
    },
  },
  {
    name: "discount-stop",
    section: "offers",
    usage: ["  discount-stop <discountId>    end a discount now"],
    async run({ args, v, io, client, need }) {
      need(1, "a discount id (see: npm run ops -- discounts)");
      if (!/^\d+$/.test(args[0]!)) throw new UsageError("the discount id is a number");
      if (v.platform) throw new UsageError(SHOPS_ONLY);
      await client.call("POST", `/merchant/discounts/${args[0]}/stop`);
      io.out(`stopped discount ${args[0]}`);
      return 0;
    },
  },
];
