-- Brands, categories and shops are matched by their own names (docs/search.md "Matching"): each
-- keeps the search terms of its names (every language: CJK characters and bigrams, latin words,
-- English stems) in a vector of its own, and a product's vectors keep only what is its own — its
-- names and analyzer words (search_vec), its parameters (param_vec). A query word matches a product
-- through one of these (search-query.ts), so the bigrams of a word come from one name: 智能手机 no
-- longer matches a path 手机数码 > 智能设备 > 智能手表 by 智能, 能手 and 手机 taken from three
-- names. Product vectors are smaller and quicker to build, and a renamed brand, category or shop is
-- searched by its new name at once, without rewriting products.
ALTER TABLE "brands" ADD COLUMN "search_vec" tsvector;
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "search_vec" tsvector;
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "search_vec" tsvector;
--> statement-breakpoint
CREATE INDEX "shops_search_idx" ON "shops" USING gin ("search_vec");
--> statement-breakpoint
-- The search terms of a localized name ({zh, zh-tw, en}).
CREATE OR REPLACE FUNCTION names_search_vec(name jsonb) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_to_tsvector(search_terms(localized_texts(name))), ''::tsvector)
    || to_tsvector('english'::regconfig, coalesce(name->>'en', ''))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION names_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vec := names_search_vec(NEW.name);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER brands_search BEFORE INSERT OR UPDATE OF name ON brands
  FOR EACH ROW EXECUTE FUNCTION names_search();
--> statement-breakpoint
CREATE TRIGGER categories_search BEFORE INSERT OR UPDATE OF name ON categories
  FOR EACH ROW EXECUTE FUNCTION names_search();
--> statement-breakpoint
-- A shop's products no longer hold its name: the shop's own vector changes instead.
DROP TRIGGER shops_search ON shops;
--> statement-breakpoint
DROP FUNCTION shops_search();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_names_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vec := names_search_vec(NEW.shop_name);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shops_search BEFORE INSERT OR UPDATE OF shop_name ON shops
  FOR EACH ROW EXECUTE FUNCTION shop_names_search();
--> statement-breakpoint
-- A product's own texts in two vectors, each with its GIN index: search_vec its names in every
-- language and the analyzer's words (product_search_words), param_vec its parameters' values. No
-- weight labels: the field a word matched in is the vector (or brand, category, shop) it matched, so
-- every match and the names-only test of the ranking are answered by an index without reading the
-- vector again (a label restricted query is rechecked on the row). Positionless lexemes
-- (array_to_tsvector) and English stems of the English name.
ALTER TABLE "products" ADD COLUMN "param_vec" tsvector;
--> statement-breakpoint
CREATE INDEX "products_param_search_idx" ON "products" USING gin ("param_vec");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_vecs(pid integer, OUT names tsvector, OUT params tsvector) LANGUAGE sql STABLE AS $$
  SELECT
    coalesce(array_to_tsvector(search_terms(string_agg(t.prod_name, ' '))), ''::tsvector)
      || coalesce(to_tsvector('english', string_agg(t.prod_name, ' ') FILTER (WHERE t.locale = 'en')), ''::tsvector)
      || coalesce((SELECT array_to_tsvector(array_remove(w.terms, '')) FROM product_search_words w WHERE w.prod_id = pid), ''::tsvector),
    coalesce(array_to_tsvector(search_terms(string_agg(p.v, ' '))), ''::tsvector)
  FROM product_translations t
  LEFT JOIN LATERAL (SELECT string_agg(e->>'value', ' ') AS v FROM jsonb_array_elements(t.parameters) e) p ON true
  WHERE t.prod_id = pid
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT v.names, v.params INTO NEW.search_vec, NEW.param_vec FROM product_search_vecs(NEW.prod_id) v;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER products_search ON products;
--> statement-breakpoint
CREATE TRIGGER products_search BEFORE INSERT OR UPDATE OF prod_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_search();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_translations_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.prod_name = NEW.prod_name AND OLD.parameters = NEW.parameters AND OLD.prod_id = NEW.prod_id THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE products p SET (search_vec, param_vec) = (SELECT v.names, v.params FROM product_search_vecs(p.prod_id) v) WHERE p.prod_id = OLD.prod_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE products p SET (search_vec, param_vec) = (SELECT v.names, v.params FROM product_search_vecs(p.prod_id) v) WHERE p.prod_id = NEW.prod_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_words_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE products p SET (search_vec, param_vec) = (SELECT v.names, v.params FROM product_search_vecs(p.prod_id) v) WHERE p.prod_id = OLD.prod_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE products p SET (search_vec, param_vec) = (SELECT v.names, v.params FROM product_search_vecs(p.prod_id) v) WHERE p.prod_id = NEW.prod_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_rows_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET (search_vec, param_vec) = (SELECT v.names, v.params FROM product_search_vecs(p.prod_id) v)
    WHERE p.prod_id IN (SELECT DISTINCT prod_id FROM new_rows);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP FUNCTION product_search_vec(integer);
--> statement-breakpoint
DROP FUNCTION product_search_vec(integer, integer, integer, integer);
--> statement-breakpoint
-- A product whose search vectors alone changed shows nothing new: no content change (0033's rule,
-- with the parameters' vector).
CREATE OR REPLACE FUNCTION products_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (to_jsonb(OLD) - 'search_vec' - 'param_vec') = (to_jsonb(NEW) - 'search_vec' - 'param_vec') THEN RETURN NULL; END IF;
    -- Stock and sales counters only (orders, a merchant's stock change): pages keep their copy,
    -- live read models re-read.
    IF (to_jsonb(OLD) - 'total_stocks' - 'sold_num' - 'comment_num' - 'updated_at' - 'search_vec' - 'param_vec') = (to_jsonb(NEW) - 'total_stocks' - 'sold_num' - 'comment_num' - 'updated_at' - 'search_vec' - 'param_vec')
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
-- Nor does it bump the public content version (0034's rule, with the parameters' vector).
DROP TRIGGER IF EXISTS products_bump_version_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_bump_version_update AFTER UPDATE ON products FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'total_stocks' - 'sold_num' - 'comment_num' - 'updated_at' - 'search_vec' - 'param_vec') IS DISTINCT FROM (to_jsonb(NEW) - 'total_stocks' - 'sold_num' - 'comment_num' - 'updated_at' - 'search_vec' - 'param_vec') OR (OLD.total_stocks > 0) IS DISTINCT FROM (NEW.total_stocks > 0))
  EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
-- Existing rows, without their per-row content-change triggers (the pages do not change).
ALTER TABLE brands DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE brands SET search_vec = names_search_vec(name);
--> statement-breakpoint
ALTER TABLE brands ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE categories DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE categories SET search_vec = names_search_vec(name);
--> statement-breakpoint
ALTER TABLE categories ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE shops DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE shops SET search_vec = names_search_vec(shop_name);
--> statement-breakpoint
ALTER TABLE shops ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE products DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE products p SET (search_vec, param_vec) = (SELECT v.names, v.params FROM product_search_vecs(p.prod_id) v);
--> statement-breakpoint
ALTER TABLE products ENABLE TRIGGER USER;
