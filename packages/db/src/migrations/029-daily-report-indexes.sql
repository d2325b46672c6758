-- The daily report (issue 16, /api/reports/daily/) reads one UTC day of purchases by buy date and of sales
-- by sale date from profit_deal, failed deliveries by the time they ended and alerts by when they were first
-- raised. Each predicate below is the report's own text, so the planner can use the partial indexes.
CREATE INDEX profit_deal_report_buy_date_idx ON profit_deal (buy_date) WHERE status IN ('sold', 'held');
CREATE INDEX profit_deal_report_sell_date_idx ON profit_deal (sell_date) WHERE status IN ('sold', 'unbought');
CREATE INDEX bot_delivery_failed_at_idx ON bot_delivery ((coalesce(finished_at, updated_at))) WHERE state = 'failed';
CREATE INDEX bot_alert_first_at_idx ON bot_alert (first_at);
