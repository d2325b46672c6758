import type { TmItem } from '@toydesk/markets';

import { syncSellItemListings, type Queryable } from '@toydesk/db';
import type { TradingAccount } from '../trading-loop.ts';

/**
 * Keeps the sell_item table in step with the account's listings on tm (`items`): every listing on sale
 * (status 1) or sold and waiting for its transfer (2); the rows' later states are the repository's
 * (`syncSellItemListings`). Returns how many rows were added and how many were marked removed.
 */
export function syncSellItems(
  db: Queryable,
  account: TradingAccount,
  listings: readonly TmItem[],
  toyByName: ReadonlyMap<string, { toy: number }>,
): Promise<{ added: number; removed: number }> {
  return syncSellItemListings(
    db,
    account,
    listings
      .filter((item) => item.status === '1' || item.status === '2')
      .map((item) => ({
        marketItemId: item.itemId,
        assetId: item.assetId,
        marketHashName: item.marketHashName,
        classidInstanceid:
          item.classid !== null && item.instanceid !== null ? `${item.classid}_${item.instanceid}` : null,
        price: item.price,
        currency: item.currency,
        position: item.position,
        status: item.status === '2' ? 'sold' : 'on_sale',
        toy: toyByName.get(item.marketHashName)?.toy ?? null,
      })),
  );
}
