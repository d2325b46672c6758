/**
 * bench:bots, fourth part — the trading runner's own cost: ticks per second of a loop that does nothing,
 * over 1,000 market accounts on PostgreSQL, with the default workers (TOYDESK_TRADING_WORKERS), and the
 * statements sent per tick (counted through the Database, split into the queue's and the runner's).
 *
 *   BENCH_ONLY=ticks npm run bench:bots
 *   BENCH_TICK_ACCOUNTS=1000 BENCH_TICK_SECONDS=20 BENCH_ONLY=ticks npm run bench:bots
 *
 * The loop runs through the real TradingRunner and JobQueue (chain of tick jobs on a "short" lane, lease,
 * finish, next tick queued), on a lane of its own; every account's interval is 1 s, so the 1,000 chains
 * ask for up to 1,000 ticks a second and the figure is what the runner gets through. The idle backoff is
 * held at the interval (a no-op tick would otherwise back off). Target: 200 ticks/s.
 */
import os from 'node:os';

import { openPostgresDatabase } from '@toydesk/db';
import { createThrowAwayDatabase } from '@toydesk/db/testing';

import type { LaneDef } from '../src/jobs/job-kind.ts';
import type { BotLogger } from '../src/jobs/job-queue.ts';
import { openRelaxedDatabase } from '../src/jobs/relaxed-commit.ts';
import { TradingRunner } from '../src/services/trading/loop-runner.ts';
import { defineTradingLoop } from '../src/services/trading/trading-loop.ts';
import { openStandalone } from '../src/standalone.ts';
import { seedMarkets } from '../src/testing/seed-trading.ts';

import { benchBotConfig } from './bench-config.ts';
import { writeBenchmarksSection } from './benchmarks-doc.ts';
import { countingDatabase } from './counting-database.ts';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ACCOUNTS = Number(process.env.BENCH_TICK_ACCOUNTS ?? 1000);
const SECONDS = Number(process.env.BENCH_TICK_SECONDS ?? 20);
const WARMUP_SECONDS = 5;
const TARGET = 200;
const LANE_NAME = 'bench-trading';
const QUIET: BotLogger = {
  info: () => undefined,
  warn: (m) => console.warn(m),
  error: (m) => console.error(m),
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let ticks = 0;
const NOOP_LOOP = defineTradingLoop({
  name: 'deliver',
  switchField: 'auto_deliver',
  markets: ['tm'],
  intervalSeconds: () => 1,
  tick: async () => {
    ticks += 1;
    return { summary: 'nothing' };
  },
});

export interface TickBenchResult {
  accounts: number;
  workers: number;
  ticksPerSecond: number;
  queuePerTick: number;
  otherPerTick: number;
  /** Of those, sent with relaxed commit (no wait for the disk). */
  relaxedPerTick: number;
  seconds: number;
  version: string;
  load: string;
}

export async function runTickBench(): Promise<TickBenchResult> {
  const created = await createThrowAwayDatabase({ serverUrl: PG_URL, prefix: 'toydesk_bench_ticks' });
  const config = benchBotConfig('bench-ticks', {
    DATABASE_URL: created.url,
    TOYDESK_TRADING_DISPATCH_CRON: 'off',
    TOYDESK_TRADING_IDLE_MAX_SECONDS: '1',
  });
  const raw = await openPostgresDatabase(created.url, config.jobs.poolSize);
  const { db, counts } = countingDatabase(raw);
  // The workers' pool of relaxed bookkeeping, as openStandalone opens it from a URL.
  const rawRelaxed = await openRelaxedDatabase(created.url, Math.max(2, Math.ceil(config.jobs.poolSize / 2)));
  const { db: relaxedDb } = countingDatabase(rawRelaxed, counts, true);
  const lane: LaneDef = {
    name: LANE_NAME,
    // As botLanes gives each trading loop's lane.
    concurrency: config.trading.workers,
    batchSize: 1,
    pollingIntervalSeconds: 1,
    policy: 'short',
    relaxedCommit: true,
  };
  const runner = new TradingRunner([NOOP_LOOP], 'bench-trading', () => LANE_NAME, LANE_NAME, LANE_NAME);
  const { runtime, close } = await openStandalone(config, 'worker', QUIET, {
    db,
    relaxedDb,
    extraKinds: runner.kinds(),
    extraLanes: [lane],
    workerName: 'bench',
  });
  try {
    const [v] = await raw.query<{ v: string }>('SELECT current_setting($$server_version$$) AS v');
    await seedMarkets(raw);
    await raw.query(
      `WITH steam AS (
         INSERT INTO steam_account (steam_account_name)
         SELECT 'bench-ticks-' || n FROM generate_series(1, $1::int) AS n RETURNING id)
       INSERT INTO market_account (market, steam_account, api_key, auto_deliver)
       SELECT 'tm', id, $2, true FROM steam`,
      [ACCOUNTS, runtime.vault.encrypt('k'.repeat(32))],
    );
    process.stdout.write(`ticks: ${ACCOUNTS} accounts, ${lane.concurrency} workers, dispatching ... `);
    const dispatched = await runner.dispatch(runtime);
    process.stdout.write(
      `${dispatched.started} chains; warm-up ${WARMUP_SECONDS} s, ${SECONDS} s measured ... `,
    );
    await sleep(WARMUP_SECONDS * 1000);
    const load = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ');
    const before = { ticks, queue: counts.queue, other: counts.other, relaxed: counts.relaxed };
    const started = performance.now();
    await sleep(SECONDS * 1000);
    const seconds = (performance.now() - started) / 1000;
    const done = ticks - before.ticks;
    const result: TickBenchResult = {
      accounts: ACCOUNTS,
      workers: lane.concurrency,
      ticksPerSecond: done / seconds,
      queuePerTick: (counts.queue - before.queue) / done,
      otherPerTick: (counts.other - before.other) / done,
      relaxedPerTick: (counts.relaxed - before.relaxed) / done,
      seconds,
      version: `PostgreSQL ${v!.v.split(' ')[0]}`,
      load,
    };
    process.stdout.write(`${Math.round(result.ticksPerSecond)} ticks/s\n`);
    if (process.env.BENCH_TICK_PROFILE === '1') {
      const top = [...counts.timings].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15);
      for (const [sql, t] of top) process.stdout.write(`  ${t.n} × ${(t.ms / t.n).toFixed(1)} ms  ${sql}\n`);
    }
    return result;
  } finally {
    await close();
    await raw.close().catch(() => undefined);
    await rawRelaxed.close().catch(() => undefined);
    await created.drop();
  }
}

