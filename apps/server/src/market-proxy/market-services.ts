import type { MarketCode } from '@toydesk/contract';
import { HttpClient, KeyPrefixRateLimiter, PostgresRateLimiter } from '@toydesk/http';
import type { MarketEndpoint } from '@toydesk/markets';

import type { Database } from '../db/database.ts';
import type { Services } from '../services.ts';

/** The outbound side of the server: one transport, and one PostgreSQL-held limiter per marketplace family. */
export function createMarketServices(
  db: Database,
  endpoints: Record<MarketCode, MarketEndpoint>,
  allowIpLiteralHosts: boolean,
): Services['markets'] {
  const limiters: Record<string, PostgresRateLimiter> = {};
  for (const endpoint of Object.values(endpoints)) {
    const family = endpoint.code === 'tm_usd' ? 'tm' : endpoint.code;
    // tm deletes a key that goes over 5 per second: a wider margin than the transport's default keeps
    // late-leaving requests (a busy event loop, a cold connection) inside the limit (bench:markets).
    limiters[family] ??= new PostgresRateLimiter({
      db,
      ...endpoint.rateLimit,
      safetyMarginMs: family === 'tm' ? 250 : 100,
    });
  }
  const rateLimiter = new KeyPrefixRateLimiter(limiters);
  return { endpoints, http: new HttpClient({ rateLimiter }), rateLimiter, allowIpLiteralHosts };
}
