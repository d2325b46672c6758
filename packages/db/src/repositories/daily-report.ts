import type { DailyReport, DailyReportRow, DailyReportSums } from '@toydesk/contract';

import type { Queryable } from '../database.ts';
import { PGBOSS_SCHEMA } from './bot-jobs.ts';

/**
 * The daily report (issue 16): one UTC day's trading per market account (market and Steam account) and deal
 * currency. Deals and money come from profit_deal (matched by trigger from toy_history, migration 025), so
 * the report agrees with the profit screens: a purchase counts on its buy day, a sale on its sale day, each
 * converted at its market's rate of that day with the fee table's fee; profit is realised on the sale.
 * Failures are deliveries that ended failed that day (bot_delivery) and, in the totals only, bot jobs that
 * failed that day (pg-boss; a job's `account` is a market or a Steam account depending on its lane, so it is
 * not attributed). Alerts count those first raised that day (a re-raised open alert counts up instead).
 */

const money = (expr: string) => `coalesce(sum(${expr}), 0)::numeric(16,2)::text`;
// A day with nothing still answers its totals line, where sum() is null.

// Every source answers the same columns, zeros where it has nothing to say; the outer query groups them.
const DAY = `x.at >= ($1::date)::timestamp AT TIME ZONE 'UTC' AND x.at < ($1::date + 1)::timestamp AT TIME ZONE 'UTC'`;

const REPORT_SQL = `
WITH parts AS (
  SELECT x.market, x.market_account, x.steam_account, x.currency,
         1 AS deals_bought, 0 AS deals_sold, x.price AS volume_bought, 0 AS volume_sold,
         x.rub AS volume_bought_rub, x.usd AS volume_bought_usd, 0 AS volume_sold_rub, 0 AS volume_sold_usd,
         x.fee_rub AS fees_rub, x.fee_usd AS fees_usd, 0 AS profit_rub, 0 AS profit_usd,
         0 AS unbought_sales, 0 AS failed_deliveries, 0 AS alerts
  FROM (SELECT d.buy_market AS market, d.buy_market_account AS market_account, d.buy_steam_account AS steam_account,
               d.buy_currency AS currency, d.buy_date AS at, d.buy_price AS price, d.buy_rub AS rub,
               d.buy_usd AS usd, d.buy_fee_rub AS fee_rub, d.buy_fee_usd AS fee_usd
        FROM profit_deal d WHERE d.status IN ('sold', 'held')) x
  WHERE ${DAY}
  UNION ALL
  SELECT x.market, x.market_account, x.steam_account, x.currency,
         0, 1, 0, x.price, 0, 0, x.rub, x.usd, x.fee_rub, x.fee_usd,
         coalesce(x.profit_rub, 0), coalesce(x.profit_usd, 0), (x.status = 'unbought')::int, 0, 0
  FROM (SELECT d.sell_market AS market, d.sell_market_account AS market_account,
               d.sell_steam_account AS steam_account, d.sell_currency AS currency, d.sell_date AS at,
               d.sell_price AS price, d.sell_rub AS rub, d.sell_usd AS usd, d.sell_fee_rub AS fee_rub,
               d.sell_fee_usd AS fee_usd, d.profit_rub, d.profit_usd, d.status
        FROM profit_deal d WHERE d.status IN ('sold', 'unbought')) x
  WHERE ${DAY}
  UNION ALL
  SELECT x.market, x.market_account, NULL, x.currency, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0
  FROM (SELECT bd.market, bd.market_account, bd.currency, coalesce(bd.finished_at, bd.updated_at) AS at
        FROM bot_delivery bd WHERE bd.state = 'failed') x
  WHERE ${DAY}
  UNION ALL
  SELECT NULL, x.market_account, x.steam_account, NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1
  FROM (SELECT a.market_account, a.steam_account, a.first_at AS at FROM bot_alert a) x
  WHERE ${DAY}
),
keyed AS (
  -- A market account names its market and Steam account, whatever the source recorded beside it; an alert
  -- on a market account takes the account's currency, so it lands on the row of that account's deals.
  SELECT coalesce(ma.market, p.market) AS k_market, p.market_account AS k_market_account,
         coalesce(ma.steam_account, p.steam_account) AS k_steam_account,
         coalesce(p.currency, CASE WHEN p.alerts = 1 THEN ma.currency END) AS k_currency, p.*
  FROM parts p LEFT JOIN market_account ma ON ma.id = p.market_account
)
SELECT (grouping(k.k_market) = 1) AS is_total,
       k.k_market AS market, k.k_market_account AS market_account, k.k_steam_account AS steam_account,
       k.k_currency AS currency,
       (SELECT s.steam_account_name FROM steam_account s WHERE s.id = k.k_steam_account) AS steam_account_name,
       coalesce(sum(k.deals_bought), 0)::int AS deals_bought, coalesce(sum(k.deals_sold), 0)::int AS deals_sold,
       ${money('k.volume_bought')} AS volume_bought, ${money('k.volume_sold')} AS volume_sold,
       ${money('k.volume_bought_rub')} AS volume_bought_rub, ${money('k.volume_bought_usd')} AS volume_bought_usd,
       ${money('k.volume_sold_rub')} AS volume_sold_rub, ${money('k.volume_sold_usd')} AS volume_sold_usd,
       ${money('k.fees_rub')} AS fees_rub, ${money('k.fees_usd')} AS fees_usd,
       ${money('k.profit_rub')} AS profit_rub, ${money('k.profit_usd')} AS profit_usd,
       coalesce(sum(k.unbought_sales), 0)::int AS unbought_sales, coalesce(sum(k.failed_deliveries), 0)::int AS failed_deliveries,
       coalesce(sum(k.alerts), 0)::int AS alerts
FROM keyed k
GROUP BY GROUPING SETS ((k.k_market, k.k_market_account, k.k_steam_account, k.k_currency), ())
ORDER BY is_total, market NULLS LAST, steam_account_name NULLS LAST, market_account NULLS LAST, currency NULLS LAST`;

