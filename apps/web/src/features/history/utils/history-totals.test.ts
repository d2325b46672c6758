import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { historyFiltersToQuery, EMPTY_HISTORY_FILTERS, nextDay } from './history-filters';
import { sumTotals, totalsQuery } from './history-totals';

describe('sumTotals', () => {
  it('sums counts and amounts per side exactly and gives the profit', () => {
    const totals = sumTotals([
      { date: '2026-11-01', side: 'buy', count: 3, total: '100.10' },
      { date: '2026-11-01', side: 'sell', count: 1, total: '50.20' },
      { date: '2026-11-02', side: 'buy', count: 1, total: '0.20' },
      { date: '2026-11-02', side: 'sell', count: 2, total: '150.15' },
      { date: '2026-11-02', side: 'unknown', count: 4, total: '9.00' },
    ]);
    expect(totals).toEqual({
      count: 11,
      buyCount: 4,
      sellCount: 3,
      bought: '100.30',
      sold: '200.35',
      profit: '100.05',
    });
  });

  it('is zero for no rows, and negative profit when buying more', () => {
    expect(sumTotals([]).profit).toBe('0.00');
    expect(sumTotals([{ date: 'd', side: 'buy', count: 1, total: '10.00' }]).profit).toBe('-10.00');
  });
});

describe('history filters and the totals query', () => {
  const zone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'UTC';
  });
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('turns day bounds into local midnights that include the last day (UTC here)', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    const query = historyFiltersToQuery({
      ...EMPTY_HISTORY_FILTERS,
      sides: ['sell'],
      market: 'tm',
      steamAccount: '3',
      priceFrom: '10',
      priceTo: ' 99.5 ',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
      unlinked: true,
    });
    expect(query).toEqual({
      side: ['sell'],
      market: 'tm',
      steam_account: '3',
      price__gte: '10',
      price__lte: '99.5',
      date__gte: '2026-11-01T00:00:00.000Z',
      date__lt: '2026-12-01T00:00:00.000Z',
      toy__isnull: 'true',
    });
  });

  it("asks the stats for every status, and RUB or the market's currency unless the filters choose", () => {
    expect(totalsQuery({ market: 'tm' })).toEqual({
      market: 'tm',
      record_status: ['locked', 'normal', 'outdated', 'very_outdated', 'totally_outdated'],
      currency: 'RUB',
    });
    // A dollar market's deals are summed in dollars unless a currency is chosen.
    expect(totalsQuery({ market: 'tm_usd' }).currency).toBe('USD');
    expect(totalsQuery({ market: 'tm_usd', currency: 'RUB' }).currency).toBe('RUB');
    expect(totalsQuery({ record_status: ['normal'], currency: 'USD' })).toEqual({
      record_status: ['normal'],
      currency: 'USD',
    });
  });
});
