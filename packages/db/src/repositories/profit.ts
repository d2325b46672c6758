import type { ProfitItemsQuery, ProfitQuery, ProfitSums, ProfitTotals } from '@toydesk/contract';

import { Params } from '../crud/sql.ts';
import type { Queryable } from '../database.ts';

/**
 * Profit's summaries (issue 16) over profit_deal, the units migration 025 keeps matched from toy_history by
 * trigger: sums of decimal columns in SQL (numeric), never in JS numbers. Whole UTC days without account
 * filters are read from migration 028's per-day summaries (profit_day, profit_item_day), the partial days at
 * either end of the range from profit_deal; any other query reads profit_deal alone. Both give the same
 * answer (profit.test.ts compares them on generated histories).
 */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The WHERE of the units of a status (sold or unbought) sold in the range, with the side filters. */
function rangeWhere(q: ProfitQuery, params: Params, status: 'sold' | 'unbought'): string {
  const where = [`d.status = '${status}'`];
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

const soldWhere = (q: ProfitQuery, params: Params) => rangeWhere(q, params, 'sold');

/**
 * Market, account and item filters: a deal matches when either side does. Alias s: a summary, which has
 * the markets and (profit_item_day) the item but no accounts; summaryPlan sends account filters elsewhere.
 */
function sideFilters(q: ProfitQuery, params: Params, alias: 'd' | 's' = 'd'): string[] {
  const d = alias;
  const where: string[] = [];
  if (q.market?.length) {
    const p = params.add(q.market);
    where.push(`(${d}.buy_market = ANY(${p}::text[]) OR ${d}.sell_market = ANY(${p}::text[]))`);
  }
  if (q.market_account?.length) {
    const p = params.add(q.market_account);
    where.push(`(${d}.buy_market_account = ANY(${p}::int[]) OR ${d}.sell_market_account = ANY(${p}::int[]))`);
  }
  if (q.steam_account?.length) {
    const p = params.add(q.steam_account);
    where.push(`(${d}.buy_steam_account = ANY(${p}::int[]) OR ${d}.sell_steam_account = ANY(${p}::int[]))`);
  }
  if (q.market_hash_name?.length)
    where.push(`${d}.market_hash_name = ANY(${params.add(q.market_hash_name)}::text[])`);
  return where;
}

/** Where a summary is read from: the day summaries where the filters allow (auto), or profit_deal alone. */
export interface ProfitSource {
  source?: 'auto' | 'deals';
}

/**
 * The whole UTC days the summaries answer: from lo (inclusive) to hi (exclusive), null for unbounded. The
 * rest of the range (the part of date_from's day after it, the part of date_to's day up to it) comes from
 * profit_deal. Null when the summaries cannot answer (account filters, an item filter on the day summary,
 * or a range inside one day).
 */
export interface SummaryPlan {
  lo: string | null;
  hi: string | null;
}

async function summaryPlan(
  db: Queryable,
  q: ProfitQuery,
  source: ProfitSource,
  byItem: boolean,
): Promise<SummaryPlan | null> {
  if (source.source === 'deals') return null;
  if (q.market_account?.length || q.steam_account?.length) return null;
  if (q.market_hash_name?.length && !byItem) return null;
  if (!q.date_from && !q.date_to) return { lo: null, hi: null };
  // The day arithmetic in SQL, with the same casts as the WHERE of profit_deal (the session's time zone
  // reads a bare day in date_from, as there).
  const [row] = await db.query<{ lo: string | null; hi: string | null }>(
    `WITH b AS (SELECT $1::timestamptz AS f, (($1::timestamptz) AT TIME ZONE 'UTC')::date AS fd)
     SELECT to_char(CASE WHEN b.f IS NULL THEN NULL
                         WHEN b.fd::timestamp AT TIME ZONE 'UTC' = b.f THEN b.fd ELSE b.fd + 1 END, 'YYYY-MM-DD') AS lo,
            to_char(CASE WHEN $2::text IS NULL THEN NULL
                         WHEN $3::boolean THEN $2::date + 1
                         ELSE ($2::timestamptz AT TIME ZONE 'UTC')::date END, 'YYYY-MM-DD') AS hi
     FROM b`,
    [q.date_from ?? null, q.date_to ?? null, q.date_to ? DATE_ONLY.test(q.date_to) : false],
  );
  const plan = { lo: row?.lo ?? null, hi: row?.hi ?? null };
  if (plan.lo !== null && plan.hi !== null && plan.lo >= plan.hi) return null;
  return plan;
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

/** The same sums over partsSql's rows. */
const PART_SUMS = `coalesce(sum(p.deals), 0)::int AS deals,
          coalesce(sum(p.sales), 0)::numeric(16,2)::text AS sales,
          coalesce(sum(p.sale_fees), 0)::numeric(16,2)::text AS sale_fees,
          coalesce(sum(p.purchases), 0)::numeric(16,2)::text AS purchases,
          coalesce(sum(p.purchase_fees), 0)::numeric(16,2)::text AS purchase_fees,
          coalesce(sum(p.profit), 0)::numeric(16,2)::text AS profit`;
/** avg(holding) over profit_deal is numeric sum / count: the same division here. */
const PART_HOLDING = `round(sum(p.holding) / nullif(sum(p.deals), 0))::int`;

/**
 * The units of one status in the query's range as rows of (key, deals, sales, sale_fees, purchases,
 * purchase_fees, profit, holding): the plan's whole days from a summary, the partial days from profit_deal.
 * key is [summary expression, profit_deal expression] pairs, selected as k1, k2, ...
 */
function partsSql(
  q: ProfitQuery,
  plan: SummaryPlan,
  params: Params,
  status: 'sold' | 'unbought',
  key: [string, string][],
): string {
  const c = q.currency === 'USD' ? 'usd' : 'rub';
  const keyS = key.map(([e], i) => `${e} AS k${i + 1}, `).join('');
  const keyD = key.map(([, e], i) => `${e} AS k${i + 1}, `).join('');
  const sWhere = [`s.status = '${status}'`];
  if (plan.lo !== null) sWhere.push(`s.day >= ${params.add(plan.lo)}::date`);
  if (plan.hi !== null) sWhere.push(`s.day < ${params.add(plan.hi)}::date`);
  sWhere.push(...sideFilters(q, params, 's'));
  const parts = [
    `SELECT ${keyS}s.deals, s.sales_${c} AS sales, s.sale_fees_${c} AS sale_fees, s.purchases_${c} AS purchases,
            s.purchase_fees_${c} AS purchase_fees, s.profit_${c} AS profit, s.holding_seconds AS holding
     FROM profit_day s WHERE ${sWhere.join(' AND ')}`,
  ];
  const edge = (bound: string) => {
    const where = [rangeWhere(q, params, status), bound].join(' AND ');
    parts.push(
      `SELECT ${keyD}1, d.sell_${c}, d.sell_fee_${c}, d.buy_${c}, d.buy_fee_${c}, d.profit_${c}, ${HOLDING}
       FROM profit_deal d WHERE ${where}`,
    );
  };
  if (plan.lo !== null) edge(`d.sell_date < ${params.add(plan.lo)}::timestamp AT TIME ZONE 'UTC'`);
  if (plan.hi !== null) edge(`d.sell_date >= ${params.add(plan.hi)}::timestamp AT TIME ZONE 'UTC'`);
  return parts.join(' UNION ALL ');
}

const HOLDING = `extract(epoch FROM d.sell_date - d.buy_date)`;

export async function profitTotals(
  db: Queryable,
  q: ProfitQuery,
  source: ProfitSource = {},
): Promise<ProfitTotals> {
  const c = q.currency === 'USD' ? 'usd' : 'rub';
  const plan = await summaryPlan(db, q, source, false);
  const params = new Params();
  if (plan) {
    const sold = partsSql(q, plan, params, 'sold', []);
    const unbought = partsSql(q, plan, params, 'unbought', []);
    const held = [`s.status = 'held'`, ...sideFilters(q, params, 's')].join(' AND ');
    const rows = await db.query<Omit<ProfitTotals, 'currency'>>(
      `SELECT s.*, h.held_units, h.held_cost, u.unbought_sales
       FROM (SELECT ${PART_SUMS}, ${PART_HOLDING} AS avg_holding_seconds FROM (${sold}) p) s,
            (SELECT coalesce(sum(s.deals), 0)::int AS held_units,
                    coalesce(sum(s.purchases_${c} + s.purchase_fees_${c}), 0)::numeric(16,2)::text AS held_cost
             FROM profit_day s WHERE ${held}) h,
            (SELECT coalesce(sum(p.deals), 0)::int AS unbought_sales FROM (${unbought}) p) u`,
      params.values,
    );
    return { currency: q.currency, ...rows[0]! };
  }
  const sold = soldWhere(q, params);
  const sides = sideFilters(q, params);
  const heldWhere = [`d.status = 'held'`, ...sides].join(' AND ');
  const unboughtWhere = rangeWhere(q, params, 'unbought');
  const rows = await db.query<Omit<ProfitTotals, 'currency'>>(
    `SELECT s.*, h.held_units, h.held_cost, u.unbought_sales
     FROM (SELECT ${sumsSql(q)}, round(avg(${HOLDING}))::int AS avg_holding_seconds FROM profit_deal d WHERE ${sold}) s,
          (SELECT count(*)::int AS held_units,
                  coalesce(sum(d.buy_${c} + d.buy_fee_${c}), 0)::numeric(16,2)::text AS held_cost
           FROM profit_deal d WHERE ${heldWhere}) h,
          (SELECT count(*)::int AS unbought_sales FROM profit_deal d WHERE ${unboughtWhere}) u`,
    params.values,
  );
  const row = rows[0]!;
  return { currency: q.currency, ...row };
}

const DAY_OF_SALE = `to_char((d.sell_date AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD')`;

export async function profitByDay(
  db: Queryable,
  q: ProfitQuery,
  source: ProfitSource = {},
): Promise<(ProfitSums & { day: string })[]> {
  const plan = await summaryPlan(db, q, source, false);
  const params = new Params();
  if (plan) {
    const parts = partsSql(q, plan, params, 'sold', [[`to_char(s.day, 'YYYY-MM-DD')`, DAY_OF_SALE]]);
    return db.query(
      `SELECT p.k1 AS day, ${PART_SUMS} FROM (${parts}) p GROUP BY 1 ORDER BY 1`,
      params.values,
    );
  }
  return db.query(
    `SELECT ${DAY_OF_SALE} AS day, ${sumsSql(q)}
     FROM profit_deal d WHERE ${soldWhere(q, params)} GROUP BY 1 ORDER BY 1`,
    params.values,
  );
}

export async function profitByMarket(
  db: Queryable,
  q: ProfitQuery,
  source: ProfitSource = {},
): Promise<(ProfitSums & { market: string | null })[]> {
  const plan = await summaryPlan(db, q, source, false);
  const params = new Params();
  if (plan) {
    const parts = partsSql(q, plan, params, 'sold', [['s.sell_market', 'd.sell_market']]);
    return db.query(
      `SELECT p.k1 AS market, ${PART_SUMS} FROM (${parts}) p GROUP BY 1 ORDER BY sum(p.profit) DESC, 1`,
      params.values,
    );
  }
  return db.query(
    `SELECT d.sell_market AS market, ${sumsSql(q)}
     FROM profit_deal d WHERE ${soldWhere(q, params)} GROUP BY 1 ORDER BY sum(d.profit_${q.currency === 'USD' ? 'usd' : 'rub'}) DESC, 1`,
    params.values,
  );
}

/** PROFIT and DEALS stand for the group's sum of profit and count of units. */
const ITEM_ORDER: Record<ProfitItemsQuery['ordering'], string> = {
  profit: 'PROFIT ASC, 1',
  '-profit': 'PROFIT DESC, 1',
  deals: 'DEALS ASC, 1',
  '-deals': 'DEALS DESC, 1',
  market_hash_name: '1 ASC',
  '-market_hash_name': '1 DESC',
};

/** The first day of the month of a YYYY-MM-DD day, moved by `months`. */
function monthStart(day: string, months = 0): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
}

/**
 * How an item query's whole days [lo, hi) split between the summaries (dates as YYYY-MM-DD, null unbounded):
 * `months` of profit_item_month lying wholly inside, `days` ranges of profit_item_day, and `endMonth`, the month
 * holding hi: read whole from profit_item_month when none of its days from hi on has a sale (this month so far,
 * a range ending today), else its days before hi from profit_item_day. Without `monthly` (a market filter:
 * profit_item_month has no markets) every day comes from profit_item_day.
 */
export interface ItemTiers {
  months: { from: string | null; to: string | null } | null;
  days: { from: string | null; to: string | null }[];
  endMonth: { month: string; from: string; to: string } | null;
}

export function itemTiers(plan: SummaryPlan, monthly: boolean): ItemTiers {
  const { lo, hi } = plan;
  if (!monthly) return { months: null, days: [{ from: lo, to: hi }], endMonth: null };
  // The first whole month from lo on, and the first day of hi's month.
  const mlo = lo === null ? null : monthStart(lo) === lo ? lo : monthStart(lo, 1);
  const mhi = hi === null ? null : monthStart(hi);
  if (mlo !== null && mhi !== null && mlo > mhi) {
    // lo and hi in one month, lo not its first day: no whole month.
    return { months: null, days: [{ from: lo, to: hi }], endMonth: null };
  }
  const days = lo !== null && lo !== mlo ? [{ from: lo, to: mlo }] : [];
  const months = mlo !== null && mlo === mhi ? null : { from: mlo, to: mhi };
  const endMonth = hi !== null && mhi !== null && hi !== mhi ? { month: mhi, from: mhi, to: hi } : null;
  return { months, days, endMonth };
}

/**
 * The sold units of the query's range per item (alias p: k1 the item, then `columns`), each part from the
 * coarsest summary that answers it (itemTiers), the partial end days from profit_deal. `only` restricts every
 * part to the items of a subquery's k1 (the page's items).
 */
function itemPartsSql(
  q: ProfitItemsQuery,
  plan: SummaryPlan,
  params: Params,
  columns: 'rank' | 'sums',
  only?: string,
): string {
  const c = q.currency === 'USD' ? 'usd' : 'rub';
  const cols =
    columns === 'rank'
      ? (x: 's' | 'd') => (x === 's' ? `s.deals, s.profit_${c} AS profit` : `1, d.profit_${c}`)
      : (x: 's' | 'd') =>
          x === 's'
            ? `s.deals, s.sales_${c} AS sales, s.sale_fees_${c} AS sale_fees, s.purchases_${c} AS purchases,
               s.purchase_fees_${c} AS purchase_fees, s.profit_${c} AS profit, s.holding_seconds AS holding`
            : `1, d.sell_${c}, d.sell_fee_${c}, d.buy_${c}, d.buy_fee_${c}, d.profit_${c}, ${HOLDING}`;
  const filters = [
    ...sideFilters(q, params, 's'),
    ...(only ? [`s.market_hash_name IN (SELECT k1 FROM ${only})`] : []),
  ];
  const day = (d: string) => `${params.add(d)}::date`;
  const range = (column: string, from: string | null, to: string | null) => [
    ...(from !== null ? [`${column} >= ${day(from)}`] : []),
    ...(to !== null ? [`${column} < ${day(to)}`] : []),
  ];
  const summary = (table: 'profit_item_day' | 'profit_item_month', where: string[]) =>
    `SELECT s.market_hash_name AS k1, ${cols('s')} FROM ${table} s WHERE ${['true', ...where, ...filters].join(' AND ')}`;
  const tiers = itemTiers(plan, !q.market?.length);
  const parts: string[] = [];
  for (const r of tiers.days) parts.push(summary('profit_item_day', range('s.day', r.from, r.to)));
  if (tiers.months)
    parts.push(summary('profit_item_month', range('s.month', tiers.months.from, tiers.months.to)));
  if (tiers.endMonth) {
    const { month, from, to } = tiers.endMonth;
    // Uncorrelated: evaluated once, and the part it rules out is not scanned at all.
    const quiet = `NOT EXISTS (SELECT 1 FROM profit_item_day x
                               WHERE x.day >= ${day(to)} AND x.day < ${day(monthStart(month, 1))})`;
    parts.push(summary('profit_item_month', [`s.month = ${day(month)}`, quiet]));
    parts.push(summary('profit_item_day', [...range('s.day', from, to), `NOT ${quiet}`]));
  }
  const edge = (bound: string) => {
    const where = [rangeWhere(q, params, 'sold'), bound];
    if (only) where.push(`d.market_hash_name IN (SELECT k1 FROM ${only})`);
    parts.push(
      `SELECT d.market_hash_name AS k1, ${cols('d')} FROM profit_deal d WHERE ${where.join(' AND ')}`,
    );
  };
  if (plan.lo !== null) edge(`d.sell_date < ${day(plan.lo)}::timestamp AT TIME ZONE 'UTC'`);
  if (plan.hi !== null) edge(`d.sell_date >= ${day(plan.hi)}::timestamp AT TIME ZONE 'UTC'`);
  return parts.join(' UNION ALL ');
}

export async function profitByItem(
  db: Queryable,
  q: ProfitItemsQuery,
  source: ProfitSource = {},
): Promise<(ProfitSums & { market_hash_name: string; avg_holding_seconds: number | null })[]> {
  const plan = await summaryPlan(db, q, source, true);
  const params = new Params();
  const c = q.currency === 'USD' ? 'usd' : 'rub';
  if (plan) {
    // Ranked on the one column the order needs, then the other sums for the page's items only: summing
    // every column of every item of a month was most of the time.
    const order = ITEM_ORDER[q.ordering].replace('PROFIT', 'sum(p.profit)').replace('DEALS', 'sum(p.deals)');
    const rank = itemPartsSql(q, plan, params, 'rank');
    const limit = params.add(q.limit);
    const sums = itemPartsSql(q, plan, params, 'sums', 'page');
    return db.query(
      `WITH page AS MATERIALIZED (SELECT p.k1 FROM (${rank}) p GROUP BY 1 ORDER BY ${order} LIMIT ${limit})
       SELECT p.k1 AS market_hash_name, ${PART_SUMS}, ${PART_HOLDING} AS avg_holding_seconds
       FROM (${sums}) p GROUP BY 1 ORDER BY ${order}`,
      params.values,
    );
  }
  const order = ITEM_ORDER[q.ordering].replace('PROFIT', `sum(d.profit_${c})`).replace('DEALS', 'count(*)');
  return db.query(
    `SELECT d.market_hash_name, ${sumsSql(q)}, round(avg(${HOLDING}))::int AS avg_holding_seconds
     FROM profit_deal d WHERE ${soldWhere(q, params)}
     GROUP BY 1 ORDER BY ${order} LIMIT ${params.add(q.limit)}`,
    params.values,
  );
}

/**
 * Runs a bulk load of toy_history (`load`, inside the caller's transaction) with the profit insert trigger
 * off, then matches and prices every item once. The trigger matches the items each statement touches from
 * their whole history: a load in chunks redid the popular items' history per chunk (most of the demo's start).
 * `profit_rematch` alone leaves the amounts unset: pricing is the trigger's second step.
 */
export async function loadHistoryThenMatchProfit(tx: Queryable, load: () => Promise<void>): Promise<void> {
  await tx.query('ALTER TABLE toy_history DISABLE TRIGGER toy_history_profit_insert');
  await load();
  await tx.query('ALTER TABLE toy_history ENABLE TRIGGER toy_history_profit_insert');
  await tx.query('SELECT profit_rematch(ARRAY(SELECT DISTINCT market_hash_name FROM toy_history))');
  await tx.query(`SELECT profit_reprice('true')`);
}
