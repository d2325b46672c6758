import { describe, expect, it } from 'vitest';

import { steamAccountRow } from '../testing/steam-account-row';
import { EMPTY_FILTERS, filterSteamAccounts, NO_GROUP } from './filter-steam-accounts';

const rows = [
  steamAccountRow(1, { tags: [11], server_group_name: 'Frankfurt', proxy_label: 'http://10.0.0.11:3128' }),
  steamAccountRow(2, { status: 'banned', tags: [11, 12], server_group_name: 'Frankfurt' }),
  steamAccountRow(3, {
    market_accounts_extended: [
      {
        id: 9,
        market: 'tm',
        label: 'Market CSGO trade_bot_03',
        balance: '1',
        currency: 'RUB',
        online: true,
        status: 'active',
      },
    ],
  }),
];

describe('Steam account filters', () => {
  it('returns the rows themselves without filters', () => {
    expect(filterSteamAccounts(rows, EMPTY_FILTERS)).toBe(rows);
  });

  it('searches every word in names, proxies and market account labels', () => {
    const ids = (search: string) => filterSteamAccounts(rows, { ...EMPTY_FILTERS, search }).map((r) => r.id);
    expect(ids('10.0.0.11')).toEqual([1]);
    expect(ids('market csgo')).toEqual([3]);
    expect(ids('TRADE_BOT_02')).toEqual([2]);
    expect(ids('bot nothing')).toEqual([]);
  });

  it('filters by status, by all chosen tags and by server group', () => {
    expect(filterSteamAccounts(rows, { ...EMPTY_FILTERS, statuses: ['banned'] }).map((r) => r.id)).toEqual([
      2,
    ]);
    expect(filterSteamAccounts(rows, { ...EMPTY_FILTERS, tagIds: [11, 12] }).map((r) => r.id)).toEqual([2]);
    expect(
      filterSteamAccounts(rows, { ...EMPTY_FILTERS, serverGroup: 'Frankfurt' }).map((r) => r.id),
    ).toEqual([1, 2]);
    expect(filterSteamAccounts(rows, { ...EMPTY_FILTERS, serverGroup: NO_GROUP }).map((r) => r.id)).toEqual([
      3,
    ]);
  });

  it('filters 50,000 rows', () => {
    const many = Array.from({ length: 50_000 }, (_, i) => steamAccountRow(i + 1));
    expect(filterSteamAccounts(many, { ...EMPTY_FILTERS, search: 'trade_bot_49999' })).toHaveLength(1);
  });
});
