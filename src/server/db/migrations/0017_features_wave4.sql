CREATE TABLE "upload_owners" (
	"path" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"shop_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "renovations" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "upload_owners_shop_idx" ON "upload_owners" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "renovations_one_live_home" ON "renovations" USING btree ("shop_id","renovation_type") WHERE "renovations"."home_status" = 1 and "renovations"."status" = 1;--> statement-breakpoint
-- Only published pages are shown to shoppers: saving, copying or deleting a draft (status 0) or an
-- earlier version (2) changes no page, so it drops no cached page. Publishing, unpublishing and
-- restoring touch a published row and drop the pages of that shop (or the home page, shop 0).
CREATE OR REPLACE FUNCTION renovations_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 1 THEN PERFORM content_change(ARRAY[CASE WHEN OLD.shop_id = 0 THEN 'home' ELSE 'shop:' || OLD.shop_id END]); END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 1 THEN PERFORM content_change(ARRAY[CASE WHEN NEW.shop_id = 0 THEN 'home' ELSE 'shop:' || NEW.shop_id END]); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TABLE "order_write_offs" (
	"code" text PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"order_item_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"void_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "write_off_time" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "is_refund" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_mold" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "mold" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "write_off_time" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_refund" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "order_write_offs_order_idx" ON "order_write_offs" USING btree ("order_number");
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vec" "tsvector";--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vec");--> statement-breakpoint
CREATE INDEX "products_sale_sales_idx" ON "products" USING btree ("sold_num" DESC NULLS FIRST,"comment_num" DESC NULLS FIRST,"prod_id") WHERE "products"."status" = 1;--> statement-breakpoint
CREATE INDEX "products_sale_newest_idx" ON "products" USING btree ("putaway_time" DESC NULLS FIRST,"prod_id" DESC NULLS FIRST) WHERE "products"."status" = 1;--> statement-breakpoint
CREATE INDEX "products_sale_price_idx" ON "products" USING btree ("price","prod_id") WHERE "products"."status" = 1;--> statement-breakpoint
CREATE INDEX "products_sale_category_sales_idx" ON "products" USING btree ("category_id","sold_num" DESC NULLS FIRST,"prod_id") WHERE "products"."status" = 1;--> statement-breakpoint
-- Search terms of a text (docs/search.md): lower-cased latin words and digits as they are; each
-- CJK character and each pair of neighbouring CJK characters (bigrams), because Chinese has no
-- spaces between words. src/server/domain/catalog/search-terms.ts splits a keyword the same way.
CREATE OR REPLACE FUNCTION search_terms(t text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  run text;
  terms text[] := '{}';
  i int;
BEGIN
  FOR run IN SELECT m[1] FROM regexp_matches(lower(coalesce(t, '')), '([\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|[a-z0-9]+)', 'g') AS m LOOP
    IF run ~ '^[a-z0-9]' THEN
      terms := terms || run;
    ELSE
      FOR i IN 1 .. char_length(run) LOOP
        terms := terms || substr(run, i, 1);
        IF i < char_length(run) THEN terms := terms || substr(run, i, 2); END IF;
      END LOOP;
    END IF;
  END LOOP;
  RETURN terms;
END;
$$;
--> statement-breakpoint
-- The search vector of one product: the terms of its names in every language (no parser, so CJK
-- is kept whatever the database locale) plus the English stems of its English name.
CREATE OR REPLACE FUNCTION product_search_vec(pid integer) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_to_tsvector(array(SELECT DISTINCT unnest(search_terms(string_agg(prod_name, ' '))))), ''::tsvector)
         || coalesce(to_tsvector('english', string_agg(prod_name, ' ') FILTER (WHERE locale = 'en')), ''::tsvector)
  FROM product_translations WHERE prod_id = pid;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_translations_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.prod_name = NEW.prod_name AND OLD.prod_id = NEW.prod_id THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN UPDATE products SET search_vec = product_search_vec(OLD.prod_id) WHERE prod_id = OLD.prod_id; END IF;
  IF TG_OP <> 'DELETE' THEN UPDATE products SET search_vec = product_search_vec(NEW.prod_id) WHERE prod_id = NEW.prod_id; END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_translations_search AFTER INSERT OR UPDATE OR DELETE ON product_translations
  FOR EACH ROW EXECUTE FUNCTION product_translations_search();
--> statement-breakpoint
-- A product inserted after its texts (or with its id changed) gets its vector too.
CREATE OR REPLACE FUNCTION products_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vec := product_search_vec(NEW.prod_id);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_search BEFORE INSERT OR UPDATE OF prod_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_search();
--> statement-breakpoint
-- Existing products, without their per-row content-change triggers (the pages do not change).
ALTER TABLE products DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE products SET search_vec = product_search_vec(prod_id);
--> statement-breakpoint
ALTER TABLE products ENABLE TRIGGER USER;
