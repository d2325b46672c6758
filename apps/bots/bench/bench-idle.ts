/**
 * bench:idle — what an idle toydesk costs when no operator is there: % of one core over a window, from /proc
 * (utime + stime of the process trees, and of the PostgreSQL backends of the production database).
 *
 *   npm run bench:idle                          demo, then production; 10 minutes each after a warm-up
 *   BENCH_IDLE_SECONDS=60 BENCH_ONLY=demo npm run bench:idle
 *
 * - demo: `node dist/demo.js` (what `npm start` runs): PGlite, demo data, simulators, the bot services and
 *   their workers in one process; the demo's trading loops are on.
 * - production: `node dist/server.js`, `dist/bots.js` and `dist/worker.js` on a temporary PostgreSQL
 *   database (empty: no demo data; marketplaces at a closed port, price imports off, so nothing leaves the
 *   machine), plus the CPU of that database's backends.
 * - baseline, measured at the same time as each case: a bare `node:http` server doing nothing.
 *
 * Environment: BENCH_IDLE_SECONDS (window, default 600), BENCH_IDLE_WARMUP_SECONDS (after ready, before the
 * window: start-up work such as the first dispatch of the loops; default 60, for the demo 300),
 * TOYDESK_DEMO_IDLE_PAUSE_SECONDS (the demo's world pause, default here 60 instead of the demo's 300, so the
 * window starts 240 s after the world paused without a 10-minute wait first), BENCH_ONLY (demo | production),
 * BENCH_PG_URL, BENCH_NO_WRITE=1 (print only). Needs the build (`npm run bench:idle` builds when stale).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { MARKET_CODES } from '@toydesk/contract';
import { marketEnvName } from '@toydesk/markets';
import { createThrowAwayDatabase } from '@toydesk/db/testing';

import { writeBenchmarksSection } from './benchmarks-doc.ts';
import { clockTicksPerSecond, PidCpuTracker, treeTicks } from './proc-cpu.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WINDOW_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 600);
const WARMUP_SECONDS = Number(process.env.BENCH_IDLE_WARMUP_SECONDS ?? 60);
// The idle demo's figure is the one after its world paused: a shorter pause than the demo's 300 s and a
// warm-up past it, so the window measures the paused world with its loops backing off.
const DEMO_PAUSE_SECONDS = process.env.TOYDESK_DEMO_IDLE_PAUSE_SECONDS ?? '60';
const DEMO_WARMUP_SECONDS = Number(process.env.BENCH_IDLE_WARMUP_SECONDS ?? 300);
const ONLY = process.env.BENCH_ONLY;
const TARGET_PERCENT = 5;
const HZ = clockTicksPerSecond();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

interface Started {
  name: string;
  child: ChildProcess;
  output: string[];
}

function startNode(name: string, script: string, env: Record<string, string>): Started {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...process.env, TOYDESK_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { name, child, output };
}

async function waitReady(started: Started, url: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null)
      throw new Error(`${started.name} exited (${started.child.exitCode}):\n${started.output.join('')}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`${started.name} not ready after ${timeoutMs} ms:\n${started.output.join('')}`);
}

async function stopAll(processes: Started[]): Promise<void> {
  await Promise.all(
    processes.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
          child.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** The same-run baseline: a node process with an http server that nobody calls. */
function startBaseline(): Started {
  const child = spawn(
    process.execPath,
    ['-e', "require('node:http').createServer((q, s) => s.end()).listen(0, '127.0.0.1')"],
    { stdio: 'ignore' },
  );
  return { name: 'baseline', child, output: [] };
}

interface Measured {
  label: string;
  seconds: number;
  ticks: number;
}

const percent = (m: Measured) => (m.ticks / HZ / m.seconds) * 100;

