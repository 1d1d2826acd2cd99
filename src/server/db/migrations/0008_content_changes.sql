CREATE TABLE "content_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tag" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "content_changes_changed_at_idx" ON "content_changes" USING btree ("changed_at");
--> statement-breakpoint
-- Finer invalidation (docs/performance.md): the tags of what changed, one row each, written by
-- the triggers below next to the public version bump of 0002/0005 (which stays for the sitemap).
CREATE OR REPLACE FUNCTION content_change(tags text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO content_changes (tag) SELECT DISTINCT t FROM unnest(tags) AS t WHERE t IS NOT NULL;
$$;
--> statement-breakpoint
-- A product's own pages, every list, and its shop's pages.
CREATE OR REPLACE FUNCTION product_content_change(pid integer) RETURNS void LANGUAGE sql AS $$
  SELECT content_change(ARRAY['product:' || pid, 'products', (SELECT 'shop-products:' || shop_id FROM products WHERE prod_id = pid)]);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF to_jsonb(OLD) = to_jsonb(NEW) THEN RETURN NULL; END IF;
    -- Stock and sales counters only (orders): pages keep their copy, live read models re-read.
    IF (to_jsonb(OLD) - 'total_stocks' - 'sold_num' - 'comment_num') = (to_jsonb(NEW) - 'total_stocks' - 'sold_num' - 'comment_num')
       AND (OLD.total_stocks > 0) = (NEW.total_stocks > 0) THEN
      PERFORM content_change(ARRAY['stock:' || NEW.prod_id]);
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM content_change(ARRAY['product:' || OLD.prod_id, 'stock:' || OLD.prod_id, 'products', 'shop-products:' || OLD.shop_id]); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM content_change(ARRAY['product:' || NEW.prod_id, 'stock:' || NEW.prod_id, 'products', 'shop-products:' || NEW.shop_id]); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION skus_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF to_jsonb(OLD) = to_jsonb(NEW) THEN RETURN NULL; END IF;
    IF (to_jsonb(OLD) - 'stocks' - 'version') = (to_jsonb(NEW) - 'stocks' - 'version') AND (OLD.stocks > 0) = (NEW.stocks > 0) THEN
      PERFORM content_change(ARRAY['stock:' || NEW.prod_id]);
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM product_content_change(OLD.prod_id); PERFORM content_change(ARRAY['stock:' || OLD.prod_id]); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM product_content_change(NEW.prod_id); PERFORM content_change(ARRAY['stock:' || NEW.prod_id]); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_translations_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM product_content_change(OLD.prod_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM product_content_change(NEW.prod_id); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Reviews show on the product's own page only.
CREATE OR REPLACE FUNCTION prod_comments_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM content_change(ARRAY['product:' || OLD.prod_id]); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM content_change(ARRAY['product:' || NEW.prod_id]); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shops_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF to_jsonb(OLD) = to_jsonb(NEW) THEN RETURN NULL; END IF;
    -- Follower and sales counters only: the shop's own pages.
    IF (to_jsonb(OLD) - 'fans_count' - 'sold_num' - 'updated_at') = (to_jsonb(NEW) - 'fans_count' - 'sold_num' - 'updated_at') THEN
      PERFORM content_change(ARRAY['shop:' || NEW.shop_id]);
      RETURN NULL;
    END IF;
  END IF;
  -- Name, logo, status: its pages, the shop lists, and every product list (a closed shop's goods disappear).
  IF TG_OP <> 'INSERT' THEN PERFORM content_change(ARRAY['shop:' || OLD.shop_id, 'shop-products:' || OLD.shop_id, 'shops', 'products']); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM content_change(ARRAY['shop:' || NEW.shop_id, 'shop-products:' || NEW.shop_id, 'shops', 'products']); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Platform pages (shop 0) are the home page; a shop's pages belong to the shop.
CREATE OR REPLACE FUNCTION renovations_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM content_change(ARRAY[CASE WHEN OLD.shop_id = 0 THEN 'home' ELSE 'shop:' || OLD.shop_id END]); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM content_change(ARRAY[CASE WHEN NEW.shop_id = 0 THEN 'home' ELSE 'shop:' || NEW.shop_id END]); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Header and footer content of every page.
CREATE OR REPLACE FUNCTION site_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM content_change(ARRAY['site']);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A truncate, or a change whose pages are not tracked one by one: every page and read model.
CREATE OR REPLACE FUNCTION truncate_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM content_change(ARRAY['*']);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['products','skus','product_translations','prod_comments','shops','renovations']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION %I()', t || '_content_change', t, t || '_content_change');
  END LOOP;
  FOREACH t IN ARRAY ARRAY['categories','brands','category_brands','notices','hot_searches','site_config']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION site_content_change()', t || '_content_change', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['products','skus','product_translations','prod_comments','shops','renovations','categories','brands','category_brands','notices','hot_searches','site_config']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION truncate_content_change()', t || '_content_truncate', t);
  END LOOP;
  -- Discounts and coupon scopes change prices and offers across product, list and shop pages: everything.
  FOREACH t IN ARRAY ARRAY['discounts','discount_items','discount_prods','coupon_prods']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION truncate_content_change()', t || '_content_change', t);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Coupons: claims only count stocks down (no change to any page); other changes are everything.
CREATE TRIGGER coupons_content_change AFTER INSERT OR DELETE OR TRUNCATE ON coupons FOR EACH STATEMENT EXECUTE FUNCTION truncate_content_change();
--> statement-breakpoint
CREATE TRIGGER coupons_content_change_update AFTER UPDATE OF status, launch_time, over_time, coupon_name, reduce_amount, coupon_discount, cash_condition, suitable_prod_type ON coupons FOR EACH STATEMENT EXECUTE FUNCTION truncate_content_change();
