-- Issue 16: a bot recording one deal of a popular item made the history trigger match and price that item's
-- whole history again (delete every deal of the item, insert them again, price them all, and migration 028's
-- summaries followed each of those statements): 668 ms for one row at a million history rows. A row later
-- than every counted row of its item cannot change how the earlier rows matched, so it continues from the
-- item's held units instead (profit_append); anything else still goes through the whole item
-- (profit_rematch), which stays the definition the tests compare with.

-- The held unit a sale takes (the oldest) and the deal of a given purchase.
CREATE INDEX profit_deal_held_item_idx ON profit_deal (market_hash_name, buy_date, buy_history) WHERE status = 'held';
CREATE INDEX profit_deal_buy_history_idx ON profit_deal (buy_history);

-- Matches the counted buy and sell rows `ids` (all inserted by one statement) where each of their items'
-- new rows are later than every other counted row of the item (strictly: 027 links an asset's purchase and
-- sale of the same time whatever their ids, so a tie goes the whole way); returns the items it could not continue, which
-- the caller matches whole. Why continuing is the same as migration 027's rule, for rows at the end:
--   * a purchase ends the order, so it is a held unit (it may link to a later sale by asset id; that sale
--     then finds it held here);
--   * a sale with an asset id is the n-th sale of that asset; it links to the n-th purchase of the asset
--     when there is one (that purchase is earlier, so the pair qualifies). If that purchase is held, linking
--     takes it out of the first-in-first-out units without moving any other pair (every sale after it found
--     an older unit, or it would have taken this one). If a sale already took it first in first out, the pairs
--     after it shift: the item is matched whole;
--   * any other sale takes the oldest held unit, or is a sale with no purchase when none is held (held units
--     are the purchases after the last one taken, so the oldest is the next in line).
CREATE FUNCTION profit_append(ids integer[]) RETURNS text[] LANGUAGE plpgsql AS $fn$
DECLARE
  item text;
  first_new record;
  r record;
  n integer;
  linked_buy integer;
  deal_id integer;
  deal_status text;
  whole text[] := '{}';
  touched integer[] := '{}';
