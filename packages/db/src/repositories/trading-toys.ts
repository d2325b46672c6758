import type { Queryable } from '../database.ts';

/**
 * The toys as the bots' trading reads them (tables market_toy, toy_dynamic_setting, toy, and steam_inventory
 * with the market database's list price for a manual listing): each market toy's selling band, the buy-order
 * settings of the dynamic-orders loop, and the band and list price of the items an operator lists. Read
 * only: the console edits these rows through the server. The rules (the band, the order price) are the bots'.
 */

/** A market toy of the market with a price_sell: its band (exact decimals). */
export interface SellableMarketToy {
  toy: number;
  market_hash_name: string;
  price_sell: string;
  price_buy: string | null;
}

/** The market toys of one market that have a price_sell above 0. */
export function listSellableMarketToys(db: Queryable, market: string): Promise<SellableMarketToy[]> {
  return db.query<SellableMarketToy & Record<string, unknown>>(
    `SELECT mt.toy, t.market_hash_name, mt.price_sell::text AS price_sell, mt.price_buy::text AS price_buy
     FROM market_toy mt JOIN toy t ON t.id = mt.toy
     WHERE mt.market = $1 AND mt.price_sell > 0`,
    [market],
  );
}

/** One toy's (and Doppler phase's) buy-order setting as the dynamic-orders loop takes it. */
export interface DynamicOrderSettingRow {
  toy: number;
  market_hash_name: string;
  /** '' for the order without a phase. */
  phase: string;
  enabled: boolean;
  min_price_buy: string | null;
  max_price_buy: string | null;
  /** Null from the market toy (no toy_dynamic_setting row). */
  step: string | null;
  max_orders: number | null;
}

/**
 * The dynamic-order settings of every toy of the market for one account: the market toy (min_price_buy,
 * max_price_buy, enable_dynamic_order) is the base; a toy_dynamic_setting row of the market overrides it as
 * a whole, a private row (for this market account) over a shared one, and brings the step and the count.
 * A row with a Doppler phase is a setting of its own; the market toy only ever stands for the order
 * without a phase.
 */
export function listDynamicOrderSettings(
  db: Queryable,
  market: string,
  marketAccount: number,
): Promise<DynamicOrderSettingRow[]> {
  return db.query<DynamicOrderSettingRow & Record<string, unknown>>(
    `WITH source AS (
       SELECT toy, '' AS phase, 0 AS rank, enable_dynamic_order, min_price_buy, max_price_buy,
              NULL::numeric AS step, NULL::int AS max_orders
       FROM market_toy WHERE market = $1
       UNION ALL
       SELECT toy, coalesce(phase, ''), CASE WHEN market_account IS NULL THEN 1 ELSE 2 END,
              enable_dynamic_order, min_price_buy,
              max_price_buy, step, max_orders
       FROM toy_dynamic_setting WHERE market = $1 AND (market_account IS NULL OR market_account = $2)
     )
     SELECT DISTINCT ON (s.toy, s.phase) s.toy, t.market_hash_name, s.phase, s.enable_dynamic_order AS enabled,
            s.min_price_buy::text AS min_price_buy, s.max_price_buy::text AS max_price_buy,
            s.step::text AS step, s.max_orders
     FROM source s JOIN toy t ON t.id = s.toy
     ORDER BY s.toy, s.phase, s.rank DESC`,
    [market, marketAccount],
  );
}

/** An inventory item an operator lists, with its toy's band on the market and the market's list price. */
export interface ListingCandidateRow {
  asset_id: string;
  market_hash_name: string;
  price_buy: string | null;
  price_sell: string | null;
  /** Whether the toy has a market toy row on the market. */
  has_band: boolean;
  /** The market database's price of the name in the account's currency; null when it has none. */
  reference: string | null;
}

/** The Steam account's inventory items among `assetIds` (asset ids as text), with their bands and list prices. */
export function listListingCandidates(
  db: Queryable,
  steamAccount: number,
  assetIds: readonly string[],
  market: string,
  currency: string,
): Promise<ListingCandidateRow[]> {
  return db.query<ListingCandidateRow & Record<string, unknown>>(
    `SELECT i.asset_id, i.market_hash_name, mt.price_buy::text AS price_buy, mt.price_sell::text AS price_sell,
            mt.id IS NOT NULL AS has_band,
            (SELECT p.price::text FROM bot_market_price p
              WHERE p.market = $3 AND p.market_hash_name = i.market_hash_name AND p.currency = $4) AS reference
     FROM steam_inventory i
     LEFT JOIN toy t ON t.market_hash_name = i.market_hash_name
     LEFT JOIN market_toy mt ON mt.toy = t.id AND mt.market = $3
     WHERE i.steam_account = $1 AND i.asset_id = ANY($2::text[])`,
    [steamAccount, [...assetIds], market, currency],
  );
}
