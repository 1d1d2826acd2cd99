-- Private read models (docs/performance.md "Sessions and carts in memory"): a buyer's cart lines
-- and a token's session are kept in process memory like public content; these triggers tell every
-- process when one of them changed, through the same change feed (content_changes). Also member
-- levels, which every product page shows (its member price).
-- A cart line added, changed or removed: that buyer's cart.
CREATE OR REPLACE FUNCTION cart_items_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND to_jsonb(OLD) = to_jsonb(NEW) THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM content_change(ARRAY['cart:' || OLD.user_id]); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN PERFORM content_change(ARRAY['cart:' || NEW.user_id]); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cart_items_content_change AFTER INSERT OR UPDATE OR DELETE ON cart_items FOR EACH ROW EXECUTE FUNCTION cart_items_content_change();
--> statement-breakpoint
CREATE TRIGGER cart_items_truncate_content_change AFTER TRUNCATE ON cart_items FOR EACH STATEMENT EXECUTE FUNCTION truncate_content_change();
--> statement-breakpoint
-- A session revoked, shortened or deleted (a new one needs no tag: nobody has seen its token).
CREATE OR REPLACE FUNCTION sessions_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND to_jsonb(OLD) = to_jsonb(NEW) THEN RETURN NULL; END IF;
  PERFORM content_change(ARRAY['session:' || OLD.id]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_content_change AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION sessions_content_change();
--> statement-breakpoint
CREATE TRIGGER sessions_truncate_content_change AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION truncate_content_change();
--> statement-breakpoint
-- Member levels: product pages show the member price (read model memberLevels), member pages the plans.
CREATE TRIGGER member_levels_content_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON member_levels FOR EACH STATEMENT EXECUTE FUNCTION site_content_change();
--> statement-breakpoint
-- Every change also wakes the other server processes at once (NOTIFY is sent at commit; the ones
-- of one transaction are sent as one): each process LISTENs and reads the feed on its next request
-- instead of within the poll interval (src/server/db/content-changes.ts wakeOnNotify).
CREATE OR REPLACE FUNCTION content_change(tags text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO content_changes (tag) SELECT DISTINCT t FROM unnest(tags) AS t WHERE t IS NOT NULL;
  SELECT pg_notify('content_changes', '');
$$;
