import { describe, expect, it } from 'vitest';

import { isConvertibleCurrency, isCurrency } from './enums.ts';

describe('currency guards', () => {
  it('accept only the contract currencies, whatever the value read from outside', () => {
    expect(['RUB', 'USD', 'EUR', 'rub', '', undefined, null, 1].map(isCurrency)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['RUB', 'USD', 'EUR', 'GBP', undefined].map(isConvertibleCurrency)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
