/**
 * Profit on the bench:api seed (issue 16): how long the seed takes with profit's triggers, what a month's
 * summaries take on PostgreSQL (target ≤ 300 ms), and what one write of history rows costs the writer.
 * `npx tsx apps/server/bench/bench-profit.ts [history rows, default 1000000]`; TOYDESK_BENCH_PG_URL names the
 * server (default the test server). Prints one line per figure; a few minutes at a million rows.
 * The million-row seed is the slow part: TOYDESK_BENCH_PROFIT_KEEP=1 keeps the seeded database (its name is
 * printed), and TOYDESK_BENCH_PROFIT_DB=<database name> measures that kept database again after migrating it
 * to the current migrations (no new seed; the earlier run's inserted rows stay), then keeps it too.
 */
import { profitQuerySchema, profitItemsQuerySchema } from '@toydesk/contract';
import {
  migrate,
  openPostgresDatabase,
  profitByDay,
  profitByItem,
  profitByMarket,
  profitTotals,
  seedReferenceData,
} from '@toydesk/db';
import { TEST_PG_URL } from '@toydesk/db/testing';

import { type BenchDatabase, openPostgresBench } from './bench-database.ts';
import { median } from './bench-stats.ts';
import { seedBenchData } from './seed-data.ts';

const history = Number(process.argv[2] ?? 1_000_000);
const log = (line: string) => process.stdout.write(`[bench-profit] ${line}\n`);

const serverUrl = process.env.TOYDESK_BENCH_PG_URL ?? TEST_PG_URL;
const reuse = process.env.TOYDESK_BENCH_PROFIT_DB;
const keep = Boolean(reuse) || process.env.TOYDESK_BENCH_PROFIT_KEEP === '1';
let bench: BenchDatabase;
if (reuse) {
  if (!/^toydesk_bench_[0-9a-f]+$/.test(reuse)) throw new Error(`not a bench database: ${reuse}`);
  const url = new URL(serverUrl);
  url.pathname = `/${reuse}`;
  bench = {
    kind: 'postgres',
    db: await openPostgresDatabase(url.toString()),
    location: `${url.host}/${reuse}`,
    dispose: async () => {},
  };
} else {
  bench = await openPostgresBench(serverUrl);
}
log(`database ${bench.location}${keep ? ' (kept)' : ''}`);
try {
  const { db } = bench;
  if (reuse) {
    const t0 = performance.now();
    await migrate(db);
    log(`migrate the kept database: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } else {
    await migrate(db);
    await seedReferenceData(db);
    const start = performance.now();
    const seed = await seedBenchData(
      db,
      { toys: 50_000, steamAccounts: 5_000, marketAccounts: 10_000, history },
      'bench',
      log,
    );
    for (const t of seed.tables) log(`load ${t.table}: ${t.rows} rows in ${(t.ms / 1000).toFixed(1)} s`);
    log(`seed total ${((performance.now() - start) / 1000).toFixed(1)} s`);
  }
  await db.exec('ANALYZE');
  const [deals] = await db.query<{ s: { status: string; n: number }[] }>(
    `SELECT json_agg(x) AS s FROM (SELECT status, count(*)::int AS n FROM profit_deal GROUP BY 1 ORDER BY 1) x`,
  );
  log(`profit_deal: ${JSON.stringify(deals?.s)}`);

  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const month = profitQuerySchema.parse({ date_from: monthAgo });
  // The screen's default period: this month's first day to today (UTC days).
  const today = new Date().toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 8)}01`;
  const figures: [string, () => Promise<unknown>][] = [
    ['totals, a month', () => profitTotals(db, month)],
    ['totals, a month, USD', () => profitTotals(db, { ...month, currency: 'USD' })],
    ['by day, a month', () => profitByDay(db, month)],
    ['by market, a month', () => profitByMarket(db, month)],
    ['best 10 items, a month', () => profitByItem(db, profitItemsQuerySchema.parse({ date_from: monthAgo }))],
    [
      'best 10 items, this month to today',
      () => profitByItem(db, profitItemsQuerySchema.parse({ date_from: monthStart, date_to: today })),
    ],
    [
      'best 10 items, a month, market=tm',
      () => profitByItem(db, profitItemsQuerySchema.parse({ date_from: monthAgo, market: 'tm' })),
    ],
    ['totals, all time', () => profitTotals(db, profitQuerySchema.parse({}))],
    ['totals, a month, market=tm', () => profitTotals(db, { ...month, market: ['tm'] })],
  ];
  for (const [label, run] of figures) {
    const times: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const t0 = performance.now();
      await run();
      times.push(performance.now() - t0);
    }
    log(`${label}: median ${median(times).toFixed(1)} ms of 7`);
  }

  // What a writer pays: one deal, then 100 deals of popular items, through the triggers. Each statement's rows
  // are later than the history (now()), so migration 030's append path takes them; medians of 5 statements.
  for (const n of [1, 100]) {
    const times: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const t0 = performance.now();
      await db.query(
        `INSERT INTO toy_history (market_hash_name, side, price, currency, market, date)
         SELECT x.market_hash_name, CASE WHEN g % 2 = 0 THEN 'buy' ELSE 'sell' END, 100, 'RUB', 'tm', now()
         FROM generate_series(1, $1::int) g JOIN toy x ON x.id = 1 + (g % 10)`,
        [n],
      );
      times.push(performance.now() - t0);
    }
    log(`insert ${n} history row(s) of popular items: median ${median(times).toFixed(1)} ms of 5`);
  }
  // And one row dated before the item's last one: the whole item is matched again (migration 027's path).
  const late: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const t0 = performance.now();
    await db.query(
      `INSERT INTO toy_history (market_hash_name, side, price, currency, market, date)
       SELECT market_hash_name, 'sell', 100, 'RUB', 'tm', now() - interval '40 days' FROM toy WHERE id = 2`,
    );
    late.push(performance.now() - t0);
  }
  log(`insert 1 history row of a popular item dated 40 days back: median ${median(late).toFixed(1)} ms of 3`);
} finally {
  await bench.db.close();
  if (!keep) await bench.dispose();
  else if (!reuse) log(`kept; drop it with DROP DATABASE ${bench.location.split('/')[1]}`);
}
