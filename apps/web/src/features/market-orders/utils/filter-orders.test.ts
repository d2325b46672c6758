import { describe, expect, it } from 'vitest';

import { filterOrders, type BotOrder } from './filter-orders';

const order = (id: string, account: number, name: string, price: string): BotOrder => ({
  market_account: account,
  id,
  market_hash_name: name,
  price,
  currency: 'RUB',
  count: 1,
  phase: 'active',
});

describe('filterOrders', () => {
  const orders = [
    order('1', 1, 'AK-47 | Redline', '900.00'),
    order('2', 2, 'AWP | Asiimov', '100.50'),
    order('3', 1, 'AWP | Dragon Lore', '95000'),
  ];

  it('keeps one account’s orders whose name matches', () => {
    expect(filterOrders(orders, { account: 1, search: 'awp' }, null).map((o) => o.id)).toEqual(['3']);
  });

  it('sorts prices as numbers', () => {
    expect(
      filterOrders(orders, { account: null, search: '' }, { id: 'price', desc: false }).map((o) => o.id),
    ).toEqual(['2', '1', '3']);
  });
});
