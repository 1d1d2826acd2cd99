/** Flash sales in the ops CLI (docs/flash-sale.md): sessions, the shop's flash activities, ending one. */
import { intOpt, parseActivitySkus, timeArg, UsageError } from "./args.ts";
import type { OpsCommand } from "./command.ts";
import { table } from "./output.ts";

export const commands: OpsCommand[] = [
  {
    name: "flash-session-create",
    section: "activities",
    usage: ["  flash-session-create          new session (time slot): --from <time> --until <time> (at most 24 hours)"],
    async run({ v, io, client, need }) {
      need(0, "no arguments (use --from, --until)");
      if (!v.from || !v.until) throw new UsageError("flash-session-create needs --from and --until");
      const now = new Date();
      const r = await client.call<{ sessionId: number }>("POST", "/merchant/flash/sessions", {
        startTime: timeArg("from", v.from, now),
        endTime: timeArg("until", v.until, now),
      });
      io.out(v.json ? JSON.stringify(r) : `created flash session ${r.sessionId}`);
      return 0;
    },
  },
  {
    name: "flash-create",
    section: "activities",
    usage: [
      "  flash-create                  new flash activity: --session <id> --product <prodId>",
      "                                --skus <skuId>:<price>:<units>,... [--per-user N (default: no limit)] [--pay-minutes 5]",
    ],
    async run({ v, io, client, need }) {
      need(0, "no arguments (see: npm run ops -- help)");
      if (!v.session || !v.product || !v.skus)
        throw new UsageError("flash-create needs --session, --product and --skus");
      const r = await client.call<{ seckillId: number }>("POST", "/merchant/flash/activities", {
        sessionId: intOpt("session", v.session),
        prodId: intOpt("product", v.product),
        maxNum: intOpt("per-user", v["per-user"]) ?? -1,
        payMinutes: intOpt("pay-minutes", v["pay-minutes"]) ?? 5,
        skus: parseActivitySkus(v.skus, true),
      });
      io.out(v.json ? JSON.stringify(r) : `created flash activity ${r.seckillId}`);
      return 0;
    },
  },
  {
    name: "flashes",
    section: "activities",
    usage: [
      "  flashes                       the shop's flash activities: id, product, window, price, units left / total",
    ],
    async run({ v, io, client, need }) {
      const out = io.out;
      need(0, "no arguments");
      const list = await client.call<
        {
          seckillId: number;
          prodId: number;
          prodName: string;
          startTime: string;
          endTime: string;
          activityStatus: number;
          seckillPrice: string;
          seckillTotalStocks: number;
          seckillOriginStocks: number;
        }[]
      >("GET", "/merchant/flash/activities");
      if (v.json) out(JSON.stringify(list, null, 2));
      else if (list.length === 0) out("no flash activities");
      else {
        const st = ["", "upcoming", "live", "ended"];
        for (const line of table([
          ["id", "state", "product", "from", "until", "price", "units left"],
          ...list.map((a) => [
            String(a.seckillId),
            st[a.activityStatus] ?? "",
            `${a.prodId} ${a.prodName}`,
            a.startTime,
            a.endTime,
            a.seckillPrice,
            `${a.seckillTotalStocks}/${a.seckillOriginStocks}`,
          ]),
        ]))
          out(line);
      }
      return 0;
    },
  },
  {
    name: "flash-end",
    section: "activities",
    usage: ["  flash-end <seckillId>         end a flash activity now"],
    async run({ args, io, client, need }) {
      need(1, "an activity id");
      if (!/^\d+$/.test(args[0]!)) throw new UsageError("the activity id is a number");
      await client.call("POST", `/merchant/flash/activities/${args[0]}/end`);
      io.out(`ended flash activity ${args[0]}`);
      return 0;
    },
  },
];
