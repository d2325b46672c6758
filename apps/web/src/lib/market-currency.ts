import type { MarketCode } from '@toydesk/contract';

/**
 * The currency a market quotes its prices in, for the rows that carry a market but no currency of their
 * own (a market toy's prices, its dynamic-order settings): the bots compare those prices with the
 * market's own quotes (tm's `tm_usd` key answers in USD), so Market CSGO USD's 12.50 is 12.50 $, not ₽.
 * The Steam wallet of the demo accounts is in RUB.
 */
const MARKET_CURRENCY: Record<MarketCode, 'RUB' | 'USD'> = {
  tm: 'RUB',
  tm_usd: 'USD',
  cs7: 'RUB',
  cs7_proxy: 'RUB',
  dmarket: 'USD',
  steam: 'RUB',
  lis_skins: 'USD',
  bitskins: 'USD',
  csfloat: 'USD',
  skinport: 'USD',
  waxpeer: 'USD',
};

/** The market's currency; an unknown code (an older row) reads as RUB, the console's default. */
export function marketCurrency(code: string): 'RUB' | 'USD' {
  return (MARKET_CURRENCY as Record<string, 'RUB' | 'USD' | undefined>)[code] ?? 'RUB';
}
