/**
 * Decorations in the ops CLI (docs/renovation.md): the shop's (or with --platform the mall's)
 * pages from block JSON files — list, read, create, update, preview without saving, copy,
 * delete, publish (a draft, or an earlier version to restore it), unpublish — and pictures.
 */
import fs from "node:fs";
import path from "node:path";
import { OpsError, UsageError, type Values } from "./args.ts";
import type { Client } from "./client.ts";
import type { CommandContext, OpsCommand } from "./command.ts";
import { table, time } from "./output.ts";

interface Row {
  renovationId: number;
  name: string;
  page: string;
  status: number;
  publishedAt: string | null;
  updatedAt: string;
}

const STATUS = ["draft", "live", "earlier version"];

/** The merchant's or, with --platform, the platform's route. */
function api(client: Client, v: Values) {
  return <T>(method: string, p: string, body?: unknown): Promise<T> =>
    v.platform
      ? client.platform<T>(method, `/renovations${p}`, body)
      : client.call<T>(method, `/merchant/renovations${p}`, body);
}

/** The block JSON of --file: the content array, or {name, page, content}. */
function readDraft(v: Values): { name?: string; page?: string; content: unknown } {
  if (!v.file) throw new UsageError("needs --file <blocks.json> (see docs/renovation.md)");
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(v.file, "utf8"));
  } catch (err) {
    throw new OpsError(`cannot read ${v.file}: ${(err as Error).message}`);
  }
  const draft = Array.isArray(parsed)
    ? { content: parsed }
    : (parsed as { name?: string; page?: string; content: unknown });
  return { ...draft, ...(v.name ? { name: v.name } : {}), ...(v.type ? { page: v.type } : {}) };
}

const id = (ctx: CommandContext, what: string): string => {
  ctx.need(1, `a renovation id (renovationId, see: npm run ops -- renovations)${what}`);
  if (!/^\d+$/.test(ctx.args[0]!)) throw new UsageError("the renovation id is a number");
  return ctx.args[0]!;
};

const simple = (name: string, verb: string, usage: string, done: string): OpsCommand => ({
  name,
  section: "shop",
  usage: [usage],
  async run(ctx) {
    const n = id(ctx, "");
    await api(ctx.client, ctx.v)(verb === "DELETE" ? "DELETE" : "POST", verb === "DELETE" ? `/${n}` : `/${n}/${verb}`);
    ctx.io.out(`${done} renovation ${n}`);
    return 0;
  },
});

