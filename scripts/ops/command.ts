/**
 * How a feature module of the ops CLI registers its commands: each module exports `commands`, a
 * list of a name, the lines the help text shows for it (under one of the sections below) and the
 * function that runs it. scripts/ops/main.ts looks the typed command up by name.
 */
import type { Values } from "./args.ts";
import type { Client, OpsIO } from "./client.ts";

/** What a command runs with. */
export interface CommandContext {
  /** The command as typed (several names may share one function). */
  command: string;
  /** The positionals after the command. */
  args: string[];
  v: Values;
  io: OpsIO;
  client: Client;
  /** The mall's base URL, without a trailing slash. */
  url: string;
  /** Usage error unless exactly `n` positionals follow the command. */
  need: (n: number, what: string) => void;
}

export type UsageSectionId = "shop" | "platform" | "offers" | "activities" | "chat" | "tools";

export interface OpsCommand {
  name: string;
  section: UsageSectionId;
  /** Its lines of the help text as printed: two spaces in, the text from column 33. */
  usage: string[];
  /** Answers the exit code (0 done); throws UsageError or OpsError. */
  run: (ctx: CommandContext) => Promise<number>;
}

/** The sections of the help text in order: a title (none: it goes on under the previous one), the commands, a closing note. */
export const USAGE_SECTIONS: readonly { id: UsageSectionId; title?: string; footer?: string[] }[] = [
  { id: "shop", title: "Commands" },
  {
    id: "platform",
    title: `Platform (store applications and shop status; token: --platform-token, env MALL_PLATFORM_TOKEN,
default the development token "dev-platform-token")`,
  },
  {
    id: "offers",
    title: "Coupons and limited-time discounts (the logged-in shop's; with --platform the platform's coupons)",
    footer: ["                                times: ISO 8601 (2026-12-01T00:00:00Z) or from now: +30m, +12h, +7d"],
  },
  { id: "activities", title: "Flash sale and group buy (the logged-in shop's; docs/flash-sale.md, docs/group-buy.md)" },
  { id: "chat", title: "Chat (docs/chat.md; as the logged-in shop, or the official service with --platform)" },
  { id: "tools" },
];
