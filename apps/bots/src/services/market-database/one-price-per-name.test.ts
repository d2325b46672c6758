import { describe, expect, it } from 'vitest';

import { onePricePerName } from './one-price-per-name.ts';

describe('onePricePerName', () => {
  it('keeps one row per name: lowest offer (with its class/instance), best buy order, summed volume', async () => {
    const base = { market_hash_name: 'AK-47 | Redline (Field-Tested)', currency: 'RUB' as const };
    // The only row of its name: it comes out as it went in.
    const other = {
      ...base,
      market_hash_name: 'Other',
      price: '5',
      buy_order: '4',
      volume: 1,
      classid_instanceid: '2_0',
    };
    expect(
      await onePricePerName([
        { ...base, price: '120.50', buy_order: '100', volume: 3, classid_instanceid: '1_0' },
        { ...base, price: '99.99', buy_order: null, volume: 2, classid_instanceid: '1_188' },
        { ...base, price: null, buy_order: '101.10', volume: null, classid_instanceid: '1_519' },
        other,
      ]),
    ).toEqual([
      { ...base, price: '99.99', buy_order: '101.10', volume: 5, classid_instanceid: '1_188' },
      other,
    ]);
  });
});
