-- Issue 11 item 4: the trading loops read competitors' prices from the tm family's public price lists
-- (bot_market_price, one request per list, shared by every process) and confirm with a per-toy request
-- only where the list is stale or a toy's own order or listing is about to change.

-- One process refreshes a stale list; the others use what is there (or confirm per toy) meanwhile.
ALTER TABLE bot_price_import ADD COLUMN IF NOT EXISTS refresh_claimed_until timestamptz;

-- When each toy's competitors were last read with a per-toy request, per account and loop: a toy the list
-- cannot judge (we hold the best price, so the list shows only us) is confirmed a few per tick, longest
-- unconfirmed first.
CREATE TABLE IF NOT EXISTS bot_price_check (
  market_account integer NOT NULL REFERENCES market_account(id) ON DELETE CASCADE,
  loop text NOT NULL,
  name_key text NOT NULL,
  checked_at timestamptz NOT NULL,
  PRIMARY KEY (market_account, loop, name_key)
);