type ReportLine = DailyReportRow & { is_total: boolean };

const SUM_FIELDS = [
  'deals_bought',
  'deals_sold',
  'volume_bought_rub',
  'volume_bought_usd',
  'volume_sold_rub',
  'volume_sold_usd',
  'fees_rub',
  'fees_usd',
  'profit_rub',
  'profit_usd',
  'unbought_sales',
  'failed_deliveries',
  'alerts',
] as const satisfies readonly (keyof DailyReportSums)[];

/** Bot jobs that ended failed on the day; 0 where the queue's schema is absent (a database without bots). */
async function failedJobs(db: Queryable, date: string): Promise<number> {
  const [schema] = await db.query<{ present: boolean }>(
    `SELECT to_regclass('${PGBOSS_SCHEMA}.job') IS NOT NULL AND to_regclass('${PGBOSS_SCHEMA}.archive') IS NOT NULL AS present`,
  );
  if (!schema?.present) return 0;
  const day = `completed_on >= ($1::date)::timestamp AT TIME ZONE 'UTC' AND completed_on < ($1::date + 1)::timestamp AT TIME ZONE 'UTC' AND state::text = 'failed'`;
  const [row] = await db.query<{ n: number }>(
    `SELECT ((SELECT count(*) FROM ${PGBOSS_SCHEMA}.job WHERE ${day})
           + (SELECT count(*) FROM ${PGBOSS_SCHEMA}.archive WHERE ${day}))::int AS n`,
    [date],
  );
  return row?.n ?? 0;
}

/** The report of one UTC day (YYYY-MM-DD, already checked). */
export async function dailyReport(db: Queryable, date: string): Promise<DailyReport> {
  const lines = await db.query<ReportLine>(REPORT_SQL, [date]);
  const rows: DailyReportRow[] = [];
  let total: ReportLine | undefined;
  for (const { is_total, ...row } of lines) {
    if (is_total) total = { is_total, ...row };
    else rows.push(row);
  }
  // The empty grouping set answers one line even on a day with nothing: the totals are always there.
  if (!total) throw new Error('daily report: no totals line');
  const totals = Object.fromEntries(SUM_FIELDS.map((f) => [f, total[f]])) as DailyReportSums;
  const from = new Date(`${date}T00:00:00Z`);
  return {
    date,
    time_zone: 'UTC',
    from: from.toISOString(),
    to: new Date(from.getTime() + 86_400_000).toISOString(),
    rows,
    totals: { ...totals, failed_jobs: await failedJobs(db, date) },
  };
}
