import type { MarketCode } from '@toydesk/contract';
import { HttpClient } from '@toydesk/http';
import { createMarketRateLimiter, type MarketEndpoint } from '@toydesk/markets';

import type { Database } from '../db/database.ts';
import type { Services } from '../services.ts';

/** The outbound side of the server: one transport and the limits every process shares (createMarketRateLimiter). */
export function createMarketServices(
  db: Database,
  endpoints: Record<MarketCode, MarketEndpoint>,
  allowIpLiteralHosts: boolean,
): Services['markets'] {
  const rateLimiter = createMarketRateLimiter(db, endpoints);
  return { endpoints, http: new HttpClient({ rateLimiter }), rateLimiter, allowIpLiteralHosts };
}
