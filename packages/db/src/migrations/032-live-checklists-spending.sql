-- The console's live stream (issue 16, deliverable 3) for the screens that still polled: sign-up
-- checklists (topic `checklists`) and spending (topic `spending`). Row triggers with a WHEN clause, unlike
-- the statement triggers of 024/026, so that a write that changes nothing (an UPDATE of no row, a step set
-- to what it was, a spend re-check that found the same) wakes no console.

-- A checklist's steps (running, done, failed, ...) are what the checklists screen shows; updated_at alone
-- is not a change.
CREATE TRIGGER account_checklist_data_version_ins_del AFTER INSERT OR DELETE ON account_checklist
  FOR EACH ROW EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER account_checklist_data_version_upd AFTER UPDATE ON account_checklist
  FOR EACH ROW WHEN (OLD.steps IS DISTINCT FROM NEW.steps OR OLD.steam_account IS DISTINCT FROM NEW.steam_account)
  EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER account_checklist_data_version_truncate AFTER TRUNCATE ON account_checklist
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();

-- Spending calls and the spend guards share one version, named market_spend: the spend screens show both
-- (today's spending against the guard's cap). A purchase writes its call twice (reserved, then done), far
-- rarer than a trading tick (an unknown call's background check counts as a change: the drawer shows it).
CREATE FUNCTION bump_spend_version() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO data_version_part (name, backend, n) VALUES ('market_spend', pg_backend_pid(), 1)
    ON CONFLICT (name, backend) DO UPDATE SET n = data_version_part.n + 1;
  RETURN NULL;
END;
$fn$;
CREATE TRIGGER market_spend_data_version_ins_del AFTER INSERT OR DELETE ON market_spend
  FOR EACH ROW EXECUTE FUNCTION bump_spend_version();
CREATE TRIGGER market_spend_data_version_upd AFTER UPDATE ON market_spend
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_spend_version();
CREATE TRIGGER market_spend_data_version_truncate AFTER TRUNCATE ON market_spend
  FOR EACH STATEMENT EXECUTE FUNCTION bump_spend_version();
CREATE TRIGGER market_spend_guard_data_version_ins_del AFTER INSERT OR DELETE ON market_spend_guard
  FOR EACH ROW EXECUTE FUNCTION bump_spend_version();
CREATE TRIGGER market_spend_guard_data_version_upd AFTER UPDATE ON market_spend_guard
  FOR EACH ROW WHEN (OLD.daily_cap IS DISTINCT FROM NEW.daily_cap OR OLD.currency IS DISTINCT FROM NEW.currency
    OR OLD.max_price_percent IS DISTINCT FROM NEW.max_price_percent)
  EXECUTE FUNCTION bump_spend_version();
CREATE TRIGGER market_spend_guard_data_version_truncate AFTER TRUNCATE ON market_spend_guard
  FOR EACH STATEMENT EXECUTE FUNCTION bump_spend_version();
