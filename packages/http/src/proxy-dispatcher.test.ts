import { createServer, type AddressInfo } from 'node:net';

import {
  startHttpProxy,
  startSocks5Proxy,
  type HttpProxy,
  type Socks5Proxy,
} from '@toydesk/simulators/proxy';
import { afterEach, describe, expect, it } from 'vitest';

import { HttpClient } from './http-client.ts';
import { HttpNetworkError } from './http-errors.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let target: TestServer;
let proxy: HttpProxy | undefined;
let socks: Socks5Proxy | undefined;
let client: HttpClient;

afterEach(async () => {
  await client?.close();
  await proxy?.close();
  await socks?.close();
  await target?.close();
  proxy = undefined;
  socks = undefined;
});

async function startTarget(): Promise<TestServer> {
  target = await startTestServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ path: req.url }));
  });
  return target;
}

describe('HTTP proxy', () => {
  it('sends the request through the proxy, with its credentials, as an absolute URI', async () => {
    await startTarget();
    proxy = await startHttpProxy({ credentials: { username: 'bob', password: 'p@ss:w0rd' } });
    client = new HttpClient();
    const via = {
      protocol: 'http' as const,
      host: '127.0.0.1',
      port: proxy.port,
      username: 'bob',
      password: 'p@ss:w0rd',
    };
    for (const i of [1, 2]) {
      const res = await client.request({
        method: 'GET',
        url: `${target.origin}/api/items`,
        query: { i },
        proxy: via,
      });
      expect(res.json()).toEqual({ path: `/api/items?i=${i}` });
    }
    expect(proxy.seen).toEqual(
      [1, 2].map((i) => ({
        method: 'GET',
        target: `${target.origin}/api/items?i=${i}`,
        proxyAuthorization: `Basic ${Buffer.from('bob:p@ss:w0rd').toString('base64')}`,
        outcome: 'forwarded',
      })),
    );
    expect(target.requests).toHaveLength(2);
    expect(target.requests[0]?.headers['proxy-authorization']).toBeUndefined();
  });

  it('a refused login at the proxy (407) is a network error: the marketplace was never reached', async () => {
    await startTarget();
    proxy = await startHttpProxy({ credentials: { username: 'bob', password: 'right' } });
    client = new HttpClient({ sleep: async () => undefined });
    const error = await client
      .request({
        method: 'GET',
        url: target.origin,
        proxy: { protocol: 'http', host: '127.0.0.1', port: proxy.port, username: 'bob', password: 'wrong' },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpNetworkError);
    expect((error as HttpNetworkError).statusText).toContain('407');
    expect((error as HttpNetworkError).message).not.toContain('wrong');
    expect(target.requests).toHaveLength(0);
  });

  it('tunnels an https target with CONNECT (the TLS handshake then runs end to end)', async () => {
    // No certificate needed: a TCP server stands in for the marketplace and only checks that what comes
    // out of the tunnel is a TLS ClientHello (record type 0x16), then hangs up.
    const hellos: number[] = [];
    const tls = createServer((socket) => {
      socket.once('data', (chunk: Buffer) => {
        hellos.push(chunk[0] ?? -1);
        socket.destroy();
      });
    });
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const port = (tls.address() as AddressInfo).port;
    try {
      proxy = await startHttpProxy({ credentials: { username: 'bob', password: 'pw' } });
      client = new HttpClient({ sleep: async () => undefined });
      const error = await client
        .request({
          method: 'GET',
          url: `https://127.0.0.1:${port}/api/v2/get-money`,
          proxy: { protocol: 'http', host: '127.0.0.1', port: proxy.port, username: 'bob', password: 'pw' },
          maxRetries: 0,
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpNetworkError);
      expect(proxy.seen).toEqual([
        {
          method: 'CONNECT',
          target: `127.0.0.1:${port}`,
          proxyAuthorization: `Basic ${Buffer.from('bob:pw').toString('base64')}`,
          outcome: 'forwarded',
        },
      ]);
      expect(hellos).toEqual([0x16]);
    } finally {
      await new Promise((resolve) => tls.close(resolve));
    }
  });

  it('does not mix up direct and proxied requests', async () => {
    await startTarget();
    proxy = await startHttpProxy();
    client = new HttpClient();
    await client.request({ method: 'GET', url: target.origin });
    await client.request({
      method: 'GET',
      url: target.origin,
      proxy: { protocol: 'http', host: '127.0.0.1', port: proxy.port },
    });
    await client.request({ method: 'GET', url: target.origin, proxy: null });
    expect(proxy.seen).toHaveLength(1);
    expect(target.requests).toHaveLength(3);
  });
});

describe('SOCKS5 proxy', () => {
  it('connects through a SOCKS5 server without auth', async () => {
    await startTarget();
    socks = await startSocks5Proxy();
    client = new HttpClient();
    const res = await client.request({
      method: 'POST',
      url: `${target.origin}/api/v2/ping-new`,
      json: { access_token: 't' },
      proxy: { protocol: 'socks5', host: '127.0.0.1', port: socks.port },
    });
    expect(res.json()).toEqual({ path: '/api/v2/ping-new' });
    expect(socks.connections).toEqual([
      { destination: `127.0.0.1:${target.port}`, username: null, password: null, outcome: 'forwarded' },
    ]);
    expect(target.requests[0]?.body).toBe('{"access_token":"t"}');
  });

  it('logs in with username and password (RFC 1929) and reuses the tunnel', async () => {
    await startTarget();
    socks = await startSocks5Proxy({ credentials: { username: 'alice', password: 's3cret' } });
    client = new HttpClient();
    const via = {
      protocol: 'socks5' as const,
      host: '127.0.0.1',
      port: socks.port,
      username: 'alice',
      password: 's3cret',
    };
    await client.request({ method: 'GET', url: `${target.origin}/a`, proxy: via });
    await client.request({ method: 'GET', url: `${target.origin}/b`, proxy: via });
    expect(target.requests.map((r) => r.url)).toEqual(['/a', '/b']);
    expect(socks.connections.length).toBeGreaterThanOrEqual(1);
    expect(socks.connections[0]).toEqual({
      destination: `127.0.0.1:${target.port}`,
      username: 'alice',
      password: 's3cret',
      outcome: 'forwarded',
    });
  });

  it('a wrong SOCKS5 password is a network error, not retried into a loop', async () => {
    await startTarget();
    socks = await startSocks5Proxy({ credentials: { username: 'alice', password: 's3cret' } });
    client = new HttpClient({ sleep: async () => undefined });
    const error = await client
      .request({
        method: 'GET',
        url: target.origin,
        proxy: {
          protocol: 'socks5',
          host: '127.0.0.1',
          port: socks.port,
          username: 'alice',
          password: 'nope',
        },
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'HttpNetworkError', attempts: 2 });
    expect((error as Error).message).not.toContain('nope');
    expect(target.requests).toHaveLength(0);
  });
});
