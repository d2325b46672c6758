/**
 * bench:bots — jobs per second through the bot services' queue (pg-boss 10), on PostgreSQL and on PGlite.
 *
 *   npm run bench:bots                       both databases, the default sizes
 *   BENCH_DB=pglite BENCH_JOBS=2000 npm run bench:bots
 *
 * The workers are the production ones (JobQueue.startWorkers: a start log line per attempt, a completion and
 * an end log line, batched per fetch) with a trivial handler, so the figure is the queue's own cost. Each run
 * queues BENCH_JOBS jobs in bulk (enqueueMany, 1,000 per statement), then starts the workers and times them
 * until every job is done. The table is printed and written to docs/benchmarks.md under "## bench:bots".
 *
 * Environment: BENCH_DB (postgres | pglite | both), BENCH_JOBS (default 20,000 on PostgreSQL, 5,000 on PGlite),
 * BENCH_PG_URL (server for the temporary database, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_NO_WRITE=1 (print only), BENCH_DELIVER=0 (skip the second part), BENCH_PRICES=0 (skip the third),
 * BENCH_TICKS=0 (skip the fourth), BENCH_ONLY=ticks (the fourth alone).
 *
 * Second part (bench-deliver.ts): the deliver loop's time from a sale to its offer reported with
 * trade-ready, with 100 market accounts on the simulators. Third part (bench-prices.ts): competitor-price
 * requests per dynamic-orders tick for an account with 100, 1,000 and 5,000 toys, and the tick at tm's limit.
 * Fourth part (bench-ticks.ts): no-op trading ticks per second over 1,000 accounts and statements per tick.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { z } from 'zod';

import { defineJobKind, type LaneDef } from '../src/jobs/job-kind.ts';
import { JobQueue, type BotLogger } from '../src/jobs/job-queue.ts';
import { type Database, migrate, openPgliteDatabase, openPostgresDatabase, PGBOSS_SCHEMA } from '@toydesk/db';
import { createThrowAwayDatabase } from '@toydesk/db/testing';
import { mainDeliverBench } from './bench-deliver.ts';
import { mainPricesBench } from './bench-prices.ts';
import { mainTickBench } from './bench-ticks.ts';

import { writeBenchmarksSection } from './benchmarks-doc.ts';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WHICH = process.env.BENCH_DB ?? 'both';
const TARGET = { postgres: 500, pglite: 100 } as const;
const SILENT: BotLogger = {
  info: () => undefined,
  warn: (m) => console.warn(m),
  error: (m) => console.error(m),
};

interface Setting {
  batchSize: number;
  concurrency: number;
}
/** A realistic batch (Steam and marketplace steps take a few per fetch) and a bigger one. */
const SETTINGS: Setting[] = [
  { batchSize: 10, concurrency: 4 },
  { batchSize: 50, concurrency: 4 },
];

interface Row {
  db: 'postgres' | 'pglite';
  setting: Setting;
  jobs: number;
  enqueuePerSecond: number;
  processPerSecond: number;
  seconds: number;
}

const noop = defineJobKind<Record<string, unknown>, null>({
  kind: 'bench.noop',
  lane: 'bench',
  params: z.record(z.string(), z.unknown()),
  expireInSeconds: 60,
  retryLimit: 1,
  run: async () => undefined,
});

