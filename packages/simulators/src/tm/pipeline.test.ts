import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { createSimClock } from '../clock/sim-clock.ts';
import { startHarness, type Harness } from '../test-support/sim-harness.ts';
import type { StatsSnapshot } from './stats/sim-stats.ts';

const NAME = 'AK-47 | Redline (Field-Tested)';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rate limit (real time, 5 per second per key)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({}, false);
  });
  afterAll(() => h.close());

  it('the 6th call within a second is a 429 with a JSON error and a counted violation', async () => {
    const { key } = await h.account();
    const other = await h.account();
    const replies = [];
    for (let i = 0; i < 6; i++) replies.push(await h.request('GET', h.url('/api/v2/get-money', { key })));
    expect(replies.slice(0, 5).map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200]);
    expect(replies[5]?.status).toBe(429);
    expect(replies[5]?.body).toEqual({ success: false, error: 'too many requests' });
    // Another key has its own window.
    expect((await h.request('GET', h.url('/api/v2/get-money', { key: other.key }))).status).toBe(200);
    const stats = (await h.control<StatsSnapshot>('GET', 'stats')).body;
    expect(stats.keys[key]?.rateLimitViolations).toBe(1);
    expect(stats.keys[other.key]?.rateLimitViolations).toBe(0);
    expect(stats.rateLimitViolations).toBe(1);
    await sleep(1_050);
    expect((await h.request('GET', h.url('/api/v2/get-money', { key }))).status).toBe(200);
  });

  it('calls spaced 200 ms apart never violate; public files are not limited', async () => {
    const { key } = await h.account();
    for (let i = 0; i < 8; i++) {
      expect((await h.request('GET', h.url('/api/v2/get-money', { key }))).status).toBe(200);
      await sleep(205);
    }
    for (let i = 0; i < 8; i++) {
      expect((await h.request('GET', h.url('/itemdb/current_730.json'))).status).toBe(200);
    }
    expect((await h.control<StatsSnapshot>('GET', 'stats')).body.keys[key]?.rateLimitViolations).toBe(0);
  });

  it('deleteKeyOnViolation turns the key into Bad KEY', async () => {
    await h.control('POST', 'config', { deleteKeyOnViolation: true });
    const { key } = await h.account();
    await Promise.all(Array.from({ length: 7 }, () => h.request('GET', h.url('/api/v2/get-money', { key }))));
    await sleep(1_050);
    expect(await h.v2('get-money', { key })).toEqual({ success: false, error: 'Bad KEY' });
    await h.control('POST', 'config', { deleteKeyOnViolation: false });
  });
});

