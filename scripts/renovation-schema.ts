/** Writes docs/renovation.schema.json from the block rules (src/lib/renovation/json-schema.ts), formatted by Prettier. */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import prettier from "prettier";
import { renovationJsonSchema } from "../src/lib/renovation/json-schema.ts";

const file = fileURLToPath(new URL("../docs/renovation.schema.json", import.meta.url));
const options = (await prettier.resolveConfig(file)) ?? {};
fs.writeFileSync(file, await prettier.format(JSON.stringify(renovationJsonSchema()), { ...options, filepath: file }));
