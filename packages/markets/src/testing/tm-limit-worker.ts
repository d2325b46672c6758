/**
 * A child process of the shared rate-limit test: a tm client on BASE_URL for API_KEY, its transport limited
 * by a PostgresRateLimiter on DATABASE_URL (tm's 5 per second, the default safety margin), sends COUNT calls
 * with CONCURRENCY in flight, and prints one JSON line: how many succeeded and the errors. Run with
 * `node --import tsx`.
 */
import pg from 'pg';

import { HttpClient, PostgresRateLimiter } from '@toydesk/http';

import { createTmClient } from '../tm/tm-client.ts';
import { poolDatabase } from '@toydesk/http/testing';

function env(name: string): string {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
}

const pool = new pg.Pool({ connectionString: env('DATABASE_URL'), max: 3 });
const http = new HttpClient({
  // A wide margin: the test asserts zero violations while the rest of the suite loads both cores.
  rateLimiter: new PostgresRateLimiter({
    db: poolDatabase(pool),
    limit: 5,
    windowMs: 1000,
    safetyMarginMs: 400,
  }),
});
const tm = createTmClient({ apiKey: env('API_KEY'), baseUrl: env('BASE_URL'), http });
const count = Number(env('COUNT'));
let next = 0;
let ok = 0;
const errors: string[] = [];

async function lane(): Promise<void> {
  while (next < count) {
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
