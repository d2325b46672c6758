import { describe, expect, it } from 'vitest';

import { priceRangeErrors } from './price-range';

const MSG = 'min > max';

describe('priceRangeErrors', () => {
  it('accepts min ≤ max and empty bounds while dynamic orders are off', () => {
    expect(priceRangeErrors({ min_price_buy: '10.00', max_price_buy: '10.00' }, {}, 'ru', MSG)).toBeNull();
    expect(priceRangeErrors({ min_price_buy: null }, { max_price_buy: '5' }, 'ru', MSG)).toBeNull();
  });

  it('refuses min above max, also when only one bound changes', () => {
    expect(priceRangeErrors({ min_price_buy: '12.50', max_price_buy: '12.00' }, {}, 'ru', MSG)).toEqual({
      max_price_buy: MSG,
    });
    expect(priceRangeErrors({ min_price_buy: '30' }, { max_price_buy: '20.00' }, 'en', MSG)).toEqual({
      max_price_buy: MSG,
    });
  });

  it('demands both bounds, with the spec required message, when dynamic orders are on', () => {
    expect(priceRangeErrors({ enable_dynamic_order: true }, { min_price_buy: '1.00' }, 'ru', MSG)).toEqual({
      max_price_buy: 'Обязательное поле',
    });
    expect(priceRangeErrors({ enable_dynamic_order: true }, {}, 'en', MSG)).toEqual({
      min_price_buy: 'This field is required',
      max_price_buy: 'This field is required',
    });
  });
});
