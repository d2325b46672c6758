-- Issue 11 item 5: a market account whose key the marketplace rejected (tm's "Bad KEY", a MarketAuthError
-- elsewhere) has its trading loops paused until the key works again (apps/bots/src/services/market-keys).

-- One row per account whose key was rejected; deleted when a check (or any call) gets through again.
CREATE TABLE bot_market_key_pause (
  market_account integer PRIMARY KEY REFERENCES market_account(id) ON DELETE CASCADE,
  -- The rejection as the client reported it ("tm.get-orders: Bad KEY"); never the key.
  reason text NOT NULL,
  -- md5 of the stored ciphertext of the key last checked: an operator's new key has another ciphertext
  -- (a fresh nonce), so the dispatcher checks an edited key at once instead of waiting for the next check.
  key_digest text,
  paused_at timestamptz NOT NULL DEFAULT now(),
  -- When the key was last checked (or a check queued): one cheap call (tm get-money) per period.
  checked_at timestamptz NOT NULL DEFAULT now()
);

-- A loop of such an account is "paused" (not "failed" every minute, not "stopped": its switch stays on).
ALTER TABLE bot_trading_loop DROP CONSTRAINT bot_trading_loop_state_check;
ALTER TABLE bot_trading_loop ADD CONSTRAINT bot_trading_loop_state_check
  CHECK (state IN ('off', 'scheduled', 'running', 'stopped', 'failed', 'paused'));
