import { afterEach, describe, expect, it } from 'vitest';

import {
  EMPTY_HISTORY_FILTERS,
  historyFiltersFromSearch,
  historyFiltersToQuery,
  historyFiltersToSearch,
  localDayStart,
} from './history-filters';

const zone = process.env.TZ;
afterEach(() => {
  process.env.TZ = zone;
});

describe("history days are the operator's local days (issue 12)", () => {
  it('starts a day at local midnight: Moscow is three hours ahead of UTC', () => {
    process.env.TZ = 'Europe/Moscow';
    expect(localDayStart('2026-11-20')).toBe('2026-11-19T21:00:00.000Z');
    expect(
      historyFiltersToQuery({ ...EMPTY_HISTORY_FILTERS, dateFrom: '2026-11-20', dateTo: '2026-11-20' }),
    ).toEqual({ date__gte: '2026-11-19T21:00:00.000Z', date__lt: '2026-11-20T21:00:00.000Z' });
  });

  it('follows summer time: a New York day is 23 or 25 hours long when the clocks change', () => {
    process.env.TZ = 'America/New_York';
    expect(
      historyFiltersToQuery({ ...EMPTY_HISTORY_FILTERS, dateFrom: '2026-03-08', dateTo: '2026-03-08' }),
    ).toEqual({ date__gte: '2026-03-08T05:00:00.000Z', date__lt: '2026-03-09T04:00:00.000Z' });
    expect(
      historyFiltersToQuery({ ...EMPTY_HISTORY_FILTERS, dateFrom: '2026-11-01', dateTo: '2026-11-01' }),
    ).toEqual({ date__gte: '2026-11-01T04:00:00.000Z', date__lt: '2026-11-02T05:00:00.000Z' });
  });
});

describe('history filters in the URL (issue 12)', () => {
  const filters = {
    ...EMPTY_HISTORY_FILTERS,
    search: 'AK-47 | Redline',
    sides: ['buy', 'sell'],
    market: 'tm_usd',
    steamAccount: '3',
    marketAccount: '12',
    priceFrom: '10',
    priceTo: '99.5',
    dateFrom: '2026-11-01',
    dateTo: '2026-11-30',
    statuses: ['normal', 'locked'],
    currency: 'USD',
    unlinked: true,
  };

  it('writes every filter and reads the same filters back', () => {
    const search = historyFiltersToSearch(filters);
    expect(search.toString()).toBe(
      'search=AK-47+%7C+Redline&side=buy&side=sell&market=tm_usd&steam_account=3&market_account=12' +
        '&price_from=10&price_to=99.5&date_from=2026-11-01&date_to=2026-11-30&status=normal&status=locked' +
        '&currency=USD&unlinked=1',
    );
    expect(historyFiltersFromSearch(search)).toEqual(filters);
  });

  it('leaves out empty filters, keeps keys that are not filters, and reads junk as "any"', () => {
    expect(
      historyFiltersToSearch(EMPTY_HISTORY_FILTERS, new URLSearchParams('tab=x&market=tm')).toString(),
    ).toBe('tab=x');
    expect(historyFiltersFromSearch(new URLSearchParams('date_from=yesterday&unlinked=no&side='))).toEqual(
      EMPTY_HISTORY_FILTERS,
    );
  });
});
