import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, expect, test } from 'vitest';

import { createThrowAwayDatabase } from '@toydesk/http/testing';
import { startTmSimulator, type TmSimHarness } from '../testing/tm-simulator.ts';

/**
 * Three processes share one tm key (as the bot services do) and hammer the simulator, which keeps tm's real
 * limit: their PostgresRateLimiter on one database must keep every 1 s window at 5 calls or fewer.
 */

const WORKER = fileURLToPath(new URL('../testing/tm-limit-worker.ts', import.meta.url));
const CALLS_PER_WORKER = 10;

let sim: TmSimHarness;
let database: Awaited<ReturnType<typeof createThrowAwayDatabase>>;

beforeAll(async () => {
  [sim, database] = await Promise.all([startTmSimulator(), createThrowAwayDatabase('toydesk_markets')]);
});

afterAll(async () => {
  try {
    expect((await sim.stats()).rateLimitViolations).toBe(0);
  } finally {
    await Promise.all([sim.close(), database.drop()]);
  }
});

function runWorker(env: Record<string, string>): Promise<{ ok: number; errors: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`worker exited ${code}: ${stderr}`));
      else resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { ok: number; errors: string[] });
    });
  });
}

test('3 processes, one key, one PostgreSQL limiter: no call over tm limit', async () => {
  const account = await sim.createAccount({ money: 1 });
  const env = {
    DATABASE_URL: database.url,
    BASE_URL: sim.baseUrl(),
    API_KEY: account.key,
    COUNT: String(CALLS_PER_WORKER),
    CONCURRENCY: '3',
  };
  const started = performance.now();
  const results = await Promise.all([runWorker(env), runWorker(env), runWorker(env)]);
  const seconds = (performance.now() - started) / 1000;

  expect(results.map((result) => result.errors)).toEqual([[], [], []]);
  expect(results.map((result) => result.ok)).toEqual([10, 10, 10]);
  const stats = await sim.keyStats(account.key);
  expect(stats.requests).toBe(3 * CALLS_PER_WORKER);
  expect(stats.rateLimitViolations).toBe(0);
  // 30 calls at 5 per 1.1 s cannot finish in less than about 5.5 s (processes start in parallel).
  expect(seconds).toBeGreaterThan(5);
});
