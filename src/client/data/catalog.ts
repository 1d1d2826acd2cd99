/** The catalogue's calls made from the browser (pages render the rest on the server). */
import type { ProductDetail } from "../../lib/catalog/product-types.ts";
import { api } from "../api.ts";

/** GET /prod/prodInfo?prodId=: one product (the chat's product card, buy now's shop). */
export function getProduct(prodId: number | string): Promise<ProductDetail> {
  return api.get<ProductDetail>("/prod/prodInfo", { prodId }, { silent: true });
}
