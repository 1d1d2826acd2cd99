import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from site_config`);
  const first = (rows as unknown as { rows?: { n: number }[] }).rows?.[0] ?? (rows as unknown as { n: number }[])[0];
  return !first || Number(first.n) === 0;
}

export async function seedDatabase(_db: Db, _opts: { uploadsDir: string }): Promise<void> {
  // replaced by the deterministic demo seed
}
