-- The search index's follower sets products.search_vec once a product's analyzer words are in
-- (src/server/domain/catalog/search-index.ts, up to 500 products a statement). That counted as a
-- change of public content: each of those rows bumped the one content_versions row, which the
-- follower then held locked until its transaction committed, so every other writer of products,
-- shops or categories — a bulk import's next chunk above all — waited for the index. The searches
-- that find by those words already learn of them by the feed's "search" tag (migration 0028), and
-- nothing a page shows is the vector itself.
DROP TRIGGER IF EXISTS products_bump_version_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_bump_version_update AFTER UPDATE ON products FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'total_stocks' - 'sold_num' - 'comment_num' - 'updated_at' - 'search_vec') IS DISTINCT FROM (to_jsonb(NEW) - 'total_stocks' - 'sold_num' - 'comment_num' - 'updated_at' - 'search_vec') OR (OLD.total_stocks > 0) IS DISTINCT FROM (NEW.total_stocks > 0))
  EXECUTE FUNCTION bump_public_content_version();
