-- The relevance ranking (product-list.ts relevancePage) reads every match's rating and dup_key
-- from product_search_words. Its rows are wide (the analyzer's terms), so each match cost a heap
-- probe, and with a stale estimate PostgreSQL read the whole table (3,579 blocks at 100,000
-- products) to hash it. This index holds the two columns beside the key: the ranking reads them
-- by an index-only scan (docs/performance.md "Searches nobody asked before").
CREATE INDEX IF NOT EXISTS "product_search_words_rank_idx" ON "product_search_words" ("prod_id") INCLUDE ("rating", "dup_key");
