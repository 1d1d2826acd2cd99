/** Due jobs in the ops CLI: `jobs run` runs them once, straight against the database (src/server/domain/jobs). */
import { intOpt, UsageError } from "./args.ts";
import type { CommandContext, OpsCommand } from "./command.ts";
import { openDirect } from "./direct-db.ts";

async function jobsRun(ctx: CommandContext): Promise<number> {
  const { v, io } = ctx;
  const now = v.now ? new Date(v.now) : new Date();
  if (Number.isNaN(now.getTime())) throw new UsageError("--now must be an ISO-8601 time, e.g. 2030-01-01T00:00:00Z");
  const limit = intOpt("limit", v.limit) ?? 1000;
  const opened = await openDirect(ctx, "its own job runner does the jobs");
  try {
    const { runDueJobs } = await import("../../src/server/all-jobs.ts");
    const summary = await runDueJobs(opened.db, now, limit);
    if (v.json) io.out(JSON.stringify(summary));
    else
      io.out(
        `jobs due at ${now.toISOString()} (${opened.driver}): ${summary.done} done, ${summary.skipped} had nothing to do, ${summary.failed} failed`,
      );
    return summary.failed > 0 ? 1 : 0;
  } finally {
    await opened.close();
  }
}

export const commands: OpsCommand[] = [
  {
    name: "jobs",
    section: "tools",
    usage: [
      "  jobs run                      run the due jobs once, directly against the database",
      "                                (DATABASE_URL, else DATA_DIR/pglite; [--now ISO-8601] [--limit N])",
    ],
    async run(ctx) {
      if (ctx.args[0] !== "run" || ctx.args.length !== 1) throw new UsageError("jobs has one subcommand: jobs run");
      return await jobsRun(ctx);
    },
  },
];
