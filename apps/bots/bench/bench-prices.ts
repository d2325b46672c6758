/**
 * bench:bots, third part — what competitor prices cost per tick (issue 11 item 4).
 *
 *   npm run bench:bots                 (after the other parts; BENCH_PRICES=0 skips it)
 *   npx tsx apps/bots/bench/bench-prices.ts
 *
 * One tm account with 100, 1,000 and 5,000 toys (BENCH_TOYS="100,1000,5000") switched to dynamic buy
 * orders, each toy already holding its order one step over the best competitor (placed straight at the
 * simulator, which here trades a catalogue of 5,100 names). The dynamic-orders tick runs as the trading
 * runner runs it, through the limiter every process uses (tm's 5 per second, held until answered), on a
 * temporary PostgreSQL database. Counted by the simulator per tick: the key's price requests (bid-ask), its
 * other requests (get-orders pages, set-order, history), and the public list fetches (no key). "List" is
 * the steady state on a fresh list (after the tick that fetched it); "per toy" the same tick with the list
 * stale and another process holding its refresh: every due toy's bid-ask, as every tick did before
 * (at most MAX_TOYS_PER_TICK). Then list-reprice: a second account with one listing per toy, repriced
 * under its competitors once, then ticks counted the same way (search pages of 50 names). The tick length
 * at tm's limit is the key's requests × 1.1 s / 5.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  Catalogue,
  createSimClock,
  loadCatalogue,
  registerTmSimulator,
  type CatalogueItem,
} from '@toydesk/simulators';
import { SimulatorControlClient } from '@toydesk/steam';
import Fastify from 'fastify';

import type { BotLogger } from '../src/jobs/job-queue.ts';
import { openPostgresDatabase } from '@toydesk/db';
import { DYNAMIC_ORDERS_LOOP } from '../src/services/trading/dynamic-orders/dynamic-orders-loop.ts';
import { LIST_REPRICE_LOOP } from '../src/services/trading/list-reprice/list-reprice-loop.ts';
import { CONFIRM_PER_TICK, MAX_TOYS_PER_TICK } from '../src/services/trading/dynamic-orders/keep-orders.ts';
import { createTradingContextForTest } from '../src/services/trading/trading-context.ts';
import { openStandalone } from '../src/standalone.ts';
import { createThrowAwayDatabase } from '@toydesk/db/testing';
import { seedMarkets } from '../src/testing/seed-trading.ts';

import { benchBotConfig } from './bench-config.ts';
import { writeBenchmarksSection } from './benchmarks-doc.ts';

if (process.env.BENCH_PG_URL) process.env.TOYDESK_TEST_PG_URL ??= process.env.BENCH_PG_URL;
const SIZES = (process.env.BENCH_TOYS ?? '100,1000,5000').split(',').map(Number);
const STEADY_TICKS = 2;
const SECONDS_PER_REQUEST = 1.1 / 5;
const QUIET: BotLogger = { info: () => undefined, warn: () => undefined, error: (m) => console.error(m) };

/** The built-in catalogue, then synthetic names (new class ids) up to `size`. */
function catalogueOf(size: number): Catalogue {
  const base = loadCatalogue().items;
  const items: CatalogueItem[] = [...base];
  for (let i = 0; items.length < size; i += 1) {
    const from = base[i % base.length]!;
    items.push({
      ...from,
      marketHashName: `${from.marketHashName} #${i}`,
      ruName: `${from.ruName} #${i}`,
      classid: String(9_000_000_000 + i),
      instanceid: '0',
    });
  }
  return new Catalogue(items);
}

interface TickCount {
  bidAsk: number;
  other: number;
  lists: number;
  seconds: number;
}

interface PricesRow {
  loop: 'dynamic-orders' | 'list-reprice';
  toys: number;
  list: TickCount;
  perToy: TickCount;
}

