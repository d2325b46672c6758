import { compareMoney } from '@toydesk/contract';
import { mapInSlices } from '@toydesk/http';
import type { MarketPrice } from '@toydesk/markets';

/**
 * tm's class_instance list has one entry per classid_instanceid, and a name often has several (other
 * instances: stickers, name tags). The market database keeps one row per name: the lowest offer, the best
 * buy order, the summed volume, and the class/instance of the lowest offer. Upserting the entries as they
 * come would touch one row twice in one statement, which PostgreSQL refuses.
 */
export async function onePricePerName(prices: readonly MarketPrice[]): Promise<MarketPrice[]> {
  const byName = new Map<string, MarketPrice>();
  // A whole list is 100,000 rows of decimal comparisons: in slices, so the event loop keeps its turns.
  await mapInSlices(prices, (price) => {
    const seen = byName.get(price.market_hash_name);
    if (seen === undefined) {
      byName.set(price.market_hash_name, { ...price });
      return;
    }
    if (price.price !== null && (seen.price === null || compareMoney(price.price, seen.price) < 0)) {
      seen.price = price.price;
      seen.classid_instanceid = price.classid_instanceid ?? seen.classid_instanceid ?? null;
    }
    if (
      price.buy_order !== null &&
      (seen.buy_order === null || compareMoney(price.buy_order, seen.buy_order) > 0)
    ) {
      seen.buy_order = price.buy_order;
    }
    if (price.volume !== null) seen.volume = (seen.volume ?? 0) + price.volume;
  });
  return [...byName.values()];
}
