import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PostgresRateLimiter } from './postgres-rate-limiter.ts';
import { busiestWindow } from './testing/busiest-window.ts';
import { createThrowAwayDatabase, poolDatabase } from './testing/pg-database.ts';
import { startTestServer } from './testing/test-server.ts';

const WORKER = fileURLToPath(new URL('./testing/rate-limit-worker.ts', import.meta.url));

let database: Awaited<ReturnType<typeof createThrowAwayDatabase>>;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createThrowAwayDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

function runWorker(env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`worker ${env.WORKER} exited ${code}: ${stderr}`)),
    );
  });
}

describe('PostgresRateLimiter', () => {
  it('creates its table and holds the window in one process', async () => {
    const limiter = new PostgresRateLimiter({ db: poolDatabase(pool), limit: 2, windowMs: 300 });
    const granted: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        await limiter.acquire('tm:single');
        granted.push(performance.now());
      }),
    );
    expect(busiestWindow(granted, 300)).toBeLessThanOrEqual(2);
    const {
      rows: [row],
    } = await pool.query<{ n: number }>(
      `SELECT cardinality(stamps) AS n FROM http_rate_limit WHERE key = 'tm:single'`,
    );
    expect(row?.n).toBeLessThanOrEqual(2); // one row per key, never more stamps than the limit
    expect(await limiter.pruneIdleKeys()).toBe(0);
  });

  it('gives up waiting when the signal aborts', async () => {
    const limiter = new PostgresRateLimiter({ db: poolDatabase(pool), limit: 1, windowMs: 60_000 });
    await limiter.acquire('tm:abort');
    await expect(limiter.acquire('tm:abort', AbortSignal.timeout(100))).rejects.toThrow();
  });

  it('with holdUntilAnswered, counts a token from its answer: a late sender cannot crowd the window', async () => {
    const limiter = new PostgresRateLimiter({
      db: poolDatabase(pool),
      limit: 1,
      windowMs: 200,
      safetyMarginMs: 0,
      holdUntilAnswered: { maxHoldMs: 60_000 },
    });
    const grant = await limiter.acquire('tm:held');
    expect(grant?.sendBy).toBeGreaterThan(Date.now() + 20_000); // half the hold, from before the grant
    // Unanswered (a process stalled between grant and send): still counted well past the window.
    await expect(limiter.acquire('tm:held', AbortSignal.timeout(600))).rejects.toThrow();
    const answeredAt = performance.now();
    await grant?.answered();
    await grant?.answered(); // a second report changes nothing
    await limiter.acquire('tm:held');
    // The window starts at the answer, not at the grant 600 ms earlier.
    expect(performance.now() - answeredAt).toBeGreaterThanOrEqual(150);
  });

  it('holds 5 requests per second across 3 processes sharing one database', async () => {
    const arrivals: number[] = [];
    const target = await startTestServer((_req, res) => {
      arrivals.push(performance.now());
      res.end('ok');
    });
    const perWorker = 12;
    try {
      await Promise.all(
        ['1', '2', '3'].map((worker) =>
          runWorker({
            WORKER: worker,
            DATABASE_URL: database.url,
            TARGET_URL: `${target.origin}/api/v2/items`,
            KEY: 'tm:shared-key',
            LIMIT: '5',
            WINDOW_MS: '1000',
            COUNT: String(perWorker),
          }),
        ),
      );
    } finally {
      await target.close();
    }
    expect(arrivals).toHaveLength(3 * perWorker);
    const sorted = [...arrivals].sort((a, b) => a - b);
    const span = (sorted.at(-1)! - sorted[0]!) / 1000;
    // 36 = 7 x 5 + 1 requests: the first five go at once and the last one opens the eighth window, so
    // (n - 1) / span is the steady rate. Its best is 5 per (1000 + safety margin) ms.
    const rate = (sorted.length - 1) / span;
    const best = (5 * 1000) / (1000 + 400); // the worker's test margin
    const closestSix = Math.min(...sorted.slice(5).map((t, i) => t - sorted[i]!));
    console.log(
      `postgres rate limiter, 3 processes: ${sorted.length} requests in ${span.toFixed(2)} s = ${rate.toFixed(2)} req/s ` +
        `(ceiling 5, best with the safety margin ${best.toFixed(2)}); busiest 1000 ms window: ${busiestWindow(sorted, 1000)}; ` +
        `6 requests never closer than ${closestSix.toFixed(0)} ms`,
    );
    expect(busiestWindow(sorted, 1000)).toBeLessThanOrEqual(5);
  });
});
