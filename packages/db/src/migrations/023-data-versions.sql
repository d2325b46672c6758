-- A change counter per table, bumped by a statement-level trigger inside the writing transaction, so it
-- commits with the rows it counts. A reader that reads a table's version before it reads the table may keep
-- what it computed under that version: what it computed can only be newer than the version says, never
-- older, and a newer version makes the next reader compute again (data-version/versioned-cache.ts).
-- toy_history's statistics and list counts are cached this way, and answered with ETags.
-- Writers of toy_history already update the summary rows of migration 003 in the same statement, so the
-- version row adds no lock a writer did not already wait on in practice (one more row per statement).
CREATE TABLE data_version (
  name text PRIMARY KEY,
  version bigint NOT NULL
);

CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE data_version SET version = version + 1 WHERE name = TG_TABLE_NAME;
  RETURN NULL;
END;
$fn$;

INSERT INTO data_version (name, version) VALUES ('toy_history', 1);
CREATE TRIGGER toy_history_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON toy_history
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
