/**
 * A real PostgreSQL streaming replica of the test server, for tests/api/catalog/read-replica.test.ts:
 * `pg_basebackup -R` of the whole cluster into a temp dir, started with pg_ctl on a second port
 * (REPLICA_TEST_PORT, else a free one the system gives), waited for until it is in recovery and
 * streaming. As root (CI) the server programs run as the postgres user (runuser): PostgreSQL
 * refuses to run as root. stop() stops it (immediate) and removes the dir, also after a failed
 * start; a process that exits without stop() still stops it.
 *
 * Needs on the primary: wal_level replica (Debian's default) and a pg_hba line allowing
 * replication from 127.0.0.1 (`host replication postgres 127.0.0.1/32 trust`; .ci/run adds it).
 */
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface Replica {
  port: number;
  /** `primaryUrl` with the replica's host and port (same database, user). */
  urlOf(primaryUrl: string): string;
  stop(): Promise<void>;
}

/** The folder of pg_basebackup and pg_ctl of `major` (else the newest installed), or null when there is none. */
export function postgresBin(major?: number): string | null {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const pick = versions.find((v) => Number(v) === major) ?? versions[0];
  const dirs = [...(pick ? [path.join(root, pick, "bin")] : []), ...(process.env.PATH ?? "").split(":")];
  return (
    dirs.find((d) => d && fs.existsSync(path.join(d, "pg_basebackup")) && fs.existsSync(path.join(d, "pg_ctl"))) ?? null
  );
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program, as the postgres user when this process is root. */
async function pgRun(bin: string, program: string, args: string[]): Promise<string> {
  const file = path.join(bin, program);
  const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
  try {
    const { stdout, stderr } = await run(cmd, argv, { timeout: 60_000 });
    return stdout + stderr;
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${program} failed: ${(e.stderr || e.stdout || e.message).trim()}`, { cause: err });
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Stops the server of `data` at once and removes `dir` (synchronously: also from an exit handler). */
function stopNow(bin: string, dir: string, data: string): void {
  if (fs.existsSync(path.join(data, "postmaster.pid"))) {
    const file = path.join(bin, "pg_ctl");
    const args = ["-D", data, "-m", "immediate", "-w", "stop"];
    try {
      if (asRoot)
        execFileSync("runuser", ["-u", "postgres", "--", file, ...args], { stdio: "ignore", timeout: 30_000 });
      else execFileSync(file, args, { stdio: "ignore", timeout: 30_000 });
    } catch {
      // Not running (any more): only the folder is left.
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Starts a streaming replica of the server of `primaryUrl` (a postgres:// URL of a superuser) and
 * answers once it streams. Throws with the reason (the pg_hba line to add, …) when it can not.
 */
export async function startReplica(primaryUrl: string, bin: string): Promise<Replica> {
  const primary = new URL(primaryUrl);
  const started = Date.now();
  const port = Number(process.env.REPLICA_TEST_PORT) || (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mall-replica-"));
  const data = path.join(dir, "data");
  const stopOnExit = () => stopNow(bin, dir, data);
  process.once("exit", stopOnExit);
  const stop = async () => {
    process.removeListener("exit", stopOnExit);
    stopNow(bin, dir, data);
  };
  try {
    if (asRoot) {
      const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
      const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
      fs.chownSync(dir, uid, gid);
    }
    const { default: postgres } = await import("postgres");
    const admin = postgres(primaryUrl, { max: 1, onnotice: () => {} });
    let settings: Record<string, string>;
    try {
      const rows = await admin<{ name: string; setting: string }[]>`select name, setting from pg_settings
        where name in ('wal_level', 'max_connections', 'max_worker_processes', 'max_wal_senders',
          'max_prepared_transactions', 'max_locks_per_transaction')`;
      settings = Object.fromEntries(rows.map((r) => [r.name, r.setting]));
      // The base backup copies the whole cluster: its size says how long that takes.
      const [size] = await admin<{ size: string }[]>`select pg_size_pretty(sum(pg_database_size(datname))) as size
        from pg_database`;
      settings.cluster = size?.size ?? "?";
    } finally {
      await admin.end({ timeout: 5 });
    }
    if (settings.wal_level === "minimal")
      throw new Error("the primary's wal_level is minimal: a replica needs replica");
    try {
      await pgRun(bin, "pg_basebackup", [
        ...["-h", primary.hostname, "-p", primary.port || "5432", "-U", decodeURIComponent(primary.username)],
        ...["-D", data, "-R", "-X", "stream", "-c", "fast", "--no-sync", "-w"],
      ]);
    } catch (err) {
      if (/no pg_hba\.conf entry for replication/.test(String(err)))
        throw new Error(
          `the primary refuses replication connections: add "host replication postgres 127.0.0.1/32 trust" to its pg_hba.conf and reload (.ci/run does this). ${String(err)}`,
          { cause: err },
        );
      throw err;
    }
    const copied = Date.now();
    // Debian keeps the configuration out of the data folder: the replica gets its own. A hot
    // standby needs these limits at least as high as its primary's.
    const conf = [
      "hot_standby = on",
      "fsync = off",
      "shared_buffers = 16MB",
      ...[
        "max_connections",
        "max_worker_processes",
        "max_wal_senders",
        "max_prepared_transactions",
        "max_locks_per_transaction",
      ]
        .filter((n) => settings[n] !== undefined)
        .map((n) => `${n} = ${settings[n]}`),
    ];
    const own = (file: string, text: string) => {
      fs.writeFileSync(path.join(data, file), text, { mode: 0o600 });
      if (asRoot) execFileSync("chown", ["postgres:postgres", path.join(data, file)]);
    };
    own("postgresql.conf", `${conf.join("\n")}\n`);
    own("pg_hba.conf", "host all all 127.0.0.1/32 trust\nlocal all all trust\n");
    own("pg_ident.conf", "");
    await pgRun(bin, "pg_ctl", [
      ...["-D", data, "-l", path.join(dir, "server.log"), "-w", "-t", "30"],
      ...["-o", `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir}`, "start"],
    ]);
    const urlOf = (u: string) => {
      const url = new URL(u);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    };
    // In recovery and receiving the primary's WAL as it is written.
    const replica = postgres(urlOf(primaryUrl), { max: 1, onnotice: () => {} });
    try {
      const until = Date.now() + 20_000;
      for (;;) {
        const [row] = await replica<
          { recovery: boolean; status: string | null }[]
        >`select pg_is_in_recovery() as recovery,
          (select status from pg_stat_wal_receiver) as status`;
        if (row?.recovery && row.status === "streaming") break;
        if (Date.now() > until)
          throw new Error(
            `the replica is not streaming (in recovery: ${row?.recovery}, receiver: ${row?.status}); its log: ${fs.readFileSync(path.join(dir, "server.log"), "utf8").slice(-1500)}`,
          );
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await replica.end({ timeout: 5 });
    }
    console.log(
      `[read-replica] streaming replica on 127.0.0.1:${port}: base backup of ${settings.cluster} ${((copied - started) / 1000).toFixed(1)} s, started and streaming ${((Date.now() - copied) / 1000).toFixed(1)} s`,
    );
    return { port, urlOf, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
