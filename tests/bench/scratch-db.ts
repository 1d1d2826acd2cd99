/**
 * A throwaway PostgreSQL database for one bench section: created on the server of `pgUrl` (the
 * session's PostgreSQL), handed to `use` as a connection URL, and dropped afterwards — also when
 * `use` fails. Failing to create it (no PostgreSQL) rejects like `use` would, so a section can
 * print "not run" with the reason.
 */
import { randomBytes } from "node:crypto";

export async function withScratchDatabase<T>(
  pgUrl: string,
  prefix: string,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const { default: postgres } = await import("postgres");
  const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString("hex")}`;
  let created = false;
  try {
    await admin.unsafe(`create database "${name}"`);
    created = true;
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    return await use(url.toString());
  } finally {
    if (created) await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end({ timeout: 5 });
  }
}
