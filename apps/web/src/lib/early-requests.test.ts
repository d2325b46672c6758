import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '@/test/fixtures';

import { EARLY_GLOBAL, earlyRequestScript, takeEarlyResponse, untakenEarlyRequests } from './early-requests';
import { request } from './request';

const PLAN = {
  '*': ['/api/frontend/common'],
  '/history/list': ['/api/toy/history/history-extended/?ordering=-date&page=1&page_size=500'],
};

/** Runs the inline script as index.html would, on the given console path. */
function runScript(path: string, apiBase = '', publicBase = '/') {
  window.history.replaceState(null, '', path);
  new Function(earlyRequestScript(PLAN, apiBase, publicBase))();
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[EARLY_GLOBAL];
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

describe('early requests', () => {
  it('sends the common data on every path and the plan of the current path', () => {
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    runScript('/history/list/');
    const origin = window.location.origin;
    expect(fetchMock.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
      `${origin}/api/frontend/common`,
      `${origin}/api/toy/history/history-extended/?ordering=-date&page=1&page_size=500`,
    ]);
    expect((fetchMock.mock.calls[0] as unknown[])[1]).toMatchObject({ credentials: 'same-origin' });
    expect(untakenEarlyRequests()).toHaveLength(2);
  });

  it("sends only the common data when the URL holds a query: the screen's first list is another one", () => {
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    runScript('/history/list?side=sell&date_from=2026-11-20');
    expect(fetchMock.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
      `${window.location.origin}/api/frontend/common`,
    ]);
  });

  it('sends the anti-forgery header from the XSRF-TOKEN cookie, like every other call (spec section 6)', () => {
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = 'other=1; path=/';
    document.cookie = 'XSRF-TOKEN=t0k%3Den; path=/';
    try {
      runScript('/history/list');
      for (const call of fetchMock.mock.calls as unknown[][])
        expect(call[1]).toMatchObject({ headers: { accept: 'application/json', 'X-XSRF-TOKEN': 't0k=en' } });
    } finally {
      document.cookie = 'XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
    runScript('/history/list');
    expect((fetchMock.mock.calls.at(-1) as unknown[])[1]).toEqual(
      expect.objectContaining({ headers: { accept: 'application/json' } }),
    );
  });

  it('reads the path under the public base and sends credentials to a back end on another host', () => {
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    runScript('/console/history/list', 'https://api.example.test', '/console/');
    expect(fetchMock.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
      'https://api.example.test/api/frontend/common',
      'https://api.example.test/api/toy/history/history-extended/?ordering=-date&page=1&page_size=500',
    ]);
    expect((fetchMock.mock.calls[0] as unknown[])[1]).toMatchObject({ credentials: 'include' });
  });

  it("preloads the current page's chunks as modules, and no other page's", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({})),
    );
    window.history.replaceState(null, '', '/history/list');
    new Function(
      earlyRequestScript(PLAN, '', '/', {
        '/history/list': ['/assets/history-list-x.js', '/assets/entity-table-y.js'],
        '/steam-account/list': ['/assets/steam-account-list-z.js'],
      }),
    )();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/assets/history-list-x.js',
      '/assets/entity-table-y.js',
    ]);
    expect(links.every((link) => link.crossOrigin === '')).toBe(true);
    for (const link of links) link.remove();
  });

  it('hands a response over once, whatever the order of the query parameters', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ rows: 1 })),
    );
    runScript('/history/list');
    const url = `${window.location.origin}/api/toy/history/history-extended/?page_size=500&page=1&ordering=-date`;
    const first = takeEarlyResponse(url);
    expect(first).not.toBeNull();
    expect(takeEarlyResponse(url)).toBeNull();
    expect(untakenEarlyRequests()).toEqual([`${window.location.origin}/api/frontend/common`]);
  });

  it('lets the request wrapper answer a GET from the early response instead of fetching again', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ early: true }));
    vi.stubGlobal('fetch', fetchMock);
    runScript('/');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const result = await request('/api/frontend/common');
    expect(result).toMatchObject({ success: true, data: { early: true } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: the next call fetches.
    await request('/api/frontend/common');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('retries with a fetch of its own when the early request failed', async () => {
    const fetchMock = vi
      .fn<(url: string) => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(jsonResponse({ second: true }));
    vi.stubGlobal('fetch', fetchMock);
    runScript('/');
    const result = await request('/api/frontend/common', 'GET', undefined, { retryDelay: 0 });
    expect(result).toMatchObject({ success: true, data: { second: true } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is never used by a call with a time limit (an early request cannot be aborted)', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    runScript('/');
    await request('/api/frontend/common', 'GET', undefined, { timeout: 5000 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
