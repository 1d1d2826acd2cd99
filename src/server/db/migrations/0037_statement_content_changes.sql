-- Updates and deletes of SKUs and products name what changed once per statement (docs/product.md
-- "Deltas in groups"), as inserts do since 0027: a group of stock deltas updates its SKUs and their
-- products in one statement, and the per-row triggers inserted into content_changes and notified
-- once per row — most of what was left of a group's time. The statement's old and new rows
-- (transition tables, paired by their key) give the same tags as the per-row rules, each once, in
-- one content_change() call: nothing for a row that did not change (for products: whose search
-- vectors alone changed), the product's stock tag for a change of the stock and its counters that
-- does not cross 0, the product's tags and stock tag otherwise (old and new; a deleted row's). An
-- update bumps the public content version once when any row changed otherwise (the per-row rule).
-- A trigger with transition tables has one event: updates and deletes have a trigger each.
CREATE OR REPLACE FUNCTION product_tags_of(pid integer) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT COALESCE((SELECT product_tags(p.prod_id, p.shop_id, p.category_id) FROM products p WHERE p.prod_id = pid),
                  ARRAY['product:' || pid, 'products', 'sitemap-products:' || ((pid - 1) / 10000 + 1)]);
$$;
--> statement-breakpoint
-- TG_ARGV: [0] the key, [1] the stock column, [2] the columns whose change alone shows nothing,
-- [3] the counters that change with the stock (comma-separated). A product's tags are its own
-- row's; a SKU's are its product's as it is now.
CREATE OR REPLACE FUNCTION product_rows_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unseen text[] := string_to_array(TG_ARGV[2], ',');
  counters text[] := string_to_array(TG_ARGV[2], ',') || TG_ARGV[1] || string_to_array(TG_ARGV[3], ',');
  olds jsonb[] := ARRAY(SELECT to_jsonb(r) FROM old_rows r);
  news jsonb[] := ARRAY[]::jsonb[];
  tags text[];
  whole boolean;
BEGIN
  IF TG_OP = 'UPDATE' THEN news := ARRAY(SELECT to_jsonb(r) FROM new_rows r); END IF;
  WITH changes AS (
    SELECT o, n, CASE
      WHEN o IS NOT NULL AND n IS NOT NULL AND o - unseen = n - unseen THEN 'none'
      WHEN o IS NOT NULL AND n IS NOT NULL AND o - counters = n - counters
           AND ((o ->> TG_ARGV[1])::numeric > 0) = ((n ->> TG_ARGV[1])::numeric > 0) THEN 'stock'
      ELSE 'whole' END AS kind
    FROM unnest(olds) o FULL JOIN unnest(news) n ON n -> TG_ARGV[0] = o -> TG_ARGV[0]
  )
  SELECT ARRAY(
      SELECT DISTINCT t FROM changes c, LATERAL (VALUES (c.o), (c.n)) side(r),
        LATERAL unnest(CASE
          WHEN side.r IS NULL OR c.kind = 'none' THEN ARRAY[]::text[]
          WHEN c.kind = 'stock' THEN ARRAY['stock:' || (side.r ->> 'prod_id')]
          WHEN TG_TABLE_NAME = 'products'
            THEN product_tags((side.r ->> 'prod_id')::int, (side.r ->> 'shop_id')::int, (side.r ->> 'category_id')::int)
                 || ARRAY['stock:' || (side.r ->> 'prod_id')]
          ELSE product_tags_of((side.r ->> 'prod_id')::int) || ARRAY['stock:' || (side.r ->> 'prod_id')]
        END) t),
    COALESCE(bool_or(c.kind = 'whole'), false)
  INTO tags, whole FROM changes c;
  IF cardinality(tags) > 0 THEN PERFORM content_change(tags); END IF;
  IF TG_OP = 'UPDATE' AND whole THEN
    INSERT INTO content_versions (scope, version) VALUES ('public', 1)
    ON CONFLICT (scope) DO UPDATE SET version = content_versions.version + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The arguments: a SKU's stock counter is its version; a product's counters are its sales and
-- reviews and its updated_at, and its search vectors alone show nothing.
DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('skus', $a$'sku_id', 'stocks', '', 'version'$a$),
    ('products', $a$'prod_id', 'total_stocks', 'search_vec,param_vec', 'sold_num,comment_num,updated_at'$a$)) v(tab, args)
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t.tab || '_content_change', t.tab);
    EXECUTE format('DROP TRIGGER %I ON %I', t.tab || '_bump_version_update', t.tab);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION product_rows_content_change(%s)', t.tab || '_content_update', t.tab, t.args);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION product_rows_content_change(%s)', t.tab || '_content_delete', t.tab, t.args);
  END LOOP;
END;
$$;
--> statement-breakpoint
DROP FUNCTION skus_content_change();
--> statement-breakpoint
DROP FUNCTION products_content_change();
