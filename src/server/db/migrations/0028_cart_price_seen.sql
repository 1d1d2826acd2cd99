-- The price a buyer saw when putting a line in the cart or changing it (docs/product.md "What
-- shoppers see"): the cart says when the SKU's price is another now.
ALTER TABLE "cart_items" ADD COLUMN "price_seen" numeric(12, 2);--> statement-breakpoint
-- A product's analyzer words land a moment after its write (the change-feed follower,
-- src/server/domain/catalog/search-index.ts); the searches that find by them (keyword searches,
-- suggestions) carry the tag "search", so one answered in between is not kept without the product.
-- Once per statement that changed rows (the follower writes up to 500 products a statement).
CREATE OR REPLACE FUNCTION product_search_words_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM changed_rows) THEN RETURN NULL; END IF;
  PERFORM content_change(ARRAY['search']);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_search_words_content_insert AFTER INSERT ON product_search_words
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_words_content_change();
--> statement-breakpoint
CREATE TRIGGER product_search_words_content_update AFTER UPDATE ON product_search_words
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_words_content_change();
--> statement-breakpoint
CREATE TRIGGER product_search_words_content_delete AFTER DELETE ON product_search_words
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_words_content_change();
