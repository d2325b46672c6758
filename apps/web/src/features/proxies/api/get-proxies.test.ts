import { describe, expect, it } from 'vitest';

import { awaitsFirstCheck, type ProxyList, type ProxyRow } from './get-proxies';

const row = (overrides: Partial<ProxyRow>): ProxyRow => ({
  id: 1,
  label: 'http://127.0.0.1:3128',
  username: null,
  status: 'up',
  latency_ms: 20,
  last_checked_at: '2026-11-25T10:00:00.000Z',
  comment: null,
  steam_accounts: [],
  market_accounts: [],
  record: null,
  ...overrides,
});

describe('awaitsFirstCheck: the proxies list is read again while a queued check is pending', () => {
  it('waits for a proxy never checked (new, or its endpoint just edited)', () => {
    const list: ProxyList = {
      source: 'bots',
      rows: [row({}), row({ id: 2, status: 'unknown', last_checked_at: null })],
    };
    expect(awaitsFirstCheck(list)).toBe(true);
  });

  it('does not wait for checked proxies, down ones included, nor for the accounts-only list', () => {
    expect(awaitsFirstCheck({ source: 'bots', rows: [row({}), row({ id: 2, status: 'down' })] })).toBe(false);
    expect(
      awaitsFirstCheck({ source: 'accounts', rows: [row({ status: null, last_checked_at: null })] }),
    ).toBe(false);
    expect(awaitsFirstCheck(undefined)).toBe(false);
  });
});
