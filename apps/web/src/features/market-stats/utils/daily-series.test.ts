import { describe, expect, it } from 'vitest';

import { pointSeries, sideSeries } from './daily-series';

describe('chart series', () => {
  it('takes one side of stats-by-date, days in order, prices as numbers', () => {
    const rows = [
      {
        date: '2026-08-25',
        side: 'sell',
        count: 3,
        avg_price: '10.50',
        min_price: '9.00',
        max_price: '12.00',
      },
      {
        date: '2026-08-24',
        side: 'sell',
        count: 2,
        avg_price: '9.00',
        min_price: '8.00',
        max_price: '10.00',
      },
      { date: '2026-08-25', side: 'buy', count: 1, avg_price: '9.25', min_price: '9.25', max_price: '9.25' },
    ];
    expect(sideSeries(rows, 'sell')).toEqual([
      { date: '2026-08-24', avg: 9, min: 8, max: 10, volume: 2 },
      { date: '2026-08-25', avg: 10.5, min: 9, max: 12, volume: 3 },
    ]);
    expect(sideSeries(rows, 'buy').map((p) => p.volume)).toEqual([1]);
  });

  it('keeps each collected point id and status for the status menu', () => {
    expect(
      pointSeries([
        {
          id: 8,
          date: '2026-08-25',
          avg_price: '5.00',
          min_price: '4.00',
          max_price: 'x',
          volume: 7,
          point_status: 'outdated',
        },
        {
          id: 3,
          date: '2026-08-20',
          avg_price: '6.00',
          min_price: '5.50',
          max_price: '7.00',
          volume: 1,
          point_status: 'normal',
        },
      ]),
    ).toEqual([
      { date: '2026-08-20', avg: 6, min: 5.5, max: 7, volume: 1, id: 3, status: 'normal' },
      { date: '2026-08-25', avg: 5, min: 4, max: null, volume: 7, id: 8, status: 'outdated' },
    ]);
  });
});
