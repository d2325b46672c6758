/**
 * bench:api — the server's API against a large data set, on PostgreSQL and on PGlite.
 *
 *   npm run bench:api                                 full size: 1,000,000 history rows, both databases
 *   BENCH_SCALE=0.05 BENCH_DB=pglite npm run bench:api   a quick run
 *
 * Environment: BENCH_SCALE (row-count multiplier, default 1), BENCH_DB (postgres | pglite | both),
 * BENCH_PG_URL (server to create the temporary database on, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_PGLITE=memory (PGlite in memory instead of a temporary folder), BENCH_DURATION_S (load-test length),
 * BENCH_EXPLAIN=1 (print EXPLAIN ANALYZE of the list and aggregate statements). docs/benchmarks.md explains
 * every figure.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import type { FastifyInstance } from 'fastify';
import { boundHeapGrowth, MAX_PAGE_SIZE, parseQueryString } from '@toydesk/api-kit';
import { TestClient } from '@toydesk/api-kit/testing';

import { boot } from '../src/boot.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '@toydesk/db';
import {
  openPgliteBench,
  openPostgresBench,
  pgliteVersion,
  serverVersion,
  type BenchDatabase,
} from './bench-database.ts';
import {
  combinedTable,
  count,
  markdownTable,
  mb,
  ms,
  perSecond,
  verdict,
  type DatabaseFigures,
  type Figure,
} from './bench-report.ts';
import { machineInfo, readSettings, type BenchSettings } from './bench-settings.ts';
import { median, summarize } from './bench-stats.ts';
import { HttpClientThread } from './http-client.ts';
import type { FetchResult, RequestSpec } from './http-tasks.ts';
import { MemorySampler, type MemoryPeak } from './memory-sampler.ts';
import { seedBenchData } from './seed-data.ts';
import { captureQueries, withoutSessionLookup, type CapturedQuery } from './sql-capture.ts';

// The server here is the one production runs, heap bound included (apps/server/src/main.ts calls it first).
boundHeapGrowth();

const ADMIN = { username: 'bench', password: 'bench-password-123' };
const LIST_PATH = '/api/toy/history/?page_size=100&ordering=-date&market=tm&side=sell';
const ACCOUNTS_PATH = '/api/steam/accounts/?page_size=999999';
const FULL_HISTORY_PATH = '/api/toy/history/?page_size=999999';
const STATS_BY_DATE = '/api/toy/history-stats/stats-by-date/';
const AVG_BY_NAME = '/api/history/toy-stats/get-filtered-avg-stats-by-name/';
// Profit (issue 16) over the last 30 days of the seed's 90 (its dates end now).
const PROFIT_MONTH = `date_from=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`;
const AGGREGATES: { key: string; label: string; request: Omit<RequestSpec, 'headers'> }[] = [
  { key: 'stats_all', label: 'stats-by-date, no filter', request: { method: 'GET', path: STATS_BY_DATE } },
  {
    key: 'stats_tm',
    label: 'stats-by-date, market=tm',
    request: { method: 'GET', path: `${STATS_BY_DATE}?market=tm` },
  },
  {
    key: 'avg_all',
    label: 'avg-stats-by-name, {}',
    request: { method: 'POST', path: AVG_BY_NAME, body: '{}' },
  },
  {
    key: 'avg_tm',
    label: 'avg-stats-by-name, {"markets":["tm"]}',
    request: { method: 'POST', path: AVG_BY_NAME, body: '{"markets":["tm"]}' },
  },
  {
    key: 'profit_totals_month',
    label: 'profit totals, a month',
    request: { method: 'GET', path: `/api/profit/totals/?${PROFIT_MONTH}` },
  },
  {
    key: 'profit_by_day_month',
    label: 'profit by day, a month',
    request: { method: 'GET', path: `/api/profit/by-day/?${PROFIT_MONTH}` },
  },
  {
    key: 'profit_best_items_month',
    label: 'profit best 10 items, a month',
    request: { method: 'GET', path: `/api/profit/by-item/?${PROFIT_MONTH}` },
  },
  // The daily report (issue 16) of yesterday, UTC (the default day; the seed's dates end now).
  {
    key: 'daily_report',
    label: 'daily report, yesterday',
    request: { method: 'GET', path: '/api/reports/daily/' },
  },
];

const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const MB = 1024 * 1024;

/** What has to be undone if the run is interrupted. */
let cleanup: (() => Promise<void>) | null = null;
process.once('SIGINT', () => {
  log('interrupted, cleaning up');
  void (cleanup ?? (async () => undefined))().finally(() => process.exit(130));
});

