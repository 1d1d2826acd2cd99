/**
 * Many rows in one statement: the rows travel as one JSON parameter that the server turns into
 * records (json_populate_recordset with the table's own row type), instead of one parameter per
 * value — building and sending a 3,000-row insert of the query builder costs more than running
 * it. Used where rows come in thousands: the large generated catalogue (src/server/seed/scale.ts)
 * and the bulk import (src/server/domain/product/product-import.ts).
 */
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "./client.ts";

/** Rows per statement. */
const ROWS_PER_STATEMENT = 1000;

/** Inserts rows (objects keyed by column name; every row the keys of the first) in statements of ROWS_PER_STATEMENT rows. */
export async function insertJson(tx: Tx, table: string, list: readonly Record<string, unknown>[]): Promise<void> {
  if (list.length === 0) return;
  const cols = sql.join(
    Object.keys(list[0]!).map((c) => sql.identifier(c)),
    sql`, `,
  );
  for (let i = 0; i < list.length; i += ROWS_PER_STATEMENT) {
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (${cols}) select ${cols} from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(list.slice(i, i + ROWS_PER_STATEMENT))}::json)`,
    );
  }
}

/** Inserts rows keyed as the drizzle table's fields (as `.values()` takes them), through insertJson. */
export async function insertRows<T extends PgTable>(
  tx: Tx,
  table: T,
  list: readonly Partial<T["$inferInsert"]>[],
): Promise<void> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const named = list.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [columns[key]!.name, value ?? null])),
  );
  await insertJson(tx, getTableName(table), named);
}
