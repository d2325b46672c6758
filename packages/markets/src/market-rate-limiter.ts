import type { MarketCode } from '@toydesk/contract';
import { KeyPrefixRateLimiter, PostgresRateLimiter, type RateLimitDatabase } from '@toydesk/http';

import type { MarketEndpoint } from './market-endpoints.ts';

/**
 * Added to each marketplace's window. Tokens are held until their request is answered (below), so the
 * margin no longer has to cover a late send; it covers the marketplace counting by its own clock and
 * rounding (tm counts per second), for 9% of tm's throughput.
 */
export const MARKET_RATE_LIMIT_MARGIN_MS = 100;

/**
 * The longest a token is held for a request that never reports an answer (a timeout, a killed process):
 * the request is sent within half of it or not at all (PostgresRateLimiter, HttpClient).
 */
export const MARKET_RATE_LIMIT_MAX_HOLD_MS = 30_000;

/**
 * The one rate-limit configuration of every process that calls a marketplace with an account's key: the
 * server's market proxy, the bot services and the job workers. One PostgreSQL-held sliding window per
 * marketplace family (tm_usd shares tm's, see marketRateLimitKey), each token counted from its request's
 * answer rather than from its grant: a process that stalls between the grant and the send (a busy event
 * loop, a pause, a cold connection) cannot make two requests land closer than the window, which a margin
 * alone only made unlikely (9 violations of tm's 5 per second in 2,306 requests with two workers).
 */
export function createMarketRateLimiter(
  db: RateLimitDatabase,
  endpoints: Record<MarketCode, MarketEndpoint>,
): KeyPrefixRateLimiter {
  const limiters: Record<string, PostgresRateLimiter> = {};
  for (const endpoint of Object.values(endpoints)) {
    const family = endpoint.code === 'tm_usd' ? 'tm' : endpoint.code;
    limiters[family] ??= new PostgresRateLimiter({
      db,
      ...endpoint.rateLimit,
      safetyMarginMs: MARKET_RATE_LIMIT_MARGIN_MS,
      holdUntilAnswered: { maxHoldMs: MARKET_RATE_LIMIT_MAX_HOLD_MS },
    });
  }
  return new KeyPrefixRateLimiter(limiters);
}
