import { connect } from 'node:net';

import { describe, expect, it } from 'vitest';

import { basic, socksConnect, viaHttpProxy, proxyTestBed } from '../test-support/proxy-clients.ts';
import { startProxySimulator, type ProxySimulator } from './proxy-simulator.ts';

const bed = proxyTestBed<ProxySimulator>();

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('proxy simulator', () => {
  it('starts one loopback proxy per spec, each with its own port, login and state', async () => {
    bed.proxy = await startProxySimulator({
      proxies: [
        { protocol: 'http', credentials: { username: 'a', password: 'pa' } },
        { protocol: 'socks5', credentials: { username: 'b', password: 'pb' } },
        { protocol: 'http', credentials: { username: 'c', password: 'pc' }, down: true },
        { protocol: 'socks5' },
      ],
    });
    expect(bed.proxy.proxies.map((p) => [p.protocol, p.host, p.down ?? false])).toEqual([
      ['http', '127.0.0.1', false],
      ['socks5', '127.0.0.1', false],
      ['http', '127.0.0.1', true],
      ['socks5', '127.0.0.1', false],
    ]);
    expect(new Set(bed.proxy.proxies.map((p) => p.port)).size).toBe(4);

    const [http, socks, down, open] = bed.proxy.proxies;
    expect((await viaHttpProxy(http!.port, `${bed.target.origin}/h`, basic('a', 'pa'))).status).toBe(200);
    expect((await viaHttpProxy(http!.port, `${bed.target.origin}/h`, basic('b', 'pb'))).status).toBe(407);
    expect(
      (
        await socksConnect(
          socks!.port,
          { username: 'b', password: 'pb' },
          { host: '127.0.0.1', port: bed.target.port },
        )
      ).reply,
    ).toBe(0x00);
    expect((await viaHttpProxy(down!.port, `${bed.target.origin}/d`, basic('c', 'pc'))).status).toBe(502);
    expect((await socksConnect(open!.port, null, { host: '10.0.0.18', port: 1080 })).reply).toBe(0x02);
    expect(bed.target.requests.map((r) => r.url)).toEqual(['/h']);
  });

  it('close() frees every port', async () => {
    bed.proxy = await startProxySimulator({ proxies: [{ protocol: 'http' }, { protocol: 'socks5' }] });
    const ports = bed.proxy.proxies.map((p) => p.port);
    await bed.proxy.close();
    delete bed.proxy;
    for (const port of ports) expect(await refused(port)).toBe(true);
  });

  it('a failed start closes what it had started', async () => {
    await expect(startProxySimulator({ proxies: [{ protocol: 'http' }], host: '192.0.2.1' })).rejects.toThrow(
      /loopback only/,
    );
  });
});
