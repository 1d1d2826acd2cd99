-- Invalidation by what changed (docs/performance.md "Finer invalidation"): a product's change
-- also names its categories (its level-3 category and their parents: the /list pages that show
-- it) and the product sitemap part that lists it (ids (n-1)*10000+1 .. n*10000), so a list of
-- another category and the other sitemap parts stay. "products" stays for the pages that show
-- products of every category (home, lists without a category).
CREATE OR REPLACE FUNCTION product_tags(pid integer, sid integer, cid integer) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY['product:' || pid, 'products', 'shop-products:' || sid, 'sitemap-products:' || ((pid - 1) / 10000 + 1), 'category:' || cid]
    || COALESCE((SELECT ARRAY['category:' || c.parent_id, 'category:' || p.parent_id]
                 FROM categories c LEFT JOIN categories p ON p.category_id = c.parent_id
                 WHERE c.category_id = cid), ARRAY[]::text[]);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_content_change(pid integer) RETURNS void LANGUAGE sql AS $$
  SELECT content_change(COALESCE(
    (SELECT product_tags(prod_id, shop_id, category_id) FROM products WHERE prod_id = pid),
    ARRAY['product:' || pid, 'products', 'sitemap-products:' || ((pid - 1) / 10000 + 1)]));
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF to_jsonb(OLD) = to_jsonb(NEW) THEN RETURN NULL; END IF;
    -- Stock and sales counters only (orders): pages keep their copy, live read models re-read.
    IF (to_jsonb(OLD) - 'total_stocks' - 'sold_num' - 'comment_num' - 'search_vec') = (to_jsonb(NEW) - 'total_stocks' - 'sold_num' - 'comment_num' - 'search_vec')
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