async function openDb(
  kind: 'postgres' | 'pglite',
): Promise<{ db: Database; drop: () => Promise<void>; version: string }> {
  if (kind === 'pglite') {
    // A folder, as the embedded default keeps it (./data/pglite).
    const dir = mkdtempSync(path.join(os.tmpdir(), 'toydesk-bench-bots-'));
    const db = await openPgliteDatabase(dir);
    const [v] = await db.query<{ v: string }>('SELECT current_setting($$server_version$$) AS v');
    return {
      db,
      version: `PGlite (PostgreSQL ${v!.v})`,
      drop: async () => {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const created = await createThrowAwayDatabase({ serverUrl: PG_URL, prefix: 'toydesk_bench_bots' });
  const db = await openPostgresDatabase(created.url, 10);
  const [v] = await db.query<{ v: string }>('SELECT current_setting($$server_version$$) AS v');
  return {
    db,
    version: `PostgreSQL ${v!.v.split(' ')[0]}`,
    drop: async () => {
      await db.close();
      await created.drop();
    },
  };
}

async function runOne(
  kind: 'postgres' | 'pglite',
  setting: Setting,
  jobs: number,
): Promise<Row & { version: string }> {
  const { db, drop, version } = await openDb(kind);
  try {
    await migrate(db);
    const lane: LaneDef = { name: 'bench', ...setting, pollingIntervalSeconds: 0.5 };
    const queue = await JobQueue.start<null>({
      db,
      lanes: [lane],
      kinds: [noop],
      supervise: true,
      schedule: false,
      maintenanceIntervalSeconds: 30,
      workerName: 'bench',
      logger: SILENT,
    });
    const enqueueStarted = performance.now();
    for (let i = 0; i < jobs; i += 1000) {
      await queue.enqueueMany(
        'bench.noop',
        Array.from({ length: Math.min(1000, jobs - i) }, (_, j) => ({ n: i + j })),
      );
    }
    const enqueueSeconds = (performance.now() - enqueueStarted) / 1000;

    const started = performance.now();
    await queue.startWorkers(null);
    for (;;) {
      const [row] = await db.query<{ done: number }>(
        `SELECT count(*)::int AS done FROM ${PGBOSS_SCHEMA}.job WHERE name = 'bench' AND state = 'completed'`,
      );
      if ((row?.done ?? 0) >= jobs) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    await queue.stop(2_000);
    return {
      db: kind,
      version,
      setting,
      jobs,
      enqueuePerSecond: jobs / enqueueSeconds,
      processPerSecond: jobs / seconds,
      seconds,
    };
  } finally {
    await drop();
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function markdown(rows: (Row & { version: string })[]): string {
  const header =
    '| Database | Batch × workers | Jobs | Queued per second | Done per second | Target | Verdict |\n' +
    '| -------- | --------------- | ---- | ----------------- | --------------- | ------ | ------- |';
  const lines = rows.map(
    (r) =>
      `| ${r.version} | ${r.setting.batchSize} × ${r.setting.concurrency} | ${fmt(r.jobs)} | ${fmt(r.enqueuePerSecond)}/s | ` +
      `${fmt(r.processPerSecond)}/s (${r.seconds.toFixed(1)} s) | ≥ ${TARGET[r.db]}/s | ${r.processPerSecond >= TARGET[r.db] ? 'PASS' : 'MISS'} |`,
  );
  return [header, ...lines].join('\n');
}

function machine(): string {
  const cpus = os.cpus();
  return [
    '| Machine |  |',
    '| ------- | - |',
    `| CPU | ${cpus[0]?.model.trim() ?? 'unknown'} × ${cpus.length} |`,
    `| Memory | ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB |`,
    `| OS | ${os.type()} ${os.release()} ${os.arch()} |`,
    `| Node.js | ${process.version} |`,
  ].join('\n');
}

async function writeSection(table: string) {
  const section = `## bench:bots

Run on ${new Date().toISOString().slice(0, 10)}. \`npm run bench:bots\` runs \`apps/bots/bench/bench-bots.ts\`: jobs per
second through the bot services' queue (pg-boss 10 over the server's \`Database\`, the production workers of
\`JobQueue\`) with a trivial handler. Each row queues the jobs in bulk, then starts the workers (batch size ×
workers per process) and times them until every job is done; each job also writes its start and end log
lines (\`bot_job_log\`). PostgreSQL is a temporary database on the local server (pool of 10); PGlite is a
temporary folder, as the embedded default keeps its data. Targets: 500 jobs/s on PostgreSQL, 100 on PGlite.

${machine()}

${table}
`;
  await writeBenchmarksSection('## bench:bots', section);
}

const ONLY_TICKS = process.env.BENCH_ONLY === 'ticks';
const rows: (Row & { version: string })[] = [];
for (const kind of ONLY_TICKS ? [] : (['postgres', 'pglite'] as const)) {
  if (WHICH !== 'both' && WHICH !== kind) continue;
  const jobs = Number(process.env.BENCH_JOBS ?? (kind === 'postgres' ? 20_000 : 5000));
  for (const setting of SETTINGS) {
    process.stdout.write(
      `${kind}, batch ${setting.batchSize} × ${setting.concurrency} workers, ${jobs} jobs ... `,
    );
    const row = await runOne(kind, setting, jobs);
    rows.push(row);
    process.stdout.write(`${fmt(row.processPerSecond)} jobs/s\n`);
  }
}
const table = markdown(rows);
if (!ONLY_TICKS) process.stdout.write(`\n${machine()}\n\n${table}\n`);
if (!ONLY_TICKS && process.env.BENCH_NO_WRITE !== '1') {
  await writeSection(table);
  process.stdout.write('\nwritten to docs/benchmarks.md (## bench:bots)\n');
}

if (!ONLY_TICKS && process.env.BENCH_DELIVER !== '0') await mainDeliverBench();
if (!ONLY_TICKS && process.env.BENCH_PRICES !== '0') await mainPricesBench();
if (process.env.BENCH_TICKS !== '0') await mainTickBench();
