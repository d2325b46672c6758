import { marketToyEntity, transactionEntity } from '@toydesk/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';

import { entityColumns, type EntityColumnContext } from './entity-columns';

const ctx: EntityColumnContext = {
  t: ((key: string) => key) as unknown as TFunction,
  lang: 'ru',
  common: null,
  exists: () => false,
};

function priceCell(entity: typeof marketToyEntity | typeof transactionEntity, field: string, row: object) {
  const column = entityColumns(entity, ctx, { fields: [field] })[0];
  return column?.render(row as Record<string, unknown>, 0);
}

describe('money cells', () => {
  it("show a row without a currency of its own in its market's currency (Market CSGO USD in $)", () => {
    expect(priceCell(marketToyEntity, 'price_buy', { market: 'tm_usd', price_buy: '12.50' })).toBe(
      '12.50\u00a0$',
    );
    expect(priceCell(marketToyEntity, 'price_buy', { market: 'tm', price_buy: '12.50' })).toBe(
      '12.50\u00a0₽',
    );
  });

  it('keep the currency a row carries, and RUB for a row with neither', () => {
    expect(priceCell(transactionEntity, 'amount', { amount: '5', currency: 'USD' })).toBe('5.00\u00a0$');
    expect(priceCell(transactionEntity, 'amount', { amount: '5' })).toBe('5.00\u00a0₽');
  });
});
