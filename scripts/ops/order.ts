/** Orders in the ops CLI (docs/merchant-api.md): the shop's orders, one order, shipping in packages, logistics events, write-off codes, carriers. */
import { DELIVERY_COMPANIES, DeliveryState, type WriteOffVerifyDto } from "../../src/lib/order/order-types.ts";
import { addPage, intOpt, UsageError, type Values } from "./args.ts";
import type { OpsCommand } from "./command.ts";
import type { OpsIO } from "./client.ts";
import { printPage, table, time, type ListPage } from "./output.ts";

const STATE_NAMES: Record<string, number> = {
  none: DeliveryState.NO_RECORD,
  collected: DeliveryState.COLLECTED,
  "in-transit": DeliveryState.IN_TRANSIT,
  transit: DeliveryState.IN_TRANSIT,
  arrived: DeliveryState.ARRIVED_CITY,
  signed: DeliveryState.SIGNED,
  problem: DeliveryState.PROBLEM,
};

export const STATUS_NAMES: Record<number, string> = {
  1: "unpaid",
  2: "to ship",
  3: "shipped",
  5: "completed",
  6: "closed",
  7: "grouping",
};
const STATE_LABELS: Record<number, string> = {
  0: "no record",
  1: "collected",
  2: "in transit",
  201: "arrived at city",
  3: "signed",
  4: "problem",
};

/** A logistics state from a number or a name (in-transit, signed…). */
export function parseState(s: string): number {
  const v = s.trim().toLowerCase();
  if (/^\d+$/.test(v)) return Number(v);
  const n = STATE_NAMES[v];
  if (n === undefined)
    throw new UsageError(`unknown state "${s}" (use ${Object.keys(STATE_NAMES).join(", ")} or a number)`);
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
  return s
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
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
  if (parts.length < 2 || parts.length > 3 || !parts[1])
    throw new UsageError(`bad package "${s}": use <company>/<tracking>[/<orderItemId>:<count>,...]`);
  const pkg: PackageArg = { dvyId: parseCompany(parts[0]!), dvyFlowId: parts[1].trim() };
  if (parts[2]) pkg.items = parseItems(parts[2]);
  return pkg;
}

/** The packages of a ship command: --package (repeatable) or --company/--tracking[/--items]. */
export function packagesFrom(v: Pick<Values, "package" | "company" | "tracking" | "items">): PackageArg[] {
  if (v.package?.length) {
    if (v.company || v.tracking || v.items)
      throw new UsageError("use either --package … or --company/--tracking/--items, not both");
    return v.package.map(parsePackage);
  }
  if (!v.company || !v.tracking) throw new UsageError("ship needs --company and --tracking (or --package)");
  const pkg: PackageArg = { dvyId: parseCompany(v.company), dvyFlowId: v.tracking.trim() };
  if (v.items) pkg.items = parseItems(v.items);
  return [pkg];
}

interface OrderRow {
  orderNumber: string;
  status: number;
  orderMold: number;
  buyerNickName: string;
  productNums: number;
  actualTotal: string;
  createTime: string;
  payTime: string | null;
  remarks: string;
  userAddrDto: { receiver: string; mobile: string; province: string; city: string; area: string; addr: string };
  orderItems: { orderItemId: number; prodName: string; skuName: string; prodCount: number; price: string }[];
  total: string;
  freightAmount: string;
  scoreAmount: string;
  dvyTime: string | null;
  finallyTime: string | null;
  cancelTime: string | null;
  receiptDeadline: string | null;
}
interface OrderDetail extends OrderRow {
  deliveries: {
    orderDeliveryId: number;
    dvyName: string;
    dvyFlowId: string;
    state: number;
    productNums: number;
    orderItems: { orderItemId: number; prodName: string; prodCount: number }[];
    traces: { state: number; acceptStation: string; acceptTime: string }[];
  }[];
}

const status = (n: number) => `${n} ${STATUS_NAMES[n] ?? ""}`.trim();

function printOrder(out: OpsIO["out"], o: OrderDetail): void {
  out(`Order ${o.orderNumber}  status ${status(o.status)}  buyer ${o.buyerNickName}`);
  out(
    `  created ${time(o.createTime)}  paid ${time(o.payTime)}  shipped ${time(o.dvyTime)}  finished ${time(o.finallyTime)}  cancelled ${time(o.cancelTime)}`,
  );
  if (o.receiptDeadline) out(`  completes by itself at ${time(o.receiptDeadline)}`);
  out(`  goods ${o.total} + freight ${o.freightAmount} - points ${o.scoreAmount} = ${o.actualTotal}`);
  const a = o.userAddrDto;
  if (o.orderMold === 1)
    out("  virtual goods: nothing to ship; verify the buyer's codes with: npm run ops -- write-off <code>");
  else out(`  ship to ${a.receiver} ${a.mobile}, ${a.province} ${a.city} ${a.area} ${a.addr}`);
  if (o.remarks) out(`  buyer's message: ${o.remarks}`);
  out("  items:");
  for (const line of table([
    ["orderItemId", "count", "price", "product"],
    ...o.orderItems.map((i) => [
      String(i.orderItemId),
      String(i.prodCount),
      i.price,
      `${i.prodName} ${i.skuName}`.trim(),
    ]),
  ]))
    out(`    ${line}`);
  if (o.deliveries.length === 0) {
    out("  packages: none");
    return;
  }
  out("  packages:");
  for (const p of o.deliveries) {
    out(
      `    #${p.orderDeliveryId} ${p.dvyName} ${p.dvyFlowId}  state ${STATE_LABELS[p.state] ?? p.state}  ${p.orderItems.map((i) => `${i.orderItemId}:${i.prodCount}`).join(",")}`,
    );
    for (const t of p.traces)
      out(
        `      ${time(t.acceptTime)}  ${STATE_LABELS[t.state] ?? t.state}${t.acceptStation ? `  ${t.acceptStation}` : ""}`,
      );
  }
}

