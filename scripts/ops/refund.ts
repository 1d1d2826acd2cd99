/** Refunds and returns in the ops CLI: the shop's applications, one application, and the shop's answers. */
import { addPage, UsageError } from "./args.ts";
import type { CommandContext, OpsCommand } from "./command.ts";
import { printPage, table, time, type ListPage } from "./output.ts";

interface RefundRow {
  refundSn: string;
  orderNumber: string;
  returnMoneySts: number;
  applyType: number;
  refundAmount: string;
  maxRefundAmount: string;
  refundScore: number;
  buyerReason: number;
  buyerMobile: string;
  buyerDesc: string;
  photoFiles: string[];
  applyTime: string;
  rejectMessage: string | null;
  dueAt: string | null;
  refundDelivery: { expressName: string; expressNo: string } | null;
  orderItems: { orderItemId: number; prodName: string; skuName: string; goodsNum: number }[];
}
const REFUND_STS: Record<number, string> = {
  1: "waiting",
  2: "accepted",
  3: "goods sent back",
  4: "received",
  5: "refunded",
  6: "withdrawn",
  7: "refused",
  8: "refunding (payment provider)",
  [-1]: "closed",
};
const refundSts = (n: number) => `${n} ${REFUND_STS[n] ?? ""}`.trim();

/** refund-accept, refund-refuse, refund-receive. */
async function answer({ command, args, v, io, client, need }: CommandContext): Promise<number> {
  need(1, "a refund number (see: npm run ops -- refunds)");
  if (!/^\d+$/.test(args[0]!)) throw new UsageError("the refund number is digits");
  const action = command.slice("refund-".length);
  let body: Record<string, unknown> | undefined;
  if (action === "refuse") {
    if (v.reason === undefined) throw new UsageError("refund-refuse needs --reason");
    body = { reason: v.reason };
  } else if (action === "accept") body = { message: v.text ?? "" };
  await client.call("POST", `/merchant/refunds/${args[0]}/${action}`, body);
  io.out(
    `${action === "accept" ? "accepted" : action === "refuse" ? "refused" : "received the goods of"} refund ${args[0]}`,
  );
  return 0;
}

export const commands: OpsCommand[] = [
  {
    name: "refunds",
    section: "shop",
    usage: [
      "  refunds [--sts N]             the shop's refund and return applications (--page, --size); sts: 1 waiting,",
      "                                2 accepted, 3 goods sent back, 4 received, 5 refunded, 6 withdrawn, 7 refused,",
      "                                8 refunding (payment provider), -1 closed",
    ],
    async run({ v, io, client, need }) {
      need(0, "no arguments (use --sts, --page, --size)");
      const q = new URLSearchParams();
      if (v.sts !== undefined) {
        if (!/^-?\d+$/.test(v.sts.trim())) throw new UsageError("--sts must be a number");
        q.set("sts", v.sts.trim());
      }
      addPage(q, v);
      const page = await client.call<ListPage<RefundRow>>("GET", `/merchant/refunds?${q}`);
      printPage(io.out, v.json, page, "refund", (records) => {
        const rows = records.map((r) => [
          r.refundSn,
          r.orderNumber,
          refundSts(r.returnMoneySts),
          r.applyType === 2 ? "return" : "refund only",
          r.refundAmount,
          r.orderItems.map((i) => `${i.prodName} x${i.goodsNum}`).join(", "),
          time(r.applyTime),
        ]);
        return table([["refund", "order", "status", "type", "amount", "goods", "applied"], ...rows]);
      });
      return 0;
    },
  },
  {
    name: "refund",
    section: "shop",
    usage: ["  refund <refundSn>             one application: goods, amount, reason, images, return parcel"],
    async run({ args, v, io, client, need }) {
      const out = io.out;
      need(1, "a refund number");
      const r = await client.call<RefundRow>("GET", `/merchant/refunds/${encodeURIComponent(args[0]!)}`);
      if (v.json) {
        out(JSON.stringify(r, null, 2));
        return 0;
      }
      out(
        `Refund ${r.refundSn}  order ${r.orderNumber}  ${r.applyType === 2 ? "return and refund" : "refund only"}  status ${refundSts(r.returnMoneySts)}`,
      );
      out(
        `  amount ${r.refundAmount} (at most ${r.maxRefundAmount}), points ${r.refundScore}, reason ${r.buyerReason}, mobile ${r.buyerMobile}, applied ${time(r.applyTime)}`,
      );
      for (const i of r.orderItems) out(`  ${i.orderItemId}  ${i.prodName} ${i.skuName}  x${i.goodsNum}`);
      if (r.buyerDesc) out(`  description: ${r.buyerDesc}`);
      if (r.photoFiles.length) out(`  images: ${r.photoFiles.join(" ")}`);
      if (r.rejectMessage) out(`  refused: ${r.rejectMessage}`);
      if (r.refundDelivery) out(`  return parcel: ${r.refundDelivery.expressName} ${r.refundDelivery.expressNo}`);
      if (r.dueAt) out(`  due ${time(r.dueAt)}`);
      return 0;
    },
  },
  {
    name: "refund-accept",
    section: "shop",
    usage: [
      "  refund-accept <refundSn>      accept (refund only: paid at once; return: the buyer sends the goods) [--text message]",
    ],
    run: answer,
  },
  {
    name: "refund-refuse",
    section: "shop",
    usage: [
      '  refund-refuse <refundSn>      refuse: --reason "…" (1-200 characters; the buyer may change and apply again)',
    ],
    run: answer,
  },
  {
    name: "refund-receive",
    section: "shop",
    usage: ["  refund-receive <refundSn>     the returned goods arrived: the refund is paid"],
    run: answer,
  },
];
