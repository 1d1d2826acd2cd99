-- The bulk import skips a line it has imported before, unchanged, before reading it
-- (docs/product.md "Bulk import"): products.import_hash is now the SHA-256 of the line's bytes, and
-- a chunk's hashes are looked up in one query through this index. A product saved otherwise has
-- none (a whole-product save clears it). Hashes stored before this migration were of the parsed
-- body: such a product's line, imported again, is written once more (counted as updated) and then
-- carries the line's hash.
CREATE INDEX "products_shop_import_hash_idx" ON "products" USING btree ("shop_id","import_hash") WHERE "products"."import_hash" is not null;