/** Writes docs/renovation.schema.json from the block rules (src/lib/renovation/json-schema.ts). */
import fs from "node:fs";
import { renovationJsonSchema } from "../src/lib/renovation/json-schema.ts";

fs.writeFileSync(
  new URL("../docs/renovation.schema.json", import.meta.url),
  `${JSON.stringify(renovationJsonSchema(), null, 2)}\n`,
);
