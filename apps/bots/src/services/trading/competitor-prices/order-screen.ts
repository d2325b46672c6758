import { compareMoney } from '@toydesk/contract';

import { orderTarget, priceDiffers, type OrderBand } from '../dynamic-orders/order-price-rule.ts';
import type { PriceListView } from './price-list.ts';

/**
 * What the public list says about one dynamic buy order, before any per-toy request:
 *
 * - `book`: read the name's order book (bid-ask) now: the list is stale or does not know the name, the order
 *   has a Doppler phase (the list has no phases), or the order is about to change (none yet, another count,
 *   outside its band, or a competitor's bid above it that moves the target);
 * - `unchanged`: a competitor bids above us and the order already sits at the target that gives (the top
 *   of its band);
 * - `confirm`: no bid above ours: the list cannot tell whether the best competitor under us moved, so the
 *   order is confirmed in turn (price-checks.ts), a few per tick.
 */
export type OrderScreen = 'book' | 'unchanged' | 'confirm';

export function screenOrder(
  setting: { marketHashName: string; phase: string; band: OrderBand; count: number },
  ours: { price: string; count: number } | null,
  view: PriceListView,
): OrderScreen {
  if (setting.phase !== '' || !view.fresh) return 'book';
  const listed = view.prices.get(setting.marketHashName);
  if (listed === undefined || ours === null || ours.count !== setting.count) return 'book';
  const { band } = setting;
  if (compareMoney(ours.price, band.min) < 0 || compareMoney(ours.price, band.max) > 0) return 'book';
  if (listed.bestBid !== null && compareMoney(listed.bestBid, ours.price) > 0) {
    return priceDiffers(ours.price, orderTarget(band, listed.bestBid)) ? 'book' : 'unchanged';
  }
  return 'confirm';
}
