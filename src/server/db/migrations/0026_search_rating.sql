ALTER TABLE "product_search_words" ADD COLUMN "rating" real;--> statement-breakpoint
-- The rating is a tie-breaker of the ranking, not a word: only new or changed words recompute the vector.
DROP TRIGGER product_search_words_search ON product_search_words;
--> statement-breakpoint
CREATE TRIGGER product_search_words_search AFTER INSERT OR DELETE OR UPDATE OF terms ON product_search_words
  FOR EACH ROW EXECUTE FUNCTION product_search_words_search();
--> statement-breakpoint
UPDATE product_search_words w SET rating = r.rating
  FROM (SELECT prod_id, round(avg(score), 1)::real AS rating FROM prod_comments WHERE status = 1 GROUP BY prod_id) r
  WHERE r.prod_id = w.prod_id;
