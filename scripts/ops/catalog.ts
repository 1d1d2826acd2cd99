/** Search synonyms and brand aliases in the ops CLI (platform token; docs/search.md "Synonyms"). */
import type { SynonymSetDto } from "../../src/server/domain/catalog/search-synonyms.ts";
import { UsageError } from "./args.ts";
import type { OpsCommand } from "./command.ts";
import { table, time } from "./output.ts";

const brandOption = (raw: string | undefined): number | null => {
  if (raw === undefined) return null;
  if (!/^\d{1,10}$/.test(raw.trim())) throw new UsageError("--brand is a brand id (a number)");
  return Number(raw.trim());
};

export const commands: OpsCommand[] = [
  {
    name: "synonyms",
    section: "platform",
    usage: ["  synonyms                      the search's synonym sets and brand aliases"],
    async run({ v, io, client, need }) {
      need(0, "no arguments");
      const sets = await client.platform<SynonymSetDto[]>("GET", "/search/synonyms");
      if (v.json) io.out(JSON.stringify(sets, null, 2));
      else
        for (const line of table([
          ["id", "words", "brand", "updated"],
          ...sets.map((s) => [
            String(s.synonymId),
            s.words.join(" = "),
            s.brandId === null ? "-" : `${s.brandId} ${s.brandName}`,
            time(s.updatedAt),
          ]),
        ]))
          io.out(line);
      return 0;
    },
  },
  {
    name: "synonym-add",
    section: "platform",
    usage: [
      "  synonym-add <word> <word>… [--brand <brandId>]",
      '                                a synonym set (跑鞋 跑步鞋 "running shoes"); with --brand the',
      "                                words are that brand's aliases (one word is enough)",
    ],
    async run({ args, v, io, client }) {
      if (args.length === 0) throw new UsageError("the words of the set (quote a word with spaces)");
      const set = await client.platform<SynonymSetDto>("POST", "/search/synonyms", {
        words: args,
        brandId: brandOption(v.brand),
      });
      io.out(v.json ? JSON.stringify(set, null, 2) : `Synonym set ${set.synonymId}: ${set.words.join(" = ")}`);
      return 0;
    },
  },
  {
    name: "synonym-remove",
    section: "platform",
    usage: ["  synonym-remove <id>           removes a synonym set (see: npm run ops -- synonyms)"],
    async run({ args, io, client, need }) {
      need(1, "a synonym set id (see: npm run ops -- synonyms)");
      if (!/^\d+$/.test(args[0]!)) throw new UsageError("the synonym set id is a number");
      await client.platform<null>("DELETE", `/search/synonyms/${args[0]}`);
      io.out(`Synonym set ${args[0]} removed`);
      return 0;
    },
  },
];
