import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo, Server, Socket } from 'node:net';

import { isLoopbackHost } from '@toydesk/contract';

/** A proxy login: what the simulated proxy demands (RFC 7617 Basic for HTTP, RFC 1929 for SOCKS5). */
export interface ProxyCredentials {
  username: string;
  password: string;
}

/** How the proxy ended one request. */
export type ProxyOutcome =
  /** Passed on to the destination (HTTP: forwarded or tunnelled; SOCKS5: connected). */
  | 'forwarded'
  /** Wrong or missing login: HTTP 407, SOCKS5 auth status 0x01 (or no acceptable method). */
  | 'unauthorized'
  /** The destination is not a loopback address: HTTP 403, SOCKS5 reply 0x02. */
  | 'refused'
  /** The proxy is simulated as down: HTTP 502, SOCKS5 reply 0x01. */
  | 'down'
  /** The request made no sense to a proxy (HTTP 400, SOCKS5 reply 0x07/0x08). */
  | 'bad-request'
  /** The destination could not be reached: HTTP 502, SOCKS5 reply 0x05 or 0x01. */
  | 'unreachable';

/** Options every simulated proxy takes. */
export interface ProxyServerOptions {
  /** When set, anything without this login is refused. */
  credentials?: ProxyCredentials | null;
  /** Simulates a proxy that cannot reach anything: every request fails (HTTP 502, SOCKS5 0x01). */
  down?: boolean;
  /** Where to listen (default 127.0.0.1; it must stay a loopback address). */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
}

/** The destination policy: only this machine's loopback, so nothing can leave through a simulated proxy. */
export const destinationAllowed = (host: string): boolean => isLoopbackHost(host);

/** Constant-time comparison of a login (a simulator, but the habit costs nothing). */
export function sameLogin(
  expected: ProxyCredentials,
  username: string | null,
  password: string | null,
): boolean {
  const equal = (a: string, b: string | null) => {
    if (b === null) return false;
    const left = Buffer.from(a, 'utf8');
    const right = Buffer.from(b, 'utf8');
    return left.length === right.length && timingSafeEqual(left, right);
  };
  // Both are compared whatever the first gives, so timing says nothing about which was wrong.
  const user = equal(expected.username, username);
  const pass = equal(expected.password, password);
  return user && pass;
}

/** Refuses to listen beyond loopback: the simulated proxies forward without asking who is calling. */
export function listenHost(host: string | undefined): string {
  const chosen = host ?? '127.0.0.1';
  if (!isLoopbackHost(chosen)) {
    throw new Error(`a simulated proxy listens on loopback only, not on ${chosen}`);
  }
  return chosen;
}

/**
 * Listens and tracks every socket (accepted and upstream), so close() ends tunnels that would otherwise
 * keep the server, and the test or demo process, alive.
 */
export async function listenTracked(
  server: Server,
  sockets: Set<Socket>,
  options: ProxyServerOptions,
): Promise<{ host: string; port: number; close(): Promise<void> }> {
  const host = listenHost(options.host);
  server.on('connection', (socket: Socket) => trackSocket(sockets, socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    host,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export function trackSocket(sockets: Set<Socket>, socket: Socket): void {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
}
