// The proxy simulator alone (`@toydesk/simulators/proxy`): Node's net and http only, so a test that needs
// a proxy does not load the marketplace simulators (Fastify, the item catalogue) with it.
export { startHttpProxy, type HttpProxy, type ProxiedRequest } from './http-proxy.ts';
export { startSocks5Proxy, type Socks5Proxy, type SocksConnection } from './socks5-proxy.ts';
export type { ProxyCredentials, ProxyOutcome, ProxyServerOptions } from './proxy-common.ts';
export {
  startProxySimulator,
  type ProxySimulator,
  type SimulatedProxy,
  type SimulatedProxyProtocol,
  type SimulatedProxySpec,
} from './proxy-simulator.ts';