BEGIN
  <<items>>
  FOR item IN SELECT DISTINCT h.market_hash_name FROM toy_history h WHERE h.id = ANY(ids) LOOP
    SELECT min(h.date) AS date INTO first_new FROM toy_history h WHERE h.id = ANY(ids) AND h.market_hash_name = item;
    IF EXISTS (
      SELECT 1 FROM toy_history e
      WHERE e.market_hash_name = item AND e.side IN ('buy', 'sell') AND profit_counted_status(e.record_status)
        AND NOT (e.id = ANY(ids)) AND e.date >= first_new.date
    ) THEN
      whole := whole || item;
      CONTINUE items;
    END IF;
    FOR r IN SELECT h.* FROM toy_history h WHERE h.id = ANY(ids) AND h.market_hash_name = item ORDER BY h.date, h.id LOOP
      IF r.side = 'buy' THEN
        INSERT INTO profit_deal (market_hash_name, status, match_kind, asset_id, buy_history, buy_date, buy_market,
                                 buy_market_account, buy_steam_account, buy_price, buy_currency)
        VALUES (item, 'held', 'none', r.asset_id, r.id, r.date, r.market, r.market_account, r.steam_account, r.price,
                r.currency)
        RETURNING id INTO deal_id;
        touched := touched || deal_id;
        CONTINUE;
      END IF;
      deal_id := NULL;
      IF r.asset_id IS NOT NULL THEN
        SELECT count(*) INTO n FROM toy_history s
        WHERE s.market_hash_name = item AND s.asset_id = r.asset_id AND s.side = 'sell'
          AND profit_counted_status(s.record_status) AND (s.date, s.id) <= (r.date, r.id);
        SELECT b.id INTO linked_buy FROM toy_history b
        WHERE b.market_hash_name = item AND b.asset_id = r.asset_id AND b.side = 'buy'
          AND profit_counted_status(b.record_status)
        ORDER BY b.date, b.id OFFSET n - 1 LIMIT 1;
        IF FOUND THEN
          SELECT d.id, d.status INTO deal_id, deal_status FROM profit_deal d WHERE d.buy_history = linked_buy;
          IF deal_status IS DISTINCT FROM 'held' THEN
            whole := whole || item;
            CONTINUE items;
          END IF;
          UPDATE profit_deal SET status = 'sold', match_kind = 'asset', asset_id = r.asset_id, sell_history = r.id,
                                 sell_date = r.date, sell_market = r.market, sell_market_account = r.market_account,
                                 sell_steam_account = r.steam_account, sell_price = r.price, sell_currency = r.currency
          WHERE id = deal_id;
        END IF;
      END IF;
      IF deal_id IS NULL THEN
        SELECT d.id INTO deal_id FROM profit_deal d
        WHERE d.market_hash_name = item AND d.status = 'held' ORDER BY d.buy_date, d.buy_history LIMIT 1;
        IF FOUND THEN
          UPDATE profit_deal SET status = 'sold', match_kind = 'fifo', asset_id = coalesce(r.asset_id, asset_id),
                                 sell_history = r.id, sell_date = r.date, sell_market = r.market,
                                 sell_market_account = r.market_account, sell_steam_account = r.steam_account,
                                 sell_price = r.price, sell_currency = r.currency
          WHERE id = deal_id;
        ELSE
          INSERT INTO profit_deal (market_hash_name, status, match_kind, asset_id, sell_history, sell_date, sell_market,
                                   sell_market_account, sell_steam_account, sell_price, sell_currency)
          VALUES (item, 'unbought', 'none', r.asset_id, r.id, r.date, r.market, r.market_account, r.steam_account,
                  r.price, r.currency)
          RETURNING id INTO deal_id;
        END IF;
      END IF;
      touched := touched || deal_id;
    END LOOP;
  END LOOP;
  IF cardinality(touched) > 0 THEN
    PERFORM profit_reprice(format('d.id = ANY(%L::int[])', touched));
  END IF;
  RETURN whole;
END;
$fn$;

-- Above this many new rows in one statement (a bulk load) matching the touched items whole is the cheaper way.
CREATE FUNCTION profit_append_limit() RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT 200 $$;

CREATE OR REPLACE FUNCTION profit_after_history_write() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  names text[];
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Rows that are no deal (another side, an outdated status) match nothing: only the counted ones matter.
    SELECT array_agg(id) INTO ids FROM new_rows
    WHERE side IN ('buy', 'sell') AND profit_counted_status(record_status);
    IF ids IS NULL THEN
      RETURN NULL;
    END IF;
    IF cardinality(ids) <= profit_append_limit() THEN
      names := profit_append(ids);
    ELSE
      SELECT array_agg(DISTINCT market_hash_name) INTO names FROM new_rows WHERE id = ANY(ids);
    END IF;
    IF cardinality(names) = 0 THEN
      RETURN NULL;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT market_hash_name) INTO names FROM old_rows WHERE side IN ('buy', 'sell');
  ELSE
    SELECT array_agg(DISTINCT n) INTO names FROM (
      SELECT unnest(ARRAY[o.market_hash_name, nw.market_hash_name]) AS n
      FROM old_rows o JOIN new_rows nw ON nw.id = o.id
      WHERE (o.market_hash_name, o.side, o.price, o.currency, o.market, o.market_account, o.steam_account, o.date,
             o.record_status, o.asset_id)
            IS DISTINCT FROM
            (nw.market_hash_name, nw.side, nw.price, nw.currency, nw.market, nw.market_account, nw.steam_account,
             nw.date, nw.record_status, nw.asset_id)
    ) t;
  END IF;
  IF names IS NOT NULL THEN
    PERFORM profit_rematch(names);
    PERFORM profit_reprice(format('d.market_hash_name = ANY(%L::text[])', names));
  END IF;
  RETURN NULL;
END;
$fn$;
