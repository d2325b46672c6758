import { describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '@/test/fixtures';

import { api } from './api-client';

describe('typed API client', () => {
  it('calls a route by id with its path parameters, query and body', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ id: 5, name: 'Main' }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await api.call('tags.partial_update', { params: { id: 5 }, body: { name: 'Main' } });
    expect(result).toMatchObject({ success: true, status: 200, data: { id: 5, name: 'Main' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${window.location.origin}/api/tag/5/`);
    expect(init.method).toBe('PATCH');

    await api.call('toys.set_ignore_price', { query: { id: ['1', '2'], value: 'true' } });
    expect((fetchMock.mock.calls[1] as unknown as [string])[0]).toBe(
      `${window.location.origin}/api/toy/toys/set-ignore-price/?id=1&id=2&value=true`,
    );
  });

  it('returns a failure, not an exception, for a missing path parameter', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const result = await api.call('tags.retrieve', {});
    expect(result).toMatchObject({ success: false, status: 0 });
  });
});
