import { compareMoney } from '@toydesk/contract';

import { repriceTarget, type SellLimits } from '../list-reprice/reprice-rule.ts';
import type { PriceListView } from './price-list.ts';

/**
 * What the public list says about our listings of one name, before any per-toy request:
 *
 * - `search`: read the name's offers (search-list-items-by-hash-name-all) now: the list is stale or does
 *   not know the name, or our listings are about to change (at different prices, outside their limits, or
 *   undercut by a competitor so that the target moves);
 * - `unchanged`: undercut, but already at the floor the rule gives;
 * - `confirm`: ours is the cheapest offer: the list cannot tell whether the next one moved, so the name is
 *   confirmed in turn (price-checks.ts), a search page of names per tick.
 */
export type ListingScreen = 'search' | 'unchanged' | 'confirm';

export function screenListings(
  name: string,
  ourPrices: readonly string[],
  limits: SellLimits,
  view: PriceListView,
): ListingScreen {
  const listed = view.prices.get(name);
  if (!view.fresh || listed === undefined || listed.lowest === null || ourPrices.length === 0)
    return 'search';
  const sorted = [...ourPrices].sort(compareMoney);
  const ourLowest = sorted[0]!;
  if (compareMoney(ourLowest, sorted.at(-1)!) !== 0) return 'search';
  if (compareMoney(ourLowest, limits.floor) < 0 || compareMoney(ourLowest, limits.ceiling) > 0)
    return 'search';
  if (compareMoney(listed.lowest, ourLowest) < 0) {
    return compareMoney(repriceTarget(limits, [listed.lowest]), ourLowest) === 0 ? 'unchanged' : 'search';
  }
  return 'confirm';
}
