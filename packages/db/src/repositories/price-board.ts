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

export async function listPriceBoard(db: Queryable, filter: PriceBoardFilter): Promise<PriceBoardDbRow[]> {
  const column = ORDER_COLUMN[filter.ordering];
  const direction = filter.descending ? 'DESC' : 'ASC';
  const tieBreak = filter.ordering === 'market_hash_name' ? '' : ', market_hash_name';
  return db.query<PriceBoardDbRow & Record<string, unknown>>(
    `WITH fee AS (
       SELECT key AS market, value::numeric AS fee FROM jsonb_each_text($2::jsonb)
     ),
     p AS (
       -- RUB per unit of the list's currency (fr) and of the board's (tr), by the list's market's rates.
       SELECT b.market, b.market_hash_name, b.price, b.buy_order, b.currency, b.volume, b.classid_instanceid,
              b.updated_at, f.fee,
              CASE b.currency WHEN 'RUB' THEN 1::numeric WHEN 'USD' THEN nullif(m.usd_to_rub_rate, 0)
                              WHEN 'EUR' THEN nullif(m.eur_to_rub_rate, 0) END AS fr,
              CASE $3::text WHEN 'RUB' THEN 1::numeric ELSE nullif(m.usd_to_rub_rate, 0) END AS tr
       FROM bot_market_price b
       JOIN market m ON m.code = b.market
       JOIN fee f ON f.market = b.market
       WHERE b.market = ANY($1::text[]) AND ($6::text IS NULL OR b.market_hash_name ILIKE $6)
     ),
     q AS MATERIALIZED (
       SELECT p.*, round(price * fr / tr, 2) AS buy, round(price * fr * (1 - fee) / tr, 2) AS sell,
              round(buy_order * fr * (1 - fee) / tr, 2) AS order_net
       FROM p
     ),
     a AS (
       SELECT market_hash_name, min(buy) AS best_buy,
              (array_agg(market ORDER BY buy, market) FILTER (WHERE buy IS NOT NULL))[1] AS buy_market,
              (array_agg(market ORDER BY sell DESC, market) FILTER (WHERE sell IS NOT NULL))[1:2] AS sell_markets,
              (array_agg(sell ORDER BY sell DESC, market) FILTER (WHERE sell IS NOT NULL))[1:2] AS sells,
              coalesce(sum(volume), 0)::int AS volume
       FROM q GROUP BY market_hash_name
     ),
     s AS (
       -- The best sale on a market other than the one the cheapest buy is on.
       SELECT market_hash_name, best_buy, buy_market, volume,
              CASE WHEN sell_markets[1] = buy_market THEN sell_markets[2] ELSE sell_markets[1] END AS sell_market,
              CASE WHEN sell_markets[1] = buy_market THEN sells[2] ELSE sells[1] END AS best_sell
       FROM a
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
            (SELECT jsonb_agg(jsonb_build_object(
                      'market', q.market, 'buy', q.buy::text, 'sell', q.sell::text, 'buy_order', q.order_net::text,
                      'fee', q.fee::text, 'volume', q.volume, 'price', q.price::text, 'currency', q.currency,
                      'classid_instanceid', q.classid_instanceid,
                      'updated_at', to_char(q.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                      'age_seconds', greatest(0, floor(extract(epoch FROM now() - q.updated_at)))::int)
                    ORDER BY q.market)
             FROM q WHERE q.market_hash_name = page.market_hash_name) AS markets
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
