import { describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '@/test/fixtures';

import { marketCall, MISSING_KEY_WARNING } from './market-api';

describe('marketplace calls through the proxy', () => {
  it('names the market and the account, and is never retried', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ error: 'bad key' }, 503));
    vi.stubGlobal('fetch', fetchMock);
    const result = await marketCall({
      market: 'tm',
      accountId: 7,
      path: '/api/v2/set-price',
      query: { item_id: 1, price: 100, cur: 'RUB' },
    });
    expect(result).toMatchObject({ success: false, error: 'bad key' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(
      `${window.location.origin}/api/market-proxy/api/v2/set-price?item_id=1&price=100&cur=RUB`,
    );
    const headers = new Headers(init.headers);
    expect(headers.get('X-Market')).toBe('tm');
    expect(headers.get('X-Market-Account')).toBe('7');
  });

  it('warns when called without an account (no key)', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({}));
    await marketCall({ market: 'tm', accountId: null, path: 'api/v2/get-money' });
    expect(console.warn).toHaveBeenCalledWith(MISSING_KEY_WARNING);
  });
});
