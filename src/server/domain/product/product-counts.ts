/**
 * The counts a product shows that other features move (docs/architecture.md "Code layout": no
 * feature writes another's tables): its reviews. Stock and sold pieces are product/stock.ts's.
 */
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { products } from "../../db/schema/index.ts";

/** One review more in the product's comment count, in the caller's transaction. */
export async function countReview(tx: Tx, prodId: number): Promise<void> {
  await tx
    .update(products)
    .set({ commentNum: sql`${products.commentNum} + 1` })
    .where(eq(products.prodId, prodId));
}
