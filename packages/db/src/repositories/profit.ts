import type { ProfitItemsQuery, ProfitQuery, ProfitSums, ProfitTotals } from '@toydesk/contract';

import { Params } from '../crud/sql.ts';
import type { Queryable } from '../database.ts';

/**
 * Profit's summaries (issue 16) over profit_deal, the units migration 025 keeps matched from toy_history by
 * trigger: sums of decimal columns in SQL (numeric), never in JS numbers.
 */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The WHERE of the sold units the filters name; column suffix picks the reporting currency. */
function soldWhere(q: ProfitQuery, params: Params): string {
  const where = [`d.status = 'sold'`];
  if (q.date_from) where.push(`d.sell_date >= ${params.add(q.date_from)}::timestamptz`);
  if (q.date_to) {
    // A day includes the whole UTC day.
    where.push(
      DATE_ONLY.test(q.date_to)
        ? `d.sell_date < (${params.add(q.date_to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`
        : `d.sell_date <= ${params.add(q.date_to)}::timestamptz`,
    );
  }
  where.push(...sideFilters(q, params));
  return where.join(' AND ');
}

/** Market, account and item filters: a deal matches when either side does. */
function sideFilters(q: ProfitQuery, params: Params): string[] {
  const where: string[] = [];
  if (q.market?.length) {
    const p = params.add(q.market);
    where.push(`(d.buy_market = ANY(${p}::text[]) OR d.sell_market = ANY(${p}::text[]))`);
  }
  if (q.market_account?.length) {
    const p = params.add(q.market_account);
    where.push(`(d.buy_market_account = ANY(${p}::int[]) OR d.sell_market_account = ANY(${p}::int[]))`);
  }
  if (q.steam_account?.length) {
    const p = params.add(q.steam_account);
    where.push(`(d.buy_steam_account = ANY(${p}::int[]) OR d.sell_steam_account = ANY(${p}::int[]))`);
  }
  if (q.market_hash_name?.length)
    where.push(`d.market_hash_name = ANY(${params.add(q.market_hash_name)}::text[])`);
  return where;
}

/** The sums of the sold units, in the query's currency (the column names are fixed: RUB or USD). */
function sumsSql(q: ProfitQuery): string {
  const c = q.currency === 'USD' ? 'usd' : 'rub';
  return `count(*)::int AS deals,
          coalesce(sum(d.sell_${c}), 0)::numeric(16,2)::text AS sales,
          coalesce(sum(d.sell_fee_${c}), 0)::numeric(16,2)::text AS sale_fees,
          coalesce(sum(d.buy_${c}), 0)::numeric(16,2)::text AS purchases,
          coalesce(sum(d.buy_fee_${c}), 0)::numeric(16,2)::text AS purchase_fees,
          coalesce(sum(d.profit_${c}), 0)::numeric(16,2)::text AS profit`;
}

const HOLDING = `extract(epoch FROM d.sell_date - d.buy_date)`;

export async function profitTotals(db: Queryable, q: ProfitQuery): Promise<ProfitTotals> {
  const c = q.currency === 'USD' ? 'usd' : 'rub';
  const params = new Params();
  const sold = soldWhere(q, params);
  const sides = sideFilters(q, params);
  const heldWhere = [`d.status = 'held'`, ...sides].join(' AND ');
  const unboughtWhere = [`d.status = 'unbought'`, ...sides];
  if (q.date_from) unboughtWhere.push(`d.sell_date >= ${params.add(q.date_from)}::timestamptz`);
  if (q.date_to)
    unboughtWhere.push(
      DATE_ONLY.test(q.date_to)
        ? `d.sell_date < (${params.add(q.date_to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`
        : `d.sell_date <= ${params.add(q.date_to)}::timestamptz`,
    );
  const rows = await db.query<Omit<ProfitTotals, 'currency'>>(
    `SELECT s.*, h.held_units, h.held_cost, u.unbought_sales
     FROM (SELECT ${sumsSql(q)}, round(avg(${HOLDING}))::int AS avg_holding_seconds FROM profit_deal d WHERE ${sold}) s,
          (SELECT count(*)::int AS held_units,
                  coalesce(sum(d.buy_${c} + d.buy_fee_${c}), 0)::numeric(16,2)::text AS held_cost
           FROM profit_deal d WHERE ${heldWhere}) h,
          (SELECT count(*)::int AS unbought_sales FROM profit_deal d WHERE ${unboughtWhere.join(' AND ')}) u`,
    params.values,
  );
  const row = rows[0]!;
  return { currency: q.currency, ...row };
}

export async function profitByDay(db: Queryable, q: ProfitQuery): Promise<(ProfitSums & { day: string })[]> {
  const params = new Params();
  return db.query(
    `SELECT to_char((d.sell_date AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, ${sumsSql(q)}
     FROM profit_deal d WHERE ${soldWhere(q, params)} GROUP BY 1 ORDER BY 1`,
    params.values,
  );
}

export async function profitByMarket(
  db: Queryable,
  q: ProfitQuery,
): Promise<(ProfitSums & { market: string | null })[]> {
  const params = new Params();
  return db.query(
    `SELECT d.sell_market AS market, ${sumsSql(q)}
     FROM profit_deal d WHERE ${soldWhere(q, params)} GROUP BY 1 ORDER BY sum(d.profit_${q.currency === 'USD' ? 'usd' : 'rub'}) DESC, 1`,
    params.values,
  );
}

const ITEM_ORDER: Record<ProfitItemsQuery['ordering'], string> = {
  profit: 'sum(d.profit_C) ASC, 1',
  '-profit': 'sum(d.profit_C) DESC, 1',
  deals: 'count(*) ASC, 1',
  '-deals': 'count(*) DESC, 1',
  market_hash_name: '1 ASC',
  '-market_hash_name': '1 DESC',
};

export async function profitByItem(
  db: Queryable,
  q: ProfitItemsQuery,
): Promise<(ProfitSums & { market_hash_name: string; avg_holding_seconds: number | null })[]> {
  const params = new Params();
  const c = q.currency === 'USD' ? 'usd' : 'rub';
  return db.query(
    `SELECT d.market_hash_name, ${sumsSql(q)}, round(avg(${HOLDING}))::int AS avg_holding_seconds
     FROM profit_deal d WHERE ${soldWhere(q, params)}
     GROUP BY 1 ORDER BY ${ITEM_ORDER[q.ordering].replace('_C', `_${c}`)} LIMIT ${params.add(q.limit)}`,
    params.values,
  );
}
