-- Issue 16: the best and worst items of a month read migration 028's profit_item_day, which barely compresses
-- (a row per day, item, sale market and purchase market: 131,010 rows for a month of the million-row seed, 497 ms
-- to rank). Most item queries have no market filter, and most ranges hold whole months (this month so far, the
-- last 30 days): profit_item_month keeps the sold units per UTC month of sale and item alone (118,788 rows for
-- the seed's four months), kept by the same statement triggers on profit_deal. The repository ranks the items
-- on the profit (or units) alone first and sums the other columns for the page's items only.

CREATE TABLE profit_item_month (
  month date NOT NULL,
  market_hash_name text NOT NULL,
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
CREATE UNIQUE INDEX profit_item_month_key ON profit_item_month (month, market_hash_name);
CREATE INDEX profit_item_month_item_idx ON profit_item_month (market_hash_name, month);
CREATE INDEX profit_item_month_empty_idx ON profit_item_month (month) WHERE deals = 0;
-- The page's items' other sums, per item.
CREATE INDEX profit_item_day_item_idx ON profit_item_day (market_hash_name, day);

CREATE OR REPLACE FUNCTION profit_summaries_sql(changes text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $fn$
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
  format($q$
    INSERT INTO profit_item_month AS s
    SELECT date_trunc('month', c.sell_date AT TIME ZONE 'UTC')::date, c.market_hash_name,
           sum(c.sign),
           sum(c.sign * coalesce(c.sell_rub, 0)), sum(c.sign * coalesce(c.sell_fee_rub, 0)),
           sum(c.sign * coalesce(c.buy_rub, 0)), sum(c.sign * coalesce(c.buy_fee_rub, 0)), sum(c.sign * coalesce(c.profit_rub, 0)),
           sum(c.sign * coalesce(c.sell_usd, 0)), sum(c.sign * coalesce(c.sell_fee_usd, 0)),
           sum(c.sign * coalesce(c.buy_usd, 0)), sum(c.sign * coalesce(c.buy_fee_usd, 0)), sum(c.sign * coalesce(c.profit_usd, 0)),
           sum(c.sign * coalesce(extract(epoch FROM c.sell_date - c.buy_date), 0))
    FROM %1$s c WHERE c.status = 'sold' GROUP BY 1, 2
    ON CONFLICT (month, market_hash_name) DO UPDATE
      SET deals = s.deals + EXCLUDED.deals,
          sales_rub = s.sales_rub + EXCLUDED.sales_rub, sale_fees_rub = s.sale_fees_rub + EXCLUDED.sale_fees_rub,
          purchases_rub = s.purchases_rub + EXCLUDED.purchases_rub,
          purchase_fees_rub = s.purchase_fees_rub + EXCLUDED.purchase_fees_rub, profit_rub = s.profit_rub + EXCLUDED.profit_rub,
          sales_usd = s.sales_usd + EXCLUDED.sales_usd, sale_fees_usd = s.sale_fees_usd + EXCLUDED.sale_fees_usd,
          purchases_usd = s.purchases_usd + EXCLUDED.purchases_usd,
          purchase_fees_usd = s.purchase_fees_usd + EXCLUDED.purchase_fees_usd, profit_usd = s.profit_usd + EXCLUDED.profit_usd,
          holding_seconds = s.holding_seconds + EXCLUDED.holding_seconds$q$, changes),
  'DELETE FROM profit_day WHERE deals = 0',
  'DELETE FROM profit_item_day WHERE deals = 0',
  'DELETE FROM profit_item_month WHERE deals = 0']
$fn$;

CREATE OR REPLACE FUNCTION profit_summaries_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE profit_day, profit_item_day, profit_item_month;
  RETURN NULL;
END;
$fn$;

-- The deals already matched.
INSERT INTO profit_item_month
SELECT date_trunc('month', sell_date AT TIME ZONE 'UTC')::date, market_hash_name, count(*),
       sum(coalesce(sell_rub, 0)), sum(coalesce(sell_fee_rub, 0)), sum(coalesce(buy_rub, 0)),
       sum(coalesce(buy_fee_rub, 0)), sum(coalesce(profit_rub, 0)), sum(coalesce(sell_usd, 0)),
       sum(coalesce(sell_fee_usd, 0)), sum(coalesce(buy_usd, 0)), sum(coalesce(buy_fee_usd, 0)),
       sum(coalesce(profit_usd, 0)), sum(coalesce(extract(epoch FROM sell_date - buy_date), 0))
FROM profit_deal WHERE status = 'sold' GROUP BY 1, 2;
