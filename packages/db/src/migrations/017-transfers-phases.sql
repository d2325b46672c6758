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

-- Buy orders by Doppler phase: a toy's dynamic setting may be per phase (null: the name without a phase),
-- each phase its own order at its own prices. The upsert key of toy-dynamic-settings/create-or-update
-- takes the phase in.
ALTER TABLE toy_dynamic_setting ADD COLUMN phase text;
ALTER TABLE toy_dynamic_setting DROP CONSTRAINT toy_dynamic_setting_toy_market_market_account_key;
ALTER TABLE toy_dynamic_setting
  ADD CONSTRAINT toy_dynamic_setting_toy_market_account_phase_key
  UNIQUE NULLS NOT DISTINCT (toy, market, market_account, phase);

-- The loop's orders, one per (account, name, phase); '' is the order without a phase (tm's own default).
ALTER TABLE bot_dynamic_order ADD COLUMN phase text NOT NULL DEFAULT '';
ALTER TABLE bot_dynamic_order DROP CONSTRAINT bot_dynamic_order_pkey;
ALTER TABLE bot_dynamic_order ADD PRIMARY KEY (market_account, market_hash_name, phase);
