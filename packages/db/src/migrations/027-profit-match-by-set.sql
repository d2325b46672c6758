-- Migration 025's matching took minutes for one bench chunk (100,000 history rows naming ~40,000 items): the
-- planner, seeing a plpgsql array of unknown size, guessed few rows and joined the CTEs of purchases and sales
-- by nested loops (every purchase against every sale). The same rule is now computed without joining CTEs:
-- the asset pairs and the first-in-first-out pairs are each one GROUP BY over the k-th purchase and k-th sale,
-- and a row's asset link is a window over its (item, asset, k). The names are joined as a set.
CREATE OR REPLACE FUNCTION profit_rematch(names text[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM profit_deal d USING (SELECT DISTINCT unnest(names) AS name) n WHERE d.market_hash_name = n.name;
  INSERT INTO profit_deal (market_hash_name, status, match_kind, asset_id,
                           buy_history, buy_date, buy_market, buy_market_account, buy_steam_account, buy_price, buy_currency,
                           sell_history, sell_date, sell_market, sell_market_account, sell_steam_account, sell_price, sell_currency)
  WITH ev AS (
    SELECT h.id, h.market_hash_name, h.side, h.date, h.asset_id,
           row_number() OVER (PARTITION BY h.market_hash_name, h.asset_id, h.side ORDER BY h.date, h.id) AS ak
    FROM toy_history h
    WHERE h.market_hash_name IN (SELECT unnest(names)) AND h.side IN ('buy', 'sell') AND profit_counted_status(h.record_status)
  ),
  linked AS (
    SELECT e.*,
           e.asset_id IS NOT NULL
           AND count(*) OVER a = 2
           AND max(e.date) FILTER (WHERE e.side = 'buy') OVER a <= max(e.date) FILTER (WHERE e.side = 'sell') OVER a AS by_asset
    FROM ev e
    WINDOW a AS (PARTITION BY e.market_hash_name, e.asset_id, e.ak)
  ),
  running AS (
    SELECT l.*, sum(CASE WHEN l.side = 'sell' THEN 1 ELSE -1 END)
                  OVER (PARTITION BY l.market_hash_name ORDER BY l.date, l.id ROWS UNBOUNDED PRECEDING) AS d
    FROM linked l WHERE NOT l.by_asset
  ),
  peak AS (
    SELECT r.*, greatest(0, max(r.d) OVER (PARTITION BY r.market_hash_name ORDER BY r.date, r.id ROWS UNBOUNDED PRECEDING)) AS u
    FROM running r
  ),
  flagged AS (
    SELECT p.id, p.market_hash_name, p.side, p.date,
           p.side = 'sell' AND p.u > coalesce(lag(p.u) OVER (PARTITION BY p.market_hash_name ORDER BY p.date, p.id), 0) AS unbought
    FROM peak p
  ),
  fifo AS (
    SELECT f.id, f.market_hash_name, f.side,
           row_number() OVER (PARTITION BY f.market_hash_name, f.side ORDER BY f.date, f.id) AS k
    FROM flagged f WHERE NOT f.unbought
  ),
  pairs AS (
    SELECT max(id) FILTER (WHERE side = 'buy') AS buy_id, max(id) FILTER (WHERE side = 'sell') AS sell_id, 'asset' AS kind
    FROM linked WHERE by_asset GROUP BY market_hash_name, asset_id, ak
    UNION ALL
    SELECT max(id) FILTER (WHERE side = 'buy'), max(id) FILTER (WHERE side = 'sell'), 'fifo'
    FROM fifo GROUP BY market_hash_name, k
    UNION ALL
    SELECT NULL, id, 'none' FROM flagged WHERE unbought
  )
  SELECT coalesce(b.market_hash_name, s.market_hash_name),
         CASE WHEN b.id IS NULL THEN 'unbought' WHEN s.id IS NULL THEN 'held' ELSE 'sold' END,
         CASE WHEN b.id IS NULL OR s.id IS NULL THEN 'none' ELSE p.kind END,
         coalesce(s.asset_id, b.asset_id),
         b.id, b.date, b.market, b.market_account, b.steam_account, b.price, b.currency,
         s.id, s.date, s.market, s.market_account, s.steam_account, s.price, s.currency
  FROM pairs p
  LEFT JOIN toy_history b ON b.id = p.buy_id
  LEFT JOIN toy_history s ON s.id = p.sell_id;
END;
$fn$;

-- The totals count the sales with no purchase in the period: without this they read every deal.
CREATE INDEX profit_deal_unbought_idx ON profit_deal (sell_date) WHERE status = 'unbought';
