import { socksDispatcher } from 'fetch-socks';
import { ProxyAgent, type Agent, type Dispatcher } from 'undici';

import type { ProxyConfig } from './http-request.ts';

/** Keep-alive settings shared by the direct agent and every proxy agent. */
export const AGENT_OPTIONS: Agent.Options = {
  keepAliveTimeout: 10_000,
  keepAliveMaxTimeout: 60_000,
  // Connecting is part of the per-call timeout; this only bounds a connect when the call has none.
  connect: { timeout: 30_000 },
};

/** One cache key per distinct proxy (credentials included: two logins on one proxy are two proxies). */
export function proxyKey(proxy: ProxyConfig): string {
  return JSON.stringify([proxy.protocol, proxy.host, proxy.port, proxy.username ?? '', proxy.password ?? '']);
}

/**
 * A dispatcher that sends everything through the proxy.
 *
 * - HTTP/HTTPS proxies: undici's ProxyAgent. HTTPS targets are tunnelled with CONNECT; plain-HTTP targets
 *   go as absolute-URI requests to the proxy (proxyTunnel: false), as curl does, which every HTTP proxy
 *   understands.
 * - SOCKS5: fetch-socks (the `socks` library as an undici connector). undici 7's own SOCKS5 support still
 *   prints an ExperimentalWarning, so it is not used.
 */
export function createProxyDispatcher(proxy: ProxyConfig): Dispatcher {
  const username = proxy.username ?? undefined;
  const password = proxy.password ?? undefined;
  if (proxy.protocol === 'socks5') {
    return socksDispatcher(
      { type: 5, host: proxy.host, port: proxy.port, userId: username, password },
      { ...AGENT_OPTIONS, connect: { timeout: 30_000 } },
    );
  }
  const host = proxy.host.includes(':') ? `[${proxy.host}]` : proxy.host; // IPv6 literal
  return new ProxyAgent({
    ...AGENT_OPTIONS,
    uri: `${proxy.protocol}://${host}:${proxy.port}`,
    // Credentials as a header value, not in the URI, so no character of a password needs escaping.
    token:
      username !== undefined
        ? `Basic ${Buffer.from(`${username}:${password ?? ''}`).toString('base64')}`
        : undefined,
    proxyTunnel: false,
  });
}
