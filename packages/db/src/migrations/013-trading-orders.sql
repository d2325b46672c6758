-- Trading loops (apps/bots): list and reprice (trading/list-reprice/) and dynamic buy orders
-- (trading/dynamic-orders/).

-- list-reprice: after an add-to-sale refusal of the spec's inventory kind (item_not_in_inventory,
-- item_not_recieved, no_description_found, inventory_not_loaded, item_is_not_tradable) the account's
-- inventory is refreshed and no listing is tried before not_before (30 s later). A tick that finds the wait
-- still running skips listing instead of holding its worker for 30 s.
CREATE TABLE bot_listing_wait (
  market_account integer PRIMARY KEY REFERENCES market_account(id) ON DELETE CASCADE,
  not_before timestamptz NOT NULL,
  -- The refusal that started the wait, and the item it came for.
  reason text NOT NULL,
  asset_id text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- dynamic-orders: the buy orders the loop placed, one per (account, market hash name). The loop only ever
-- changes or removes the orders listed here, so an operator's own orders on other names stay untouched.
CREATE TABLE bot_dynamic_order (
  market_account integer NOT NULL REFERENCES market_account(id) ON DELETE CASCADE,
  market_hash_name text NOT NULL,
  toy integer REFERENCES toy(id) ON DELETE SET NULL,
  -- Per item, major units of the account's currency (tm USD has three decimals).
  price numeric(18,3) NOT NULL,
  count integer NOT NULL,
  currency text NOT NULL,
  placed_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (market_account, market_hash_name)
);
