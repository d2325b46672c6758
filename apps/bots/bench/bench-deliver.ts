/**
 * bench:bots, second part — the time from a sale to its Steam offer reported with trade-ready.
 *
 *   npm run bench:bots                 (after the queue figures)
 *   npx tsx apps/bots/bench/bench-deliver.ts
 *
 * 100 market accounts (BENCH_ACCOUNTS) on the tm simulator, each with a Steam account on the simulated Steam
 * holding the same items, `auto_deliver` on: the production trading runner (a worker process's lanes and
 * polling, the deliver loop every 5 s per account) on a temporary PostgreSQL database. Sales are made
 * through the simulator's control API at random times over BENCH_SALE_SECONDS (default 60); each sale's
 * latency is from just before the control call to `bot_delivery.trade_ready_at` (set right after tm
 * accepted trade-ready). Also checked: one Steam offer per offer code, nothing failed. The figures are
 * printed and written to docs/benchmarks.md under "## bench:bots: sale to trade-ready".
 *
 * Environment: BENCH_ACCOUNTS (100), BENCH_SALE_SECONDS (60), BENCH_SALES_PER_ACCOUNT (2),
 * BENCH_PG_URL / TOYDESK_TEST_PG_URL (the PostgreSQL server), BENCH_NO_WRITE=1 (print only).
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createSteamSimulator, SteamSimControlClient } from '@toydesk/simulators/steam';

import type { BotLogger } from '../src/jobs/job-queue.ts';
import { openPostgresDatabase } from '@toydesk/db';
import { SCHEDULED_KINDS } from '../src/services/all-job-kinds.ts';
import { openStandalone } from '../src/standalone.ts';
import { startMarketSim } from '../src/testing/market-sim.ts';
import { createThrowAwayDatabase } from '@toydesk/db/testing';
import { seedMarkets } from '../src/testing/seed-trading.ts';

import { benchBotConfig } from './bench-config.ts';
import { writeBenchmarksSection } from './benchmarks-doc.ts';

if (process.env.BENCH_PG_URL) process.env.TOYDESK_TEST_PG_URL ??= process.env.BENCH_PG_URL;
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const SALE_SECONDS = Number(process.env.BENCH_SALE_SECONDS ?? 60);
const SALES_PER_ACCOUNT = Number(process.env.BENCH_SALES_PER_ACCOUNT ?? 2);
const INTERVAL_SECONDS = 5;
const TARGET_P95_SECONDS = 10;
const DRAIN_LIMIT_MS = 60_000;

const QUIET: BotLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: (m) => console.error(m),
};
const RELAXED = {
  loginRateLimit: { max: 100_000, windowMs: 600_000, blockMs: 1_800_000 },
  confirmationRateLimit: { max: 100_000, windowMs: 60_000, blockMs: 300_000 },
  inventoryRateLimit: { max: 100_000, windowMs: 60_000 },
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sale {
  account: number;
  dealId: string;
  at: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface DeliverBenchResult {
  accounts: number;
  sales: number;
  measured: number;
  p50: number;
  p95: number;
  max: number;
  offers: number;
  failed: number;
  seconds: number;
  version: string;
}

export async function runDeliverBench(): Promise<DeliverBenchResult> {
  const started = performance.now();
  const market = await startMarketSim();
  const steamSim = await createSteamSimulator({ config: RELAXED });
  const steamBase = await steamSim.listen({ port: 0, host: '127.0.0.1' });
  const steam = new SteamSimControlClient(steamBase);
  const database = await createThrowAwayDatabase({ prefix: 'toydesk_bots_test' });
  const db = await openPostgresDatabase(database.url, 10);
  const config = benchBotConfig('bench-deliver', {
    TOYDESK_STEAM_URL: steamBase,
    TOYDESK_TRADING_DELIVER_SECONDS: String(INTERVAL_SECONDS),
    // The loop's own pace, not its idle backoff (up to TOYDESK_TRADING_IDLE_MAX_SECONDS between ticks that
    // find no sale): this part measures a sale's way through the chain.
    TOYDESK_TRADING_IDLE_MAX_SECONDS: String(INTERVAL_SECONDS),
    ...market.env,
  });
  const { runtime, close } = await openStandalone(config, 'worker', QUIET, { db, workerName: 'bench' });
  try {
    const [v] = await db.query<{ v: string }>('SELECT current_setting($$server_version$$) AS v');
    await seedMarkets(db);

    // Accounts: Steam items mirrored on tm, listed there, waiting for buyers.
    process.stdout.write(`deliver: ${ACCOUNTS} accounts ... `);
    const names = market.names(SALES_PER_ACCOUNT);
    const sellers: { id: number; key: string; listings: string[] }[] = [];
    for (let i = 0; i < ACCOUNTS; i += 1) {
      const created = await steam.createAccount({
        accountName: `bench${process.pid}x${i}`,
        twoFactor: true,
        items: names.map((name) => ({ name })),
      });
      const key = await market.account('tm', { inventory: 0 });
      const assets = created.items.map((item) => item.assetid);
      await market.control('tm', 'POST', `accounts/${key}/items`, { names, assetids: assets });
      const listings: string[] = [];
      for (const asset of assets) {
        const listed = await market.v2<{ item_id: number }>('tm', 'add-to-sale', {
          key,
          id: asset,
          price: 50_000,
          cur: 'RUB',
        });
        listings.push(String(listed.item_id));
      }
      const [steamRow] = await db.query<{ id: number }>(
        `INSERT INTO steam_account (steam_account_name, login, password, shared_secret, identity_secret)
         VALUES ($1, $1, $2, $3, $4) RETURNING id`,
        [
          created.accountName,
          runtime.vault.encrypt(created.password),
          runtime.vault.encrypt(created.sharedSecret!),
          runtime.vault.encrypt(created.identitySecret!),
        ],
      );
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO market_account (market, steam_account, api_key, currency, auto_deliver, dry_run)
         VALUES ('tm', $1, $2, 'RUB', true, false) RETURNING id`,
        [steamRow!.id, runtime.vault.encrypt(key)],
      );
      sellers.push({ id: row!.id, key, listings });
    }
    // Start the chains now rather than at the next cron minute.
    await runtime.queue.enqueue(SCHEDULED_KINDS.tradingDispatch, {});
    process.stdout.write('ready\n');

    // Sales at random times over SALE_SECONDS, each through the control API as a buyer would.
    const plan = sellers
      .flatMap((seller) => seller.listings.map((listing) => ({ seller, listing, at: Math.random() })))
      .sort((a, b) => a.at - b.at);
    const sales: Sale[] = [];
    const salesStart = Date.now();
    process.stdout.write(`deliver: ${plan.length} sales over ${SALE_SECONDS} s ... `);
    for (const step of plan) {
      const wait = salesStart + step.at * SALE_SECONDS * 1000 - Date.now();
      if (wait > 0) await sleep(wait);
      const at = Date.now();
      const sold = await market.control<{ sold: { item_id: string }[] }>(
        'tm',
        'POST',
        `accounts/${step.seller.key}/sell`,
        { item_id: step.listing, force: true },
      );
      sales.push({ account: step.seller.id, dealId: sold.sold[0]!.item_id, at });
    }

    // Until every sale is registered (or the drain limit).
    const drainStart = Date.now();
    let ready = new Map<string, number>();
    while (Date.now() - drainStart < DRAIN_LIMIT_MS) {
      const rows = await db.query<{ deal_id: string; at: string }>(
        `SELECT deal_id, trade_ready_at AS at FROM bot_delivery WHERE trade_ready_at IS NOT NULL`,
      );
      ready = new Map(rows.map((row) => [row.deal_id, Date.parse(row.at)]));
      if (ready.size >= sales.length) break;
      await sleep(500);
    }
    process.stdout.write(`${ready.size} registered\n`);
    const latencies = sales
      .filter((sale) => ready.has(sale.dealId))
      .map((sale) => (ready.get(sale.dealId)! - sale.at) / 1000)
      .sort((a, b) => a - b);
    const [failed] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bot_delivery WHERE state = 'failed'`,
    );
    // One Steam offer per sale (each sale here is its own offer code): no offer sent twice.
    let offers = 0;
    for (let i = 0; i < ACCOUNTS; i += 1)
      offers += (await steam.offers(`bench${process.pid}x${i}`)).offers.length;
    return {
      accounts: ACCOUNTS,
      sales: sales.length,
      measured: latencies.length,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: latencies.at(-1) ?? Number.NaN,
      offers,
      failed: failed?.n ?? 0,
      seconds: (performance.now() - started) / 1000,
      version: `PostgreSQL ${v!.v.split(' ')[0]}`,
    };
  } finally {
    await close();
    await database.drop();
    await steamSim.close();
    await market.close();
  }
}

export function deliverMarkdown(r: DeliverBenchResult): string {
  const s = (n: number) => `${n.toFixed(1)} s`;
  return [
    '| Database | Accounts | Sales | Registered | Steam offers | Failed | p50 | p95 | max | Target (p95) | Verdict |',
    '| -------- | -------- | ----- | ---------- | ------------ | ------ | --- | --- | --- | ------------ | ------- |',
    `| ${r.version} | ${r.accounts} | ${r.sales} | ${r.measured} | ${r.offers} | ${r.failed} | ${s(r.p50)} | ${s(r.p95)} | ` +
      `${s(r.max)} | ≤ ${TARGET_P95_SECONDS} s | ${r.measured === r.sales && r.p95 <= TARGET_P95_SECONDS ? 'PASS' : 'MISS'} |`,
  ].join('\n');
}

const HEADING = '## bench:bots: sale to trade-ready';

export async function writeDeliverSection(table: string): Promise<void> {
  const section = `${HEADING}

Run on ${new Date().toISOString().slice(0, 10)} by \`npm run bench:bots\` (\`apps/bots/bench/bench-deliver.ts\`): ${ACCOUNTS}
market accounts on the tm simulator, each with a Steam account on the simulated Steam holding the same
items, \`auto_deliver\` on, the production trading runner (worker lanes and polling, the deliver loop every
${INTERVAL_SECONDS} s per account) on a temporary PostgreSQL database, everything in one process. ${SALES_PER_ACCOUNT} sales per account at
random times over ${SALE_SECONDS} s through the simulator's control API; the latency runs from just before the sale
to \`bot_delivery.trade_ready_at\` (tm accepted trade-ready for the confirmed Steam offer). "Steam offers"
counts the offers the simulated Steam holds: one per sale means none was sent twice. Load average
(1 min) at the end of the run: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores.

${table}
`;
  await writeBenchmarksSection(HEADING, section);
}

/** Runs the bench, prints the table and (unless BENCH_NO_WRITE=1) writes it to docs/benchmarks.md. */
export async function mainDeliverBench(): Promise<void> {
  const result = await runDeliverBench();
  const table = deliverMarkdown(result);
  process.stdout.write(`\n${table}\n(${result.seconds.toFixed(0)} s in all)\n`);
  if (process.env.BENCH_NO_WRITE !== '1') {
    await writeDeliverSection(table);
    process.stdout.write(`\nwritten to docs/benchmarks.md (${HEADING})\n`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await mainDeliverBench();
}
