/** The committed JSON Schema of the block format is the one the rules generate; its examples pass the rules. */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { BLOCK_SCHEMAS, checkContent } from "./block-schema.ts";
import { DRAFT_BLOCK_TYPES } from "./block-types.ts";
import { renovationJsonSchema } from "./json-schema.ts";
import { BLOCK_EXAMPLES } from "./schema-examples.ts";

const committed = new URL("../../../docs/renovation.schema.json", import.meta.url);

describe("docs/renovation.schema.json", () => {
  it("is what the rules generate (run `npm run docs:renovation-schema` after changing them)", () => {
    const onDisk = JSON.parse(fs.readFileSync(committed, "utf8")) as unknown;
    expect(onDisk).toEqual(JSON.parse(JSON.stringify(renovationJsonSchema())));
  });

  it("covers every block type the storefront renders, with one example each that the rules accept", () => {
    expect(Object.keys(BLOCK_SCHEMAS)).toEqual([...DRAFT_BLOCK_TYPES]);
    const text = fs.readFileSync(committed, "utf8");
    for (const type of Object.keys(BLOCK_SCHEMAS)) {
      expect(text).toContain(`"const": "${type}"`);
      const r = checkContent([{ type, dataField: BLOCK_EXAMPLES[type] }]);
      expect(r.ok ? null : r.problem, type).toBeNull();
    }
  });
});
