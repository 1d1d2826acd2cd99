/** Writes docs/product.schema.json from the product rules (src/lib/product/json-schema.ts), formatted by Prettier. */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import prettier from "prettier";
import { productJsonSchema } from "../src/lib/product/json-schema.ts";

const file = fileURLToPath(new URL("../docs/product.schema.json", import.meta.url));
const options = (await prettier.resolveConfig(file)) ?? {};
fs.writeFileSync(file, await prettier.format(JSON.stringify(productJsonSchema()), { ...options, filepath: file }));
