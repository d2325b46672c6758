import type { MarketCode, PriceBoardMarket, PriceBoardOrdering } from '@toydesk/contract';

import type { Queryable } from '../database.ts';

/**
 * The cross-market price board (issue 16): the market database's lists (bot_market_price) side by side per
 * market hash name, converted to one currency with each market's own rates (market.usd_to_rub_rate,
 * eur_to_rub_rate; a rate of 0 means unset and gives no price), sales after each market's seller fee, and
 * the spread between the cheapest buy and the best sale on another market. One statement: the page's
 * names are chosen over the whole list in SQL, and only their per-market details are built.
 */

export interface PriceBoardFilter {
  markets: readonly MarketCode[];
  currency: 'RUB' | 'USD';
  minSpreadPct: string | null;
  minVolume: number | null;
  search: string | null;
  ordering: PriceBoardOrdering;
  descending: boolean;
  limit: number;
  offset: number;
}

export interface PriceBoardDbRow {
  total: number;
  market_hash_name: string;
  toy: number | null;
  catalogue_markets: MarketCode[];
  best_buy: string | null;
  buy_market: MarketCode | null;
  best_sell: string | null;
  sell_market: MarketCode | null;
  spread: string | null;
  spread_pct: string | null;
  volume: number;
  markets: PriceBoardMarket[];
}

/** The sort column of each ordering; NULLS LAST either way, then by name so pages are stable. */
const ORDER_COLUMN: Record<PriceBoardOrdering, string> = {
  market_hash_name: 'market_hash_name',
  best_buy: 'best_buy',
  best_sell: 'best_sell',
  spread: 'spread',
  spread_pct: 'spread_pct',
  volume: 'volume',
};

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Each market's fees (market_fee, issue 16's fee table, editable at /api/profit/fees/; no row is no fee) as
 * fractions and fixed amounts, for the markets $1.
 */
const FEES_SQL = `SELECT m.code AS market,
    coalesce(s.percent, 0) / 100 AS sell_pct, coalesce(s.fixed_amount, 0) AS sell_fixed, s.fixed_currency AS sell_cur,
    coalesce(p.percent, 0) / 100 AS buy_pct, coalesce(p.fixed_amount, 0) AS buy_fixed, p.fixed_currency AS buy_cur
  FROM market m
  LEFT JOIN market_fee s ON s.market = m.code AND s.side = 'sell'
  LEFT JOIN market_fee p ON p.market = m.code AND p.side = 'buy'
  WHERE m.code = ANY($1::text[])`;

/** RUB per unit of a currency by the market's rates (m); 0 is an unset rate and gives no price. */
const rubPer = (currency: string) => `CASE ${currency} WHEN 'RUB' THEN 1::numeric
  WHEN 'USD' THEN nullif(m.usd_to_rub_rate, 0) WHEN 'EUR' THEN nullif(m.eur_to_rub_rate, 0) END`;
/** A fixed fee in RUB; none (0) needs no rate. */
const fixedRub = (amount: string, currency: string) =>
  `CASE WHEN ${amount} = 0 THEN 0 ELSE ${amount} * ${rubPer(currency)} END`;
const RATE_TO = `CASE $2::text WHEN 'RUB' THEN 1::numeric ELSE nullif(m.usd_to_rub_rate, 0) END`;

/**
 * Per market and list currency, the factors that take a list price into the board's currency ($2) with the
 * market's fees: buy = price × buy_k + buy_add (the buy fee on the cost), sell = price × sell_k − sell_sub
 * (the sale fee off a sale). Computed once per market, so each of the list's rows costs two products.
 */
const FACTORS_SQL = `SELECT f.market, c.currency, f.sell_pct,
    (1 + f.buy_pct) * ${rubPer('c.currency')} / ${RATE_TO} AS buy_k,
    ${fixedRub('f.buy_fixed', 'f.buy_cur')} / ${RATE_TO} AS buy_add,
    (1 - f.sell_pct) * ${rubPer('c.currency')} / ${RATE_TO} AS sell_k,
    ${fixedRub('f.sell_fixed', 'f.sell_cur')} / ${RATE_TO} AS sell_sub
  FROM fee f JOIN market m ON m.code = f.market
  CROSS JOIN (VALUES ('RUB'), ('USD'), ('EUR')) AS c(currency)`;

/**
 * A list row (b) with its market's factors (k): buy, the cheapest offer plus the buy fee; sell, a sale at
 * that price less the sale fee; order_net, an instant sale to the best buy order less the sale fee. Each in
 * the board's currency, rounded once.
 */
const CONVERTED = `round(b.price * k.buy_k + k.buy_add, 2) AS buy,
  round(b.price * k.sell_k - k.sell_sub, 2) AS sell,
  round(b.buy_order * k.sell_k - k.sell_sub, 2) AS order_net`;

