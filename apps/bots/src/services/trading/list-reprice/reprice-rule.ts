import { compareMoney, roundMoney, subtractMoney } from '@toydesk/contract';

/**
 * The repricing rule of list-reprice. A market toy says what an item may sell for on its market:
 *
 * - ceiling: `price_sell`, the price the operator wants; an item is listed at it and never repriced above it;
 * - floor: `price_buy` (what the toy is bought for: selling under it is a loss) when it is set and not above
 *   the ceiling; without it the floor is the ceiling, so a toy without a buy price is never undercut.
 *
 * The target is one step (0.01, the smallest unit every tm-family currency takes) under the cheapest
 * competing offer (offers of other sellers; ours are left out by the caller), held within [floor, ceiling].
 * With no competing offer the item sells at the ceiling. marketplaces.md 1.1: bots take min(price) - 1.
 */

/** One step under the cheapest competitor, in major units. */
export const REPRICE_STEP = '0.01';

export interface SellLimits {
  floor: string;
  ceiling: string;
}

export function sellLimits(priceSell: string, priceBuy: string | null): SellLimits {
  const ceiling = roundMoney(priceSell);
  const floor =
    priceBuy !== null && compareMoney(priceBuy, 0) > 0 && compareMoney(priceBuy, ceiling) <= 0
      ? roundMoney(priceBuy)
      : ceiling;
  return { floor, ceiling };
}

/** The price an item should have now, given the prices of the competing offers of its name. */
export function repriceTarget(limits: SellLimits, competitorPrices: readonly string[]): string {
  if (competitorPrices.length === 0) return limits.ceiling;
  const cheapest = competitorPrices.reduce((low, price) => (compareMoney(price, low) < 0 ? price : low));
  const undercut = subtractMoney(cheapest, REPRICE_STEP);
  if (compareMoney(undercut, limits.floor) < 0) return limits.floor;
  if (compareMoney(undercut, limits.ceiling) > 0) return limits.ceiling;
  return undercut;
}
