import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

import { afterEach, describe, expect, it } from 'vitest';

import { HttpClient, type HttpLogEvent } from './http-client.ts';
import { HttpParseError, HttpStatusError } from './http-errors.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

const KEY = 'a1b2c3d4e5f6a7b8c9d03f9a';

let server: TestServer;
let client: HttpClient;
afterEach(async () => {
  await client?.close();
  await server?.close();
});

describe('HttpClient basics', () => {
  it.each(['br', 'gzip', 'deflate'] as const)('decodes a %s-compressed answer', async (encoding) => {
    const json = JSON.stringify([{ market_hash_name: 'AK-47 | Redline (Field-Tested)', min_price: 12.34 }]);
    const packed =
      encoding === 'br' ? brotliCompressSync(json) : encoding === 'gzip' ? gzipSync(json) : deflateSync(json);
    server = await startTestServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('content-encoding', encoding);
      res.end(packed);
    });
    client = new HttpClient();
    const res = await client.request({
      method: 'GET',
      url: `${server.origin}/v1/items`,
      headers: { 'accept-encoding': encoding },
    });
    expect(res.json()).toEqual(JSON.parse(json));
  });

  it('refuses an answer larger than maxBodyBytes once decoded (a gzip bomb) with HttpParseError, once', async () => {
    // 64 MiB of zeros in ~64 KB of gzip; the old synchronous gunzip inflated all of it into one buffer.
    const bomb = gzipSync(Buffer.alloc(64 * 1024 ** 2));
    server = await startTestServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('content-encoding', 'gzip');
      res.end(bomb);
    });
    client = new HttpClient({ maxBodyBytes: 1024 ** 2 });
    const error = await client
      .request({ method: 'GET', url: `${server.origin}/v1/items` })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpParseError);
    expect((error as HttpParseError).message).toContain('larger than 1048576 bytes');
    // The same answer would come again: a GET that failed to get through is retried, this one is not.
    expect(server.requests).toHaveLength(1);
  });

  it('sends the query, headers and a JSON body, and reads the answer', async () => {
    server = await startTestServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"success":true,"money":12.5}');
    });
    client = new HttpClient({ userAgent: 'toydesk-test' });
    const res = await client.request({
      method: 'POST',
      url: `${server.origin}/api/v2/ping-new?v=2`,
      query: { key: KEY, ids: [1, 2] },
      headers: { 'X-Trace': 't1' },
      json: { access_token: 'x' },
    });
    expect(res.status).toBe(200);
    expect(res.statusText).toBe('OK');
    expect(res.attempts).toBe(1);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.json()).toEqual({ success: true, money: 12.5 });
    expect(res.url).toBe(`${server.origin}/api/v2/ping-new?v=2&key=••••3f9a&ids=1&ids=2`);
    const [seen] = server.requests;
    expect(seen?.url).toBe(`/api/v2/ping-new?v=2&key=${KEY}&ids=1&ids=2`);
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(seen?.headers['user-agent']).toBe('toydesk-test');
    expect(seen?.headers['x-trace']).toBe('t1');
    expect(seen?.body).toBe('{"access_token":"x"}');
  });

  it('sends a form body in the given order, and a raw body with the caller content type', async () => {
    server = await startTestServer((_req, res) => res.end('{}'));
    client = new HttpClient();
    await client.request({
      method: 'POST',
      url: `${server.origin}/api/MassSetPriceById/`,
      form: [
        ['list[123]', 4500],
        ['list[7]', 10],
      ],
    });
    await client.request({
      method: 'PUT',
      url: `${server.origin}/raw`,
      headers: { 'Content-Type': 'text/plain' },
      body: 'hello',
    });
    expect(server.requests[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(server.requests[0]?.body).toString()).toBe(
      'list%5B123%5D=4500&list%5B7%5D=10',
    );
    expect(server.requests[1]?.headers['content-type']).toBe('text/plain');
    expect(server.requests[1]?.body).toBe('hello');
  });

  it('throws HttpStatusError as "[METHOD] url: status statusText" with the URL redacted', async () => {
    server = await startTestServer((_req, res) => {
      res.statusCode = 404;
      res.end('{"error":"no such item"}');
    });
    client = new HttpClient();
    const error = await client
      .request({
        method: 'GET',
        url: `${server.origin}/api/v2/items`,
        query: { key: KEY },
        callName: 'tm.items',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    const e = error as HttpStatusError;
    expect(e.message).toBe(`[GET] ${server.origin}/api/v2/items?key=••••3f9a: 404 Not Found`);
    expect(e).toMatchObject({
      name: 'HttpStatusError',
      code: 'ERR_STATUS',
      call: 'tm.items',
      method: 'GET',
      status: 404,
      statusText: 'Not Found',
      bodyText: '{"error":"no such item"}',
      attempts: 1,
    });
  });

  it('keeps only the first 2000 characters of an error body', async () => {
    server = await startTestServer((_req, res) => {
      res.statusCode = 400;
      res.end('x'.repeat(5000));
    });
    client = new HttpClient();
    const error = (await client
      .request({ method: 'GET', url: server.origin })
      .catch((e: unknown) => e)) as HttpStatusError;
    expect(error.bodyText).toHaveLength(2000);
  });

  it('returns any status when throwOnStatus is false, so a caller can read a marketplace error body', async () => {
    server = await startTestServer((_req, res) => {
      res.statusCode = 400;
      res.end('{"success":false,"error":"bad_key"}');
    });
    client = new HttpClient();
    const res = await client.request({ method: 'GET', url: server.origin, throwOnStatus: false });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({ success: false, error: 'bad_key' });
  });

  it('turns an HTML error page into HttpParseError from json(), keeping the first 200 characters', async () => {
    const page = `<html><head><title>502 Bad Gateway</title></head><body>${'<p>nginx</p>'.repeat(50)}</body></html>`;
    server = await startTestServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(page);
    });
    client = new HttpClient();
    const res = await client.request({ method: 'GET', url: `${server.origin}/x`, query: { key: KEY } });
    expect(res.text).toBe(page);
    let error: unknown;
    try {
      res.json();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HttpParseError);
    const e = error as HttpParseError;
    expect(e.bodyText).toBe(page.slice(0, 200));
    expect(e.status).toBe(200);
    expect(e.message).toBe(`[GET] ${server.origin}/x?key=••••3f9a: 200 OK (body is not JSON)`);
    expect(e.message).not.toContain('<html>');
  });

  it('logs one redacted line per attempt without headers or bodies', async () => {
    server = await startTestServer((_req, res, { index }) => {
      res.statusCode = index === 0 ? 503 : 200;
      res.end('{"secret_reply":"s3cr3t"}');
    });
    const events: HttpLogEvent[] = [];
    let t = 0;
    client = new HttpClient({
      logger: (e) => events.push(e),
      sleep: async () => undefined,
      now: () => (t += 5),
    });
    await client.request({
      method: 'GET',
      url: `${server.origin}/api/v2/money-send/100/${KEY}`,
      query: { pay_pass: '4321', key: KEY, session: 'abc' },
      headers: {
        Authorization: 'Bearer very-secret',
        'X-Api-Key': 'other-secret',
        Cookie: 'sid=cookie-secret',
      },
      callName: 'tm.money-send',
      redactQueryKeys: ['session'],
      redactValues: [KEY],
    });
    expect(events).toEqual([
      expect.objectContaining({ call: 'tm.money-send', method: 'GET', status: 503, attempt: 1, ms: 5 }),
      expect.objectContaining({ call: 'tm.money-send', method: 'GET', status: 200, attempt: 2, ms: 5 }),
    ]);
    const logged = JSON.stringify(events);
    for (const secret of [KEY, '4321', 'abc', 'very-secret', 'other-secret', 'cookie-secret', 's3cr3t']) {
      expect(logged).not.toContain(secret);
    }
    expect(events[0]?.url).toBe(
      `${server.origin}/api/v2/money-send/100/••••3f9a?pay_pass=••••&key=••••3f9a&session=••••`,
    );
  });

  it('reuses connections (keep-alive)', async () => {
    // undici may open a second socket when the next request is dispatched in the same tick as the end of
    // the previous answer; either way ten requests in a row must not mean ten connections.
    const ports = new Set<number>();
    server = await startTestServer((req, res) => {
      ports.add(req.socket.remotePort ?? 0);
      res.end('ok');
    });
    client = new HttpClient();
    for (let i = 0; i < 10; i += 1) await client.request({ method: 'GET', url: server.origin });
    expect(ports.size).toBeLessThanOrEqual(2);
  });
});
