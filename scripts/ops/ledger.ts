/** Platform adjustments of a buyer's points or balance in the ops CLI (src/server/domain/ledger/adjustment.ts). */
import { UsageError } from "./args.ts";
import type { OpsCommand } from "./command.ts";

export const commands: OpsCommand[] = [
  {
    name: "adjust",
    section: "platform",
    usage: [
      "  adjust <user>                 add to or take from a buyer's points or balance (user: username,",
      '                                mobile or user id): --points=<±n> | --balance=<±amount>, --reason "…"',
      '                                (1-200 characters; ledger source "adjustment")',
    ],
    async run({ args, v, io, client, need }) {
      need(1, "a user (username, mobile or user id)");
      if ((v.points === undefined) === (v.balance === undefined))
        throw new UsageError("adjust needs either --points <±n> or --balance <±amount>");
      if (v.reason === undefined) throw new UsageError('adjust needs --reason "…"');
      const kind = v.points !== undefined ? "points" : "balance";
      const r = await client.platform<{ username: string; change: string; score: number; balance: string }>(
        "POST",
        `/users/${encodeURIComponent(args[0]!)}/adjust`,
        {
          kind,
          amount: v.points ?? v.balance,
          reason: v.reason,
        },
      );
      io.out(
        v.json
          ? JSON.stringify(r)
          : `adjusted ${kind} of ${r.username} by ${r.change}: now ${r.score} points, balance ${r.balance}`,
      );
      return 0;
    },
  },
];
