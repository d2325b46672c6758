-- The console's live stream (issue 16: GET /api/live/, apps/server/src/live): the server reads these
-- tables' data versions (migration 024) a few times a second while an operator has the console open, and
-- tells each tab which of them changed. Versions only: no payload, no LISTEN connection, the same on
-- PGlite and PostgreSQL. market_account (balances), steam_account and toy_history are versioned already.

CREATE TRIGGER bot_alert_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bot_alert
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER bot_delivery_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bot_delivery
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER proxy_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON proxy
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
-- A job writes its log lines as it runs: a new line is the jobs screen's change.
CREATE TRIGGER bot_job_log_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bot_job_log
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();

-- A trading loop's row is written by every tick (running, then scheduled, times, summary): a version per
-- tick would wake every open console several times a second for nothing it shows at once. The status an
-- operator acts on moves the version: the loop switched on or off, stopped or failed, its error, a stop
-- pending. Per-tick times and summaries stay on the trading screen's slower poll.
CREATE FUNCTION bump_trading_loop_version() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (OLD.state IN ('running', 'scheduled')) = (NEW.state IN ('running', 'scheduled'))
       AND OLD.last_error IS NOT DISTINCT FROM NEW.last_error
       AND OLD.stop_pending = NEW.stop_pending THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO data_version_part (name, backend, n) VALUES ('bot_trading_loop', pg_backend_pid(), 1)
    ON CONFLICT (name, backend) DO UPDATE SET n = data_version_part.n + 1;
  RETURN NULL;
END;
$fn$;
CREATE TRIGGER bot_trading_loop_data_version AFTER INSERT OR UPDATE OR DELETE ON bot_trading_loop
  FOR EACH ROW EXECUTE FUNCTION bump_trading_loop_version();