describe('faults', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ clock: createSimClock({ frozen: true }) });
  });
  afterAll(() => h.close());
  afterEach(() => h.control('DELETE', 'faults'));

  const buyInfo = async (key: string, customId: string) =>
    h.v2<{ success: boolean; data?: { stage: number } }>('get-buy-info-by-custom-id', {
      key,
      custom_id: customId,
    });
  /** A funded account and one fault on the next buy call. */
  const accountWithBuyFault = async (fault: Record<string, unknown>) => {
    const account = await h.account({ money: 100_000 });
    await h.control('POST', 'faults', { match: { path: '/api/v2/buy?' }, count: 1, ...fault });
    return account;
  };

  it('html: an nginx error page with the status, for the next N calls', async () => {
    const { key } = await h.account();
    const fault = await h.control('POST', 'faults', {
      match: { path: '/api/v2/get-money' },
      kind: 'html',
      status: 502,
      count: 1,
    });
    expect(fault.body).toMatchObject({ id: expect.any(String), kind: 'html', phase: 'before', remaining: 1 });
    const reply = await h.request('GET', h.url('/api/v2/get-money', { key }));
    expect(reply.status).toBe(502);
    expect(reply.text).toContain('<html>');
    expect(reply.text).toContain('<center>nginx</center>');
    expect((await h.request('GET', h.url('/api/v2/get-money', { key }))).status).toBe(200);
    expect((await h.control<unknown[]>('GET', 'faults')).body).toEqual([]);
  });

  it('status: 503 and 429 with a JSON body; error: HTTP 200 {success:false,error}', async () => {
    const { key } = await h.account();
    await h.control('POST', 'faults', {
      match: { path: 'get-money' },
      kind: 'status',
      status: 503,
      count: 1,
    });
    const unavailable = await h.request('GET', h.url('/api/v2/get-money', { key }));
    expect(unavailable.status).toBe(503);
    expect(unavailable.body).toEqual({ success: false, error: 'Service Unavailable' });
    await h.control('POST', 'faults', { match: { key }, kind: 'status', status: 429, count: 1 });
    const limited = await h.request('GET', h.url('/api/v2/items', { key }));
    expect(limited).toMatchObject({ status: 429, body: { success: false, error: 'too many requests' } });
    await h.control('POST', 'faults', { kind: 'error', error: 'item_not_inserted', count: 1 });
    const error = await h.request('GET', h.url('/api/v2/items', { key }));
    expect(error).toMatchObject({ status: 200, body: { success: false, error: 'item_not_inserted' } });
    const stats = (await h.control<StatsSnapshot>('GET', 'stats')).body;
    expect(stats.keys[key]?.faultsInjected).toBe(3);
  });

  it('match by key and share 0 never fire on others', async () => {
    const a = await h.account();
    const b = await h.account();
    await h.control('POST', 'faults', { match: { key: a.key }, kind: 'status', status: 500 });
    await h.control('POST', 'faults', { kind: 'status', status: 500, share: 0 });
    expect((await h.request('GET', h.url('/api/v2/get-money', { key: a.key }))).status).toBe(500);
    expect((await h.request('GET', h.url('/api/v2/get-money', { key: b.key }))).status).toBe(200);
    const list = await h.control<{ id: string; hits: number }[]>('GET', 'faults');
    expect(list.body.map((fault) => fault.hits)).toEqual([1, 0]);
    await h.control('DELETE', `faults/${list.body[0]?.id}`);
    expect((await h.request('GET', h.url('/api/v2/get-money', { key: a.key }))).status).toBe(200);
  });

  it('drop before the state change: the connection dies and nothing was bought', async () => {
    const { key } = await accountWithBuyFault({ kind: 'drop' });
    await expect(
      fetch(h.url('/api/v2/buy', { key, hash_name: NAME, price: 10_000_000, custom_id: 'd1' })),
    ).rejects.toThrow();
    expect(await buyInfo(key, 'd1')).toMatchObject({ success: false });
    expect(await h.v2('get-money', { key })).toMatchObject({ money: 100_000 });
  });

  it('drop after the state change: bought although the client saw no answer; the retry buys nothing', async () => {
    const { key } = await accountWithBuyFault({ kind: 'drop', phase: 'after' });
    const query = { key, hash_name: NAME, price: 10_000_000, custom_id: 'd2' };
    await expect(fetch(h.url('/api/v2/buy', query))).rejects.toThrow();
    expect(await buyInfo(key, 'd2')).toMatchObject({ success: true, data: { stage: 1 } });
    const retry = await h.v2<{ success: boolean; id: string }>('buy', query);
    expect(retry.success).toBe(true);
    expect((await h.v2<{ items: unknown[] }>('items', { key })).items).toHaveLength(1);
    const stats = (await h.control<StatsSnapshot>('GET', 'stats')).body;
    expect(stats.keys[key]?.buys.byCustomId.d2).toEqual({ calls: 2, effects: 1 });
    expect(stats.duplicateEffects).toBe(0);
  });

  it('html after the state change: a 502 page although the purchase happened', async () => {
    const { key } = await accountWithBuyFault({ kind: 'html', phase: 'after' });
    const reply = await h.request(
      'GET',
      h.url('/api/v2/buy', { key, hash_name: NAME, price: 10_000_000, custom_id: 'h1' }),
    );
    expect(reply.status).toBe(502);
    expect(await buyInfo(key, 'h1')).toMatchObject({ success: true });
  });

  it('slow: answers later than a client timeout (before: the change happens after the delay)', async () => {
    const { key } = await accountWithBuyFault({ kind: 'slow', delayMs: 400 });
    const url = h.url('/api/v2/buy', { key, hash_name: NAME, price: 10_000_000, custom_id: 's1' });
    await expect(fetch(url, { signal: AbortSignal.timeout(100) })).rejects.toThrow();
    expect(await buyInfo(key, 's1')).toMatchObject({ success: false });
    await sleep(500);
    expect(await buyInfo(key, 's1')).toMatchObject({ success: true });

    await h.control('POST', 'faults', {
      match: { path: 'get-money' },
      kind: 'slow',
      delayMs: 150,
      phase: 'after',
    });
    const started = performance.now();
    expect(await h.v2('get-money', { key })).toMatchObject({ success: true });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('refuses a bad fault spec', async () => {
    expect((await h.control('POST', 'faults', { kind: 'explode' })).status).toBe(400);
    expect((await h.control('POST', 'faults', { kind: 'status', share: 2 })).status).toBe(400);
  });
});

describe('routing and markets', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('unknown methods are a JSON 404, a wrong HTTP method a 405', async () => {
    const { key } = await h.account();
    const missing = await h.request('GET', h.url('/api/v2/no-such-method', { key }));
    expect(missing).toMatchObject({ status: 404, body: { success: false } });
    const wrong = await h.request('POST', h.url('/api/v2/get-money', { key }));
    expect(wrong.status).toBe(405);
    expect((await h.request('GET', h.url('/api/v2/get-money/', { key }))).body).toMatchObject({
      success: true,
    });
  });

  it('tm, cs7 and cs7_proxy are independent markets of the same API', async () => {
    const tm = await h.account({ money: 10 });
    const cs7 = await h.account({ money: 20 }, 'cs7');
    expect(await h.v2('get-money', { key: tm.key }, 'cs7')).toEqual({ success: false, error: 'Bad KEY' });
    expect(await h.v2('get-money', { key: cs7.key }, 'cs7')).toMatchObject({ money: 20 });
    expect(await h.v2('get-money', { key: cs7.key }, 'cs7_proxy')).toEqual({
      success: false,
      error: 'Bad KEY',
    });
    const proxy = await h.account({}, 'cs7_proxy');
    expect(await h.v2('get-money', { key: proxy.key }, 'cs7_proxy')).toMatchObject({ success: true });
    expect((await h.control<unknown[]>('GET', 'accounts', undefined, 'cs7')).body).toHaveLength(1);
  });

  it('control: reset forgets accounts; unknown account is a 400', async () => {
    const { key } = await h.account({}, 'cs7_proxy');
    expect((await h.control('GET', `accounts/${key}`, undefined, 'cs7_proxy')).status).toBe(200);
    await h.control('POST', 'reset', {}, 'cs7_proxy');
    expect((await h.control('GET', `accounts/${key}`, undefined, 'cs7_proxy')).status).toBe(400);
    expect((await h.control('POST', 'accounts', { currency: 'JPY' })).status).toBe(400);
    expect((await h.control('POST', 'accounts', { names: ['No Such Item'] })).status).toBe(400);
  });
});
