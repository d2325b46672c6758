import { describe, expect, it } from 'vitest';

import { dailySeries } from './daily-series';

describe('daily series of the price chart', () => {
  it('puts both sides of a day in one point, days in order', () => {
    expect(
      dailySeries([
        { date: '2026-08-25', side: 'sell', count: 3, avg_price: '10.50' },
        { date: '2026-08-24', side: 'buy', count: 2, avg_price: '9.00' },
        { date: '2026-08-25', side: 'buy', count: 1, avg_price: '9.25' },
      ]),
    ).toEqual([
      { date: '2026-08-24', buyCount: 2, sellCount: 0, buyAvg: 9, sellAvg: null },
      { date: '2026-08-25', buyCount: 1, sellCount: 3, buyAvg: 9.25, sellAvg: 10.5 },
    ]);
  });
});
