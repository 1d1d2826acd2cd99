/**
 * Product cards in chat messages with their products as they are now (docs/chat.md): status (as in
 * the collections) and stock.
 */
import { eq, inArray } from "drizzle-orm";
import {
  MsgType,
  parseCard,
  type CardProductNow,
  type ChatMessageDto,
  type ProductCard,
} from "../../../lib/chat/chat.ts";
import type { Db } from "../../db/client.ts";
import { products, shops } from "../../db/schema/index.ts";
import { displayStatus } from "../collection/collection.ts";

/** The products of product cards as they are now (status as in the collections, stock), by id. */
async function productsNow(db: Db, prodIds: readonly number[]): Promise<Map<number, CardProductNow>> {
  if (prodIds.length === 0) return new Map();
  const rows = await db
    .select({
      prodId: products.prodId,
      status: products.status,
      totalStocks: products.totalStocks,
      shopStatus: shops.shopStatus,
    })
    .from(products)
    .leftJoin(shops, eq(shops.shopId, products.shopId))
    .where(inArray(products.prodId, [...new Set(prodIds)]));
  return new Map(
    rows.map((r) => [r.prodId, { status: displayStatus(r.status, r.shopStatus), totalStocks: r.totalStocks }]),
  );
}

/** The messages with their product cards' products as they are now (`prodNow`). */
export async function withProductsNow(db: Db, msgs: ChatMessageDto[]): Promise<ChatMessageDto[]> {
  const cardProd = (m: ChatMessageDto) => {
    if (m.msgType !== MsgType.PRODUCT) return null;
    const id = (parseCard(m.msgType, m.content) as ProductCard | null)?.prodId;
    return typeof id === "number" && Number.isSafeInteger(id) ? id : null;
  };
  const now = await productsNow(
    db,
    msgs.map(cardProd).filter((id): id is number => id !== null),
  );
  return msgs.map((m) => {
    const id = cardProd(m);
    const p = id === null ? undefined : now.get(id);
    return p ? { ...m, prodNow: p } : m;
  });
}
