import { MARKET_CURRENCY, type Currency } from '@toydesk/contract';

/**
 * The market's currency, for the rows that carry a market but no currency of their own (a market toy's
 * prices, its dynamic-order settings): Market CSGO USD's 12.50 is 12.50 $, not ₽. An unknown code (an older
 * row) reads as RUB, the console's default.
 */
export function marketCurrency(code: string): Currency {
  return (MARKET_CURRENCY as Record<string, Currency | undefined>)[code] ?? 'RUB';
}
