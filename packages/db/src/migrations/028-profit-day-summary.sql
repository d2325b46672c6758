-- Issue 16: at a million history rows a month's profit summed ~15,000 deals of profit_deal per request
-- (totals 495 ms, best items 784 ms). These summaries hold the same sums per UTC day of sale, kept exact by
-- statement-level triggers on profit_deal itself (whoever writes it: the history triggers' rematch and reprice,
-- a fee or rate change), like migration 003's history summaries. The summaries answer whole days without an
-- account filter; packages/db/src/repositories/profit.ts adds the partial days at either end from profit_deal.
--   profit_day:      per status, day, sale market and purchase market (totals, per day, per market)
--   profit_item_day: per day of sale, item, sale market and purchase market, sold units only (best/worst items)
-- The day is the sale's UTC day (held units: the purchase's, never read by day). Markets may be null (a history
-- row without market), hence NULLS NOT DISTINCT. Sums hold coalesce(amount, 0); a status's amounts are all set
-- or all unset (profit_reprice sets both sides' amounts and fees together; prices are NOT NULL).

CREATE TABLE profit_day (
  status text NOT NULL,
  day date NOT NULL,
  sell_market text,
  buy_market text,
  deals integer NOT NULL,
  sales_rub numeric NOT NULL,
  sale_fees_rub numeric NOT NULL,
  purchases_rub numeric NOT NULL,
  purchase_fees_rub numeric NOT NULL,
  profit_rub numeric NOT NULL,
  sales_usd numeric NOT NULL,
  sale_fees_usd numeric NOT NULL,
  purchases_usd numeric NOT NULL,
  purchase_fees_usd numeric NOT NULL,
  profit_usd numeric NOT NULL,
  holding_seconds numeric NOT NULL
);
CREATE UNIQUE INDEX profit_day_key ON profit_day (status, day, sell_market, buy_market) NULLS NOT DISTINCT;
-- Keys whose units all went away are deleted after each write.
CREATE INDEX profit_day_empty_idx ON profit_day (status) WHERE deals = 0;

CREATE TABLE profit_item_day (
  day date NOT NULL,
  market_hash_name text NOT NULL,
  sell_market text,
  buy_market text,
  deals integer NOT NULL,
  sales_rub numeric NOT NULL,
  sale_fees_rub numeric NOT NULL,
  purchases_rub numeric NOT NULL,
  purchase_fees_rub numeric NOT NULL,
  profit_rub numeric NOT NULL,
  sales_usd numeric NOT NULL,
  sale_fees_usd numeric NOT NULL,
  purchases_usd numeric NOT NULL,
  purchase_fees_usd numeric NOT NULL,
  profit_usd numeric NOT NULL,
  holding_seconds numeric NOT NULL
);
CREATE UNIQUE INDEX profit_item_day_key ON profit_item_day (day, market_hash_name, sell_market, buy_market) NULLS NOT DISTINCT;
CREATE INDEX profit_item_day_empty_idx ON profit_item_day (day) WHERE deals = 0;

-- The statements that add the signed units of `changes` (a relation text: sign, then profit_deal's columns)
-- to both summaries. Transition tables are visible only to the trigger function itself, so it runs them.
CREATE FUNCTION profit_summaries_sql(changes text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $fn$
SELECT ARRAY[format($q$
    INSERT INTO profit_day AS s
    SELECT c.status, (coalesce(c.sell_date, c.buy_date) AT TIME ZONE 'UTC')::date, c.sell_market, c.buy_market,
           sum(c.sign),
           sum(c.sign * coalesce(c.sell_rub, 0)), sum(c.sign * coalesce(c.sell_fee_rub, 0)),
           sum(c.sign * coalesce(c.buy_rub, 0)), sum(c.sign * coalesce(c.buy_fee_rub, 0)), sum(c.sign * coalesce(c.profit_rub, 0)),
           sum(c.sign * coalesce(c.sell_usd, 0)), sum(c.sign * coalesce(c.sell_fee_usd, 0)),
           sum(c.sign * coalesce(c.buy_usd, 0)), sum(c.sign * coalesce(c.buy_fee_usd, 0)), sum(c.sign * coalesce(c.profit_usd, 0)),
           sum(c.sign * coalesce(extract(epoch FROM c.sell_date - c.buy_date), 0))
    FROM %1$s c GROUP BY 1, 2, 3, 4
    ON CONFLICT (status, day, sell_market, buy_market) DO UPDATE
      SET deals = s.deals + EXCLUDED.deals,
          sales_rub = s.sales_rub + EXCLUDED.sales_rub, sale_fees_rub = s.sale_fees_rub + EXCLUDED.sale_fees_rub,
          purchases_rub = s.purchases_rub + EXCLUDED.purchases_rub,
          purchase_fees_rub = s.purchase_fees_rub + EXCLUDED.purchase_fees_rub, profit_rub = s.profit_rub + EXCLUDED.profit_rub,
          sales_usd = s.sales_usd + EXCLUDED.sales_usd, sale_fees_usd = s.sale_fees_usd + EXCLUDED.sale_fees_usd,
          purchases_usd = s.purchases_usd + EXCLUDED.purchases_usd,
          purchase_fees_usd = s.purchase_fees_usd + EXCLUDED.purchase_fees_usd, profit_usd = s.profit_usd + EXCLUDED.profit_usd,
          holding_seconds = s.holding_seconds + EXCLUDED.holding_seconds$q$, changes),
  format($q$
    INSERT INTO profit_item_day AS s
    SELECT (c.sell_date AT TIME ZONE 'UTC')::date, c.market_hash_name, c.sell_market, c.buy_market,
           sum(c.sign),
           sum(c.sign * coalesce(c.sell_rub, 0)), sum(c.sign * coalesce(c.sell_fee_rub, 0)),
           sum(c.sign * coalesce(c.buy_rub, 0)), sum(c.sign * coalesce(c.buy_fee_rub, 0)), sum(c.sign * coalesce(c.profit_rub, 0)),
           sum(c.sign * coalesce(c.sell_usd, 0)), sum(c.sign * coalesce(c.sell_fee_usd, 0)),
           sum(c.sign * coalesce(c.buy_usd, 0)), sum(c.sign * coalesce(c.buy_fee_usd, 0)), sum(c.sign * coalesce(c.profit_usd, 0)),
           sum(c.sign * coalesce(extract(epoch FROM c.sell_date - c.buy_date), 0))
    FROM %1$s c WHERE c.status = 'sold' GROUP BY 1, 2, 3, 4
    ON CONFLICT (day, market_hash_name, sell_market, buy_market) DO UPDATE
      SET deals = s.deals + EXCLUDED.deals,
          sales_rub = s.sales_rub + EXCLUDED.sales_rub, sale_fees_rub = s.sale_fees_rub + EXCLUDED.sale_fees_rub,
          purchases_rub = s.purchases_rub + EXCLUDED.purchases_rub,
          purchase_fees_rub = s.purchase_fees_rub + EXCLUDED.purchase_fees_rub, profit_rub = s.profit_rub + EXCLUDED.profit_rub,
          sales_usd = s.sales_usd + EXCLUDED.sales_usd, sale_fees_usd = s.sale_fees_usd + EXCLUDED.sale_fees_usd,
          purchases_usd = s.purchases_usd + EXCLUDED.purchases_usd,
          purchase_fees_usd = s.purchase_fees_usd + EXCLUDED.purchase_fees_usd, profit_usd = s.profit_usd + EXCLUDED.profit_usd,
          holding_seconds = s.holding_seconds + EXCLUDED.holding_seconds$q$, changes),
  'DELETE FROM profit_day WHERE deals = 0',
  'DELETE FROM profit_item_day WHERE deals = 0']
$fn$;

CREATE FUNCTION profit_summaries_after_write() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changes text;
  stmt text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := '(SELECT 1 AS sign, * FROM new_rows)';
  ELSIF TG_OP = 'DELETE' THEN
    changes := '(SELECT -1 AS sign, * FROM old_rows)';
  ELSE
    -- Old and new in one pass: a reprice that changes nothing nets to zero per key.
    changes := '(SELECT -1 AS sign, * FROM old_rows UNION ALL SELECT 1, * FROM new_rows)';
  END IF;
  FOREACH stmt IN ARRAY profit_summaries_sql(changes) LOOP
    EXECUTE stmt;
  END LOOP;
  RETURN NULL;
END;
$fn$;

CREATE TRIGGER profit_deal_summaries_insert AFTER INSERT ON profit_deal
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profit_summaries_after_write();
CREATE TRIGGER profit_deal_summaries_update AFTER UPDATE ON profit_deal
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profit_summaries_after_write();
CREATE TRIGGER profit_deal_summaries_delete AFTER DELETE ON profit_deal
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profit_summaries_after_write();

CREATE FUNCTION profit_summaries_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE profit_day, profit_item_day;
  RETURN NULL;
END;
$fn$;
CREATE TRIGGER profit_deal_summaries_truncate AFTER TRUNCATE ON profit_deal
  FOR EACH STATEMENT EXECUTE FUNCTION profit_summaries_after_truncate();

-- The deals already matched.
DO $$
DECLARE
  stmt text;
BEGIN
  FOREACH stmt IN ARRAY profit_summaries_sql('(SELECT 1 AS sign, * FROM profit_deal)') LOOP
    EXECUTE stmt;
  END LOOP;
END;
$$;
