import type { MarketCode } from '@toydesk/contract';
import { HttpClient, MemoryRateLimiter } from '@toydesk/http';
import {
  createSimulatorServer,
  KitControlClient,
  type KitConfigPatch,
  type OtherMarket,
  type SimulatorServer,
} from '@toydesk/simulators';

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
    async close() {
      await http.close();
      await server.close();
    },
  };
}
