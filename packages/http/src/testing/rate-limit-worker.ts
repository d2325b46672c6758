/**
 * A child process of the PostgreSQL rate-limiter test: sends COUNT requests to TARGET_URL, one after the
 * other, each after taking a token for KEY from a PostgresRateLimiter on DATABASE_URL (LIMIT per WINDOW_MS).
 * Run with `node --import tsx`.
 */
import pg from 'pg';

import { HttpClient } from '../http-client.ts';
import { PostgresRateLimiter } from '../postgres-rate-limiter.ts';
import { poolDatabase } from './pg-database.ts';

function env(name: string): string {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
}

const TEST_SAFETY_MARGIN_MS = 400;

const pool = new pg.Pool({ connectionString: env('DATABASE_URL'), max: 2 });
const limiter = new PostgresRateLimiter({
  db: poolDatabase(pool),
  limit: Number(env('LIMIT')),
  windowMs: Number(env('WINDOW_MS')),
  // Tests run beside many others on two cores: a wide margin keeps the safety property independent of load.
  safetyMarginMs: TEST_SAFETY_MARGIN_MS,
});
const client = new HttpClient({ rateLimiter: limiter, defaultTimeoutMs: 10_000 });
try {
  for (let i = 0; i < Number(env('COUNT')); i += 1) {
    await client.request({
      method: 'GET',
      url: env('TARGET_URL'),
      query: { worker: env('WORKER'), i },
      rateLimitKey: env('KEY'),
    });
  }
} finally {
  await client.close();
  await pool.end();
}
