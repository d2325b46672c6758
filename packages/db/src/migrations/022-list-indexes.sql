-- ?search= on market toys and dynamic settings matches the toy's market hash name with ILIKE '%text%'
-- (entity-tables.ts); a trigram index answers that from the index instead of reading every toy's name.
-- pg_trgm ships with PostgreSQL (a trusted extension: the database's owner may create it) and with PGlite
-- (loaded by pglite-database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX toy_market_hash_name_trgm ON toy USING gin (market_hash_name gin_trgm_ops);

-- The history list's default order (-date: date descending, id ascending as the tie-break) under its most
-- common filters (market, side): one index walks a page in order, and a deep page's ids come from the index
-- alone (the deferred join of api-kit's sendFilteredPage) before 100 rows are read. It serves every query the
-- (market, side, date) index served.
CREATE INDEX toy_history_market_side_date_id_idx ON toy_history (market, side, date DESC, id);
DROP INDEX toy_history_market_side_date_idx;
