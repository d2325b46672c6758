-- Pre-aggregated toy history, kept exact by statement-level triggers, so that the statistics endpoints
-- answer from thousands of summary rows instead of scanning a million history rows.
--   toy_history_name_summary: per market, name, side, currency and record status (avg-stats-by-name)
--   toy_history_day_summary:  per UTC day, market, side, currency and record status (stats-by-date)
-- A statement recomputes exactly the summary keys its rows touch, from toy_history itself, so inserts,
-- updates and deletes of any size leave the summaries equal to a fresh aggregate.

CREATE TABLE toy_history_name_summary (
  market text NOT NULL,
  market_hash_name text NOT NULL,
  side text NOT NULL,
  currency text NOT NULL,
  record_status text NOT NULL,
  n integer NOT NULL,
  total numeric NOT NULL,
  min_price numeric(14,2) NOT NULL,
  max_price numeric(14,2) NOT NULL,
  PRIMARY KEY (market, market_hash_name, side, currency, record_status)
);

CREATE TABLE toy_history_day_summary (
  day date NOT NULL,
  market text NOT NULL,
  side text NOT NULL,
  currency text NOT NULL,
  record_status text NOT NULL,
  n integer NOT NULL,
  total numeric NOT NULL,
  min_price numeric(14,2) NOT NULL,
  max_price numeric(14,2) NOT NULL,
  PRIMARY KEY (day, market, side, currency, record_status)
);

-- Inserts add to the summaries (count, sum, min and max combine exactly). Updates and deletes recompute
-- what they touch from toy_history: the name keys of the changed rows and the whole days they fall on.
-- Transition tables are only visible to the trigger function itself, hence the dynamic SQL over a
-- relation text (new_rows, old_rows or the changed rows of an update).
CREATE FUNCTION toy_history_summaries_after_write() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  touched text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO toy_history_name_summary AS s
    SELECT coalesce(market, ''), market_hash_name, side, currency, record_status, count(*), sum(price), min(price), max(price)
    FROM new_rows GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (market, market_hash_name, side, currency, record_status) DO UPDATE
      SET n = s.n + EXCLUDED.n, total = s.total + EXCLUDED.total,
          min_price = least(s.min_price, EXCLUDED.min_price), max_price = greatest(s.max_price, EXCLUDED.max_price);
    INSERT INTO toy_history_day_summary AS s
    SELECT (date AT TIME ZONE 'UTC')::date, coalesce(market, ''), side, currency, record_status, count(*), sum(price), min(price), max(price)
    FROM new_rows GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (day, market, side, currency, record_status) DO UPDATE
      SET n = s.n + EXCLUDED.n, total = s.total + EXCLUDED.total,
          min_price = least(s.min_price, EXCLUDED.min_price), max_price = greatest(s.max_price, EXCLUDED.max_price);
    RETURN NULL;
  END IF;

  IF TG_OP = 'DELETE' THEN
    touched := 'old_rows';
  ELSE
    -- Only rows whose summarised columns changed (connect-items, comments and the like touch none).
    touched := '(SELECT o.market, o.market_hash_name, o.side, o.currency, o.record_status, o.date
                 FROM old_rows o JOIN new_rows n ON n.id = o.id
                 WHERE (o.market, o.market_hash_name, o.side, o.currency, o.record_status, o.price, o.date)
                       IS DISTINCT FROM (n.market, n.market_hash_name, n.side, n.currency, n.record_status, n.price, n.date)
                 UNION ALL
                 SELECT n.market, n.market_hash_name, n.side, n.currency, n.record_status, n.date
                 FROM old_rows o JOIN new_rows n ON n.id = o.id
                 WHERE (o.market, o.market_hash_name, o.side, o.currency, o.record_status, o.price, o.date)
                       IS DISTINCT FROM (n.market, n.market_hash_name, n.side, n.currency, n.record_status, n.price, n.date))';
  END IF;

  EXECUTE format($q$
    CREATE TEMP TABLE toy_history_touched_names ON COMMIT DROP AS
    SELECT DISTINCT coalesce(market, '') AS market, market_hash_name, side, currency, record_status FROM %s t$q$, touched);
  EXECUTE format($q$
    CREATE TEMP TABLE toy_history_touched_days ON COMMIT DROP AS
    SELECT DISTINCT (date AT TIME ZONE 'UTC')::date AS day FROM %s t$q$, touched);

  DELETE FROM toy_history_name_summary s USING toy_history_touched_names k
  WHERE s.market = k.market AND s.market_hash_name = k.market_hash_name AND s.side = k.side
    AND s.currency = k.currency AND s.record_status = k.record_status;
  INSERT INTO toy_history_name_summary
  SELECT coalesce(h.market, ''), h.market_hash_name, h.side, h.currency, h.record_status, count(*), sum(h.price), min(h.price), max(h.price)
  FROM toy_history h JOIN toy_history_touched_names k
    ON h.market_hash_name = k.market_hash_name AND coalesce(h.market, '') = k.market AND h.side = k.side
   AND h.currency = k.currency AND h.record_status = k.record_status
  GROUP BY 1, 2, 3, 4, 5;

  DELETE FROM toy_history_day_summary s USING toy_history_touched_days k WHERE s.day = k.day;
  INSERT INTO toy_history_day_summary
  SELECT (h.date AT TIME ZONE 'UTC')::date, coalesce(h.market, ''), h.side, h.currency, h.record_status, count(*), sum(h.price), min(h.price), max(h.price)
  FROM toy_history h JOIN toy_history_touched_days k
    ON h.date >= (k.day::timestamp AT TIME ZONE 'UTC') AND h.date < ((k.day + 1)::timestamp AT TIME ZONE 'UTC')
  GROUP BY 1, 2, 3, 4, 5;

  DROP TABLE toy_history_touched_names;
  DROP TABLE toy_history_touched_days;
  RETURN NULL;
END;
$fn$;

CREATE TRIGGER toy_history_summaries_insert AFTER INSERT ON toy_history
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toy_history_summaries_after_write();
CREATE TRIGGER toy_history_summaries_update AFTER UPDATE ON toy_history
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION toy_history_summaries_after_write();
CREATE TRIGGER toy_history_summaries_delete AFTER DELETE ON toy_history
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION toy_history_summaries_after_write();

-- Summaries of rows that existed before this migration.
INSERT INTO toy_history_name_summary
SELECT coalesce(market, ''), market_hash_name, side, currency, record_status, count(*), sum(price), min(price), max(price)
FROM toy_history GROUP BY 1, 2, 3, 4, 5;
INSERT INTO toy_history_day_summary
SELECT (date AT TIME ZONE 'UTC')::date, coalesce(market, ''), side, currency, record_status, count(*), sum(price), min(price), max(price)
FROM toy_history GROUP BY 1, 2, 3, 4, 5;
