CREATE TABLE "product_search_words" (
	"prod_id" integer PRIMARY KEY NOT NULL,
	"terms" text[] NOT NULL,
	"dup_key" text DEFAULT '' NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"synonym_id" serial PRIMARY KEY NOT NULL,
	"words" text[] NOT NULL,
	"brand_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Terms as a tsvector whose lexemes carry a weight (A name, B brand, C category, D parameters and
-- shop): positionless lexemes (array_to_tsvector) cannot carry one, so each term gets position 1.
CREATE OR REPLACE FUNCTION search_tsv(terms text[], w text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg('''' || replace(replace(t, '\', '\\'), '''', '''''') || ''':1' || w, ' '), '')::tsvector
  FROM (SELECT DISTINCT unnest(terms) AS t) x WHERE t <> ''
$$;
--> statement-breakpoint
-- The texts of a localized jsonb value ({zh, zh-tw, en}) joined by spaces.
CREATE OR REPLACE FUNCTION localized_texts(v jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(v->>'zh', '') || ' ' || coalesce(v->>'zh-tw', '') || ' ' || coalesce(v->>'en', '')
$$;
--> statement-breakpoint
-- The search vector of a product (docs/search.md): its names (A; characters, bigrams, latin words,
-- English stems, and the analyzer's words of product_search_words), its brand (B), its category
-- path (C), its parameters and its shop's name (D). Brand, category and shop come as arguments
-- so a BEFORE trigger can pass the new row's.
CREATE OR REPLACE FUNCTION product_search_vec(pid integer, bid integer, cid integer, sid integer) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT
    coalesce((SELECT search_tsv(search_terms(string_agg(prod_name, ' ')), 'A')
                || setweight(coalesce(to_tsvector('english', string_agg(prod_name, ' ') FILTER (WHERE locale = 'en')), ''::tsvector), 'A')
                || search_tsv(search_terms(string_agg(p.v, ' ')), 'D')
              FROM product_translations t
              LEFT JOIN LATERAL (SELECT string_agg(e->>'value', ' ') AS v FROM jsonb_array_elements(t.parameters) e) p ON true
              WHERE t.prod_id = pid), ''::tsvector)
    || coalesce((SELECT search_tsv(terms, 'A') FROM product_search_words WHERE prod_id = pid), ''::tsvector)
    || coalesce((SELECT search_tsv(search_terms(localized_texts(name)), 'B')
                   || setweight(to_tsvector('english', coalesce(name->>'en', '')), 'B') FROM brands WHERE brand_id = bid), ''::tsvector)
    || coalesce((SELECT search_tsv(search_terms(string_agg(localized_texts(c.name), ' ')), 'C')
                   || setweight(to_tsvector('english', string_agg(coalesce(c.name->>'en', ''), ' ')), 'C')
                 FROM categories c WHERE c.category_id IN (
                   cid,
                   (SELECT parent_id FROM categories WHERE category_id = cid),
                   (SELECT p.parent_id FROM categories p WHERE p.category_id = (SELECT parent_id FROM categories WHERE category_id = cid)))), ''::tsvector)
    || coalesce((SELECT search_tsv(search_terms(localized_texts(shop_name)), 'D') FROM shops WHERE shop_id = sid), ''::tsvector)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_vec(pid integer) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT product_search_vec(prod_id, brand_id, category_id, shop_id) FROM products WHERE prod_id = pid), ''::tsvector)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_translations_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.prod_name = NEW.prod_name AND OLD.parameters = NEW.parameters AND OLD.prod_id = NEW.prod_id THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN UPDATE products SET search_vec = product_search_vec(OLD.prod_id) WHERE prod_id = OLD.prod_id; END IF;
  IF TG_OP <> 'DELETE' THEN UPDATE products SET search_vec = product_search_vec(NEW.prod_id) WHERE prod_id = NEW.prod_id; END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vec := product_search_vec(NEW.prod_id, NEW.brand_id, NEW.category_id, NEW.shop_id);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER products_search ON products;
--> statement-breakpoint
CREATE TRIGGER products_search BEFORE INSERT OR UPDATE OF prod_id, brand_id, category_id, shop_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_search();
--> statement-breakpoint
-- The analyzer's words of a product (written by the search index) join its vector.
CREATE OR REPLACE FUNCTION product_search_words_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN UPDATE products SET search_vec = product_search_vec(OLD.prod_id) WHERE prod_id = OLD.prod_id; END IF;
  IF TG_OP <> 'DELETE' THEN UPDATE products SET search_vec = product_search_vec(NEW.prod_id) WHERE prod_id = NEW.prod_id; END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_search_words_search AFTER INSERT OR UPDATE OR DELETE ON product_search_words
  FOR EACH ROW EXECUTE FUNCTION product_search_words_search();
--> statement-breakpoint
-- A shop's new name is found in its products.
CREATE OR REPLACE FUNCTION shops_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search_vec = product_search_vec(prod_id, brand_id, category_id, shop_id) WHERE shop_id = NEW.shop_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shops_search AFTER UPDATE OF shop_name ON shops
  FOR EACH ROW WHEN (OLD.shop_name IS DISTINCT FROM NEW.shop_name) EXECUTE FUNCTION shops_search();
--> statement-breakpoint
-- A product whose search vector alone changed shows nothing new: no content change.
CREATE OR REPLACE FUNCTION products_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (to_jsonb(OLD) - 'search_vec') = (to_jsonb(NEW) - 'search_vec') THEN RETURN NULL; END IF;
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
--> statement-breakpoint
-- Existing products, without their per-row content-change triggers (the pages do not change).
ALTER TABLE products DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE products SET search_vec = product_search_vec(prod_id, brand_id, category_id, shop_id);
--> statement-breakpoint
ALTER TABLE products ENABLE TRIGGER USER;
