import type { MarketCode } from '../enums.ts';

/**
 * The seller's fee of each marketplace as a fraction of the sale price: the numbers the fee table (market_fee,
 * migration 025, edited at /api/profit/fees/) starts with. The price board and profit read the table, not
 * this. Sources, as /work/shared/docs/marketplaces.md tags them:
 * - tm family (tm, tm_usd, cs7, cs7_proxy): 5 %, the `sell_fee` "5%" of tm's GetDiscounts answer [doc].
 * - steam: the buyer pays the seller's price plus 5 % Steam and 10 % CS2 fee, so of a listed price the
 *   seller keeps 1/1.15: 13.04 % [mem].
 * - dmarket 5 %, lis_skins 5 %, bitskins 10 %, csfloat 2 %, skinport 12 %, waxpeer 6 %: their published
 *   standard seller fees [mem, not re-verified; an account's discounts can lower them].
 */
export const MARKET_SELL_FEES: Record<MarketCode, string> = {
  tm: '0.05',
  tm_usd: '0.05',
  cs7: '0.05',
  cs7_proxy: '0.05',
  dmarket: '0.05',
  steam: '0.1304',
  lis_skins: '0.05',
  bitskins: '0.10',
  csfloat: '0.02',
  skinport: '0.12',
  waxpeer: '0.06',
};
