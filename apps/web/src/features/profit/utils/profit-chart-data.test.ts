import type { ProfitSums } from '@toydesk/contract';
import { describe, expect, it } from 'vitest';

import { dayBars, marketBars } from './profit-chart-data';

const sums = (profit: string, sales: string, deals: number): ProfitSums => ({
  deals,
  sales,
  sale_fees: '0.00',
  purchases: '0.00',
  purchase_fees: '0.00',
  profit,
});

describe('profit chart data', () => {
  it('fills the days without sales with zeros, across a month end', () => {
    const rows = [
      { day: '2028-02-28', ...sums('10.50', '100.00', 2) },
      { day: '2028-03-01', ...sums('-3.25', '40.00', 1) },
    ];
    expect(dayBars(rows, '2028-02-27', '2028-03-02')).toEqual([
      { day: '2028-02-27', profit: 0, sales: 0, deals: 0 },
      { day: '2028-02-28', profit: 10.5, sales: 100, deals: 2 },
      { day: '2028-02-29', profit: 0, sales: 0, deals: 0 },
      { day: '2028-03-01', profit: -3.25, sales: 40, deals: 1 },
      { day: '2028-03-02', profit: 0, sales: 0, deals: 0 },
    ]);
  });

  it('without bounds spans the days sent; keeps a day outside the bounds', () => {
    const rows = [
      { day: '2028-01-03', ...sums('1.00', '1.00', 1) },
      { day: '2028-01-01', ...sums('2.00', '2.00', 1) },
    ];
    expect(dayBars(rows, undefined, undefined).map((b) => b.day)).toEqual([
      '2028-01-01',
      '2028-01-02',
      '2028-01-03',
    ]);
    expect(dayBars(rows, '2028-01-02', '2028-01-03').map((b) => b.day)).toEqual([
      '2028-01-01',
      '2028-01-02',
      '2028-01-03',
    ]);
    expect(dayBars([], undefined, undefined)).toEqual([]);
  });

  it('a period too long to draw day by day shows the days with sales', () => {
    const rows = [{ day: '2020-06-01', ...sums('1.00', '1.00', 1) }];
    expect(dayBars(rows, '2020-01-01', '2028-01-01')).toHaveLength(1);
  });

  it('orders markets by profit, bars as a share of the largest absolute profit', () => {
    const bars = marketBars([
      { market: 'dmarket', ...sums('-50.00', '10.00', 1) },
      { market: 'tm', ...sums('200.00', '900.00', 5) },
      { market: null, ...sums('0.00', '0.00', 0) },
    ]);
    expect(bars.map((b) => [b.market, b.share])).toEqual([
      ['tm', 1],
      [null, 0],
      ['dmarket', 0.25],
    ]);
    expect(bars[0]).toMatchObject({ profit: '200.00', sales: '900.00', deals: 5 });
    expect(marketBars([{ market: 'tm', ...sums('0.00', '0.00', 0) }])[0]!.share).toBe(0);
  });
});
