import { describe, expect, it } from 'vitest';

import {
  basic,
  connectViaHttpProxy,
  getThroughTunnel,
  viaHttpProxy,
  proxyTestBed,
  startTarget,
} from '../test-support/proxy-clients.ts';
import { startHttpProxy, type HttpProxy } from './http-proxy.ts';

const bed = proxyTestBed<HttpProxy>();

const LOGIN = { username: 'proxy01', password: 'p@ss:w0rd' };

describe('HTTP proxy simulator: absolute-URI requests', () => {
  it('forwards with the right login, without passing the login on', async () => {
    bed.proxy = await startHttpProxy({ credentials: LOGIN });
    const answer = await viaHttpProxy(
      bed.proxy.port,
      `${bed.target.origin}/robots.txt?x=1`,
      basic('proxy01', 'p@ss:w0rd'),
    );
    expect(answer).toEqual({ status: 200, body: JSON.stringify({ path: '/robots.txt?x=1' }) });
    expect(bed.target.requests).toHaveLength(1);
    expect(bed.target.requests[0]!.headers['proxy-authorization']).toBeUndefined();
    expect(bed.proxy.seen).toEqual([
      {
        method: 'GET',
        target: `${bed.target.origin}/robots.txt?x=1`,
        proxyAuthorization: basic('proxy01', 'p@ss:w0rd'),
        outcome: 'forwarded',
      },
    ]);
  });

  it('answers 407 to a wrong or missing login, and the target never hears of it', async () => {
    bed.proxy = await startHttpProxy({ credentials: LOGIN });
    const refused = [basic('proxy01', 'wrong'), basic('proxy02', 'p@ss:w0rd'), undefined, 'Bearer abc'];
    for (const authorization of refused) {
      expect((await viaHttpProxy(bed.proxy.port, bed.target.origin, authorization)).status).toBe(407);
    }
    expect(bed.proxy.seen.map((s) => s.outcome)).toEqual(refused.map(() => 'unauthorized'));
    expect(bed.target.requests).toHaveLength(0);
  });

  it('serves anyone when it has no login', async () => {
    bed.proxy = await startHttpProxy();
    expect((await viaHttpProxy(bed.proxy.port, `${bed.target.origin}/a`)).status).toBe(200);
  });

  it('refuses (403) every destination that is not loopback, without connecting', async () => {
    bed.proxy = await startHttpProxy({ credentials: LOGIN });
    const auth = basic('proxy01', 'p@ss:w0rd');
    for (const url of [
      'http://10.0.0.13:3128/robots.txt',
      'http://steamcommunity.com/robots.txt',
      'http://127.0.0.1.nip.io/',
      'http://[2001:db8::1]/',
    ]) {
      const answer = await viaHttpProxy(bed.proxy.port, url, auth);
      expect(answer.status, url).toBe(403);
    }
    expect(bed.proxy.seen.map((s) => s.outcome)).toEqual(['refused', 'refused', 'refused', 'refused']);
    // localhost is loopback by name.
    const local = await viaHttpProxy(bed.proxy.port, `http://localhost:${bed.target.port}/l`, auth);
    expect(local.status).toBe(200);
  });

  it('answers 400 to a request that is not for a proxy (origin-form) or not http://', async () => {
    bed.proxy = await startHttpProxy();
    expect((await viaHttpProxy(bed.proxy.port, '/robots.txt')).status).toBe(400);
    expect((await viaHttpProxy(bed.proxy.port, `ftp://127.0.0.1:${bed.target.port}/`)).status).toBe(400);
  });

  it('answers 502 when the loopback destination does not answer', async () => {
    bed.proxy = await startHttpProxy();
    const closed = bed.target.port;
    await bed.target.close();
    expect((await viaHttpProxy(bed.proxy.port, `http://127.0.0.1:${closed}/`)).status).toBe(502);
    expect(bed.proxy.seen[0]!.outcome).toBe('unreachable');
    bed.target = await startTarget();
  });

  it('a down proxy answers 502 to everything, logged in or not', async () => {
    bed.proxy = await startHttpProxy({ credentials: LOGIN, down: true });
    expect(
      (await viaHttpProxy(bed.proxy.port, bed.target.origin, basic('proxy01', 'p@ss:w0rd'))).status,
    ).toBe(502);
    expect((await viaHttpProxy(bed.proxy.port, bed.target.origin)).status).toBe(502);
    expect((await connectViaHttpProxy(bed.proxy.port, `127.0.0.1:${bed.target.port}`)).status).toBe(502);
    expect(bed.target.requests).toHaveLength(0);
  });
});

describe('HTTP proxy simulator: CONNECT tunnels', () => {
  it('opens a tunnel with the right login', async () => {
    bed.proxy = await startHttpProxy({ credentials: LOGIN });
    const { status, socket } = await connectViaHttpProxy(
      bed.proxy.port,
      `127.0.0.1:${bed.target.port}`,
      basic('proxy01', 'p@ss:w0rd'),
    );
    expect(status).toBe(200);
    const raw = await getThroughTunnel(socket!, '/through/the/tunnel');
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(raw).toContain('{"path":"/through/the/tunnel"}');
    expect(bed.proxy.seen).toEqual([
      {
        method: 'CONNECT',
        target: `127.0.0.1:${bed.target.port}`,
        proxyAuthorization: basic('proxy01', 'p@ss:w0rd'),
        outcome: 'forwarded',
      },
    ]);
  });

  it('answers 407 to a wrong login, 403 to a destination beyond loopback, 400 to a malformed one', async () => {
    bed.proxy = await startHttpProxy({ credentials: LOGIN });
    const auth = basic('proxy01', 'p@ss:w0rd');
    // [CONNECT target, Proxy-Authorization, status answered, outcome the proxy records]
    const cases = [
      [`127.0.0.1:${bed.target.port}`, basic('x', 'y'), 407, 'unauthorized'],
      ['10.0.0.13:8443', auth, 403, 'refused'],
      ['steamcommunity.com:443', auth, 403, 'refused'],
      ['[2001:db8::1]:443', auth, 403, 'refused'],
      ['127.0.0.1', auth, 400, 'bad-request'],
      ['127.0.0.1:70000', auth, 400, 'bad-request'],
    ] as const;
    for (const [target, authorization, status] of cases) {
      expect((await connectViaHttpProxy(bed.proxy.port, target, authorization)).status).toBe(status);
    }
    expect(bed.proxy.seen.map((s) => s.outcome)).toEqual(cases.map(([, , , outcome]) => outcome));
    expect(bed.target.requests).toHaveLength(0);
  });

  it('answers 502 when the loopback destination refuses the connection', async () => {
    bed.proxy = await startHttpProxy();
    const closed = bed.target.port;
    await bed.target.close();
    expect((await connectViaHttpProxy(bed.proxy.port, `127.0.0.1:${closed}`)).status).toBe(502);
    bed.target = await startTarget();
  });

  it('close() ends open tunnels', async () => {
    bed.proxy = await startHttpProxy();
    const { socket } = await connectViaHttpProxy(bed.proxy.port, `127.0.0.1:${bed.target.port}`);
    const closed = new Promise<void>((resolve) => socket!.once('close', () => resolve()));
    await bed.proxy.close();
    delete bed.proxy;
    await closed;
  });
});

describe('HTTP proxy simulator: where it listens', () => {
  it('refuses to listen beyond loopback', async () => {
    await expect(startHttpProxy({ host: '0.0.0.0' })).rejects.toThrow(/loopback only/);
  });
});