/** The sale fee of each of `markets` as a fraction ("0.05"), as the board applies it. */
export async function loadSellFees(
  db: Queryable,
  markets: readonly MarketCode[],
): Promise<Record<string, string>> {
  const rows = await db.query<{ market: string; fee: string }>(
    `SELECT market, trim_scale(sell_pct)::text AS fee FROM (${FEES_SQL}) x
     ORDER BY array_position($1::text[], market)`,
    [[...markets]],
  );
  return Object.fromEntries(rows.map((r) => [r.market, r.fee]));
}

export async function listPriceBoard(db: Queryable, filter: PriceBoardFilter): Promise<PriceBoardDbRow[]> {
  const column = ORDER_COLUMN[filter.ordering];
  const direction = filter.descending ? 'DESC' : 'ASC';
  const tieBreak = filter.ordering === 'market_hash_name' ? '' : ', market_hash_name';
  return db.query<PriceBoardDbRow & Record<string, unknown>>(
    `WITH fee AS (${FEES_SQL}),
     k AS MATERIALIZED (${FACTORS_SQL}),
     q AS MATERIALIZED (
       SELECT b.market, b.market_hash_name, b.volume, array_position($1::text[], b.market)::numeric AS mno,
              ${CONVERTED}
       FROM bot_market_price b
       JOIN k ON k.market = b.market AND k.currency = b.currency
       WHERE b.market = ANY($1::text[]) AND ($5::text IS NULL OR b.market_hash_name ILIKE $5)
     ),
     a AS (
       -- Hash aggregates, no per-name sort: min/max over [amount, market number] arrays pick the market too
       -- (ties go to the market listed first). The cheapest buy first, then the best sale on another market.
       SELECT market_hash_name,
              min(ARRAY[buy, mno]) FILTER (WHERE buy IS NOT NULL) AS buy_pick,
              coalesce(sum(volume), 0)::int AS volume
       FROM q GROUP BY market_hash_name
     ),
     s AS (
       SELECT a.market_hash_name, a.buy_pick[1] AS best_buy, ($1::text[])[a.buy_pick[2]::int] AS buy_market,
              a.volume, ($1::text[])[(-sp.pick[2])::int] AS sell_market, sp.pick[1] AS best_sell
       FROM a
       LEFT JOIN (
         SELECT q.market_hash_name, max(ARRAY[q.sell, -q.mno]) AS pick
         FROM q JOIN a a2 ON a2.market_hash_name = q.market_hash_name
         WHERE q.sell IS NOT NULL AND q.mno IS DISTINCT FROM a2.buy_pick[2]
         GROUP BY q.market_hash_name
       ) sp ON sp.market_hash_name = a.market_hash_name
     ),
     r AS (
       SELECT s.*, best_sell - best_buy AS spread,
              CASE WHEN best_buy > 0 THEN round((best_sell - best_buy) * 100 / best_buy, 2) END AS spread_pct
       FROM s
     ),
     page AS (
       SELECT r.*, count(*) OVER ()::int AS total
       FROM r
       WHERE ($3::numeric IS NULL OR spread_pct >= $3::numeric) AND ($4::int IS NULL OR volume >= $4::int)
       ORDER BY ${column} ${direction} NULLS LAST${tieBreak}
       LIMIT $6 OFFSET $7
     )
     SELECT page.total, page.market_hash_name, t.id AS toy,
            coalesce((SELECT array_agg(mt.market ORDER BY mt.market) FROM market_toy mt WHERE mt.toy = t.id),
                     '{}') AS catalogue_markets,
            page.best_buy::text AS best_buy, page.buy_market, page.best_sell::text AS best_sell, page.sell_market,
            page.spread::text AS spread, page.spread_pct::text AS spread_pct, page.volume,
            -- The page's own rows read again by the primary key (market, name): a few hundred index probes
            -- rather than a scan of the whole list per row.
            (SELECT jsonb_agg(jsonb_build_object(
                      'market', d.market, 'buy', d.buy::text, 'sell', d.sell::text, 'buy_order', d.order_net::text,
                      'fee', trim_scale(d.sell_pct)::text, 'volume', d.volume, 'price', d.price::text, 'currency', d.currency,
                      'classid_instanceid', d.classid_instanceid,
                      'updated_at', to_char(d.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                      'age_seconds', greatest(0, floor(extract(epoch FROM now() - d.updated_at)))::int)
                    ORDER BY d.market)
             FROM (SELECT b.market, b.volume, b.price, b.currency, b.classid_instanceid, b.updated_at, k.sell_pct,
                          ${CONVERTED}
                   FROM bot_market_price b
                   JOIN k ON k.market = b.market AND k.currency = b.currency
                   WHERE b.market = ANY($1::text[]) AND b.market_hash_name = page.market_hash_name) d) AS markets
     FROM page LEFT JOIN toy t ON t.market_hash_name = page.market_hash_name
     ORDER BY ${column.replace(/^/, 'page.')} ${direction} NULLS LAST${tieBreak ? ', page.market_hash_name' : ''}`,
    [
      [...filter.markets],
      filter.currency,
      filter.minSpreadPct,
      filter.minVolume,
      filter.search === null ? null : likePattern(filter.search),
      filter.limit,
      filter.offset,
    ],
  );
}
