/**
 * Search synonyms and brand aliases kept by the platform (docs/search.md "Synonyms";
 * `Authorization: <PLATFORM_API_TOKEN>`):
 *   GET    /platform/search/synonyms            → SynonymSetDto[] (oldest first)
 *   POST   /platform/search/synonyms {words, brandId?} → SynonymSetDto
 *   PUT    /platform/search/synonyms/{id} {words, brandId?} → SynonymSetDto
 *   DELETE /platform/search/synonyms/{id}       → null
 * Refusals are A00001 with the message in the request's language (catalog.synonyms.*); a missing
 * or wrong platform token is A00004. Rules: src/server/domain/catalog/search-synonyms.ts.
 */
import { Hono } from "hono";
import { DomainError } from "../domain/kernel/domain-error.ts";
import {
  addSynonymSet,
  checkSynonymSet,
  listSynonymSets,
  removeSynonymSet,
  updateSynonymSet,
  type SynonymSetInput,
} from "../domain/catalog/search-synonyms.ts";
import type { ApiEnv } from "./context.ts";
import { requirePlatform } from "./platform-auth.ts";
import { pathId, readJson, run } from "./kit.ts";

const NOT_FOUND = "catalog.synonyms.notFound";

/** The set of the request body, or its refusal. */
async function bodySet(c: Parameters<typeof readJson>[0]): Promise<SynonymSetInput> {
  const checked = checkSynonymSet(await readJson(c));
  if ("error" in checked) throw new DomainError(checked.error);
  return checked.set;
}

export const searchSynonymsRouter = new Hono<ApiEnv>();

searchSynonymsRouter.use("/platform/search/*", requirePlatform);

searchSynonymsRouter.get("/platform/search/synonyms", (c) => run(c, () => listSynonymSets(c.var.app.db, c.var.locale)));

searchSynonymsRouter.post("/platform/search/synonyms", (c) =>
  run(c, async () => addSynonymSet(c.var.app.db, c.var.locale, await bodySet(c))),
);

searchSynonymsRouter.put("/platform/search/synonyms/:id", (c) =>
  run(c, async () => updateSynonymSet(c.var.app.db, c.var.locale, pathId(c, "id", NOT_FOUND), await bodySet(c))),
);

searchSynonymsRouter.delete("/platform/search/synonyms/:id", (c) =>
  run(c, async () => {
    await removeSynonymSet(c.var.app.db, pathId(c, "id", NOT_FOUND));
    return null;
  }),
);