/** Samples the trees (and the database's backends) over the window; one figure per label. */
async function measure(
  trees: { label: string; pid: number }[],
  database?: { name: string; label: string },
): Promise<Measured[]> {
  const client = database ? new pg.Client({ connectionString: PG_URL }) : null;
  await client?.connect();
  const tracker = new PidCpuTracker();
  const backends = async () => {
    if (!client || !database) return [];
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database.name],
    );
    return rows.map((r) => r.pid);
  };
  try {
    tracker.sample(await backends());
    const before = trees.map((t) => treeTicks(t.pid));
    const started = performance.now();
    const end = started + WINDOW_SECONDS * 1000;
    let nextNote = started + 60_000;
    while (performance.now() < end) {
      await sleep(Math.min(2000, Math.max(0, end - performance.now())));
      tracker.sample(await backends());
      if (performance.now() >= nextNote) {
        nextNote += 60_000;
        process.stdout.write(`  ${Math.round((performance.now() - started) / 1000)} s\n`);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const rows: Measured[] = trees.map((t, i) => ({
      label: t.label,
      seconds,
      ticks: treeTicks(t.pid) - before[i]!,
    }));
    if (database)
      rows.push({
        label: `${database.label} (${tracker.processes()} backends seen)`,
        seconds,
        ticks: tracker.ticks(),
      });
    return rows;
  } finally {
    await client?.end();
  }
}

interface CaseResult {
  name: string;
  rows: Measured[];
  /** The rows that make up the case's total (not the baseline). */
  total: Measured;
  baseline: Measured;
}

function total(label: string, rows: Measured[]): Measured {
  return { label, seconds: rows[0]!.seconds, ticks: rows.reduce((sum, r) => sum + r.ticks, 0) };
}

async function runDemo(): Promise<CaseResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toydesk-bench-idle-'));
  const port = await freePort();
  const demo = startNode('demo', 'dist/demo.js', {
    PORT: String(port),
    HOST: '127.0.0.1',
    TOYDESK_DATA_DIR: dataDir,
    TOYDESK_ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    TOYDESK_DEMO_IDLE_PAUSE_SECONDS: DEMO_PAUSE_SECONDS,
  });
  const baseline = startBaseline();
  try {
    process.stdout.write('demo: starting (node dist/demo.js, PGlite, demo data) ... ');
    await waitReady(demo, `http://127.0.0.1:${port}/readyz`);
    process.stdout.write(
      `ready; world pause after ${DEMO_PAUSE_SECONDS} s; warm-up ${DEMO_WARMUP_SECONDS} s, then ${WINDOW_SECONDS} s measured\n`,
    );
    await sleep(DEMO_WARMUP_SECONDS * 1000);
    const [demoRow, baseRow] = await measure([
      { label: 'demo (`node dist/demo.js`, one process)', pid: demo.child.pid! },
      { label: 'baseline', pid: baseline.child.pid! },
    ]);
    return { name: 'demo', rows: [demoRow!], total: demoRow!, baseline: baseRow! };
  } finally {
    await stopAll([demo, baseline]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runProduction(): Promise<CaseResult> {
  const created = await createThrowAwayDatabase({ serverUrl: PG_URL, prefix: 'toydesk_bench_idle' });
  const [serverPort, botsPort, workerPort] = [await freePort(), await freePort(), await freePort()];
  const env: Record<string, string> = {
    DATABASE_URL: created.url,
    TOYDESK_SECRET_KEY: randomBytes(32).toString('hex'),
    TOYDESK_DATA_DIR: path.join(os.tmpdir(), 'toydesk-bench-idle-unused'),
    HOST: '127.0.0.1',
    // Nothing leaves the machine: no price imports, every marketplace at a closed port.
    TOYDESK_PRICE_IMPORT_CRON: 'off',
    TOYDESK_MARKET_ALLOW_IP_HOSTS: '1',
    ...Object.fromEntries(MARKET_CODES.map((code) => [marketEnvName(code), 'http://127.0.0.1:9/none'])),
  };
  const processes: Started[] = [];
  const baseline = startBaseline();
  try {
    process.stdout.write('production: starting server, bots and worker on PostgreSQL ... ');
    const server = startNode('server', 'dist/server.js', {
      ...env,
      PORT: String(serverPort),
      TOYDESK_ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    });
    processes.push(server);
    await waitReady(server, `http://127.0.0.1:${serverPort}/readyz`);
    const bots = startNode('bots', 'dist/bots.js', { ...env, PORT: String(botsPort) });
    const worker = startNode('worker', 'dist/worker.js', { ...env, TOYDESK_WORKER_PORT: String(workerPort) });
    processes.push(bots, worker);
    await waitReady(bots, `http://127.0.0.1:${botsPort}/readyz`);
    await waitReady(worker, `http://127.0.0.1:${workerPort}/readyz`);
    process.stdout.write(`ready; warm-up ${WARMUP_SECONDS} s, then ${WINDOW_SECONDS} s measured\n`);
    await sleep(WARMUP_SECONDS * 1000);
    const rows = await measure(
      [
        { label: 'server (`node dist/server.js`)', pid: server.child.pid! },
        { label: 'bot services (`node dist/bots.js`)', pid: bots.child.pid! },
        { label: 'worker (`node dist/worker.js`)', pid: worker.child.pid! },
        { label: 'baseline', pid: baseline.child.pid! },
      ],
      { name: created.name, label: 'PostgreSQL backends of its database' },
    );
    const baseRow = rows.find((r) => r.label === 'baseline')!;
    const own = rows.filter((r) => r !== baseRow);
    return {
      name: 'production',
      rows: own,
      total: total('production, all together', own),
      baseline: baseRow,
    };
  } finally {
    await stopAll([...processes, baseline]);
    await created.drop();
  }
}

const pct = (m: Measured) => `${percent(m).toFixed(2)} %`;

function markdown(results: CaseResult[]): string {
  const lines = [
    '| Case | Process | CPU seconds | % of one core | Target | Verdict |',
    '| ---- | ------- | ----------: | ------------: | ------ | ------- |',
  ];
  for (const result of results) {
    for (const row of result.rows)
      if (row !== result.total)
        lines.push(`| ${result.name} | ${row.label} | ${(row.ticks / HZ).toFixed(1)} | ${pct(row)} | | |`);
    const t = result.total;
    const verdict = percent(t) <= TARGET_PERCENT ? 'PASS' : 'MISS';
    lines.push(
      `| ${result.name} | **${t.label}** | ${(t.ticks / HZ).toFixed(1)} | **${pct(t)}** | ≤ ${TARGET_PERCENT} % | ${verdict} |`,
    );
    lines.push(
      `| ${result.name} | baseline: idle \`node:http\` server, same window | ${(result.baseline.ticks / HZ).toFixed(1)} | ${pct(result.baseline)} | | |`,
    );
  }
  return lines.join('\n');
}

const results: CaseResult[] = [];
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const loadBefore = load();
if (ONLY === undefined || ONLY === 'demo') results.push(await runDemo());
if (ONLY === undefined || ONLY === 'production') results.push(await runProduction());
const loadAfter = load();
const table = markdown(results);
const note = `Window ${WINDOW_SECONDS} s after a warm-up of ${WARMUP_SECONDS} s (production) or ${DEMO_WARMUP_SECONDS} s (demo, whose world pauses after ${DEMO_PAUSE_SECONDS} s without an operator request); load average ${loadBefore} before, ${loadAfter} after; ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node.js ${process.version}.`;
process.stdout.write(`\n${table}\n\n${note}\n`);
if (process.env.BENCH_NO_WRITE !== '1') {
  await writeBenchmarksSection(
    '### bench:idle',
    `### bench:idle

Run on ${new Date().toISOString().slice(0, 10)} by \`npm run bench:idle\` (\`apps/bots/bench/bench-idle.ts\`): CPU of an
idle toydesk with no operator, from /proc (utime + stime of each process tree; for production also the
PostgreSQL backends of its database, sampled every 2 s), as % of one core. ${note}

${table}
`,
  );
  process.stdout.write('\nwritten to docs/benchmarks.md (### bench:idle)\n');
}
