/**
 * A child process of the shared rate-limit test and of bench:markets (d): a tm client on BASE_URL for
 * API_KEY, its transport limited by the limiter every process uses (createMarketRateLimiter) on
 * DATABASE_URL, sends COUNT calls (or calls for SECONDS) with CONCURRENCY in flight, and prints one JSON
 * line: how many succeeded and the errors. STALL_SHARE and STALL_MAX_MS stall that share of the calls
 * between the grant and the send (a loaded machine); LIMITER=unheld uses the bots' limiter of before issue
 * 11 (tokens counted from the grant, 100 ms margin) for comparison. Run with `node --import tsx`.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import pg from 'pg';

import { HttpClient, KeyPrefixRateLimiter, PostgresRateLimiter, type RateLimiter } from '@toydesk/http';
import { poolDatabase } from '@toydesk/http/testing';

import { loadMarketEndpoints } from '../market-endpoints.ts';
import { createMarketRateLimiter } from '../market-rate-limiter.ts';
import { createTmClient } from '../tm/tm-client.ts';

function env(name: string): string {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
}

const pool = new pg.Pool({ connectionString: env('DATABASE_URL'), max: 3 });
const db = poolDatabase(pool);
const shared: RateLimiter =
  process.env.LIMITER === 'unheld'
    ? new KeyPrefixRateLimiter({ tm: new PostgresRateLimiter({ db, limit: 5, windowMs: 1000 }) })
    : createMarketRateLimiter(db, loadMarketEndpoints({ TOYDESK_MARKET_TM_URL: env('BASE_URL') }));
const stallShare = Number(process.env.STALL_SHARE ?? 0);
const stallMaxMs = Number(process.env.STALL_MAX_MS ?? 0);
const http = new HttpClient({
  rateLimiter: {
    async acquire(key, signal) {
      const grant = await shared.acquire(key, signal);
      if (Math.random() < stallShare) await sleep(Math.random() * stallMaxMs);
      return grant;
    },
  },
});
const tm = createTmClient({ apiKey: env('API_KEY'), baseUrl: env('BASE_URL'), http });
const count = Number(process.env.COUNT ?? Infinity);
const until =
  process.env.SECONDS === undefined ? Infinity : performance.now() + Number(process.env.SECONDS) * 1000;
let next = 0;
let ok = 0;
const errors: string[] = [];

async function lane(): Promise<void> {
  while (next < count && performance.now() < until) {
    next += 1;
    try {
      // Alternate a read and a bulk POST: both take a token under the same key.
      if (next % 3 === 0) await tm.legacy.massInfo({ sell: 2, buy: 0, history: 0, info: 0 }, ['1_0']);
      else await tm.account.getMoney();
      ok += 1;
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
    }
  }
}

try {
  await Promise.all(Array.from({ length: Number(process.env.CONCURRENCY ?? 3) }, lane));
  process.stdout.write(`${JSON.stringify({ ok, errors })}\n`);
} finally {
  await http.close();
  await pool.end();
}
