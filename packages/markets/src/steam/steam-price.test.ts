import { describe, expect, it } from 'vitest';

import { steamCurrencyOf, STEAM_CURRENCY_ID } from './steam-price.ts';

// The price strings' cases moved with the one parser to packages/steam/src/prices.test.ts.
describe('Steam currency ids', () => {
  it('reads currency ids (1 USD, 3 EUR, 5 RUB)', () => {
    expect(STEAM_CURRENCY_ID).toEqual({ USD: 1, EUR: 3, RUB: 5 });
    expect(steamCurrencyOf(5)).toBe('RUB');
    expect(steamCurrencyOf(6)).toBeNull();
  });
});
