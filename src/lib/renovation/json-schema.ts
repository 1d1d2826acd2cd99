/**
 * The JSON Schema of the block format, generated from the zod rules the server checks
 * (block-schema.ts) with zod's z.toJSONSchema, plus one example per block type. Committed as
 * docs/renovation.schema.json (`npm run docs:renovation-schema` writes it); json-schema.test.ts
 * fails when the committed file differs from what these rules generate. What JSON Schema can not
 * say (control characters, colours, safe paths, and everything the database decides) is checked
 * by the server and described in docs/renovation.md.
 */
import { z } from "zod";
import { BLOCK_SCHEMAS, draftSchema, RENOVATION_FORMAT_VERSION } from "./block-schema.ts";
import { BLOCK_EXAMPLES } from "./schema-examples.ts";

export function renovationJsonSchema(): Record<string, unknown> {
  const blocks = Object.entries(BLOCK_SCHEMAS).map(([type, dataField]) =>
    z.object({ type: z.literal(type), dataField }).meta({
      title: type,
      examples: [{ type, dataField: BLOCK_EXAMPLES[type] }],
    }),
  );
  const draft = draftSchema.extend({ content: z.array(z.union(blocks)).min(1).max(60) });
  const body = z.toJSONSchema(draft, { io: "input", unrepresentable: "any", reused: "ref" });
  return {
    ...body,
    $id: `renovation.schema.v${RENOVATION_FORMAT_VERSION}.json`,
    title: `Decoration (renovation) draft, block format v${RENOVATION_FORMAT_VERSION}`,
    description:
      "What POST/PUT /api/merchant/renovations and /api/platform/renovations take (docs/renovation.md). " +
      "Generated from src/lib/renovation/block-schema.ts; the server also checks control characters, colours, " +
      "safe paths and URLs, and that products, categories, shops, pages, coupons, activities and pictures are the shop's own.",
  };
}
