import type { Queryable } from '@toydesk/db';
import { orderBand, type OrderBand } from './order-price-rule.ts';

/** How the loop treats one toy on the account's market. */
export interface DynamicSetting {
  toy: number;
  marketHashName: string;
  /** Doppler phase of the order ('' for the order without a phase: tm's set-order without `phase`). */
  phase: string;
  enabled: boolean;
  /** Null when the band cannot hold an order (a missing bound, or min above max). */
  band: OrderBand | null;
  /** Items per order (toy_dynamic_setting.max_orders; 1 without one). */
  count: number;
}

/**
 * The dynamic-order settings of every toy of the account's market. The market toy (min_price_buy,
 * max_price_buy, enable_dynamic_order) is the base; a toy_dynamic_setting row of the market overrides it as
 * a whole, a private row (for this market account) over a shared one, and brings the step and the count.
 * A row with a Doppler phase is a setting of its own (one order per name and phase, each priced apart);
 * the market toy only ever stands for the order without a phase.
 */
export async function loadDynamicSettings(
  db: Queryable,
  market: string,
  marketAccount: number,
): Promise<DynamicSetting[]> {
  const rows = await db.query<{
    toy: number;
    market_hash_name: string;
    phase: string;
    enabled: boolean;
    min_price_buy: string | null;
    max_price_buy: string | null;
    step: string | null;
    max_orders: number | null;
  }>(
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
  return rows.map((row) => ({
    toy: row.toy,
    marketHashName: row.market_hash_name,
    phase: row.phase,
    enabled: row.enabled,
    band: orderBand(row.min_price_buy, row.max_price_buy, row.step),
    count: Math.max(1, row.max_orders ?? 1),
  }));
}
