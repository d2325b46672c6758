-- Issue 11, item 8: tm money transfers synced into the ledger (trading/transfers/) and buy orders by
-- Doppler phase (trading/dynamic-orders/).

-- Per tm-family market account: its own user id at the market (money-send-history names both ends of a
-- transfer by user id, so this tells sent from received and which of our accounts is on the other end),
-- and how far the transfers have been read.
CREATE TABLE bot_tm_transfer_sync (
  market_account integer PRIMARY KEY REFERENCES market_account(id) ON DELETE CASCADE,
  market text NOT NULL,
  -- A 64-bit id at most: kept as text, never a JS number.
  tm_user_id text,
  checked_at timestamptz,
  synced_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bot_tm_transfer_sync_user_idx ON bot_tm_transfer_sync (market, tm_user_id);
