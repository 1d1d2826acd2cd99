/**
 * Merchant accounts (one per shop: shop01..shop11 / Shop1234, documented in docs/merchant-api.md)
 * and the shops' freight rules (fixed fee per order, free over a threshold; some shops always
 * charge, self-operated shops ship free over 99).
 */
import { hashPassword } from "../domain/kernel/password.ts";
import { merchantAccounts, shopFreightRules } from "../db/schema/index.ts";
import { insertChunks, type SeedContext } from "./context.ts";
import type { ShopNode } from "./shops.ts";

/** Every shop's merchant account password (usernames: shop01, shop02, …). */
export const MERCHANT_PASSWORD = "Shop1234";

export function merchantUsername(shopId: number): string {
  return `shop${String(shopId).padStart(2, "0")}`;
}

/** Freight rules by shop: [fee, freeOver | null]. Shops not listed use the default rule. */
const FREIGHT: Record<number, [string, string | null]> = {
  1: ["0.00", null],
  2: ["8.00", "99.00"],
  3: ["10.00", "199.00"],
  4: ["6.00", "59.00"],
  5: ["12.00", null],
  6: ["10.00", "88.00"],
  7: ["5.00", "49.00"],
};

export async function seedMerchants(ctx: SeedContext, shopNodes: ShopNode[]): Promise<void> {
  const hash = await hashPassword(MERCHANT_PASSWORD);
  await insertChunks(
    ctx.tx,
    merchantAccounts,
    shopNodes.map((s) => ({
      merchantId: s.id,
      shopId: s.id,
      username: merchantUsername(s.id),
      passwordHash: hash,
      status: 1,
      createdAt: ctx.clock.ago(400 - s.id * 20),
    })),
  );
  await insertChunks(
    ctx.tx,
    shopFreightRules,
    Object.entries(FREIGHT)
      .filter(([id]) => shopNodes.some((s) => s.id === Number(id)))
      .map(([id, [fee, freeOver]]) => ({ shopId: Number(id), fee, freeOver })),
  );
}
