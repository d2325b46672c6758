-- Data versions without a shared row: migration 023 bumped one row per table, so every writer of a versioned
-- table held that row's lock until it committed, and two transactions writing two versioned tables in
-- opposite orders could deadlock. Now each backend bumps its own row (name, backend pid): a backend runs one
-- transaction at a time, so no writer ever waits on another. A table's version is the sum of its rows: every
-- commit that wrote the table adds at least one, and a reader's snapshot holds a prefix of the commits, so
-- two different states of a table never share a version. Rows of ended backends are folded into backend 0
-- from time to time (fold_data_version_parts, same sum), so the rows stay few.
CREATE TABLE data_version_part (
  name text NOT NULL,
  backend integer NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (name, backend)
);

INSERT INTO data_version_part (name, backend, n) SELECT name, 0, version FROM data_version;
DROP TABLE data_version;

CREATE OR REPLACE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO data_version_part (name, backend, n) VALUES (TG_TABLE_NAME, pg_backend_pid(), 1)
    ON CONFLICT (name, backend) DO UPDATE SET n = data_version_part.n + 1;
  RETURN NULL;
END;
$fn$;

-- Folds the rows of backends that have ended into backend 0, keeping each table's sum. One folder at a
-- time (a transaction-scoped advisory lock; another caller just returns), so folders never deadlock.
CREATE FUNCTION fold_data_version_parts() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF NOT pg_try_advisory_xact_lock(7342012) THEN
    RETURN;
  END IF;
  WITH gone AS (
    DELETE FROM data_version_part p
     WHERE p.backend <> 0
       AND p.backend <> pg_backend_pid()
       AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = p.backend)
    RETURNING p.name, p.n
  )
  INSERT INTO data_version_part (name, backend, n)
  SELECT name, 0, sum(n) FROM gone GROUP BY name
  ON CONFLICT (name, backend) DO UPDATE SET n = data_version_part.n + excluded.n;
END;
$fn$;

-- The tables whose lists and counts are kept per version (packages/db/src/crud/entity-tables.ts): the
-- Steam accounts (with their market accounts and the markets' names) and the market toys (with the toys'
-- names), beside the history of migration 023.
CREATE TRIGGER steam_account_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON steam_account
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER market_account_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON market_account
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER market_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON market
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER market_toy_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON market_toy
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER toy_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON toy
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
