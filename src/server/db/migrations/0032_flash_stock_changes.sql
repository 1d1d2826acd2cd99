-- A flash SKU selling out (its units reaching 0) or getting units back (an unpaid order closed)
-- changes what the pages of the live sale say (docs/flash-sale.md "What the pages show"): the
-- home's flash block reads "sold out", the product's pages drop the flash price. Units counting
-- down in between change nothing cached. "flash": the home's activity blocks; "stock:<prodId>":
-- the product's own pages (/detail, /secdetail).
CREATE OR REPLACE FUNCTION flash_skus_stock_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM content_change(
    ARRAY['flash'] || ARRAY(SELECT 'stock:' || prod_id FROM flash_activities WHERE seckill_id = NEW.seckill_id)
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER flash_skus_stock_change AFTER UPDATE OF stocks ON flash_skus
  FOR EACH ROW WHEN ((OLD.stocks > 0) IS DISTINCT FROM (NEW.stocks > 0)) EXECUTE FUNCTION flash_skus_stock_change();
