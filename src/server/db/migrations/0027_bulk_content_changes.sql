-- Inserts name what changed once per statement (docs/product.md "Bulk import"): the bulk import
-- inserts the texts, SKUs and rows of up to a thousand products in one statement each, and a
-- per-row trigger recorded each product's tags (and notified) once per row — most of an import's
-- time. The statement's new rows (a transition table) give the same tags, each once. Updates
-- and deletes keep their per-row triggers (they compare the old and new row).
CREATE OR REPLACE FUNCTION products_content_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
  PERFORM content_change(ARRAY(
    SELECT DISTINCT t FROM new_rows n,
      LATERAL unnest(product_tags(n.prod_id, n.shop_id, n.category_id) || ARRAY['stock:' || n.prod_id]) t));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- SKUs (TG_ARGV[0] = 'stock': their product's stock too) and texts of products: the products'
-- tags as product_content_change names them.
CREATE OR REPLACE FUNCTION product_rows_content_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
  PERFORM content_change(ARRAY(
    SELECT DISTINCT t FROM (SELECT DISTINCT prod_id FROM new_rows) n,
      LATERAL unnest(
        COALESCE((SELECT product_tags(p.prod_id, p.shop_id, p.category_id) FROM products p WHERE p.prod_id = n.prod_id),
                 ARRAY['product:' || n.prod_id, 'products', 'sitemap-products:' || ((n.prod_id - 1) / 10000 + 1)])
        || CASE WHEN TG_ARGV[0] = 'stock' THEN ARRAY['stock:' || n.prod_id] ELSE ARRAY[]::text[] END) t));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER products_content_change ON products;
--> statement-breakpoint
CREATE TRIGGER products_content_change AFTER UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION products_content_change();
--> statement-breakpoint
CREATE TRIGGER products_content_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_content_insert();
--> statement-breakpoint
DROP TRIGGER skus_content_change ON skus;
--> statement-breakpoint
CREATE TRIGGER skus_content_change AFTER UPDATE OR DELETE ON skus
  FOR EACH ROW EXECUTE FUNCTION skus_content_change();
--> statement-breakpoint
CREATE TRIGGER skus_content_insert AFTER INSERT ON skus
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_rows_content_insert('stock');
--> statement-breakpoint
DROP TRIGGER product_translations_content_change ON product_translations;
--> statement-breakpoint
CREATE TRIGGER product_translations_content_change AFTER UPDATE OR DELETE ON product_translations
  FOR EACH ROW EXECUTE FUNCTION product_translations_content_change();
--> statement-breakpoint
CREATE TRIGGER product_translations_content_insert AFTER INSERT ON product_translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_rows_content_insert('');
