import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HttpClient } from './http-client.ts';
import type { RateLimitGrant, RateLimiter } from './rate-limiter.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    res.statusCode = req.url === '/err' ? 500 : 200;
    res.end('{}');
  });
});
afterAll(() => server.close());

/** Grants whose sendBy is given per call, recording which were reported answered. */
function scriptedLimiter(sendBys: number[]) {
  const answered: number[] = [];
  let calls = 0;
  const limiter: RateLimiter = {
    acquire(): Promise<RateLimitGrant> {
      const index = calls++;
      return Promise.resolve({
        sendBy: sendBys[index] ?? Infinity,
        answered: () => {
          answered.push(index);
          return Promise.resolve();
        },
      });
    },
  };
  return { limiter, answered, calls: () => calls };
}

describe('HttpClient with held tokens', () => {
  it('never sends on a token whose sendBy passed, and reports each answer to its token', async () => {
    const now = 1_000;
    const script = scriptedLimiter([now - 1, now + 10_000]);
    const http = new HttpClient({ rateLimiter: script.limiter, now: () => now });
    const before = server.requests.length;
    await http.request({ method: 'GET', url: `${server.origin}/a`, rateLimitKey: 'tm:x' });
    expect(script.calls()).toBe(2); // the stale token was given up, not used
    expect(server.requests.length - before).toBe(1);
    expect(script.answered).toEqual([1]);
    await http.close();
  });

  it('reports an error status as an answer too (the request reached the server)', async () => {
    const script = scriptedLimiter([]);
    const http = new HttpClient({ rateLimiter: script.limiter });
    const answer = await http.request({
      method: 'GET',
      url: `${server.origin}/err`,
      rateLimitKey: 'tm:x',
      maxRetries: 0,
      throwOnStatus: false,
    });
    expect(answer.status).toBe(500);
    expect(script.answered).toEqual([0]);
    await http.close();
  });
  it('frees the token of a request that was never sent (aborted after the grant, or refused by undici)', async () => {
    const script = scriptedLimiter([]);
    const http = new HttpClient({ rateLimiter: script.limiter });
    const before = server.requests.length;
    const aborted = new AbortController();
    aborted.abort(new Error('tick over'));
    await expect(
      http.request({
        method: 'GET',
        url: `${server.origin}/a`,
        rateLimitKey: 'tm:x',
        signal: aborted.signal,
      }),
    ).rejects.toThrow('tick over');
    await expect(
      http.request({
        method: 'GET',
        url: `${server.origin}/a`,
        rateLimitKey: 'tm:x',
        headers: { 'x-bad': 'a\nb' },
        maxRetries: 0,
      }),
    ).rejects.toThrow();
    expect(server.requests.length - before).toBe(0);
    expect(script.answered).toEqual([0, 1]);
    await http.close();
  });
});
