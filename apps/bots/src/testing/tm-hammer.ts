import { setTimeout as sleep } from 'node:timers/promises';

import {
  HttpClient,
  KeyPrefixRateLimiter,
  PostgresRateLimiter,
  type RateLimitDatabase,
  type RateLimitGrant,
  type RateLimiter,
} from '@toydesk/http';
import { createTmClient } from '@toydesk/markets';

import type { BotMarkets } from '../bot-runtime.ts';

/** What one process does in the shared rate-limit test (market-rate-limit.test.ts). */
export interface TmHammerPlan {
  /** The tm account's API key on the simulator. */
  key: string;
  /** How long to keep calling. */
  seconds: number;
  /** Calls in flight at once in this process. */
  lanes: number;
  /**
   * The share of calls whose process stalls between the grant and the send, and the longest stall: what a
   * busy event loop, a GC pause or a cold connection does to a real worker.
   */
  stallShare: number;
  stallMaxMs: number;
  /** Use the bots' limiter of before issue 11 (a margin only, tokens counted from the grant) instead. */
  unheld?: boolean;
}

export interface TmHammerResult {
  ok: number;
  errors: string[];
}

/** Stalls some calls after their token was granted, before they are sent. */
function stalling(inner: RateLimiter, plan: TmHammerPlan): RateLimiter {
  return {
    async acquire(key, signal) {
      const grant: RateLimitGrant | void = await inner.acquire(key, signal);
      if (Math.random() < plan.stallShare)
        await sleep(Math.random() * plan.stallMaxMs, undefined, { signal });
      return grant;
    },
  };
}

/** Calls tm's get-money with this process's limiter (the runtime's, as every bot service uses it). */
export async function hammerTm(
  markets: BotMarkets,
  db: RateLimitDatabase,
  plan: TmHammerPlan,
): Promise<TmHammerResult> {
  const limiter = plan.unheld
    ? new KeyPrefixRateLimiter({ tm: new PostgresRateLimiter({ db, limit: 5, windowMs: 1000 }) })
    : markets.rateLimiter;
  const http = new HttpClient({ rateLimiter: stalling(limiter, plan) });
  const tm = createTmClient({ apiKey: plan.key, baseUrl: markets.endpoints.tm.baseUrl, http });
  const until = performance.now() + plan.seconds * 1000;
  const result: TmHammerResult = { ok: 0, errors: [] };
  const lane = async () => {
    while (performance.now() < until) {
      try {
        await tm.account.getMoney();
        result.ok += 1;
      } catch (error) {
        result.errors.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: plan.lanes }, lane));
  } finally {
    await http.close();
  }
  return result;
}
