import type { MarketCode } from '@toydesk/contract';
import { HttpClient, type RateLimitDatabase, type RateLimiter } from '@toydesk/http';

import type { MarketEndpoint } from './market-endpoints.ts';
import { createMarketRateLimiter } from './market-rate-limiter.ts';

/** What a process needs to call marketplaces: where each lives, one transport and the shared limits. */
export interface MarketOutbound {
  endpoints: Record<MarketCode, MarketEndpoint>;
  http: HttpClient;
  /** Per-key limits shared by every process (PostgreSQL-held, see createMarketRateLimiter). */
  rateLimiter: RateLimiter;
  allowIpLiteralHosts: boolean;
}

/** The one outbound setup of the server's market proxy, the bot services and the workers. */
export function createMarketOutbound(
  db: RateLimitDatabase,
  endpoints: Record<MarketCode, MarketEndpoint>,
  allowIpLiteralHosts: boolean,
): MarketOutbound {
  const rateLimiter = createMarketRateLimiter(db, endpoints);
  return { endpoints, http: new HttpClient({ rateLimiter }), rateLimiter, allowIpLiteralHosts };
}
