import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  getThroughTunnel,
  socksConnect,
  startTarget,
  type TargetServer,
} from '../test-support/proxy-clients.ts';
import { startSocks5Proxy, type Socks5Proxy } from './socks5-proxy.ts';

let target: TargetServer;
let proxy: Socks5Proxy | undefined;

beforeEach(async () => {
  target = await startTarget();
});
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  await target.close();
});

const LOGIN = { username: 'proxy04', password: 's3cret' };

describe('SOCKS5 proxy simulator', () => {
  it('connects without authentication when it has no login', async () => {
    proxy = await startSocks5Proxy();
    const attempt = await socksConnect(proxy.port, null, { host: '127.0.0.1', port: target.port });
    expect(attempt).toMatchObject({ method: 0x00, authStatus: null, reply: 0x00 });
    expect(await getThroughTunnel(attempt.socket!, '/open')).toContain('{"path":"/open"}');
    expect(proxy.connections).toEqual([
      { destination: `127.0.0.1:${target.port}`, username: null, password: null, outcome: 'forwarded' },
    ]);
  });

  it('logs in with username and password (RFC 1929), then tunnels', async () => {
    proxy = await startSocks5Proxy({ credentials: LOGIN });
    const attempt = await socksConnect(proxy.port, LOGIN, { host: 'localhost', port: target.port });
    expect(attempt).toMatchObject({ method: 0x02, authStatus: 0x00, reply: 0x00 });
    expect(await getThroughTunnel(attempt.socket!, '/logged-in')).toContain('{"path":"/logged-in"}');
    expect(proxy.connections).toEqual([
      {
        destination: `localhost:${target.port}`,
        username: 'proxy04',
        password: 's3cret',
        outcome: 'forwarded',
      },
    ]);
  });

  it('refuses a wrong password (status 0x01) and a client that offers no login (0xff)', async () => {
    proxy = await startSocks5Proxy({ credentials: LOGIN });
    const wrong = await socksConnect(
      proxy.port,
      { username: 'proxy04', password: 'nope' },
      {
        host: '127.0.0.1',
        port: target.port,
      },
    );
    expect(wrong).toMatchObject({ method: 0x02, authStatus: 0x01, reply: null, socket: null });
    const anonymous = await socksConnect(proxy.port, null, { host: '127.0.0.1', port: target.port });
    expect(anonymous).toMatchObject({ method: 0xff, reply: null });
    expect(proxy.connections).toEqual([]);
    expect(target.requests).toHaveLength(0);
  });

  it('refuses every destination beyond loopback with 0x02 (not allowed by ruleset)', async () => {
    proxy = await startSocks5Proxy({ credentials: LOGIN });
    for (const host of ['10.0.0.18', 'steamcommunity.com', '127.0.0.1.nip.io', '0.0.0.0']) {
      const attempt = await socksConnect(proxy.port, LOGIN, { host, port: 443 });
      expect(attempt.reply, host).toBe(0x02);
    }
    expect(proxy.connections.map((c) => c.outcome)).toEqual(['refused', 'refused', 'refused', 'refused']);
  });

  it('answers 0x05 when the loopback destination refuses the connection', async () => {
    proxy = await startSocks5Proxy();
    const closed = target.port;
    await target.close();
    const attempt = await socksConnect(proxy.port, null, { host: '127.0.0.1', port: closed });
    expect(attempt.reply).toBe(0x05);
    expect(proxy.connections[0]!.outcome).toBe('unreachable');
    target = await startTarget();
  });

  it('a down proxy answers 0x01 (general failure) after the login', async () => {
    proxy = await startSocks5Proxy({ credentials: LOGIN, down: true });
    const attempt = await socksConnect(proxy.port, LOGIN, { host: '127.0.0.1', port: target.port });
    expect(attempt).toMatchObject({ authStatus: 0x00, reply: 0x01 });
    expect(proxy.connections[0]!.outcome).toBe('down');
    expect(target.requests).toHaveLength(0);
  });

  it('refuses to listen beyond loopback', async () => {
    await expect(startSocks5Proxy({ host: '0.0.0.0' })).rejects.toThrow(/loopback only/);
  });
});
