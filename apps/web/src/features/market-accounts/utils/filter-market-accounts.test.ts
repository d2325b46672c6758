import { describe, expect, it } from 'vitest';

import { marketAccountRow } from '../testing/market-account-row';
import { EMPTY_FILTERS, filterMarketAccounts, sortMarketAccounts } from './filter-market-accounts';

const rows = [
  marketAccountRow(1, { balance_rub: '900.00', tags: [11], proxy_label: 'http://10.0.0.1:3128' }),
  marketAccountRow(2, { market: 'dmarket', market_name: 'DMarket', online: false, balance_rub: '92.50' }),
  marketAccountRow(3, { status: 'banned', balance_rub: '10000.00' }),
];

describe('filterMarketAccounts', () => {
  it('combines market, status, tags, online state and search', () => {
    const ids = (filters: Partial<typeof EMPTY_FILTERS>) =>
      filterMarketAccounts(rows, { ...EMPTY_FILTERS, ...filters }).map((row) => row.id);
    expect(ids({ market: 'tm' })).toEqual([1, 3]);
    expect(ids({ statuses: ['banned'] })).toEqual([3]);
    expect(ids({ tagIds: [11] })).toEqual([1]);
    expect(ids({ online: 'off' })).toEqual([2]);
    expect(ids({ search: '10.0.0.1' })).toEqual([1]);
    expect(ids({ market: 'tm', online: 'off' })).toEqual([]);
  });

  it('sorts balances by their RUB value, not as text', () => {
    expect(sortMarketAccounts(rows, { id: 'balance', desc: true }).map((row) => row.id)).toEqual([3, 1, 2]);
    expect(sortMarketAccounts(rows, null)).toBe(rows);
  });
});
