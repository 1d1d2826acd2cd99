/** The demo's search synonyms and brand aliases (fixtures/search-synonyms.ts). */
import { searchSynonyms } from "../db/schema/index.ts";
import type { Catalog } from "./catalog.ts";
import type { SeedContext } from "./context.ts";
import { SEARCH_SYNONYMS } from "./fixtures/search-synonyms.ts";

export async function seedSearchSynonyms(ctx: SeedContext, catalog: Catalog): Promise<void> {
  const brandByEn = new Map(catalog.brands.map((b) => [b.name.en, b.id]));
  await ctx.tx.insert(searchSynonyms).values(
    SEARCH_SYNONYMS.map((s) => {
      const brandId = s.brand === undefined ? null : brandByEn.get(s.brand);
      if (brandId === undefined) throw new Error(`search synonyms: no brand ${s.brand}`);
      return { words: s.words, brandId, updatedAt: ctx.clock.ago(30) };
    }),
  );
}
