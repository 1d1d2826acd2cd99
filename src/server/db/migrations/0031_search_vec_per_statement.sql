-- A product's search vector is made once per statement, not once per inserted row (docs/search.md
-- "Index"): a product's texts arrive as one row per locale, and each row's trigger built the whole
-- vector again (three times for a product in three locales, once more for its analyzer words).
-- Inserts now rebuild the vector of each product the statement touched once, from its new rows
-- (a transition table); updates and deletes keep their per-row triggers (they compare the rows).
DROP TRIGGER product_translations_search ON product_translations;
--> statement-breakpoint
CREATE TRIGGER product_translations_search AFTER UPDATE OR DELETE ON product_translations
  FOR EACH ROW EXECUTE FUNCTION product_translations_search();
--> statement-breakpoint
DROP TRIGGER product_search_words_search ON product_search_words;
--> statement-breakpoint
CREATE TRIGGER product_search_words_search AFTER DELETE OR UPDATE OF terms ON product_search_words
  FOR EACH ROW EXECUTE FUNCTION product_search_words_search();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_rows_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search_vec = product_search_vec(prod_id)
    WHERE prod_id IN (SELECT DISTINCT prod_id FROM new_rows);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_translations_search_insert AFTER INSERT ON product_translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_rows_search_insert();
--> statement-breakpoint
CREATE TRIGGER product_search_words_search_insert AFTER INSERT ON product_search_words
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_rows_search_insert();