export const commands: OpsCommand[] = [
  {
    name: "orders",
    section: "shop",
    usage: [
      "  orders [--status N]           the shop's orders, newest first (--page, --size, --number <prefix>)",
      "                                status: 0 all, 1 unpaid, 2 to ship, 3 shipped, 5 completed, 6 closed, 7 grouping",
    ],
    async run({ v, io, client, need }) {
      need(0, "no arguments (use --status, --page, --size, --number)");
      const q = new URLSearchParams();
      const st = intOpt("status", v.status);
      if (st !== undefined) q.set("status", String(st));
      addPage(q, v);
      if (v.number) q.set("orderNumber", v.number);
      const page = await client.call<ListPage<OrderRow>>("GET", `/merchant/orders?${q}`);
      printPage(io.out, v.json, page, "order", (records) => {
        const rows = records.map((o) => [
          o.orderNumber,
          status(o.status),
          o.buyerNickName,
          String(o.productNums),
          o.actualTotal,
          time(o.createTime),
          time(o.payTime),
        ]);
        return table([["order", "status", "buyer", "pcs", "amount", "created", "paid"], ...rows]);
      });
      return 0;
    },
  },
  {
    name: "order",
    section: "shop",
    usage: ["  order <orderNumber>           one order: items (with orderItemId), address, packages and traces"],
    async run({ args, v, io, client, need }) {
      need(1, "an order number");
      const o = await client.call<OrderDetail>("GET", `/merchant/orders/${encodeURIComponent(args[0]!)}`);
      if (v.json) io.out(JSON.stringify(o, null, 2));
      else printOrder(io.out, o);
      return 0;
    },
  },
  {
    name: "ship",
    section: "shop",
    usage: [
      "  ship <orderNumber>            ship a paid order, one package:  --company 1 --tracking SF123456789",
      "                                [--items <orderItemId>:<count>,...]   (no --items = the whole order)",
      "                                or several packages: --package <company>/<tracking>[/<orderItemId>:<count>,...]",
      "                                (repeat --package; at most one package without items: it takes the rest)",
    ],
    async run({ args, v, io, client, need }) {
      need(1, "an order number");
      const packages = packagesFrom(v);
      const r = await client.call<{ orderDeliveryIds: number[] }>(
        "POST",
        `/merchant/orders/${encodeURIComponent(args[0]!)}/ship`,
        { packages },
      );
      io.out(
        v.json
          ? JSON.stringify(r)
          : `shipped ${args[0]} in ${r.orderDeliveryIds.length} package(s): ${r.orderDeliveryIds.map((id) => `#${id}`).join(", ")}`,
      );
      return 0;
    },
  },
  {
    name: "trace",
    section: "shop",
    usage: [
      '  trace <orderDeliveryId>       add a logistics event: --state <n|name> --station "text" [--time ISO-8601]',
      "                                states: 1 collected, 2 in-transit, 201 arrived, 3 signed, 4 problem",
    ],
    async run({ args, v, io, client, need }) {
      need(1, "a package id (orderDeliveryId, see: npm run ops -- order <orderNumber>)");
      if (!/^\d+$/.test(args[0]!)) throw new UsageError("the package id is a number");
      if (v.state === undefined) throw new UsageError("trace needs --state");
      if (v.station === undefined) throw new UsageError("trace needs --station");
      const body: Record<string, unknown> = { state: parseState(v.state), acceptStation: v.station };
      if (v.time) body.acceptTime = v.time;
      await client.call("POST", `/merchant/deliveries/${args[0]}/traces`, body);
      io.out(`added "${STATE_LABELS[body.state as number] ?? body.state}" to package #${args[0]}`);
      return 0;
    },
  },
  {
    name: "write-off",
    section: "shop",
    usage: [
      "  write-off <code>              use a buyer's virtual-goods code once (as shown: 7K2M-9QXR-4T0B)",
      "                                refused when used, expired, refunded or another shop's",
    ],
    async run({ args, v, io, client, need }) {
      need(1, "a write-off code");
      const r = await client.call<WriteOffVerifyDto>("POST", "/merchant/writeOff", { code: args[0] });
      if (v.json) io.out(JSON.stringify(r));
      else {
        io.out(`used ${r.code} of order ${r.orderNumber}: ${`${r.prodName} ${r.skuName}`.trim()}`);
        io.out(`  at ${time(r.usedAt)}; valid ${r.expiresAt ? `until ${time(r.expiresAt)}` : "long-term"}`);
        if (r.orderCompleted) io.out("  that was the order's last usable code: the order is completed");
      }
      return 0;
    },
  },
  {
    name: "companies",
    section: "tools",
    usage: ["  companies                     the carriers (ids for --company) and logistics states"],
    async run({ io }) {
      const out = io.out;
      for (const line of table([
        ["id", "carrier"],
        ...DELIVERY_COMPANIES.map((c) => [String(c.dvyId), `${c.dvyName.en} / ${c.dvyName.zh}`]),
      ]))
        out(line);
      out("");
      out("logistics states: " + [0, 1, 2, 201, 3, 4].map((n) => `${n} ${STATE_LABELS[n]}`).join(", "));
      return 0;
    },
  },
];
