import { describe, expect, it } from 'vitest';

import { ROUTE_TIMEOUTS } from './api-client';
import { marketCallTimeout, TIMEOUTS } from './timeouts';

describe('time limits (spec section 9)', () => {
  it('gives the toy list 20 s', () => {
    expect(ROUTE_TIMEOUTS['toys.list']).toBe(20_000);
    expect(ROUTE_TIMEOUTS['tags.list']).toBeUndefined();
  });

  it('gives each marketplace call its limit', () => {
    expect(marketCallTimeout('/api/MassInfo/1/1/0/2')).toBe(TIMEOUTS.marketBulk);
    expect(marketCallTimeout('api/MassSetPriceById')).toBe(30_000);
    expect(marketCallTimeout('/api/v2/set-price?item_id=1')).toBe(20_000);
    expect(marketCallTimeout('/api/v2/items')).toBe(10_000);
    expect(marketCallTimeout('/api/v2/trade-ready')).toBe(60_000);
    expect(marketCallTimeout('ping-new')).toBe(60_000);
    expect(marketCallTimeout('/api/v2/get-money')).toBe(10_000);
  });
});
