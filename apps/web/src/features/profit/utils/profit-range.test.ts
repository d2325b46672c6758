import { describe, expect, it } from 'vitest';

import {
  dealsQuery,
  defaultProfitFilters,
  heldQuery,
  matchingPreset,
  presetRange,
  summaryQuery,
  type ProfitFilters,
} from './profit-range';

// 00:30 on 1 March in UTC: late on 28 February in America, already 1 March in Moscow.
const NOW = new Date('2028-03-01T00:30:00Z');
const base: ProfitFilters = defaultProfitFilters(NOW);

describe('profit period', () => {
  it('quick choices are UTC days, as the server counts them', () => {
    expect(presetRange('yesterday', NOW)).toEqual({ from: '2028-02-29', to: '2028-02-29' });
    expect(presetRange('days7', NOW)).toEqual({ from: '2028-02-24', to: '2028-03-01' });
    expect(presetRange('days30', NOW)).toEqual({ from: '2028-02-01', to: '2028-03-01' });
    expect(presetRange('month', NOW)).toEqual({ from: '2028-03-01', to: '2028-03-01' });
    expect(presetRange('month', new Date('2027-12-31T23:59:59Z'))).toEqual({
      from: '2027-12-01',
      to: '2027-12-31',
    });
  });

  it('defaults to this month and names the quick choice a range is', () => {
    expect(base).toMatchObject({ dateFrom: '2028-03-01', dateTo: '2028-03-01', market: '', item: '' });
    expect(matchingPreset({ from: '2028-02-24', to: '2028-03-01' }, NOW)).toBe('days7');
    expect(matchingPreset({ from: '2028-02-23', to: '2028-03-01' }, NOW)).toBeNull();
  });
});

describe('profit queries', () => {
  const filters: ProfitFilters = {
    dateFrom: '2028-02-01',
    dateTo: '2028-02-29',
    market: 'tm',
    steamAccount: '12',
    marketAccount: '34',
    item: '  AK-47 | Redline (Field-Tested) ',
  };

  it('sends the period, the filters and the currency to the summaries', () => {
    expect(summaryQuery(filters, 'USD')).toEqual({
      currency: 'USD',
      date_from: '2028-02-01',
      date_to: '2028-02-29',
      market: 'tm',
      steam_account: '12',
      market_account: '34',
      market_hash_name: 'AK-47 | Redline (Field-Tested)',
    });
    expect(summaryQuery(base, 'RUB')).toEqual({
      currency: 'RUB',
      date_from: '2028-03-01',
      date_to: '2028-03-01',
    });
  });

  it('leaves out what the server would refuse: half-typed days, a reversed range, junk ids', () => {
    expect(summaryQuery({ ...base, dateFrom: '2028-02', dateTo: '' }, 'RUB')).toEqual({ currency: 'RUB' });
    expect(summaryQuery({ ...base, dateFrom: '2028-03-05', dateTo: '2028-03-01' }, 'RUB')).toEqual({
      currency: 'RUB',
    });
    expect(summaryQuery({ ...base, dateFrom: '2028-02-30' }, 'RUB').date_from).toBeUndefined();
    expect(summaryQuery({ ...base, steamAccount: 'x', marketAccount: '0' }, 'RUB')).not.toHaveProperty(
      'steam_account',
    );
  });

  it('lists the deals sold in those days: the last day up to the next midnight', () => {
    expect(dealsQuery(filters)).toEqual({
      market: 'tm',
      steam_account: '12',
      market_account: '34',
      market_hash_name: 'AK-47 | Redline (Field-Tested)',
      ordering: '-sell_date,-id',
      sell_date__gte: '2028-02-01T00:00:00Z',
      sell_date__lt: '2028-03-01T00:00:00Z',
    });
    expect(dealsQuery({ ...base, dateFrom: '', dateTo: '' })).toEqual({
      ordering: '-sell_date,-id',
      sell_date__isnull: 'false',
    });
  });

  it('the units held longest ignore the period', () => {
    expect(heldQuery(filters)).toEqual({
      market: 'tm',
      steam_account: '12',
      market_account: '34',
      market_hash_name: 'AK-47 | Redline (Field-Tested)',
      status: 'held',
      ordering: 'buy_date',
      page_size: 10,
    });
  });
});
