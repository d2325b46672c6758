import { describe, expect, it } from 'vitest';

import { marketCurrency } from './market-currency';

describe('marketCurrency', () => {
  it('is USD for Market CSGO USD and the dollar markets, RUB for Market CSGO and CS7', () => {
    expect(marketCurrency('tm_usd')).toBe('USD');
    expect(marketCurrency('dmarket')).toBe('USD');
    expect(marketCurrency('tm')).toBe('RUB');
    expect(marketCurrency('cs7_proxy')).toBe('RUB');
    expect(marketCurrency('no-such-market')).toBe('RUB');
  });
});
