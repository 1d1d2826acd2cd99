-- Public content version: any change to the rows behind public pages bumps it, from any process.
INSERT INTO "content_versions" ("scope", "version") VALUES ('public', 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_public_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO content_versions (scope, version) VALUES ('public', 1)
  ON CONFLICT (scope) DO UPDATE SET version = content_versions.version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['shops','categories','brands','category_brands','products','product_translations','skus','prod_comments','notices','hot_searches','site_config','renovations']
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_bump_version', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version()', t || '_bump_version', t);
  END LOOP;
END;
$$;