interface Context {
  settings: BenchSettings;
  http: HttpClientThread;
  sampler: MemorySampler;
}

/** Sequential driver loops, `concurrency` of them, for a fixed time: the same statements the server sends. */
async function driverLoop(
  concurrency: number,
  durationMs: number,
  iteration: () => Promise<void>,
): Promise<{ latenciesMs: number[]; elapsedMs: number }> {
  const latenciesMs: number[] = [];
  const start = performance.now();
  const deadline = start + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await iteration();
        latenciesMs.push(performance.now() - t0);
      }
    }),
  );
  return { latenciesMs, elapsedMs: performance.now() - start };
}

function expectOk(result: FetchResult, what: string, rows?: number, shape: 'list' | 'object' = 'list'): void {
  if (result.status !== 200) throw new Error(`${what}: status ${result.status}`);
  // A summary (profit totals, the daily report) is an object, not a {…, results: […]} list.
  if (!(shape === 'list' ? result.complete : result.endsAsObject))
    throw new Error(`${what}: the answer did not end as a complete ${shape}`);
  if (rows !== undefined && result.rows !== rows)
    throw new Error(`${what}: ${result.rows} rows, expected ${rows}`);
}

async function explain(db: Database, queries: CapturedQuery[], title: string): Promise<void> {
  for (const q of queries) {
    const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params);
    log(`EXPLAIN ANALYZE — ${title}\n${q.sql}\n${plan.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
  }
}

async function benchDatabase(
  kind: 'postgres' | 'pglite',
  ctx: Context,
): Promise<DatabaseFigures & { version: string }> {
  const { settings, http, sampler } = ctx;
  const { counts } = settings;
  const figures: Figure[] = [];
  const add = (figure: Figure) => {
    figures.push(figure);
    log(
      `${figure.label}: ${figure.value}${figure.target ? ` (target ${figure.target}) ${verdict(figure, kind)}` : ''}`,
    );
  };

  log(`=== ${kind} ===`);
  const bench: BenchDatabase =
    kind === 'postgres'
      ? await openPostgresBench(settings.pgAdminUrl)
      : await openPgliteBench(settings.pgliteInMemory);
  log(`database: ${bench.location}`);
  let app: FastifyInstance | null = null;
  cleanup = async () => {
    if (app) await app.close();
    else await bench.db.close();
    await bench.dispose();
  };
  try {
    // 1. Boot (migrations, reference data, operator) and seed.
    const config = loadConfig({
      TOYDESK_DEMO: '0',
      // The API alone: no bot services or job workers in the measured process.
      TOYDESK_BOTS_EMBEDDED: '0',
      TOYDESK_ADMIN_USER: ADMIN.username,
      TOYDESK_ADMIN_PASSWORD: ADMIN.password,
      TOYDESK_SECRET_KEY: randomBytes(32).toString('hex'),
      TOYDESK_LOG_LEVEL: 'warn',
    });
    const booted = await boot(config, { db: bench.db });
    app = booted.app;
    const { services } = booted;
    const db = services.db;
    const version = await serverVersion(db);
    log(`server_version ${version}; seeding…`);

    const seed = await seedBenchData(db, counts, services.vault.keyId, log);
    let totalRows = 0;
    let totalMs = 0;
    for (const t of seed.tables) {
      totalRows += t.rows;
      totalMs += t.ms;
      add({
        key: `load_${t.table}`,
        label: `load ${t.table} (${count(t.rows)} rows)`,
        value: `${perSecond((t.rows / t.ms) * 1000)} (${(t.ms / 1000).toFixed(1)} s)`,
        target: '',
        pass: null,
      });
    }
    add({
      key: 'load_total',
      label: `load total (${count(totalRows)} rows)`,
      value: `${perSecond((totalRows / totalMs) * 1000)} (${(totalMs / 1000).toFixed(1)} s)`,
      target: '',
      pass: null,
    });
    add({
      key: 'analyze',
      label: 'VACUUM (ANALYZE) after load',
      value: `${(seed.analyzeMs / 1000).toFixed(1)} s`,
      target: '',
      pass: null,
    });

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const client = new TestClient(baseUrl);
    const login = await client.login(ADMIN.username, ADMIN.password);
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
    const headers: Record<string, string> = {
      cookie: client.cookieHeader(),
      'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
    };
    const request = (spec: Omit<RequestSpec, 'headers'>): RequestSpec => ({ ...spec, headers });

    // 2. A list page under 20 concurrent clients, then the same statements straight through the driver.
    const history = services.resources.toyHistory;
    const { where, orderBy, params } = history.parseList(parseQueryString(LIST_PATH.split('?')[1]!));
    const pageSql = `${history.selectSql(where, orderBy)} LIMIT 100 OFFSET 0`;
    const countSql = history.countSql(where);
    const probe = await captureQueries(db, () =>
      client.get<{ count: number; results: unknown[] }>(LIST_PATH),
    );
    if (
      probe.value.status !== 200 ||
      probe.value.body.results.length !== Math.min(100, probe.value.body.count)
    )
      throw new Error(`list page: ${probe.value.status} ${probe.value.text.slice(0, 200)}`);
    const serverSql = withoutSessionLookup(probe.queries).map((q) => q.sql);
    const sameSql =
      serverSql.length === 2 &&
      serverSql[0] === countSql &&
      serverSql[1] === pageSql &&
      withoutSessionLookup(probe.queries).every((q) => JSON.stringify(q.params) === JSON.stringify(params));
    log(
      `list page: count ${count(probe.value.body.count)}; driver SQL identical to the server's: ${sameSql}`,
    );
    if (!sameSql) log(`server sent:\n${serverSql.join('\n')}`);
    if (process.env.BENCH_EXPLAIN === '1')
      await explain(db, withoutSessionLookup(probe.queries), 'list page');

    const warmupMs = Math.min(2000, settings.durationMs / 5);
    const listRequest = request({ method: 'GET', path: LIST_PATH });
    await http.load({
      baseUrl,
      request: listRequest,
      concurrency: settings.concurrency,
      durationMs: warmupMs,
    });
    const apiLoad = await http.load({
      baseUrl,
      request: listRequest,
      concurrency: settings.concurrency,
      durationMs: settings.durationMs,
    });
    if (apiLoad.errors)
      throw new Error(`list page load: ${apiLoad.errors} errors, first: ${apiLoad.firstError}`);
    const api = summarize(apiLoad.latenciesMs, apiLoad.elapsedMs);
    const iteration = async () => {
      await history.count(db, where, params);
      await db.query(pageSql, params);
    };
    await driverLoop(settings.concurrency, warmupMs, iteration);
    const driverRun = await driverLoop(settings.concurrency, settings.durationMs, iteration);
    const driver = summarize(driverRun.latenciesMs, driverRun.elapsedMs);
    const ratio = api.perSecond / driver.perSecond;
    const c = settings.concurrency;
    add({
      key: 'list_api_rps',
      label: `list page, API, ${c} clients`,
      value: perSecond(api.perSecond),
      target: '',
      pass: null,
    });
    add({ key: 'list_api_p50', label: 'list page, API p50', value: ms(api.p50), target: '', pass: null });
    add({ key: 'list_api_p95', label: 'list page, API p95', value: ms(api.p95), target: '', pass: null });
    add({
      key: 'list_drv_rps',
      label: `list page, driver, ${c} loops`,
      value: perSecond(driver.perSecond),
      target: '',
      pass: null,
    });
    add({
      key: 'list_drv_p50',
      label: 'list page, driver p50',
      value: ms(driver.p50),
      target: '',
      pass: null,
    });
    add({
      key: 'list_drv_p95',
      label: 'list page, driver p95',
      value: ms(driver.p95),
      target: '',
      pass: null,
    });
    add({
      key: 'list_ratio',
      label: 'list page, API rate / driver rate',
      value: ratio.toFixed(2),
      target: '≥ 0.70',
      pass: ratio >= 0.7,
    });

    // 3. Every Steam account in one answer.
    const accountRuns: MemoryPeak<FetchResult>[] = [];
    for (let i = 0; i < settings.runs; i += 1) {
      const run = await sampler.measure(() =>
        http.fetch({ baseUrl, request: request({ method: 'GET', path: ACCOUNTS_PATH }), countMode: 'depth' }),
      );
      expectOk(run.value, 'steam accounts', counts.steamAccounts);
      accountRuns.push(run);
    }
    const accountsMs = median(accountRuns.map((r) => r.value.ms));
    add({
      key: 'accounts_ms',
      label: `steam accounts, all ${count(counts.steamAccounts)} (median of ${settings.runs})`,
      value: ms(accountsMs),
      target: '≤ 150 ms',
      pass: accountsMs <= 150,
      postgresTarget: true,
    });
    add({
      key: 'accounts_bytes',
      label: 'steam accounts, answer size',
      value: mb(accountRuns[0]!.value.bytes),
      target: '',
      pass: null,
    });
    add({
      key: 'accounts_rss',
      label: 'steam accounts, peak extra RSS',
      value: `${Math.max(...accountRuns.map((r) => r.rssExtraMb)).toFixed(1)} MB`,
      target: '',
      pass: null,
    });
    add({
      key: 'accounts_heap',
      label: 'steam accounts, peak extra heap',
      value: `${Math.max(...accountRuns.map((r) => r.heapExtraMb)).toFixed(1)} MB`,
      target: '',
      pass: null,
    });

    // 4. Aggregates over the whole history.
    for (const aggregate of AGGREGATES) {
      const spec = request(aggregate.request);
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < settings.runs; i += 1) {
        const result = await http.fetch({ baseUrl, request: spec, countMode: 'depth' });
        expectOk(result, aggregate.label, undefined, 'object');
        times.push(result.ms);
        rows = result.rows;
      }
      const t = median(times);
      add({
        key: aggregate.key,
        label: `${aggregate.label} (${count(rows)} rows, median of ${settings.runs})`,
        value: ms(t),
        target: '≤ 300 ms',
        pass: t <= 300,
        postgresTarget: true,
      });
      if (process.env.BENCH_EXPLAIN === '1') {
        const captured = await captureQueries(db, () =>
          http.fetch({ baseUrl, request: spec, countMode: 'depth' }),
        );
        await explain(db, withoutSessionLookup(captured.queries), aggregate.label);
      }
    }

    // 5. The whole history in one answer, streamed.
    const full = await sampler.measure(() =>
      http.fetch({
        baseUrl,
        request: request({ method: 'GET', path: FULL_HISTORY_PATH }),
        countMode: 'separators',
      }),
    );
    expectOk(full.value, 'full history');
    // page_size is clamped to MAX_PAGE_SIZE (999,999, as in DRF): one page holds at most that many rows and
    // "next" links to the rest.
    const expectedRows = Math.min(counts.history, MAX_PAGE_SIZE);
    const rowsOk =
      full.value.rows === expectedRows &&
      full.value.head?.count === counts.history &&
      (full.value.head.next !== null) === counts.history > MAX_PAGE_SIZE;
    add({
      key: 'full_ms',
      label: `all history rows, total time`,
      value: `${(full.value.ms / 1000).toFixed(1)} s (first byte ${ms(full.value.firstByteMs)})`,
      target: '',
      pass: null,
    });
    add({
      key: 'full_rate',
      label: 'all history rows, rows per second',
      value: perSecond((full.value.rows / full.value.ms) * 1000),
      target: '',
      pass: null,
    });
    add({
      key: 'full_bytes',
      label: 'all history rows, bytes received',
      value: mb(full.value.bytes),
      target: '',
      pass: null,
    });
    add({
      key: 'full_rows',
      label: 'all history rows, rows parsed',
      value: `${count(full.value.rows)} of count ${count(Number(full.value.head?.count ?? -1))}${full.value.head?.next ? ', next page linked' : ''}`,
      target: `= ${count(expectedRows)}`,
      pass: rowsOk,
    });
    add({
      key: 'full_rss',
      label: 'all history rows, peak extra RSS',
      value: `${full.rssExtraMb.toFixed(1)} MB`,
      target: '≤ 150 MB',
      pass: full.rssExtraMb <= 150,
    });
    add({
      key: 'full_heap',
      label: 'all history rows, peak extra heap',
      value: `${full.heapExtraMb.toFixed(1)} MB`,
      target: '≤ 150 MB',
      pass: full.heapExtraMb <= 150,
    });
    log(`process RSS after the run: ${(process.memoryUsage().rss / MB).toFixed(0)} MB`);

    const title =
      kind === 'postgres' ? `PostgreSQL ${version}` : `PGlite ${pgliteVersion()} (PostgreSQL ${version})`;
    return { database: kind, title, figures, version };
  } finally {
    const done = cleanup;
    cleanup = null;
    await done?.();
    log(`${kind}: cleaned up`);
  }
}

