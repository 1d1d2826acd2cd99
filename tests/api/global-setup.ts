/**
 * Runs once per API test project, before any test file.
 *  - api-pglite: migrates and seeds an in-memory PGlite once and dumps it to a tarball; every test
 *    file then starts from that seeded state in well under a second (tests/api/helpers.ts).
 *  - api-pg: checks that PostgreSQL (TEST_DATABASE_URL) answers, then migrates and seeds one
 *    template database (mall_t_<run>_template); every test file copies it with
 *    `CREATE DATABASE … TEMPLATE`, a file copy instead of a seed. Unreachable → fail when CI is
 *    set, otherwise the api-pg tests are skipped with a warning.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/server/db/client.ts";
import { seedDatabase } from "../../src/server/seed/index.ts";
import { DEFAULT_TEST_DATABASE_URL } from "./config.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** false when the project's database is not available (api-pg without PostgreSQL, outside CI). */
    dbReady: boolean;
    /** api-pglite: the seeded PGlite dump to start each test file from. */
    pgliteDumpFile: string;
    /** api-pg: the server URL test databases are created on. */
    pgBaseUrl: string;
    /** api-pg: prefix of this run's databases (mall_t_<run>_<file>); leftovers are dropped at the end. */
    pgRunId: string;
    /** api-pg: the migrated and seeded database every test file's database is copied from. */
    pgTemplate: string;
  }
}

async function setupPglite(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "mall-api-pglite-"));
  const database = await openDatabase({});
  try {
    await database.migrate();
    await seedDatabase(database.db, { uploadsDir: path.join(dir, "uploads") });
    if (!database.dumpDataDir) throw new Error("PGlite database without dumpDataDir");
    const blob = await database.dumpDataDir();
    const file = path.join(dir, "seeded.tar");
    await fs.writeFile(file, Buffer.from(await blob.arrayBuffer()));
    project.provide("pgliteDumpFile", file);
    project.provide("dbReady", true);
    project.provide("pgBaseUrl", "");
    project.provide("pgRunId", "");
    project.provide("pgTemplate", "");
    console.log(`[api-pglite] seeded PGlite dump ready in ${Date.now() - started} ms`);
  } finally {
    await database.close();
  }
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}

async function setupPg(project: TestProject): Promise<(() => Promise<void>) | void> {
  const base = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const runId = randomBytes(3).toString("hex");
  project.provide("pgBaseUrl", base);
  project.provide("pgRunId", runId);
  project.provide("pgliteDumpFile", "");
  project.provide("pgTemplate", "");
  const { default: postgres } = await import("postgres");
  const sql = postgres(base, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await sql`select 1`;
    project.provide("dbReady", true);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    await sql.end({ timeout: 1 }).catch(() => {});
    if (process.env.CI) throw new Error(`[api-pg] PostgreSQL at ${base} is unreachable (${why}); CI requires it`);
    console.warn(
      `\n[api-pg] WARNING: PostgreSQL at ${base} is unreachable (${why}).\n[api-pg] The api-pg tests are SKIPPED. Set TEST_DATABASE_URL or start PostgreSQL to run them.\n`,
    );
    project.provide("dbReady", false);
    return;
  }
  const teardown = async () => {
    try {
      const left = await sql<
        { datname: string }[]
      >`select datname from pg_database where datname like ${`mall_t_${runId}_%`}`;
      for (const { datname } of left) await sql.unsafe(`drop database if exists "${datname}" with (force)`);
    } finally {
      await sql.end({ timeout: 5 }).catch(() => {});
    }
  };
  try {
    const started = Date.now();
    const template = `mall_t_${runId}_template`;
    await sql.unsafe(`create database "${template}"`);
    const url = new URL(base);
    url.pathname = `/${template}`;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "mall-api-pg-"));
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      await database.migrate();
      await seedDatabase(database.db, { uploadsDir: path.join(dir, "uploads") });
    } finally {
      // A template must have no open connection while it is copied.
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
    project.provide("pgTemplate", template);
    console.log(`[api-pg] seeded template database ${template} ready in ${Date.now() - started} ms`);
  } catch (err) {
    await teardown();
    throw err;
  }
  // Teardown: drop the template and the databases of this run that a crashed test file left behind.
  return teardown;
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  if (project.name === "api-pg") return setupPg(project);
  return setupPglite(project);
}