export const commands: OpsCommand[] = [
  {
    name: "renovations",
    section: "shop",
    usage: ["  renovations [--platform]      the shop's renovated pages: live, drafts, earlier versions"],
    async run({ v, io, client, need }) {
      need(0, "no arguments");
      const rows = await api(client, v)<Row[]>("GET", "");
      if (v.json) io.out(JSON.stringify(rows));
      else
        for (const line of table([
          ["id", "name", "page", "status", "published", "updated"],
          ...rows.map((r) => [
            String(r.renovationId),
            r.name,
            r.page,
            STATUS[r.status] ?? String(r.status),
            r.publishedAt ? time(r.publishedAt) : "",
            time(r.updatedAt),
          ]),
        ]))
          io.out(line);
      return 0;
    },
  },
  {
    name: "renovation",
    section: "shop",
    usage: ["  renovation <id>               one page as JSON (its blocks) and its preview link"],
    async run(ctx) {
      const r = await api(ctx.client, ctx.v)<unknown>("GET", `/${id(ctx, "")}`);
      ctx.io.out(JSON.stringify(r, null, 2));
      return 0;
    },
  },
  {
    name: "renovation-create",
    section: "shop",
    usage: ["  renovation-create             a draft from --file <blocks.json> [--name …] [--type home|page]"],
    async run({ v, io, client, need }) {
      need(0, "no arguments (use --file, --name, --type)");
      const r = await api(client, v)<{ renovationId: number; previewUrl: string }>("POST", "", readDraft(v));
      io.out(v.json ? JSON.stringify(r) : `draft ${r.renovationId} saved; preview: ${r.previewUrl}`);
      return 0;
    },
  },
  {
    name: "renovation-update",
    section: "shop",
    usage: ["  renovation-update <id>        replace a draft's blocks: --file <blocks.json> [--name …]"],
    async run(ctx) {
      const n = id(ctx, "");
      await api(ctx.client, ctx.v)("PUT", `/${n}`, readDraft(ctx.v));
      ctx.io.out(`draft ${n} updated`);
      return 0;
    },
  },
  {
    name: "renovation-preview",
    section: "shop",
    usage: [
      "  renovation-preview            check --file <blocks.json> and print a 10-minute preview link (saves nothing)",
    ],
    async run({ v, io, client, need }) {
      need(0, "no arguments (use --file)");
      const r = await api(client, v)<{ previewUrl: string; expiresAt: string }>("POST", "/preview", readDraft(v));
      io.out(v.json ? JSON.stringify(r) : `preview (until ${time(r.expiresAt)}): ${r.previewUrl}`);
      return 0;
    },
  },
  {
    name: "renovation-copy",
    section: "shop",
    usage: ["  renovation-copy <id>          a new draft with the blocks of a page [--name …]"],
    async run(ctx) {
      const n = id(ctx, "");
      const r = await api(ctx.client, ctx.v)<{ renovationId: number }>(
        "POST",
        `/${n}/copy`,
        ctx.v.name ? { name: ctx.v.name } : {},
      );
      ctx.io.out(ctx.v.json ? JSON.stringify(r) : `copied ${n} to draft ${r.renovationId}`);
      return 0;
    },
  },
  simple(
    "renovation-delete",
    "DELETE",
    "  renovation-delete <id>        delete a draft or an earlier version",
    "deleted",
  ),
  simple(
    "renovation-publish",
    "publish",
    "  renovation-publish <id>       make a draft (or an earlier version) the live page",
    "published",
  ),
  simple(
    "renovation-unpublish",
    "unpublish",
    "  renovation-unpublish <id>     take the live page off (the shop's plain page shows)",
    "unpublished",
  ),
  {
    name: "renovation-schedule",
    section: "shop",
    usage: [
      "  renovation-schedule <id>      a window: live at --from <ISO-8601>, off at --until <ISO-8601> (the live page:",
      "                                --until alone)",
    ],
    async run(ctx) {
      const n = id(ctx, "");
      const iso = (s: string | undefined, opt: string) => {
        if (s === undefined) return null;
        const d = new Date(s);
        if (Number.isNaN(d.getTime()))
          throw new UsageError(`--${opt} must be an ISO-8601 time, e.g. 2030-01-01T08:00:00Z`);
        return d.toISOString();
      };
      const r = await api(ctx.client, ctx.v)<{ startAt: string | null; endAt: string | null }>(
        "POST",
        `/${n}/schedule`,
        { startAt: iso(ctx.v.from, "from"), endAt: iso(ctx.v.until, "until") },
      );
      ctx.io.out(
        ctx.v.json
          ? JSON.stringify(r)
          : `renovation ${n} scheduled:${r.startAt ? ` live at ${time(r.startAt)}` : ""}${r.endAt ? ` off at ${time(r.endAt)}` : ""}`,
      );
      return 0;
    },
  },
  {
    name: "renovation-unschedule",
    section: "shop",
    usage: ["  renovation-unschedule <id>    cancel the page's window"],
    async run(ctx) {
      const n = id(ctx, "");
      await api(ctx.client, ctx.v)("DELETE", `/${n}/schedule`);
      ctx.io.out(`cancelled the window of renovation ${n}`);
      return 0;
    },
  },
  {
    name: "renovation-upload",
    section: "shop",
    usage: ["  renovation-upload             upload a picture for renovations: --file <pic.png|jpg|gif|webp>"],
    async run({ v, io, client, need }) {
      need(0, "no arguments (use --file)");
      if (!v.file) throw new UsageError("renovation-upload needs --file <picture>");
      let bytes: Buffer;
      try {
        bytes = fs.readFileSync(v.file);
      } catch (err) {
        throw new OpsError(`cannot read ${v.file}: ${(err as Error).message}`);
      }
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes)]), path.basename(v.file));
      const r = v.platform
        ? await client.platform<{ filePath: string }>("POST", "/file/upload", form)
        : await client.call<{ filePath: string }>("POST", "/merchant/file/upload", form);
      io.out(v.json ? JSON.stringify(r) : r.filePath);
      return 0;
    },
  },
];
