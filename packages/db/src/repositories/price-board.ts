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
  /** Seller fee per market as a decimal fraction ("0.05"). */
  fees: Readonly<Record<string, string>>;
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
 * A list row (b, its market m, its fee f) in the board's currency ($3): RUB per unit of the list's currency
 * (usd_to_rub_rate, eur_to_rub_rate; 0 is unset and gives no price) over RUB per unit of the board's, each
 * amount rounded once. buy: the cheapest offer; sell: a sale at that price after the fee; order_net: an
 * instant sale to the best buy order after the fee.
 */
const RATE_FROM = `CASE b.currency WHEN 'RUB' THEN 1::numeric WHEN 'USD' THEN nullif(m.usd_to_rub_rate, 0)
  WHEN 'EUR' THEN nullif(m.eur_to_rub_rate, 0) END`;
const RATE_TO = `CASE $3::text WHEN 'RUB' THEN 1::numeric ELSE nullif(m.usd_to_rub_rate, 0) END`;
const CONVERTED = `round(b.price * ${RATE_FROM} / ${RATE_TO}, 2) AS buy,
  round(b.price * ${RATE_FROM} * (1 - f.fee) / ${RATE_TO}, 2) AS sell,
  round(b.buy_order * ${RATE_FROM} * (1 - f.fee) / ${RATE_TO}, 2) AS order_net`;

export async function listPriceBoard(db: Queryable, filter: PriceBoardFilter): Promise<PriceBoardDbRow[]> {
  const column = ORDER_COLUMN[filter.ordering];
  const direction = filter.descending ? 'DESC' : 'ASC';
  const tieBreak = filter.ordering === 'market_hash_name' ? '' : ', market_hash_name';
  return db.query<PriceBoardDbRow & Record<string, unknown>>(
    `WITH fee AS (
       SELECT key AS market, value::numeric AS fee FROM jsonb_each_text($2::jsonb)
     ),
     q AS MATERIALIZED (
       SELECT b.market, b.market_hash_name, b.volume, array_position($1::text[], b.market)::numeric AS mno,
              ${CONVERTED}
       FROM bot_market_price b
       JOIN market m ON m.code = b.market
       JOIN fee f ON f.market = b.market
       WHERE b.market = ANY($1::text[]) AND ($6::text IS NULL OR b.market_hash_name ILIKE $6)
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
       WHERE ($4::numeric IS NULL OR spread_pct >= $4::numeric) AND ($5::int IS NULL OR volume >= $5::int)
       ORDER BY ${column} ${direction} NULLS LAST${tieBreak}
       LIMIT $7 OFFSET $8
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
                      'fee', d.fee::text, 'volume', d.volume, 'price', d.price::text, 'currency', d.currency,
                      'classid_instanceid', d.classid_instanceid,
                      'updated_at', to_char(d.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                      'age_seconds', greatest(0, floor(extract(epoch FROM now() - d.updated_at)))::int)
                    ORDER BY d.market)
             FROM (SELECT b.market, b.volume, b.price, b.currency, b.classid_instanceid, b.updated_at, f.fee,
                          ${CONVERTED}
                   FROM bot_market_price b
                   JOIN market m ON m.code = b.market
                   JOIN fee f ON f.market = b.market
                   WHERE b.market = ANY($1::text[]) AND b.market_hash_name = page.market_hash_name) d) AS markets
     FROM page LEFT JOIN toy t ON t.market_hash_name = page.market_hash_name
     ORDER BY ${column.replace(/^/, 'page.')} ${direction} NULLS LAST${tieBreak ? ', page.market_hash_name' : ''}`,
    [
      [...filter.markets],
      JSON.stringify(filter.fees),
      filter.currency,
      filter.minSpreadPct,
      filter.minVolume,
      filter.search === null ? null : likePattern(filter.search),
      filter.limit,
      filter.offset,
    ],
  );
}
