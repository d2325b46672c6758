import { startHttpProxy, type HttpProxy } from './http-proxy.ts';
import type { ProxyCredentials } from './proxy-common.ts';
import { startSocks5Proxy, type Socks5Proxy } from './socks5-proxy.ts';

/** The protocols the simulator speaks (an `https` proxy would need a certificate; see the README). */
export type SimulatedProxyProtocol = 'http' | 'socks5';

/** One proxy to simulate. */
export interface SimulatedProxySpec {
  protocol: SimulatedProxyProtocol;
  /** The login it demands; none when null or absent. */
  credentials?: ProxyCredentials | null;
  /** A proxy that is down: HTTP 502 / SOCKS5 0x01 to every request. */
  down?: boolean;
}

/** A running simulated proxy: its spec, where it listens, and what it saw. */
export type SimulatedProxy = SimulatedProxySpec &
  (
    | { protocol: 'http'; host: string; port: number; server: HttpProxy }
    | { protocol: 'socks5'; host: string; port: number; server: Socks5Proxy }
  );

export interface ProxySimulator {
  /** In the order of the specs given. */
  proxies: SimulatedProxy[];
  close(): Promise<void>;
}

/**
 * Starts one loopback proxy per spec, each on its own free port (dev, tests and demo only): HTTP proxies
 * (absolute-URI and CONNECT, Basic login) and SOCKS5 proxies (RFC 1928/1929). None of them serves a
 * destination beyond loopback.
 */
export async function startProxySimulator(options: {
  proxies: SimulatedProxySpec[];
  /** Where every proxy listens (default 127.0.0.1; loopback only). */
  host?: string;
}): Promise<ProxySimulator> {
  const proxies: SimulatedProxy[] = [];
  const close = async () => {
    await Promise.all(proxies.map((p) => p.server.close()));
  };
  try {
    for (const spec of options.proxies) {
      const serverOptions = {
        credentials: spec.credentials ?? null,
        down: spec.down ?? false,
        host: options.host,
      };
      if (spec.protocol === 'http') {
        const server = await startHttpProxy(serverOptions);
        proxies.push({ ...spec, protocol: 'http', host: server.host, port: server.port, server });
      } else {
        const server = await startSocks5Proxy(serverOptions);
        proxies.push({ ...spec, protocol: 'socks5', host: server.host, port: server.port, server });
      }
    }
  } catch (error) {
    // A half-started simulator would keep its ports and the process alive.
    await close();
    throw error;
  }
  return { proxies, close };
}
