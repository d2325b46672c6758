import { listDynamicOrderSettings, type Queryable } from '@toydesk/db';

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
  const rows = await listDynamicOrderSettings(db, market, marketAccount);
  return rows.map((row) => ({
    toy: row.toy,
    marketHashName: row.market_hash_name,
    phase: row.phase,
    enabled: row.enabled,
    band: orderBand(row.min_price_buy, row.max_price_buy, row.step),
    count: Math.max(1, row.max_orders ?? 1),
  }));
}
