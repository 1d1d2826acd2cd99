/** Due jobs in the ops CLI: `jobs run` runs them once, straight against the database (src/server/domain/jobs). */
import path from "node:path";
import type { Db } from "../../src/server/db/client.ts";
import { intOpt, OpsError, UsageError } from "./args.ts";
import type { OpsIO } from "./client.ts";
import type { CommandContext, OpsCommand } from "./command.ts";

async function defaultOpenDb(env: OpsIO["env"]): Promise<{ db: Db; driver: string; close: () => Promise<void> }> {
  const { loadConfig } = await import("../../src/server/config.ts");
  const { openDatabase } = await import("../../src/server/db/client.ts");
  const config = loadConfig(env as NodeJS.ProcessEnv);
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") },
  );
  return { db: database.db, driver: database.driver, close: () => database.close() };
}

async function jobsRun({ v, io, client }: CommandContext): Promise<number> {
  const now = v.now ? new Date(v.now) : new Date();
  if (Number.isNaN(now.getTime())) throw new UsageError("--now must be an ISO-8601 time, e.g. 2030-01-01T00:00:00Z");
  const limit = intOpt("limit", v.limit) ?? 1000;
  // PGlite allows one process per data directory: refuse while a server holds it.
  if (!io.openDb && !io.env.DATABASE_URL && !v.force) {
    const health = await client.raw<{ driver: string }>("GET", "/health").catch(() => null);
    if (health?.data?.driver === "pglite") {
      throw new OpsError(
        `a mall is running on ${client.url} with the embedded database: its own job runner does the jobs (stop it first to run them here, or use DATABASE_URL)`,
      );
    }
  }
  const opened = await (io.openDb ?? (() => defaultOpenDb(io.env)))();
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
