import { describe, expect, it } from 'vitest';

import { filterAndSortAvgRows } from './avg-rows';

const row = (name: string, sellAvg: string | null, buyCount = 0) => ({
  market_hash_name: name,
  buy_count: buyCount,
  buy_avg: null,
  buy_min: null,
  buy_max: null,
  sell_count: 0,
  sell_avg: sellAvg,
  sell_min: null,
  sell_max: null,
});

const rows = [
  row('AK-47 | Redline (Field-Tested)', '900.50', 3),
  row('AWP | Asiimov (Field-Tested)', null, 1),
  row('AK-47 | Redline (Minimal Wear)', '1200.00', 2),
];

describe('filterAndSortAvgRows', () => {
  it('keeps names holding every search word, in any case', () => {
    expect(filterAndSortAvgRows(rows, ' redline  ak ', null).map((r) => r.market_hash_name)).toEqual([
      'AK-47 | Redline (Field-Tested)',
      'AK-47 | Redline (Minimal Wear)',
    ]);
  });

  it('sorts money as numbers both ways with empty values last', () => {
    const names = (desc: boolean) =>
      filterAndSortAvgRows(rows, '', { id: 'sell_avg', desc }).map((r) => r.sell_avg);
    expect(names(false)).toEqual(['900.50', '1200.00', null]);
    expect(names(true)).toEqual(['1200.00', '900.50', null]);
    expect(filterAndSortAvgRows(rows, '', { id: 'buy_count', desc: true }).map((r) => r.buy_count)).toEqual([
      3, 2, 1,
    ]);
  });
});
