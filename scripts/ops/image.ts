/**
 * The image pipeline in the ops CLI (docs/image.md "Backfill"): `image-backfill` makes the ladder
 * of variants for every upload already stored (src/server/domain/upload/image-backfill.ts),
 * straight against the database and the upload storage, with a progress bar. Stopped (Ctrl-C:
 * the picture in hand is finished first; --limit N: after N pictures) or killed, it goes on where
 * it was when run again; a run with nothing left to do makes nothing.
 */
import { intOpt, UsageError } from "./args.ts";
import type { CommandContext, OpsCommand } from "./command.ts";
import { openDirect } from "./direct-db.ts";
import { progressOf } from "./output.ts";

const BAR_WIDTH = 24;

/** One line of the progress bar: "[#####-----] 12/40  30%  label". */
export function progressLine(done: number, total: number, label: string): string {
  const t = Math.max(total, done, 1);
  const filled = Math.round((BAR_WIDTH * done) / t);
  const pct = Math.floor((100 * done) / t);
  return `[${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}] ${done}/${t} ${String(pct).padStart(3)}%  ${label}`;
}

async function imageBackfill(ctx: CommandContext): Promise<number> {
  const { v, io } = ctx;
  const limit = intOpt("limit", v.limit);
  const opened = await openDirect(ctx, "its image worker makes the variants");
  let interrupted = false;
  const onSigint = () => {
    interrupted = true;
  };
  process.once("SIGINT", onSigint);
  const bar = progressOf(io);
  try {
    if (!opened.storage) throw new UsageError("image-backfill needs the upload storage");
    const { backfillImages } = await import("../../src/server/domain/upload/image-backfill.ts");
    const started = Date.now();
    let built = 0;
    const summary = await backfillImages(opened.db, opened.storage, {
      stopped: () => interrupted || (limit !== undefined && built >= limit),
      onProgress: (p) => {
        if (p.step === "build") built++;
        const rate =
          p.step === "build" ? `  ${(built / Math.max(0.001, (Date.now() - started) / 1000)).toFixed(1)}/s` : "";
        bar.show(progressLine(p.done, p.total, `${p.step === "record" ? "looking" : "variants"}${rate}  ${p.path}`));
      },
    });
    bar.end();
    if (v.json) io.out(JSON.stringify(summary));
    else
      io.out(
        `image backfill (${opened.driver}, ${opened.storage.kind} storage): ${summary.recorded} recorded, ${summary.built} made, ` +
          `${summary.failed} failed, ${summary.unreadable} not readable` +
          (summary.stopped
            ? " — stopped; run it again to go on"
            : summary.recorded + summary.built === 0
              ? " — nothing to do"
              : ""),
      );
    return summary.failed > 0 ? 1 : 0;
  } finally {
    process.removeListener("SIGINT", onSigint);
    await opened.close();
  }
}

export const commands: OpsCommand[] = [
  {
    name: "image-backfill",
    section: "tools",
    usage: [
      "  image-backfill                make the variants of every stored picture, with a progress bar;",
      "                                resumable (Ctrl-C or [--limit N] stops it; run it again to go on)",
    ],
    async run(ctx) {
      if (ctx.args.length !== 0) throw new UsageError("image-backfill takes no arguments");
      return await imageBackfill(ctx);
    },
  },
];
