import { afterEach, describe, expect, it } from 'vitest';

import { HttpClient } from './http-client.ts';
import { HttpStatusError } from './http-errors.ts';
import type { HttpRequest } from './http-request.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { DEFAULT_RETRY_POLICY } from './retry-policy.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
let client: HttpClient;
afterEach(async () => {
  await client?.close();
  await server?.close();
});

/** A client whose waits are recorded instead of slept. */
function recordingClient(options: ConstructorParameters<typeof HttpClient>[0] = {}) {
  const delays: number[] = [];
  client = new HttpClient({
    random: () => 0.5,
    ...options,
    sleep: async (ms) => {
      delays.push(ms);
    },
  });
  return delays;
}

async function attemptsFor(status: number, req: Omit<HttpRequest, 'url'>): Promise<number> {
  const before = server.requests.length;
  const error = await client
    .request({ ...req, url: `${server.origin}/s/${status}` })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HttpStatusError);
  expect((error as HttpStatusError).attempts).toBe(server.requests.length - before);
  return server.requests.length - before;
}

describe('retries', () => {
  const cases: [string, Omit<HttpRequest, 'url'>, number][] = [
    ['GET', { method: 'GET' }, 2],
    ['DELETE', { method: 'DELETE' }, 2],
    ['POST with a body', { method: 'POST', json: { a: 1 } }, 1],
    ['POST without a body', { method: 'POST' }, 1],
    ['PUT with a form', { method: 'PUT', form: { a: 1 } }, 1],
    ['POST with an idempotency key', { method: 'POST', json: { a: 1 }, idempotencyKey: 'custom-1' }, 2],
    ['GET with maxRetries 0 (spends money)', { method: 'GET', maxRetries: 0 }, 1],
    [
      'POST with an idempotency key and maxRetries 0',
      { method: 'POST', json: {}, idempotencyKey: 'k', maxRetries: 0 },
      1,
    ],
    ['GET with maxRetries 3', { method: 'GET', maxRetries: 3 }, 4],
  ];

  for (const status of DEFAULT_RETRY_POLICY.statuses) {
    it(`on ${status}: attempts per method, body, idempotency key and maxRetries`, async () => {
      server = await startTestServer((req, res) => {
        res.statusCode = Number(req.url?.split('/')[2]);
        res.end();
      });
      recordingClient();
      for (const [, req, expected] of cases) {
        expect({ req, attempts: await attemptsFor(status, req) }).toEqual({ req, attempts: expected });
      }
    });
  }

  it('never retries 400 or 404', async () => {
    server = await startTestServer((req, res) => {
      res.statusCode = Number(req.url?.split('/')[2]);
      res.end();
    });
    recordingClient();
    expect(await attemptsFor(400, { method: 'GET' })).toBe(1);
    expect(await attemptsFor(404, { method: 'GET', maxRetries: 5 })).toBe(1);
    expect(await attemptsFor(401, { method: 'DELETE' })).toBe(1);
  });

  it('returns the answer of a successful retry', async () => {
    server = await startTestServer((_req, res, { index }) => {
      res.statusCode = index === 0 ? 502 : 200;
      res.end(index === 0 ? 'bad gateway' : '{"ok":true}');
    });
    const delays = recordingClient();
    const res = await client.request({ method: 'GET', url: server.origin });
    expect(res.attempts).toBe(2);
    expect(res.json()).toEqual({ ok: true });
    expect(delays).toEqual([250]); // full jitter: random 0.5 x base 500 ms
  });

  it('retries under throwOnStatus false too, then returns the last answer', async () => {
    server = await startTestServer((_req, res) => {
      res.statusCode = 503;
      res.end('busy');
    });
    recordingClient();
    const res = await client.request({ method: 'GET', url: server.origin, throwOnStatus: false });
    expect(res.status).toBe(503);
    expect(res.attempts).toBe(2);
    expect(res.text).toBe('busy');
  });

  it('honours Retry-After in seconds', async () => {
    server = await startTestServer((_req, res, { index }) => {
      res.statusCode = index < 3 ? 429 : 200;
      res.setHeader('retry-after', '7');
      res.end();
    });
    const delays = recordingClient();
    const res = await client.request({ method: 'GET', url: server.origin, maxRetries: 3 });
    expect(res.attempts).toBe(4);
    expect(delays).toEqual([7000, 7000, 7000]);
  });

  it('honours Retry-After as an HTTP date, capped at maxDelayMs', async () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    server = await startTestServer((_req, res, { index }) => {
      res.statusCode = index < 2 ? 503 : 200;
      res.setHeader(
        'retry-after',
        index === 0 ? 'Sun, 01 Mar 2026 12:00:12 GMT' : 'Sun, 01 Mar 2026 13:00:00 GMT',
      );
      res.end();
    });
    const delays = recordingClient({ now: () => now });
    await client.request({ method: 'GET', url: server.origin, maxRetries: 2 });
    expect(delays).toEqual([12_000, 30_000]);
  });

  it('backs off exponentially with full jitter when no Retry-After is given', async () => {
    server = await startTestServer((_req, res) => {
      res.statusCode = 500;
      res.end();
    });
    const delays = recordingClient({ random: () => 0.999, retry: { baseDelayMs: 100, maxDelayMs: 350 } });
    await client.request({ method: 'GET', url: server.origin, maxRetries: 4 }).catch(() => undefined);
    expect(delays).toEqual([99, 199, 349, 349]);
  });

  it('takes a rate-limit token before every attempt, retries included', async () => {
    server = await startTestServer((_req, res) => {
      res.statusCode = 429;
      res.end();
    });
    const keys: string[] = [];
    const limiter: RateLimiter = { acquire: async (key) => void keys.push(key) };
    recordingClient({ rateLimiter: limiter });
    await client
      .request({ method: 'GET', url: server.origin, maxRetries: 2, rateLimitKey: 'tm:abc' })
      .catch(() => undefined);
    expect(keys).toEqual(['tm:abc', 'tm:abc', 'tm:abc']);
  });

  it('refuses a rateLimitKey when the client has no limiter', async () => {
    server = await startTestServer((_req, res) => res.end());
    recordingClient();
    await expect(
      client.request({ method: 'GET', url: server.origin, rateLimitKey: 'tm:abc' }),
    ).rejects.toThrow(/no rateLimiter/);
    expect(server.requests).toHaveLength(0);
  });
});
