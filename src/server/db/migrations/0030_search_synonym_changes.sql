-- A change of the search synonyms or brand aliases (any writer: the platform API, the ops CLI,
-- SQL) reaches every process through the change feed (docs/search.md "Synonyms"): "search-lexicon"
-- makes each process read its lexicon again (search-index.ts followChanges), "search" drops the
-- kept keyword searches and suggestions that were answered with the old sets.
CREATE OR REPLACE FUNCTION search_synonyms_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM content_change(ARRAY['search-lexicon', 'search']);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_synonyms_content_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION search_synonyms_content_change();
