import { describe, expect, it } from 'vitest';

import { profitUrlCodec } from './profit-url';

const NOW = new Date('2026-11-28T15:00:00Z');
const codec = profitUrlCodec(NOW);
const read = (query: string) => codec.fromSearch(new URLSearchParams(query));
const write = (query: string, change: Record<string, string>) =>
  codec.toSearch({ ...read(query), ...change }, new URLSearchParams(query)).toString();

describe('the profit screen in its URL', () => {
  it('opens on this month in RUB with no filter when the URL holds none', () => {
    expect(read('')).toEqual({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-28',
      market: '',
      steamAccount: '',
      marketAccount: '',
      item: '',
      currency: 'RUB',
    });
    expect(write('', {})).toBe('');
  });

  it('keeps a period, filters and USD, and a cleared period as all time', () => {
    const query = write('', {
      dateFrom: '2026-10-01',
      dateTo: '2026-10-31',
      market: 'tm',
      item: 'AK-47 | Redline (Field-Tested)',
      currency: 'USD',
    });
    expect(read(query)).toMatchObject({
      dateFrom: '2026-10-01',
      dateTo: '2026-10-31',
      market: 'tm',
      item: 'AK-47 | Redline (Field-Tested)',
      currency: 'USD',
    });
    const allTime = write(query, { dateFrom: '', dateTo: '' });
    expect(read(allTime)).toMatchObject({ dateFrom: '', dateTo: '' });
    // Back to the default period: it leaves the URL.
    expect(write(allTime, { dateFrom: '2026-11-01', dateTo: '2026-11-28' })).not.toContain('date_');
  });

  it('leaves the parameters it does not own alone, and reads junk as any', () => {
    expect(write('tab=fees', { market: 'dmarket' })).toBe('tab=fees&market=dmarket');
    expect(read('currency=EUR&market=')).toMatchObject({ currency: 'RUB', market: '' });
  });
});
