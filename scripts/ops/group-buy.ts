/** Group buys in the ops CLI (docs/group-buy.md): creating one, the shop's teams, ending one. */
import { intOpt, parseActivitySkus, timeArg, UsageError } from "./args.ts";
import type { OpsCommand } from "./command.ts";
import { table } from "./output.ts";

export const commands: OpsCommand[] = [
  {
    name: "group-create",
    section: "activities",
    usage: [
      "  group-create                  new group buy: --product <prodId> --skus <skuId>:<price>,... --team-size N --until <time>",
      "                                [--from <time>] [--per-user N] [--team-hours 24]",
    ],
    async run({ v, io, client, need }) {
      need(0, "no arguments (see: npm run ops -- help)");
      if (!v.product || !v.skus || !v["team-size"] || !v.until)
        throw new UsageError("group-create needs --product, --skus, --team-size and --until");
      const now = new Date();
      const r = await client.call<{ groupActivityId: number }>("POST", "/merchant/group/activities", {
        prodId: intOpt("product", v.product),
        groupNumber: intOpt("team-size", v["team-size"]),
        maxNum: intOpt("per-user", v["per-user"]) ?? -1,
        teamHours: intOpt("team-hours", v["team-hours"]) ?? 24,
        startTime: v.from ? timeArg("from", v.from, now) : now.toISOString(),
        endTime: timeArg("until", v.until, now),
        skus: parseActivitySkus(v.skus, false).map((x) => ({ skuId: x.skuId, actPrice: x.price })),
      });
      io.out(v.json ? JSON.stringify(r) : `created group buy ${r.groupActivityId}`);
      return 0;
    },
  },
  {
    name: "group-teams",
    section: "activities",
    usage: ["  group-teams [--activity <id>] the shop's teams: id, activity, status, seats taken / size, paid, end"],
    async run({ v, io, client, need }) {
      const out = io.out;
      need(0, "no arguments (use --activity)");
      const q = v.activity ? `?groupActivityId=${intOpt("activity", v.activity)}` : "";
      const list = await client.call<
        {
          groupTeamId: number;
          groupActivityId: number;
          status: number;
          groupNumber: number;
          seats: number;
          joinNum: number;
          endTime: string | null;
        }[]
      >("GET", `/merchant/group/teams${q}`);
      if (v.json) out(JSON.stringify(list, null, 2));
      else if (list.length === 0) out("no teams");
      else {
        const st = ["awaiting", "grouping", "succeeded", "failed"];
        for (const line of table([
          ["id", "activity", "status", "seats", "paid", "ends"],
          ...list.map((tm) => [
            String(tm.groupTeamId),
            String(tm.groupActivityId),
            st[tm.status] ?? "",
            `${tm.seats}/${tm.groupNumber}`,
            String(tm.joinNum),
            tm.endTime ?? "",
          ]),
        ]))
          out(line);
      }
      return 0;
    },
  },
  {
    name: "group-end",
    section: "activities",
    usage: ["  group-end <groupActivityId>   end a group buy now (open teams still fill or fail at their end)"],
    async run({ args, io, client, need }) {
      need(1, "an activity id");
      if (!/^\d+$/.test(args[0]!)) throw new UsageError("the activity id is a number");
      await client.call("POST", `/merchant/group/activities/${args[0]}/end`);
      io.out(`ended group buy ${args[0]}`);
      return 0;
    },
  },
];
