import { testDbKind } from '@toydesk/db/testing';
import { afterAll, expect } from 'vitest';

import { TRADING_RUNNER } from '../services/trading/loop-runner.ts';
import { killTestDatabase, type KillTestDatabase } from './kill-test-database.ts';
import { startMarketSim, type MarketSim } from './market-sim.ts';
import { seedMarkets } from './seed-trading.ts';
import { startWorker, type Worker } from './worker-process.ts';

/**
 * The pieces every "worker killed with SIGKILL" test sets up the same way: the describe block's cleanups,
 * the fault that holds tm's answer, the worker processes and the one revived after
 * the dead tick's lease. What each test kills, checks and asserts stays in the test.
 */

export type Cleanups = (() => Promise<void>)[];

/** The describe block's cleanups, run newest first after its tests; one that fails does not stop the rest. */
export function useCleanups(): Cleanups {
  const cleanups: Cleanups = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });
  return cleanups;
}

/** tm acts on the next call of `path` by `key` (or not, with phase 'before') and holds its answer for 2 min. */
export async function holdTmAnswer(
  market: MarketSim,
  key: string,
  path: string,
  phase?: 'after',
): Promise<void> {
  await market.control('tm', 'POST', 'faults', {
    match: { path, key },
    kind: 'slow',
    delayMs: 120_000,
    ...(phase === undefined ? {} : { phase }),
    count: 1,
  });
}

type Stats = { keys: Record<string, { byMethod: Record<string, number> }> };

/** How many calls of a tm method `key` has made, as the simulator counted them. */
export function tmCalls(market: MarketSim, key: string): (method: string) => Promise<number> {
  return async (method) =>
    (await market.control<Stats>('tm', 'GET', 'stats')).keys[key]?.byMethod[method] ?? 0;
}

/** The env of a worker process on the test's database, with `workerEnv` as its configuration. */
export function workerProcessEnv(
  database: KillTestDatabase,
  workerEnv: Record<string, string>,
): Record<string, string> {
  return {
    TOYDESK_TEST_WORKER_DB: database.target,
    TOYDESK_SECRET_KEY: database.secretKey,
    TOYDESK_TEST_WORKER_ENV: JSON.stringify(workerEnv),
  };
}

/** A worker process (killed at cleanup, should the test stop early) once it says READY. */
export async function startReadyWorker(env: Record<string, string>, cleanups: Cleanups): Promise<Worker> {
  const worker = startWorker(env);
  cleanups.push(async () => void worker.child.kill('SIGKILL'));
  await worker.waitFor(/^READY/, 45_000);
  return worker;
}

/**
 * Past the dead tick's lease (a tick timeout of 5 s), a new worker with the dispatcher on every minute
 * revives the chain at its start, without waiting for the cron minute or for the queue to expire the
 * dead job.
 */
export async function reviveAfterLease(
  database: KillTestDatabase,
  workerEnv: Record<string, string>,
  cleanups: Cleanups,
): Promise<Worker> {
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  const revived = { ...workerEnv, TOYDESK_TRADING_DISPATCH_CRON: '* * * * *' };
  return startReadyWorker(workerProcessEnv(database, revived), cleanups);
}

/** Kills a worker with SIGKILL and checks the signal ended it (no clean exit: exit code null). */
export async function killHard(worker: Worker): Promise<void> {
  worker.child.kill('SIGKILL');
  expect(await worker.exited).toBe(null);
}

type Connection = Awaited<ReturnType<KillTestDatabase['connect']>>;

/** What every trading kill test starts from (startTradingKillStage). */
export interface TradingKillStage {
  market: MarketSim;
  database: KillTestDatabase;
  /** The workers' configuration: the marketplace simulator, a 5 s tick timeout, and the test's own. */
  workerEnv: Record<string, string>;
  /** The test's connection (the bot services without workers), with the markets seeded. */
  api: Connection;
  /** Dispatches the trading chains from the test's connection, then (PGlite) lets go of it for the workers. */
  dispatch(): ReturnType<typeof TRADING_RUNNER.dispatch>;
  /** A worker process on the stage's database, once it says READY. */
  startWorker(): Promise<Worker>;
  /** A new worker past the dead tick's lease, which revives the chain at its start (reviveAfterLease). */
  revive(): Promise<Worker>;
  /** The test's connection after the workers: the same one on PostgreSQL, a new one on PGlite. */
  reopen(): Promise<Connection>;
}

/**
 * The stage of a "worker killed in the middle of a tick" test: the marketplace simulator, the database the
 * workers and the test share with the markets seeded, and the workers' configuration (`env` adds to it,
 * e.g. a simulated Steam). The test seeds its account, holds tm's answer, dispatches, kills and checks.
 */
export async function startTradingKillStage(
  cleanups: Cleanups,
  prefix: string,
  env: Record<string, string> = {},
): Promise<TradingKillStage> {
  const market = await startMarketSim();
  cleanups.push(() => market.close());
  const workerEnv = { ...market.env, ...env, TOYDESK_TRADING_TICK_TIMEOUT_SECONDS: '5' };
  const database = await killTestDatabase(prefix, cleanups, workerEnv);
  const api = await database.connect();
  await seedMarkets(api.runtime.db);
  const pglite = testDbKind() === 'pglite';
  return {
    market,
    database,
    workerEnv,
    api,
    async dispatch() {
      const started = await TRADING_RUNNER.dispatch(api.runtime);
      if (pglite) await api.close();
      return started;
    },
    startWorker: () => startReadyWorker(workerProcessEnv(database, workerEnv), cleanups),
    revive: () => reviveAfterLease(database, workerEnv, cleanups),
    reopen: async () => (pglite ? database.connect() : api),
  };
}
