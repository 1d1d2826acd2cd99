-- A merchant's stock change (PUT …/skus/{skuId} with stocks or stocksDelta, the CSV price and
-- stock edit) moves the product's total and its updated_at (the shop's "updated since" list sees
-- it), nothing a shopper's page shows. It used to count as a change of the whole product: the
-- public content version was bumped (one row every such writer locked until it committed, so 50
-- merchants' stock updates queued behind each other) and the product's pages, lists, category and
-- sitemap were dropped from every render cache. Now, as for an order's stock change, only the
-- product's stock tag is recorded, unless the stock crosses 0 ("sold out") or anything else changed.
DROP TRIGGER IF EXISTS products_bump_version_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_bump_version_update AFTER UPDATE ON products FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'total_stocks' - 'sold_num' - 'comment_num' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'total_stocks' - 'sold_num' - 'comment_num' - 'updated_at') OR (OLD.total_stocks > 0) IS DISTINCT FROM (NEW.total_stocks > 0))
  EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (to_jsonb(OLD) - 'search_vec') = (to_jsonb(NEW) - 'search_vec') THEN RETURN NULL; END IF;
    -- Stock and sales counters only (orders, a merchant's stock change): pages keep their copy,
    -- live read models re-read.
    IF (to_jsonb(OLD) - 'total_stocks' - 'sold_num' - 'comment_num' - 'updated_at' - 'search_vec') = (to_jsonb(NEW) - 'total_stocks' - 'sold_num' - 'comment_num' - 'updated_at' - 'search_vec')
       AND (OLD.total_stocks > 0) = (NEW.total_stocks > 0) THEN
      PERFORM content_change(ARRAY['stock:' || NEW.prod_id]);
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM content_change(product_tags(OLD.prod_id, OLD.shop_id, OLD.category_id) || ARRAY['stock:' || OLD.prod_id]); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM content_change(product_tags(NEW.prod_id, NEW.shop_id, NEW.category_id) || ARRAY['stock:' || NEW.prod_id]); END IF;
  RETURN NULL;
END;
$$;
