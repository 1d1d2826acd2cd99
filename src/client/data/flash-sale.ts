/** The flash sale's call made by the product page script ([flash-sale.md](../../../docs/flash-sale.md)). */
import { api } from "../api.ts";

/** GET /p/seckill/orderPath?seckillId=: the one-time path of this buyer's checkout (the confirm page's `path`). */
export function getFlashOrderPath(seckillId: string): Promise<string> {
  return api.get<string>("/p/seckill/orderPath", { seckillId }, { silent: true });
}
