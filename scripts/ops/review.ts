/** Reviews in the ops CLI: the shop's product reviews and its replies. */
import { addPage, intOpt, UsageError } from "./args.ts";
import type { OpsCommand } from "./command.ts";
import { printPage, time, type ListPage } from "./output.ts";

interface ReviewRow {
  prodCommId: number;
  score: number;
  recTime: string;
  nickName: string;
  prodName: string;
  skuName: string;
  content: string;
  pics: string[];
  replyContent: string | null;
}

export const commands: OpsCommand[] = [
  {
    name: "reviews",
    section: "shop",
    usage: ["  reviews [--replied 0|1]       reviews of the shop's products, newest first (--page, --size)"],
    async run({ v, io, client, need }) {
      need(0, "no arguments (use --replied, --page, --size)");
      const q = new URLSearchParams();
      const replied = intOpt("replied", v.replied);
      if (replied !== undefined) q.set("replied", String(replied));
      addPage(q, v);
      const page = await client.call<ListPage<ReviewRow>>("GET", `/merchant/reviews?${q}`);
      printPage(io.out, v.json, page, "review", (records) =>
        records.flatMap((r) => [
          `#${r.prodCommId}  ${"*".repeat(r.score)}${" ".repeat(5 - r.score)}  ${time(r.recTime)}  ${r.nickName}  ${r.prodName}${r.skuName ? ` (${r.skuName})` : ""}`,
          `    ${r.content}${r.pics.length ? `  [${r.pics.length} photo(s)]` : ""}`,
          ...(r.replyContent ? [`    reply: ${r.replyContent}`] : []),
        ]),
      );
      return 0;
    },
  },
  {
    name: "reply",
    section: "shop",
    usage: [
      '  reply <prodCommId>            answer a review: --text "…" (1-200 characters; replaces an earlier reply)',
    ],
    async run({ args, v, io, client, need }) {
      need(1, "a review id (prodCommId, see: npm run ops -- reviews)");
      if (!/^\d+$/.test(args[0]!)) throw new UsageError("the review id is a number");
      if (v.text === undefined) throw new UsageError("reply needs --text");
      await client.call("POST", `/merchant/reviews/${args[0]}/reply`, { content: v.text });
      io.out(`replied to review #${args[0]}`);
      return 0;
    },
  },
];
