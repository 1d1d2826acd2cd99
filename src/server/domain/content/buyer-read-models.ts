/**
 * In-memory read models of what a signed-in buyer's requests repeat (docs/performance.md
 * "Sessions and carts in memory"): the session behind a token (a buyer's, and a shop's merchant
 * token), the buyer's cart lines and the
 * discounts of a shop. Same store and change feed as the public read models
 * (src/server/domain/content/read-models.ts): the triggers of migration 0015 tag every change of
 * a cart line (`cart:<userId>`) and of a session (`session:<id>`: revoked, shortened, deleted), so
 * an entry is dropped as soon as this process reads the feed.
 *
 * Freshness: a write through this process's API is seen by the next request (the API expires the
 * feed after every request that may write); a write committed by another process on the same
 * PostgreSQL as soon as its notification arrives (wakeOnNotify: the feed is expired then), and at
 * the latest within two feed intervals (CONTENT_POLL_MS, 1 s): entries are answered without
 * waiting while the feed was read within the last two intervals (TaggedMemo.getRecent, as cached
 * pages are), and the read that is due then runs in the background. Writes themselves (changeItem, checkItems, submit) always read
 * the database.
 */
import type { Locale } from "../../../lib/locale.ts";
import type { Db } from "../../db/client.ts";
import { TaggedMemo, type ChangeFeed } from "../../db/content-changes.ts";
import { findUserSession } from "../account/auth.ts";
import { hashToken } from "../account/tokens.ts";
import { loadLines, type CartReads, type LoadedLine } from "../cart/cart.ts";
import { liveDiscounts } from "../discount/discount.ts";
import { findMerchantSessionByHash, type MerchantSession } from "../merchant/merchant.ts";
import { isRunning } from "../pricing/pricing-steps.ts";
import type { DiscountRuleSet } from "../pricing/pricing-shapes.ts";

export interface BuyerSession {
  id: number;
  userId: string;
  expiresAt: Date;
}

export class BuyerReadModels implements CartReads {
  readonly memo: TaggedMemo;

  constructor(
    private readonly db: Db,
    feed: ChangeFeed,
    opts: { maxAgeMs?: number; maxEntries?: number; maxBytes?: number } = {},
  ) {
    this.memo = new TaggedMemo(feed, opts);
  }

  /** The live buyer session of a raw token, or null (unknown, revoked or expired: never kept). */
  async session(rawToken: string, now = new Date()): Promise<BuyerSession | null> {
    const hash = hashToken(rawToken);
    const s = await this.memo.getRecent<BuyerSession | null>(
      `session ${hash}`,
      (v) => (v ? [`session:${v.id}`] : []),
      () => findUserSession(this.db, hash, new Date()),
      { keep: (v) => v !== null },
    );
    return s && s.expiresAt.getTime() > now.getTime() ? s : null;
  }

  /**
   * The live merchant session of a raw token, or null — kept like a buyer's (`session:<id>` drops
   * it when the shop logs out or the session is revoked), so the merchant API's most frequent call,
   * a stock change, does not read the sessions table first.
   */
  async merchantSession(rawToken: string, now = new Date()): Promise<MerchantSession | null> {
    if (!rawToken) return null;
    const hash = hashToken(rawToken);
    const s = await this.memo.getRecent<MerchantSession | null>(
      `merchant-session ${hash}`,
      (v) => (v ? [`session:${v.sessionId}`] : []),
      () => findMerchantSessionByHash(this.db, hash, new Date()),
      { keep: (v) => v !== null },
    );
    return s && s.expiresAt.getTime() > now.getTime() ? s : null;
  }

  /** The user's cart lines with their products, SKUs and shops (dropped when any of them changes). */
  async lines(userId: string, locale: Locale): Promise<readonly LoadedLine[]> {
    return this.memo.getRecent(
      `cart ${userId} ${locale}`,
      (lines: LoadedLine[]) => [
        `cart:${userId}`,
        ...lines.flatMap((l) => [`product:${l.prodId}`, `stock:${l.prodId}`, `shop:${l.shopId}`]),
      ],
      () => loadLines(this.db, userId, locale),
    );
  }

  /**
   * The discounts running now in these shops (each shop's running and upcoming ones are kept; a
   * change to any discount, its tiers or products tags "*", which drops them all).
   */
  async discounts(shopIds: readonly number[], now: Date): Promise<DiscountRuleSet[]> {
    const sets = await Promise.all(
      [...new Set(shopIds)].map((shopId) =>
        this.memo.getRecent(`discounts ${shopId}`, [`discounts:${shopId}`], () =>
          liveDiscounts(this.db, shopId, new Date()),
        ),
      ),
    );
    return sets
      .flat()
      .filter((d) => isRunning(d, now))
      .sort((a, b) => a.discountId - b.discountId);
  }
}
