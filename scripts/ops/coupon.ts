/** Coupons in the ops CLI: the shop's (or with --platform the platform's) coupons, creating and stopping one. */
import { parseIds, stateListQuery, timeArg, UsageError, type Values } from "./args.ts";
import type { OpsCommand } from "./command.ts";
import { printPage, table, time, type ListPage } from "./output.ts";

/** The body of POST /merchant/coupons from the options (the mall checks it with the shared rule). */
export function couponBody(v: Values, now: Date): Record<string, unknown> {
  if (!v.name) throw new UsageError("coupon-create needs --name");
  const type = (v.type ?? "").trim().toLowerCase();
  if (!["cash", "1", "discount", "2"].includes(type))
    throw new UsageError("coupon-create needs --type cash or --type discount");
  const cash = type === "cash" || type === "1";
  if (cash && v.reduce === undefined) throw new UsageError("a cash coupon needs --reduce <amount>");
  if (!cash && v.rate === undefined) throw new UsageError("a discount coupon needs --rate <0.1-9.9>");
  if (v.stock === undefined) throw new UsageError("coupon-create needs --stock <how many>");
  if (v.until === undefined) throw new UsageError("coupon-create needs --until <time> (end of claiming)");
  if (v.products && v.exclude) throw new UsageError("use either --products or --exclude");
  const fixed = v["valid-from"] !== undefined || v["valid-to"] !== undefined;
  if (fixed && (v["valid-days"] !== undefined || v["after-days"] !== undefined))
    throw new UsageError("use either --valid-days or --valid-from/--valid-to");
  if (fixed && (!v["valid-from"] || !v["valid-to"]))
    throw new UsageError("a fixed validity needs --valid-from and --valid-to");
  if (!fixed && v["valid-days"] === undefined)
    throw new UsageError("coupon-create needs --valid-days N (or --valid-from/--valid-to)");
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

interface ManagedCouponRow {
  couponId: number;
  couponName: string;
  couponType: number;
  cashCondition: string;
  reduceAmount: string | null;
  couponDiscount: string | null;
  suitableProdType: number;
  prodIds: number[];
  validTimeType: number;
  startTime: string | null;
  endTime: string | null;
  afterReceiveDays: number;
  validDays: number;
  launchTime: string;
  overTime: string;
  limitNum: number;
  stocks: number;
  sourceStock: number;
  claimed: number;
  state: string;
}

function couponRows(records: ManagedCouponRow[]): string[][] {
  const scope = (c: ManagedCouponRow) =>
    c.suitableProdType === 0 ? "all" : `${c.suitableProdType === 1 ? "only" : "not"} ${c.prodIds.join(",")}`;
  const valid = (c: ManagedCouponRow) =>
    c.validTimeType === 1
      ? `${time(c.startTime)} – ${time(c.endTime)}`
      : `${c.validDays}d${c.afterReceiveDays ? ` after ${c.afterReceiveDays}d` : ""}`;
  return records.map((c) => [
    String(c.couponId),
    c.state,
    c.couponName,
    c.couponType === 1 ? `-${c.reduceAmount}` : `${c.couponDiscount}/10`,
    c.cashCondition,
    scope(c),
    `${c.claimed}/${c.sourceStock}`,
    String(c.limitNum),
    `${time(c.launchTime)} – ${time(c.overTime)}`,
    valid(c),
  ]);
}

export const commands: OpsCommand[] = [
  {
    name: "coupons",
    section: "offers",
    usage: [
      "  coupons [--state 0|1|2]       coupons, newest first (0 all, 1 live or upcoming, 2 ended or stopped; --page, --size)",
    ],
    async run({ v, io, client, need }) {
      need(0, "no arguments (use --state, --page, --size)");
      const q = stateListQuery(v);
      const page = v.platform
        ? await client.platform<ListPage<ManagedCouponRow>>("GET", `/coupons?${q}`)
        : await client.call<ListPage<ManagedCouponRow>>("GET", `/merchant/coupons?${q}`);
      printPage(io.out, v.json, page, "coupon", (records) =>
        table([
          ["id", "state", "name", "value", "min", "products", "claimed", "per user", "claiming", "valid"],
          ...couponRows(records),
        ]),
      );
      return 0;
    },
  },
  {
    name: "coupon-create",
    section: "offers",
    usage: [
      '  coupon-create                 new coupon: --name "…" --type cash --reduce 10 [--min 100] | --type discount --rate 8.5',
      "                                --stock 500 [--per-user 1] --until <time> [--from <time>]      (claiming)",
      "                                --valid-days 7 [--after-days 0] | --valid-from <time> --valid-to <time>",
      "                                [--products 12,13 | --exclude 12,13]",
    ],
    async run({ v, io, client, need }) {
      need(0, "no arguments (see: npm run ops -- help)");
      const body = couponBody(v, new Date());
      const r = v.platform
        ? await client.platform<{ couponId: number }>("POST", "/coupons", body)
        : await client.call<{ couponId: number }>("POST", "/merchant/coupons", body);
      io.out(v.json ? JSON.stringify(r) : `created ${v.platform ? "platform " : ""}coupon ${r.couponId}`);
      return 0;
    },
  },
  {
    name: "coupon-stop",
    section: "offers",
    usage: ["  coupon-stop <couponId>        stop issuing (coupons already claimed stay usable)"],
    async run({ args, v, io, client, need }) {
      need(1, "a coupon id (see: npm run ops -- coupons)");
      if (!/^\d+$/.test(args[0]!)) throw new UsageError("the coupon id is a number");
      if (v.platform) await client.platform("POST", `/coupons/${args[0]}/stop`);
      else await client.call("POST", `/merchant/coupons/${args[0]}/stop`);
      io.out(`stopped ${v.platform ? "platform " : ""}coupon ${args[0]}`);
      return 0;
    },
  },
];
