/**
 * The JSON Schema of the product body, generated from the zod rules the server checks
 * (product-schema.ts) with zod's z.toJSONSchema, with examples. Committed as
 * docs/product.schema.json (`npm run docs:product-schema` writes it); json-schema.test.ts fails
 * when the committed file differs from what these rules generate. What JSON Schema can not say
 * (control characters, unsafe rich text, duplicate SKU combinations, original price ≥ price, and
 * everything the database decides) is checked by the server and described in docs/product.md.
 */
import { z } from "zod";
import { PRODUCT_FORMAT_VERSION, productSchema } from "./product-schema.ts";

/** A product on sale with two SKUs (colour), texts in all three languages. */
export const PRODUCT_EXAMPLE = {
  code: "MUG-001",
  categoryId: 85,
  brandId: null,
  texts: {
    zh: {
      name: "陶瓷马克杯",
      brief: "350ml，可微波",
      content: "<p>手工上釉的陶瓷杯。</p>",
      parameters: [{ key: "容量", value: "350ml" }],
    },
    "zh-tw": { name: "陶瓷馬克杯", brief: "350ml，可微波" },
    en: { name: "Ceramic mug", brief: "350 ml, microwave safe", content: "<p>Hand-glazed ceramic.</p>" },
  },
  pic: "/uploads/merchant/mug.png",
  imgs: ["/uploads/merchant/mug-side.png"],
  skus: [
    {
      code: "MUG-001-W",
      properties: [
        { name: { zh: "颜色", "zh-tw": "顏色", en: "Colour" }, value: { zh: "白", "zh-tw": "白", en: "White" } },
      ],
      price: "39.00",
      oriPrice: "49.00",
      stocks: 120,
    },
    {
      code: "MUG-001-B",
      properties: [
        { name: { zh: "颜色", "zh-tw": "顏色", en: "Colour" }, value: { zh: "黑", "zh-tw": "黑", en: "Black" } },
      ],
      price: "42.00",
      stocks: 80,
    },
  ],
  onSale: true,
  sevenDayReturn: true,
} as const;

/** A virtual good (a voucher: codes valid 30 days, unused ones refundable), as a draft. */
export const VIRTUAL_EXAMPLE = {
  categoryId: 85,
  texts: { zh: { name: "咖啡兑换券" }, en: { name: "Coffee voucher" } },
  pic: "/uploads/merchant/voucher.png",
  skus: [{ price: "25.00", stocks: 500 }],
  onSale: false,
  sevenDayReturn: false,
  virtual: { writeOffTime: 30, isRefund: true },
} as const;

export function productJsonSchema(): Record<string, unknown> {
  const body = z.toJSONSchema(productSchema, { io: "input", unrepresentable: "any" });
  return {
    ...body,
    $id: `product.schema.v${PRODUCT_FORMAT_VERSION}.json`,
    title: `Product body v${PRODUCT_FORMAT_VERSION}`,
    description:
      "What POST /api/merchant/products and PUT /api/merchant/products/{prodId} take, and one line of a bulk import (docs/product.md). " +
      "Generated from src/lib/product/product-schema.ts; the server also refuses control characters and unsafe rich text, duplicate SKU " +
      "combinations or codes, SKUs with other properties than the first, an original price below the price, and categories, brands and " +
      "pictures that are not level-3, on, or the shop's own.",
    examples: [PRODUCT_EXAMPLE, VIRTUAL_EXAMPLE],
  };
}
