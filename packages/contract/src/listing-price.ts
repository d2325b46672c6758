import Big from 'big.js';

import type { MarketCode } from './enums.ts';

/**
 * Manual listing (issue 12, item 8): which markets can take a listing from the bot services, and the rule
 * that holds an operator's price within the toy's [price_buy, price_sell] band. Pure, so the console's
 * preview and the bots' job decide the same way. Amounts are decimal strings in major units.
 */

/**
 * The markets whose client creates a listing (packages/markets: capability list_for_sale), without Steam:
 * a Steam market listing is the inventory's own action («Выставить в Steam»), through the Steam gateway.
 * bots' listing-markets.test.ts checks this list against the clients' capabilities.
 */
export const MANUAL_LISTING_MARKETS = [
  'tm',
  'tm_usd',
  'cs7',
  'cs7_proxy',
  'dmarket',
  'waxpeer',
  'csfloat',
  'bitskins',
] as const satisfies readonly MarketCode[];
export type ManualListingMarket = (typeof MANUAL_LISTING_MARKETS)[number];

/** Why a market is not offered for manual listing (the console shows it; keys of the `listing` texts). */
export type ListingUnsupportedReason = 'steam-own-action' | 'no-listing-call';

export function manualListingSupport(market: MarketCode): ListingUnsupportedReason | null {
  if ((MANUAL_LISTING_MARKETS as readonly MarketCode[]).includes(market)) return null;
  return market === 'steam' ? 'steam-own-action' : 'no-listing-call';
}

/** A toy's band on the market: price_buy (the floor, what it cost) and price_sell (the ceiling). */
export interface ListingBand {
  priceBuy: string | null;
  priceSell: string | null;
}

export type ListingDecision =
  | { status: 'ok'; price: string }
  /** Above price_sell: listed at price_sell instead (`asked` is the operator's price). */
  | { status: 'clamped'; price: string; asked: string }
  /** Below price_buy, allowed by the operator's explicit override. */
  | { status: 'below-buy-allowed'; price: string }
  | { status: 'refused'; reason: 'below-buy' | 'not-positive'; price: string };

/**
 * The price a listing goes out at: within [price_buy, price_sell]. Above price_sell it is clamped down to
 * price_sell (listing dearer than the toy's own sell price is what the reprice loop would undo); below
 * price_buy it is refused (a sale under what the item cost is a loss) unless `allowBelowBuy`. A toy
 * without a band (no market toy, or its prices unset) takes the price as asked.
 */
export function decideListingPrice(
  price: string,
  band: ListingBand | null,
  allowBelowBuy = false,
): ListingDecision {
  const asked = new Big(price);
  if (asked.lte(0)) return { status: 'refused', reason: 'not-positive', price };
  const sell = positiveOrNull(band?.priceSell);
  const given = positiveOrNull(band?.priceBuy);
  // A floor above the ceiling is the ceiling, as the list-reprice loop reads the band (reprice-rule.ts).
  const buy = given !== null && sell !== null && given.gt(sell) ? sell : given;
  const clamped = sell !== null && asked.gt(sell);
  const target = (clamped ? sell : asked).toFixed(2);
  if (buy !== null && new Big(target).lt(buy)) {
    return allowBelowBuy
      ? { status: 'below-buy-allowed', price: target }
      : { status: 'refused', reason: 'below-buy', price: target };
  }
  return clamped ? { status: 'clamped', price: target, asked: price } : { status: 'ok', price: target };
}

function positiveOrNull(amount: string | null | undefined): Big | null {
  if (amount === null || amount === undefined || amount.trim() === '') return null;
  const value = new Big(amount);
  return value.gt(0) ? value : null;
}
