import type { MarketCode } from '@toydesk/contract';
import { HttpClient, MemoryRateLimiter } from '@toydesk/http';
import {
  createSimulatorServer,
  KitControlClient,
  type KitConfigPatch,
  type KitCreatedAccount,
  type OtherMarket,
  type SimulatorServer,
} from '@toydesk/simulators';

import type { MarketClientConfig } from '../kit/market-transport.ts';
import { loadMarketEndpoints, type MarketEndpoint } from '../market-endpoints.ts';

/**
 * Test support (imported by tests only): a simulator server on port 0, the endpoint of one market pointing
 * at it, its control API, and an HttpClient with a generous limiter and short backoff.
 */
export interface MarketSim {
  server: SimulatorServer;
  base: string;
  endpoint: MarketEndpoint;
  control: KitControlClient;
  http: HttpClient;
  /** A client's configuration for this simulator with the given credential. */
  config(credential: string): MarketClientConfig;
  close(): Promise<void>;
}

export async function startMarketSim(
  market: OtherMarket & MarketCode,
  config: KitConfigPatch = {},
): Promise<MarketSim> {
  const server = await createSimulatorServer({ marketConfig: { [market]: config } });
  const base = await server.listen();
  const endpoint = loadMarketEndpoints({}, { simulatorBaseUrl: base })[market];
  const http = new HttpClient({
    rateLimiter: new MemoryRateLimiter({ limit: 1000, windowMs: 1000 }),
    retry: { baseDelayMs: 5, maxDelayMs: 50 },
  });
  return {
    server,
    base,
    endpoint,
    control: new KitControlClient(endpoint.baseUrl),
    http,
    config: (credential) => ({ baseUrl: endpoint.baseUrl, http, credential }),
    async close() {
      await http.close();
      await server.close();
    },
  };
}

/** What a market's test file works with: its simulator, one account there, and the market as that account. */
export interface SimulatedMarket<M> {
  sim: MarketSim;
  account: KitCreatedAccount;
  market: M;
}

/** Starts `code`'s simulator, opens an account (`account`: its money and items) and the market under test on it. */
export async function startSimulatedMarket<M>(
  code: OtherMarket & MarketCode,
  Market: new (config: MarketClientConfig) => M,
  options: { config?: KitConfigPatch; account?: Parameters<KitControlClient['account']>[0] } = {},
): Promise<SimulatedMarket<M>> {
  const sim = await startMarketSim(code, options.config);
  const account = await sim.control.account(options.account);
  return { sim, account, market: new Market(sim.config(account.credential)) };
}
