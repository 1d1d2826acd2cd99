/** What every seed module gets: the transaction, the PRNG, the clock and the image store. */
import type { PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client.ts";
import type { ImageStore } from "./images.ts";
import type { Rng, SeedClock } from "./random.ts";

export interface SeedContext {
  tx: Tx;
  rng: Rng;
  clock: SeedClock;
  images: ImageStore;
  /** The mobile mall address encoded in the footer QR code. */
  mobileMallUrl: string;
}

export const CHUNK = 200;

/** Inserts rows in chunks (one statement per chunk) so big tables load fast on PGlite. */
export async function insertChunks<T extends PgTable>(tx: Tx, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.insert(table).values(rows.slice(i, i + CHUNK));
  }
}
