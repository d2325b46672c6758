import { queryValues, type ListQuery } from '@toydesk/contract';

import type { EntityRepository } from '../crud/entity-repository.ts';
import { RESERVED_QUERY_KEYS } from '../crud/filters.ts';
import { Params } from '../crud/sql.ts';
import type { Queryable, Row } from '../database.ts';

/**
 * The statistics endpoints read the trigger-maintained summaries (migration 003) when the filters allow
 * it, and toy_history itself otherwise; both paths give the same answer (toy-history-aggregates.test.ts).
 */
export interface AvgStatsFilter {
  market_hash_names?: string[];
  markets?: string[];
  date_from?: string;
  date_to?: string;
  record_statuses?: string[];
  currency?: string;
  steam_accounts?: number[];
  market_accounts?: number[];
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The aggregate query of avg-stats-by-name: from a summary when the filters allow it, else from the history. */
function avgStatsByNameSql(filter: AvgStatsFilter, options: { raw?: boolean }) {
  const params = new Params();
  const currency = filter.currency ?? 'RUB';
  const summary =
    !options.raw &&
    !filter.date_from &&
    !filter.date_to &&
    !filter.steam_accounts?.length &&
    !filter.market_accounts?.length;
  const t = summary ? 's' : 't';
  const where = [
    `${t}.currency = ${params.add(currency)}`,
    `${t}.record_status = ANY(${params.add(filter.record_statuses ?? ['normal'])}::text[])`,
  ];
  if (filter.market_hash_names?.length)
    where.push(`${t}.market_hash_name = ANY(${params.add(filter.market_hash_names)}::text[])`);
  if (filter.markets?.length) where.push(`${t}.market = ANY(${params.add(filter.markets)}::text[])`);
  if (!summary) {
    if (filter.steam_accounts?.length)
      where.push(`t.steam_account = ANY(${params.add(filter.steam_accounts)}::int[])`);
    if (filter.market_accounts?.length)
      where.push(`t.market_account = ANY(${params.add(filter.market_accounts)}::int[])`);
    if (filter.date_from) where.push(`t.date >= ${params.add(filter.date_from)}::timestamptz`);
    if (filter.date_to) {
      // A bare date means the whole of that day (UTC).
      where.push(
        DATE_ONLY.test(filter.date_to)
          ? `t.date < (${params.add(filter.date_to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`
          : `t.date <= ${params.add(filter.date_to)}::timestamptz`,
      );
    }
  }
  const sql = summary
    ? (() => {
        const f = (side: string) => `FILTER (WHERE s.side = '${side}')`;
        const sideColumns = (side: string) =>
          `coalesce(sum(s.n) ${f(side)}, 0)::int AS ${side}_count,
           round(sum(s.total) ${f(side)} / nullif(sum(s.n) ${f(side)}, 0), 2)::text AS ${side}_avg,
           min(s.min_price) ${f(side)}::text AS ${side}_min, max(s.max_price) ${f(side)}::text AS ${side}_max`;
        return `SELECT s.market_hash_name, ${sideColumns('buy')}, ${sideColumns('sell')}
                FROM ${filter.markets?.length ? 'toy_history_name_summary' : 'toy_history_name_total'} s
                WHERE ${where.join(' AND ')}
                GROUP BY s.market_hash_name ORDER BY s.market_hash_name`;
      })()
    : (() => {
        const f = (side: string) => `FILTER (WHERE t.side = '${side}')`;
        const sideColumns = (side: string) =>
          `count(*) ${f(side)}::int AS ${side}_count, round(avg(t.price) ${f(side)}, 2)::text AS ${side}_avg,
           min(t.price) ${f(side)}::text AS ${side}_min, max(t.price) ${f(side)}::text AS ${side}_max`;
        return `SELECT t.market_hash_name, ${sideColumns('buy')}, ${sideColumns('sell')}
                FROM toy_history t WHERE ${where.join(' AND ')}
                GROUP BY t.market_hash_name ORDER BY t.market_hash_name`;
      })();
  return { currency, sql, params: params.values };
}

export async function avgStatsByName(db: Queryable, filter: AvgStatsFilter, options: { raw?: boolean } = {}) {
  const { currency, sql, params } = avgStatsByNameSql(filter, options);
  return { currency, results: await db.query(sql, params) };
}

const SUMMARY_DAY_FILTERS = new Set(['market', 'side', 'currency', 'record_status']);
const isUtcMidnight = (value: string) => {
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && date.getTime() % 86_400_000 === 0;
};

/** True when the day summary can answer the query exactly: only these filters, whole-day bounds. */
function daySummaryAnswers(query: ListQuery): boolean {
  return Object.keys(query).every((key) => {
    // search matches names and comments, which the day summary does not keep.
    if (key === 'search') return !queryValues(query, key).some((v) => v.trim() !== '');
    if (RESERVED_QUERY_KEYS.has(key) || SUMMARY_DAY_FILTERS.has(key)) return true;
    if (key === 'date__gte' || key === 'date__lt') return queryValues(query, key).every(isUtcMidnight);
    return false;
  });
}

/** Per UTC day and side: count, total, average, minimum and maximum, over the list's filters. */
export async function statsByDate(
  db: Queryable,
  history: EntityRepository,
  query: ListQuery,
  options: { raw?: boolean } = {},
): Promise<Row[]> {
  const { where, params } = history.parseList(query);
  if (!options.raw && daySummaryAnswers(query)) {
    // The same filters, read against the summary's columns (its day stands for the history date).
    const summaryWhere = where
      .replace(/t\."date" >= (\$\d+)::timestamptz/g, `s.day >= ($1::timestamptz AT TIME ZONE 'UTC')::date`)
      .replace(/t\."date" < (\$\d+)::timestamptz/g, `s.day < ($1::timestamptz AT TIME ZONE 'UTC')::date`)
      .replace(/t\."(market|side|currency|record_status)"/g, 's.$1');
    return db.query(
      `SELECT to_char(s.day, 'YYYY-MM-DD') AS date, s.side, sum(s.n)::int AS count, sum(s.total) AS total,
              round(sum(s.total) / sum(s.n), 2) AS avg_price, min(s.min_price) AS min_price, max(s.max_price) AS max_price
       FROM toy_history_day_summary s ${summaryWhere}
       GROUP BY s.day, s.side ORDER BY s.day, s.side`,
      params,
    );
  }
  // Group by the day value and format afterwards: the planner estimates groups far better that way.
  return db.query(
    `SELECT to_char(g.day, 'YYYY-MM-DD') AS date, g.side, g.count, g.total, g.avg_price, g.min_price, g.max_price
     FROM (SELECT (t.date AT TIME ZONE 'UTC')::date AS day, t.side, count(*)::int AS count, sum(t.price) AS total,
                  round(avg(t.price), 2) AS avg_price, min(t.price) AS min_price, max(t.price) AS max_price
           FROM toy_history t ${where} GROUP BY 1, 2) g
     ORDER BY g.day, g.side`,
    params,
  );
}