async function runSize(toys: number, origin: string, control: Control): Promise<PricesRow[]> {
  const database = await createThrowAwayDatabase({ prefix: 'toydesk_bots_test' });
  const db = await openPostgresDatabase(database.url, 5);
  const config = benchBotConfig('bench-prices', {
    TOYDESK_TRADING_DISPATCH_CRON: 'off',
    TOYDESK_MARKET_TM_URL: `${origin}/tm`,
  });
  const { runtime, close } = await openStandalone(config, 'api', QUIET, { db, workerName: 'bench-prices' });
  try {
    await seedMarkets(db);
    const { key } = await control.json<{ key: string }>('POST', 'accounts', { money: 100_000_000 });
    const names = (await control.json<{ names: string[] }>('GET', '')).names.slice(0, toys);
    // Each toy's order one step over the best competitor, placed straight at the simulator.
    for (let i = 0; i < names.length; i += 50) {
      await Promise.all(
        names.slice(i, i + 50).map(async (name) => {
          const book = await control.v2<{ bid: { price: number }[] }>('bid-ask', { key, hash_name: name });
          const best = Math.max(0, ...book.bid.map((level) => level.price));
          await control.v2('set-order', { key, market_hash_name: name, count: 1, price: best + 1 });
        }),
      );
    }
    const [steam] = await db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name) VALUES ('bench-prices') RETURNING id`,
    );
    const [account] = await db.query<{ id: number }>(
      `INSERT INTO market_account (market, steam_account, api_key, currency, dynamic_orders, dry_run)
       VALUES ('tm', $1, $2, 'RUB', true, false) RETURNING id`,
      [steam!.id, runtime.vault.encrypt(key)],
    );
    await db.query(
      `WITH t AS (INSERT INTO toy (market_hash_name) SELECT unnest($1::text[]) RETURNING id)
       INSERT INTO market_toy (toy, market, min_price_buy, max_price_buy, enable_dynamic_order)
       SELECT id, 'tm', 0.01, 1000000, true FROM t`,
      [names],
    );
    const tick = async (
      loop: typeof DYNAMIC_ORDERS_LOOP,
      sellerKey: string,
      accountId: number,
      priceMethod: string,
    ): Promise<TickCount> => {
      const before = await control.stats(sellerKey, priceMethod);
      const started = performance.now();
      const result = await loop.tick(await createTradingContextForTest(runtime, accountId, loop.name));
      const seconds = (performance.now() - started) / 1000;
      const after = await control.stats(sellerKey, priceMethod);
      if (/refused|placed, [1-9]/.test(result.summary)) console.warn(`  ! ${result.summary}`);
      return {
        bidAsk: after.price - before.price,
        other: after.keyed - before.keyed - (after.price - before.price),
        lists: after.lists - before.lists,
        seconds,
      };
    };
    const measure = async (
      run: () => Promise<TickCount>,
    ): Promise<{ list: TickCount; perToy: TickCount }> => {
      const steady: TickCount[] = [];
      for (let i = 0; i < STEADY_TICKS; i += 1) steady.push(await run());
      const mean = (pick: (t: TickCount) => number) =>
        steady.reduce((sum, t) => sum + pick(t), 0) / steady.length;
      const list = {
        bidAsk: mean((t) => t.bidAsk),
        other: mean((t) => t.other),
        lists: mean((t) => t.lists),
        seconds: mean((t) => t.seconds),
      };
      await db.query(
        `UPDATE bot_price_import SET last_import_at = clock_timestamp() - interval '1 hour',
           refresh_claimed_until = clock_timestamp() + interval '1 hour' WHERE market = 'tm'`,
      );
      const perToy = await run();
      // The list as tm would publish it a minute later (with our new prices): the next measurement's start.
      await db.query(
        `UPDATE bot_price_import SET last_import_at = '-infinity', refresh_claimed_until = NULL WHERE market = 'tm'`,
      );
      return { list, perToy };
    };
    const orders = () => tick(DYNAMIC_ORDERS_LOOP, key, account!.id, 'bid-ask');
    await orders(); // fetches the list
    const ordersRow: PricesRow = { loop: 'dynamic-orders', toys: names.length, ...(await measure(orders)) };

    // list-reprice: every toy one listing, listed straight at the simulator dearer than the competitors.
    const seller = await control.json<{ key: string; items: { assetid: string }[] }>('POST', 'accounts', {
      money: 1000,
      names,
      online: true,
    });
    for (let i = 0; i < seller.items.length; i += 50) {
      await Promise.all(
        seller.items
          .slice(i, i + 50)
          .map((item) =>
            control.v2('add-to-sale', { key: seller.key, id: item.assetid, price: 5_000_000, cur: 'RUB' }),
          ),
      );
    }
    const [sellerRow] = await db.query<{ id: number }>(
      `WITH s AS (INSERT INTO steam_account (steam_account_name) VALUES ('bench-prices-seller') RETURNING id)
       INSERT INTO market_account (market, steam_account, api_key, currency, auto_sell, dry_run)
       SELECT 'tm', s.id, $1, 'RUB', true, false FROM s RETURNING id`,
      [runtime.vault.encrypt(seller.key)],
    );
    await db.query(`UPDATE market_toy SET price_sell = 100000, price_buy = 0.01 WHERE market = 'tm'`);
    const reprice = () =>
      tick(LIST_REPRICE_LOOP, seller.key, sellerRow!.id, 'search-list-items-by-hash-name-all');
    await reprice(); // reprices every listing under its competitor
    await db.query(`UPDATE bot_price_import SET last_import_at = '-infinity' WHERE market = 'tm'`);
    await reprice(); // fetches the list as tm publishes it after that (our new prices in it)
    const repriceRow: PricesRow = { loop: 'list-reprice', toys: names.length, ...(await measure(reprice)) };
    return [ordersRow, repriceRow];
  } finally {
    await close();
    await database.drop();
  }
}

interface Control {
  json<T>(method: string, path: string, body?: unknown): Promise<T>;
  v2<T = unknown>(method: string, query: Record<string, string | number>): Promise<T>;
  stats(key: string, priceMethod: string): Promise<{ keyed: number; price: number; lists: number }>;
}

function controlOf(origin: string, catalogue: Catalogue): Control {
  const tm = new SimulatorControlClient(`${origin}/tm`, 'tm control');
  const json = async <T>(method: string, p: string, body?: unknown): Promise<T> => {
    if (p === '') return { names: catalogue.items.map((item) => item.marketHashName) } as T;
    return tm.call<T>(method, p, body);
  };
  return {
    json,
    async v2<T>(method: string, query: Record<string, string | number>) {
      const params = new URLSearchParams(
        Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
      );
      const response = await fetch(`${origin}/tm/api/v2/${method}?${params}`);
      return (await response.json()) as T;
    },
    async stats(key: string, priceMethod: string) {
      const stats = await json<{
        totalRequests: number;
        keys: Record<string, { requests: number; byMethod: Record<string, number> }>;
      }>('GET', 'stats');
      const mine = stats.keys[key];
      const keyed = Object.values(stats.keys).reduce((sum, k) => sum + k.requests, 0);
      return {
        keyed: mine?.requests ?? 0,
        price: mine?.byMethod[priceMethod] ?? 0,
        // Keyless calls (the public lists) count in the total only.
        lists: stats.totalRequests - keyed,
      };
    },
  };
}

function markdown(rows: PricesRow[]): string {
  const n = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
  const line = (loop: string, label: string, toys: number, t: TickCount) => {
    const keyed = t.bidAsk + t.other;
    return `| ${loop} | ${toys.toLocaleString('en-US')} | ${label} | ${n(t.bidAsk)} | ${n(t.lists)} | ${n(t.bidAsk + t.lists)} | ${n(t.other)} | ${(keyed * SECONDS_PER_REQUEST).toFixed(1)} s | ${t.seconds.toFixed(1)} s |`;
  };
  return [
    "| Loop | Toys | Competitor prices from | Price requests (bid-ask / search pages) | List fetches (no key) | Price requests per tick | Other requests | Tick at tm's limit (key requests × 0.22 s) | Tick measured |",
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.flatMap((r) => [
      line(r.loop, 'public list (fresh)', r.toys, r.list),
      line(r.loop, 'per toy (list stale)', r.toys, r.perToy),
    ]),
  ].join('\n');
}

const HEADING = '### bench:bots: competitor prices per tick (issue 11, item 4)';

async function writeSection(table: string): Promise<void> {
  const section = `${HEADING}

Run on ${new Date().toISOString().slice(0, 10)} by \`npm run bench:bots\` (\`apps/bots/bench/bench-prices.ts\`): one tm
account whose toys all hold their buy order one step over the best competitor, and one whose toys each have
a listing one step under the cheapest competitor; the dynamic-orders and list-reprice ticks through the
shared limiter (5 per second per key, held until answered) on a temporary PostgreSQL database;
requests counted by the tm simulator. A fresh list leaves ${CONFIRM_PER_TICK} confirmations per tick
(CONFIRM_PER_TICK) plus the orders about to change, and one search page of names for list-reprice; a stale
one reads every due toy's book (at most ${MAX_TOYS_PER_TICK} per tick, MAX_TOYS_PER_TICK, as before issue 11) and
searches every listed name (50 a page). Load average (1 min) at the end:
${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores.

${table}
`;
  await writeBenchmarksSection(HEADING, section);
}

export async function mainPricesBench(): Promise<void> {
  const catalogue = catalogueOf(Math.max(...SIZES) + 100);
  const app = Fastify();
  // The simulator's own limit would refuse the set-up's direct calls: the client limits itself anyway.
  await registerTmSimulator(app, {
    prefix: '/tm',
    clock: createSimClock(),
    catalogue,
    config: { rateLimitMax: 100_000 },
  });
  const origin = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  const control = controlOf(origin, catalogue);
  const rows: PricesRow[] = [];
  try {
    for (const size of SIZES) {
      process.stdout.write(`prices: ${size} toys ... `);
      const sized = await runSize(size, origin, control);
      rows.push(...sized);
      process.stdout.write(
        `${sized.map((row) => `${row.loop}: list ${row.list.bidAsk + row.list.lists} price requests/tick, per toy ${row.perToy.bidAsk + row.perToy.lists}`).join('; ')}\n`,
      );
    }
  } finally {
    await app.close();
  }
  const table = markdown(rows);
  process.stdout.write(`\n${table}\n`);
  if (process.env.BENCH_NO_WRITE !== '1') {
    await writeSection(table);
    process.stdout.write(`\nwritten to docs/benchmarks.md (${HEADING})\n`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await mainPricesBench();
}