async function main(): Promise<void> {
  const settings = readSettings();
  const machine = machineInfo();
  log(
    `scale ${settings.scale}: ${count(settings.counts.history)} history rows, ${count(settings.counts.toys)} toys, ` +
      `${count(settings.counts.steamAccounts)} steam accounts, ${count(settings.counts.marketAccounts)} market accounts; ` +
      `databases: ${settings.databases.join(', ')}; load tests ${settings.durationMs / 1000} s × ${settings.concurrency}`,
  );
  const ctx: Context = { settings, http: HttpClientThread.start(), sampler: new MemorySampler(5) };
  const results: (DatabaseFigures & { version: string })[] = [];
  try {
    for (const kind of settings.databases) results.push(await benchDatabase(kind, ctx));
  } finally {
    await ctx.http.close();
    await ctx.sampler.close();
  }

  const machineRows = [
    ['CPU', `${machine.cpu} × ${machine.cores}`],
    ['Memory', `${machine.memoryGb.toFixed(1)} GB`],
    ['OS', machine.os],
    ['Node.js', machine.node],
    ...results.map((r) => [r.database === 'postgres' ? 'PostgreSQL' : 'PGlite', r.title]),
    [
      'Data',
      `scale ${settings.scale}: ${count(settings.counts.history)} toy_history, ${count(settings.counts.toys)} toy, ` +
        `${count(settings.counts.steamAccounts)} steam_account, ${count(settings.counts.marketAccounts)} market_account`,
    ],
  ];
  process.stdout.write(`\n${markdownTable(['Machine', ''], machineRows)}\n\n${combinedTable(results)}\n`);
  if (results.some((r) => r.database !== 'postgres'))
    process.stdout.write(
      '\n(PASS)/(MISS): a target stated for PostgreSQL, shown against PGlite for reference.\n',
    );
  const missed = results.flatMap((r) =>
    r.figures
      .filter((f) => f.pass === false && (!f.postgresTarget || r.database === 'postgres'))
      .map((f) => `${r.database}: ${f.label}`),
  );
  process.stdout.write(
    missed.length
      ? `\nMissed targets:\n${missed.map((m) => `  - ${m}`).join('\n')}\n`
      : '\nAll targets met.\n',
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
