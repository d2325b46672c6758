import { listSellableMarketToys, type Queryable } from '@toydesk/db';

import { sellLimits, type SellLimits } from './reprice-rule.ts';

/** A toy the account's market may sell: a market toy with a price_sell. */
export interface SellToy {
  toy: number;
  marketHashName: string;
  limits: SellLimits;
}

/** The market toys of one market that have a price_sell, by market hash name. */
export async function loadSellToys(db: Queryable, market: string): Promise<Map<string, SellToy>> {
  const rows = await listSellableMarketToys(db, market);
  return new Map(
    rows.map((row) => [
      row.market_hash_name,
      {
        toy: row.toy,
        marketHashName: row.market_hash_name,
        limits: sellLimits(row.price_sell, row.price_buy),
      },
    ]),
  );
}
