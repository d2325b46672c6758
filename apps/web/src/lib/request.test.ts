import { describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '@/test/fixtures';

import { setUiLang } from './i18n';
import { notifications } from './notifications';
import { credentialsFor, fieldErrorsOf, request, RETRY_STATUSES, setBotToken } from './request';

type FetchArgs = [string, RequestInit];

function stubFetch(...replies: Array<Response | Error | (() => Promise<Response>)>) {
  const calls: FetchArgs[] = [];
  let index = 0;
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    calls.push([url, init]);
    const reply = replies[Math.min(index, replies.length - 1)];
    index += 1;
    if (reply instanceof Error) throw reply;
    if (typeof reply === 'function') return reply();
    return reply!.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const headerOf = (init: RequestInit, name: string) => new Headers(init.headers).get(name);

describe('request: URLs and headers', () => {
  it('fills :name parameters and writes arrays in the query as repeated keys', async () => {
    const calls = stubFetch(jsonResponse({ ok: true }));
    await request({
      url: '/api/tag/:id/',
      params: { id: 7 },
      query: { tags: [1, 2], q: 'a b', skip: undefined },
    });
    expect(calls[0]?.[0]).toBe(`${window.location.origin}/api/tag/7/?tags=1&tags=2&q=a%20b`);
  });

  it('sends the XSRF-TOKEN cookie back as X-XSRF-TOKEN on every call', async () => {
    document.cookie = 'XSRF-TOKEN=tok%2Ben';
    const calls = stubFetch(jsonResponse({}), jsonResponse({}));
    await request('/api/tag/');
    await request('/api/tag/', 'POST', { name: 'x' });
    expect(headerOf(calls[0]![1], 'X-XSRF-TOKEN')).toBe('tok+en');
    expect(headerOf(calls[1]![1], 'X-XSRF-TOKEN')).toBe('tok+en');
    expect(headerOf(calls[1]![1], 'content-type')).toBe('application/json');
    expect(calls[1]![1].body).toBe('{"name":"x"}');
  });

  it('sends credentials only to a back end on another host', async () => {
    expect(credentialsFor(`${window.location.origin}/api/tag/`)).toBe('same-origin');
    expect(credentialsFor('https://api.example.net/api/tag/')).toBe('include');
    const calls = stubFetch(jsonResponse({}), jsonResponse({}));
    await request('/api/tag/');
    await request('https://api.example.net/api/tag/');
    expect(calls[0]![1].credentials).toBe('same-origin');
    expect(calls[1]![1].credentials).toBe('include');
  });

  it('adds the app token on bot calls only', async () => {
    setBotToken('secret-bot-token');
    const calls = stubFetch(jsonResponse([]), jsonResponse({}));
    await request('/api-node/proxy/');
    await request('/api/tag/');
    expect(headerOf(calls[0]![1], 'X-App-Token')).toBe('secret-bot-token');
    expect(headerOf(calls[1]![1], 'X-App-Token')).toBeNull();
  });

  it('keeps the anti-forgery token off bot calls (a bot host on its own origin refused the preflight)', async () => {
    document.cookie = 'XSRF-TOKEN=tok';
    setBotToken('secret-bot-token');
    const calls = stubFetch(jsonResponse([]), jsonResponse({}));
    await request('/api-node/proxy/', 'POST', { host: 'h', port: 1 });
    await request('/api/tag/', 'POST', { name: 'x' });
    expect(headerOf(calls[0]![1], 'X-XSRF-TOKEN')).toBeNull();
    expect(headerOf(calls[1]![1], 'X-XSRF-TOKEN')).toBe('tok');
  });
});

describe('request: results and retries', () => {
  it('returns success, data and status', async () => {
    stubFetch(jsonResponse({ count: 1 }, 200));
    await expect(request('/api/tag/')).resolves.toEqual({
      success: true,
      data: { count: 1 },
      status: 200,
      error: null,
      errors: null,
    });
  });

  it('retries a method without a body once on a retry status', async () => {
    expect([...RETRY_STATUSES]).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
    const calls = stubFetch(jsonResponse({}, 503), jsonResponse({ ok: 1 }, 200));
    const result = await request('/api/tag/', 'GET', undefined, { retryDelay: 0 });
    expect(calls).toHaveLength(2);
    expect(result.success).toBe(true);
  });

  it('gives up after the one retry', async () => {
    const calls = stubFetch(jsonResponse({}, 502));
    const result = await request('/api/tag/', 'GET', undefined, { retryDelay: 0 });
    expect(calls).toHaveLength(2);
    expect(result).toMatchObject({ success: false, status: 502 });
  });

  it('never retries a method with a body', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const calls = stubFetch(jsonResponse({}, 503));
      await request('/api/tag/', method, { a: 1 }, { retryDelay: 0 });
      expect(calls).toHaveLength(1);
    }
  });

  it('does not retry statuses outside the list', async () => {
    const calls = stubFetch(jsonResponse({}, 404));
    await request('/api/tag/', 'GET', undefined, { retryDelay: 0 });
    expect(calls).toHaveLength(1);
  });

  it('retries a lost connection once, then reports ERR_NETWORK', async () => {
    const calls = stubFetch(new TypeError('Failed to fetch'));
    const result = await request('/api/tag/', 'GET', undefined, { retryDelay: 0 });
    expect(calls).toHaveLength(2);
    expect(result).toMatchObject({ success: false, status: 0, error: 'Нет соединения(ERR_NETWORK)' });
  });

  it('stops a call at its time limit', async () => {
    const calls = stubFetch(
      () =>
        new Promise<Response>((_resolve, reject) => {
          const init = calls[calls.length - 1]![1];
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const result = await request('/api/toy/toys/', 'GET', undefined, { timeout: 20, retry: 0 });
    expect(result.success).toBe(false);
    expect(result.status).toBe(0);
  });

  it('never throws, whatever goes wrong', async () => {
    stubFetch(jsonResponse({}));
    await expect(request({ url: '/api/tag/:id/' })).resolves.toMatchObject({ success: false });
    await expect(request('javascript:alert(1)')).resolves.toMatchObject({ success: false });
    vi.stubGlobal('fetch', () => {
      throw new Error('boom');
    });
    await expect(request('/api/tag/', 'GET', undefined, { retryDelay: 0 })).resolves.toMatchObject({
      success: false,
    });
    vi.stubGlobal(
      'fetch',
      async () => new Response('not json', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    await expect(request('/api/tag/')).resolves.toMatchObject({ success: true, data: 'not json' });
  });
});

describe('request: errors (spec section 8)', () => {
  it("takes the body's error field first", async () => {
    stubFetch(jsonResponse({ error: 'item_not_in_inventory' }, 500));
    const result = await request('/api/x/', 'POST');
    expect(result.error).toBe('item_not_in_inventory');
  });

  it('then the message of the status, in the interface language', async () => {
    stubFetch(jsonResponse({ detail: 'nope' }, 403));
    expect((await request('/api/x/', 'POST')).error).toBe('Permissions error(403)');
    await setUiLang('en');
    stubFetch(jsonResponse({ detail: 'nope' }, 404));
    expect((await request('/api/x/', 'POST')).error).toBe('Not found');
  });

  it('then the unknown message, unless unknown errors are hidden', async () => {
    stubFetch(jsonResponse({}, 418));
    expect((await request('/api/x/', 'POST')).error).toBe('Неизвестная ошибка');
    notifications.clear();
    const hidden = await request('/api/x/', 'POST', undefined, { hideUnknownError: true });
    expect(hidden.error).toBeNull();
    expect(notifications.list()).toHaveLength(0);
  });

  it('returns the whole body of a 400 as errors (field errors)', async () => {
    const body = { steam_id: ['SteamID64: 17 цифр (17 digits)'], email: ['Введите корректный email'] };
    stubFetch(jsonResponse(body, 400));
    const result = await request('/api/steam/accounts/', 'POST', {});
    expect(result).toMatchObject({ success: false, status: 400, error: 'Bad request(400)', errors: body });
    expect(fieldErrorsOf(result)).toEqual(body);
  });

  it("shows a notification titled 'Ошибка запроса' in the error colour, unless hidden", async () => {
    stubFetch(jsonResponse({}, 500));
    await request('/api/x/', 'POST');
    expect(notifications.list()).toEqual([
      expect.objectContaining({ title: 'Ошибка запроса', text: 'Server error(500)', color: 'error' }),
    ]);
    notifications.clear();
    await request('/api/x/', 'POST', undefined, { hideNotification: true });
    expect(notifications.list()).toHaveLength(0);
  });

  it("reports a failure as '[METHOD] url: status statusText'", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubFetch(jsonResponse({}, 500));
    await request('/api/x/', 'post');
    expect(warn).toHaveBeenCalledWith(`[POST] ${window.location.origin}/api/x/: 500 Internal Server Error`);
  });

  it('stays silent when the caller aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    stubFetch(jsonResponse({}));
    const result = await request('/api/x/', 'GET', undefined, { signal: controller.signal });
    expect(result).toMatchObject({ success: false, error: null });
    expect(notifications.list()).toHaveLength(0);
  });
});
