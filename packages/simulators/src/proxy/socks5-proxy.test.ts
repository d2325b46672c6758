import { describe, expect, it } from 'vitest';

import { getThroughTunnel, socksConnect, proxyTestBed, startTarget } from '../test-support/proxy-clients.ts';
import { startSocks5Proxy, type Socks5Proxy } from './socks5-proxy.ts';

const bed = proxyTestBed<Socks5Proxy>();

const LOGIN = { username: 'proxy04', password: 's3cret' };

describe('SOCKS5 proxy simulator', () => {
  it('connects without authentication when it has no login', async () => {
    bed.proxy = await startSocks5Proxy();
    const attempt = await socksConnect(bed.proxy.port, null, { host: '127.0.0.1', port: bed.target.port });
    expect(attempt).toMatchObject({ method: 0x00, authStatus: null, reply: 0x00 });
    expect(await getThroughTunnel(attempt.socket!, '/open')).toContain('{"path":"/open"}');
    expect(bed.proxy.connections).toEqual([
      { destination: `127.0.0.1:${bed.target.port}`, username: null, password: null, outcome: 'forwarded' },
    ]);
  });

  it('logs in with username and password (RFC 1929), then tunnels', async () => {
    bed.proxy = await startSocks5Proxy({ credentials: LOGIN });
    const attempt = await socksConnect(bed.proxy.port, LOGIN, { host: 'localhost', port: bed.target.port });
    expect(attempt).toMatchObject({ method: 0x02, authStatus: 0x00, reply: 0x00 });
    expect(await getThroughTunnel(attempt.socket!, '/logged-in')).toContain('{"path":"/logged-in"}');
    expect(bed.proxy.connections).toEqual([
      {
        destination: `localhost:${bed.target.port}`,
        username: 'proxy04',
        password: 's3cret',
        outcome: 'forwarded',
      },
    ]);
  });

  it('refuses a wrong password (status 0x01) and a client that offers no login (0xff)', async () => {
    bed.proxy = await startSocks5Proxy({ credentials: LOGIN });
    const wrong = await socksConnect(
      bed.proxy.port,
      { username: 'proxy04', password: 'nope' },
      {
        host: '127.0.0.1',
        port: bed.target.port,
      },
    );
    expect(wrong).toMatchObject({ method: 0x02, authStatus: 0x01, reply: null, socket: null });
    const anonymous = await socksConnect(bed.proxy.port, null, { host: '127.0.0.1', port: bed.target.port });
    expect(anonymous).toMatchObject({ method: 0xff, reply: null });
    expect(bed.proxy.connections).toEqual([]);
    expect(bed.target.requests).toHaveLength(0);
  });

  it('refuses every destination beyond loopback with 0x02 (not allowed by ruleset)', async () => {
    bed.proxy = await startSocks5Proxy({ credentials: LOGIN });
    for (const host of ['10.0.0.18', 'steamcommunity.com', '127.0.0.1.nip.io', '0.0.0.0']) {
      const attempt = await socksConnect(bed.proxy.port, LOGIN, { host, port: 443 });
      expect(attempt.reply, host).toBe(0x02);
    }
    expect(bed.proxy.connections.map((c) => c.outcome)).toEqual(['refused', 'refused', 'refused', 'refused']);
  });

  it('answers 0x05 when the loopback destination refuses the connection', async () => {
    bed.proxy = await startSocks5Proxy();
    const closed = bed.target.port;
    await bed.target.close();
    const attempt = await socksConnect(bed.proxy.port, null, { host: '127.0.0.1', port: closed });
    expect(attempt.reply).toBe(0x05);
    expect(bed.proxy.connections[0]!.outcome).toBe('unreachable');
    bed.target = await startTarget();
  });

  it('a down proxy answers 0x01 (general failure) after the login', async () => {
    bed.proxy = await startSocks5Proxy({ credentials: LOGIN, down: true });
    const attempt = await socksConnect(bed.proxy.port, LOGIN, { host: '127.0.0.1', port: bed.target.port });
    expect(attempt).toMatchObject({ authStatus: 0x00, reply: 0x01 });
    expect(bed.proxy.connections[0]!.outcome).toBe('down');
    expect(bed.target.requests).toHaveLength(0);
  });

  it('refuses to listen beyond loopback', async () => {
    await expect(startSocks5Proxy({ host: '0.0.0.0' })).rejects.toThrow(/loopback only/);
  });
});
