-- Issue 12 (markets screen, audit log): when a market's exchange rates were last set, shown beside every
-- total converted with them; and the human name of the object an audit entry is about (a market toy's
-- market_hash_name, an account's name), stored when the entry is written so that it survives the object.

-- Set whenever usd_to_rub_rate or eur_to_rub_rate changes; the seed rates count as set when the market was made.
ALTER TABLE market ADD COLUMN IF NOT EXISTS rates_set_at timestamptz;
UPDATE market SET rates_set_at = created_at WHERE rates_set_at IS NULL;
ALTER TABLE market ALTER COLUMN rates_set_at SET DEFAULT now();

-- Older entries have none: the log falls back to a name found in before/after, else type and id.
ALTER TABLE audit_entry ADD COLUMN IF NOT EXISTS label text;