export function tickTable(r: TickBenchResult): string {
  const verdict = r.ticksPerSecond >= TARGET ? 'PASS' : 'MISS';
  return [
    '| Database | Accounts | Workers | No-op ticks per second | Statements per tick (queue + runner; relaxed) | Target | Verdict |',
    '| -------- | -------: | ------: | ---------------------: | --------------------------------------------- | ------ | ------- |',
    `| ${r.version} | ${r.accounts.toLocaleString('en-US')} | ${r.workers} | ${r.ticksPerSecond.toFixed(0)} (${r.seconds.toFixed(0)} s, load ${r.load}) | ` +
      `${(r.queuePerTick + r.otherPerTick).toFixed(1)} (${r.queuePerTick.toFixed(1)} + ${r.otherPerTick.toFixed(1)}; ${r.relaxedPerTick.toFixed(1)}) | ≥ ${TARGET}/s | ${verdict} |`,
  ].join('\n');
}

export async function mainTickBench(): Promise<void> {
  const result = await runTickBench();
  const table = tickTable(result);
  process.stdout.write(`\n${table}\n`);
  if (process.env.BENCH_NO_WRITE === '1') return;
  await writeBenchmarksSection(
    '### bench:bots: no-op trading ticks',
    `### bench:bots: no-op trading ticks

Run on ${new Date().toISOString().slice(0, 10)} (\`apps/bots/bench/bench-ticks.ts\`, part of \`npm run bench:bots\`; \`BENCH_ONLY=ticks\`
runs it alone): a trading loop whose tick does nothing, on ${result.accounts.toLocaleString('en-US')} market accounts at a 1 s
interval, through the real TradingRunner and JobQueue on a temporary PostgreSQL database (pool of 10), with the
default ${result.workers} workers; ticks counted over ${result.seconds.toFixed(0)} s after a ${WARMUP_SECONDS} s warm-up. Statements per tick are
counted through the Database: the queue's (pg-boss's tables and the job log) and the runner's (account,
lease, finish); "relaxed": those written with synchronous_commit off (relaxed-commit.ts), which do not
wait for the disk.

${table}
`,
  );
  process.stdout.write('\nwritten to docs/benchmarks.md (### bench:bots: no-op trading ticks)\n');
}
