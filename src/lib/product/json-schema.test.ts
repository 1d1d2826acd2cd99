/** The committed JSON Schema of the product body is the one the rules generate; its examples pass the rules. */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { PRODUCT_EXAMPLE, productJsonSchema, VIRTUAL_EXAMPLE } from "./json-schema.ts";
import { productSchema } from "./product-schema.ts";

const committed = new URL("../../../docs/product.schema.json", import.meta.url);

describe("docs/product.schema.json", () => {
  it("is what the rules generate (run `npm run docs:product-schema` after changing them)", () => {
    const onDisk = JSON.parse(fs.readFileSync(committed, "utf8")) as unknown;
    expect(onDisk).toEqual(JSON.parse(JSON.stringify(productJsonSchema())));
  });

  it("has examples the rules accept", () => {
    for (const example of [PRODUCT_EXAMPLE, VIRTUAL_EXAMPLE]) {
      const r = productSchema.safeParse(example);
      expect(r.success ? null : r.error.issues[0], JSON.stringify(example).slice(0, 60)).toBeNull();
    }
  });
});
