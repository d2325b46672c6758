import { addMoney, compareMoney, roundMoney, subtractMoney } from '@toydesk/contract';

/**
 * The pricing rule of dynamic-orders. A toy's dynamic setting gives a band [min_price_buy, max_price_buy]
 * and a step (default 0.01). The order is priced one step above the best competing buy order (the order
 * book of the name, bid-ask, with our own order taken out), held within the band:
 *
 * - no competing order: min_price_buy (nobody to outbid, so pay as little as the band allows);
 * - best competitor + step above max_price_buy: max_price_buy (the most we pay; we may not be first);
 * - best competitor + step under min_price_buy: min_price_buy.
 *
 * The target is exact: when the best competitor drops, the order comes down with it (never paying more than
 * one step over the next best).
 */

export interface OrderBand {
  min: string;
  max: string;
  step: string;
}

export interface BookLevel {
  price: string;
  count: number;
}

/** The band of a setting, or null when it cannot hold an order (missing, non-positive or min above max). */
export function orderBand(min: string | null, max: string | null, step: string | null): OrderBand | null {
  if (min === null || max === null) return null;
  if (compareMoney(min, 0) <= 0 || compareMoney(min, max) > 0) return null;
  const usedStep = step !== null && compareMoney(step, 0) > 0 ? step : '0.01';
  return { min: roundMoney(min), max: roundMoney(max), step: roundMoney(usedStep) };
}

/**
 * The best competing bid: the highest level once our own order (price and count) is taken out of the
 * level it sits in (bid-ask adds every order of a price into one level, ours included).
 */
export function bestCompetingBid(
  bids: readonly BookLevel[],
  ours: { price: string; count: number } | null,
): string | null {
  let best: string | null = null;
  for (const level of bids) {
    const count =
      ours !== null && compareMoney(level.price, ours.price) === 0 ? level.count - ours.count : level.count;
    if (count <= 0) continue;
    if (best === null || compareMoney(level.price, best) > 0) best = level.price;
  }
  return best;
}

export function orderTarget(band: OrderBand, bestCompetitor: string | null): string {
  if (bestCompetitor === null) return band.min;
  const outbid = addMoney(bestCompetitor, band.step);
  if (compareMoney(outbid, band.max) > 0) return band.max;
  if (compareMoney(outbid, band.min) < 0) return band.min;
  return outbid;
}

/** Whether two prices differ by at least a cent (tm rounds a RUB order to kopecks). */
export function priceDiffers(a: string, b: string): boolean {
  return compareMoney(subtractMoney(a, b), 0) !== 0;
}
