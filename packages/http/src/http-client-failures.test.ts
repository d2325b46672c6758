import { afterEach, describe, expect, it } from 'vitest';

import { HttpClient } from './http-client.ts';
import { HttpNetworkError, HttpTimeoutError, RateLimitedError } from './http-errors.ts';
import { MemoryRateLimiter } from './memory-rate-limiter.ts';
import { closedPort, startTestServer, type TestServer } from './testing/test-server.ts';

const KEY = 'a1b2c3d4e5f6a7b8c9d03f9a';

let server: TestServer | undefined;
let client: HttpClient;
afterEach(async () => {
  await client?.close();
  await server?.close();
  server = undefined;
});

function fastRetryClient(options: ConstructorParameters<typeof HttpClient>[0] = {}): HttpClient {
  client = new HttpClient({ sleep: async () => undefined, ...options });
  return client;
}

describe('timeouts', () => {
  it('fire on a server that never answers, and a GET is retried once', async () => {
    server = await startTestServer(() => undefined); // never answers
    fastRetryClient();
    const started = performance.now();
    const error = await client
      .request({ method: 'GET', url: `${server.origin}/slow`, query: { key: KEY }, timeoutMs: 100 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpTimeoutError);
    const e = error as HttpTimeoutError;
    expect(e).toMatchObject({ status: null, code: 'ERR_TIMEOUT', attempts: 2 });
    expect(e.message).toBe(`[GET] ${server.origin}/slow?key=••••3f9a: ERR_TIMEOUT timed out after 100 ms`);
    expect(server.requests).toHaveLength(2);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('are not retried for a POST with a body', async () => {
    server = await startTestServer(() => undefined);
    fastRetryClient();
    const error = await client
      .request({ method: 'POST', url: server.origin, json: {}, timeoutMs: 100 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpTimeoutError);
    expect(server.requests).toHaveLength(1);
  });

  it('cover the body: headers sent, then silence', async () => {
    server = await startTestServer((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial');
    });
    fastRetryClient({ defaultTimeoutMs: 150 });
    const error = await client
      .request({ method: 'GET', url: server.origin, maxRetries: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpTimeoutError);
  });

  it('null means no timeout of ours', async () => {
    server = await startTestServer((_req, res) => {
      setTimeout(() => res.end('late'), 300);
    });
    fastRetryClient({ defaultTimeoutMs: 50 });
    const res = await client.request({ method: 'GET', url: server.origin, timeoutMs: null });
    expect(res.text).toBe('late');
  });
});

describe('network errors', () => {
  it('a dropped connection is retried for a GET', async () => {
    server = await startTestServer((req, res, { index }) => {
      if (index === 0) req.socket.destroy();
      else res.end('ok');
    });
    fastRetryClient();
    const res = await client.request({ method: 'GET', url: server.origin });
    expect(res.text).toBe('ok');
    expect(res.attempts).toBe(2);
  });

  it('a dropped connection is not retried for a POST without an idempotency key', async () => {
    server = await startTestServer((req) => req.socket.destroy());
    fastRetryClient();
    const error = await client
      .request({ method: 'POST', url: `${server.origin}/buy`, form: { price: 100 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpNetworkError);
    const e = error as HttpNetworkError;
    expect(e).toMatchObject({ status: null, code: 'ERR_NETWORK', attempts: 1 });
    expect(e.cause).toBeDefined();
    expect(e.message).toMatch(new RegExp(`^\\[POST\\] ${server.origin}/buy: ERR_NETWORK .+`));
    expect(server.requests).toHaveLength(1);
  });

  it('a dropped connection is retried for a POST with an idempotency key', async () => {
    server = await startTestServer((req) => req.socket.destroy());
    fastRetryClient();
    const error = await client
      .request({ method: 'POST', url: server.origin, json: { custom_id: 'c1' }, idempotencyKey: 'c1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpNetworkError);
    expect(server.requests).toHaveLength(2);
  });

  it('a connection dropped in the middle of the body is a network error, retried for a GET', async () => {
    server = await startTestServer((req, res, { index }) => {
      if (index === 0) {
        res.writeHead(200, { 'content-length': '1000' });
        res.write('{"items":[');
        setTimeout(() => req.socket.destroy(), 20);
      } else {
        res.end('{"items":[]}');
      }
    });
    fastRetryClient();
    const res = await client.request({ method: 'GET', url: server.origin });
    expect(res.json()).toEqual({ items: [] });
    expect(res.attempts).toBe(2);
  });

  it('a refused connection is retried for a GET, never when maxRetries is 0', async () => {
    const port = await closedPort();
    const events: number[] = [];
    client = new HttpClient({ sleep: async () => undefined, logger: (e) => events.push(e.attempt) });
    const error = await client
      .request({ method: 'GET', url: `http://127.0.0.1:${port}/x` })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpNetworkError);
    expect((error as HttpNetworkError).attempts).toBe(2);
    expect((error as HttpNetworkError).statusText).toContain('ECONNREFUSED');
    expect(events).toEqual([1, 2]);
    const once = await client
      .request({ method: 'GET', url: `http://127.0.0.1:${port}/x`, maxRetries: 0 })
      .catch((e: unknown) => e);
    expect((once as HttpNetworkError).attempts).toBe(1);
  });
});

describe('cancellation and rate-limit budget', () => {
  it("rejects with the caller's abort reason and does not retry", async () => {
    server = await startTestServer(() => undefined);
    fastRetryClient();
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('shutting down')), 50);
    await expect(
      client.request({ method: 'GET', url: server.origin, signal: controller.signal }),
    ).rejects.toThrow('shutting down');
    expect(server.requests).toHaveLength(1);
  });

  it('throws RateLimitedError when no token comes within rateLimitMaxWaitMs', async () => {
    server = await startTestServer((_req, res) => res.end('ok'));
    client = new HttpClient({
      rateLimiter: new MemoryRateLimiter({ limit: 1, windowMs: 10_000 }),
      rateLimitMaxWaitMs: 50,
    });
    await client.request({ method: 'GET', url: server.origin, rateLimitKey: 'tm:k' });
    const error = await client
      .request({ method: 'GET', url: `${server.origin}/x`, rateLimitKey: 'tm:k', callName: 'tm.items' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).message).toBe(
      `[GET] ${server.origin}/x: ERR_RATE_LIMITED no rate-limit token within 50 ms`,
    );
    expect(server.requests).toHaveLength(1);
  });
});
