/**
 * `npm run bench:markets`: the tm client against the simulator (in-process server on a local port, real
 * HTTP, tm's real limit of 5 requests per second per key; the server runs in a worker thread of this process,
 * see sim-worker.ts). See docs/benchmarks.md, "bench:markets".
 *
 * (a) 50 accounts list 200 items each through add-to-sale, then reprice all 10,000 with MassSetPriceById
 *     in batches of 100, round after round;
 * (b) the same accounts place 250 buy orders each with set-order, then run the order loop (getAllOrders)
 *     for all 50 keys at once, round after round;
 * (c) one key, the limiter disabled and the simulator's limit raised: get-money through the client against
 *     a bare undici request of the same URL, interleaved;
 * (d) BENCH_PROCESSES processes (default 4) share one key through the limiter every process uses
 *     (createMarketRateLimiter, on a throw-away PostgreSQL database), a quarter of their calls stalled up to
 *     1 s between grant and send (a loaded machine), for PHASE_SECONDS; then the same with the bots' limiter
 *     of before issue 11. The simulator counts the key's requests per second on its side: seconds over 5;
 * (e) the event loop's worst delay while a BENCH_PRICE_LIST_MB (default 20) MB price list is fetched, against
 *     the synchronous decompression of before issue 15 (price-list-delay.ts). BENCH_ONLY=price-list runs (e)
 *     alone, e.g. `BENCH_ONLY=price-list BENCH_PRICE_LIST_MB=2 npm run bench:markets` for a quick look.
 *
 * Rates are shown against the limiter's ceiling (keys × 5 per 1.1 s: tm's 5 per second plus the transport's
 * 100 ms safety margin) and against tm's nominal keys × 5 per second. Refusals are the simulator's count of
 * calls over its limit (HTTP 429), which must stay 0.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

import { Agent, request as undiciRequest } from 'undici';

import { HttpClient, MemoryRateLimiter } from '@toydesk/http';
import { createThrowAwayDatabase } from '@toydesk/http/testing';
import { loadCatalogue } from '@toydesk/simulators';

import { TmSimControl, type SimAccount } from '../src/testing/tm-simulator.ts';
import { createTmClient, type TmClient } from '../src/tm/tm-client.ts';
import { TmMarket } from '../src/tm/tm-market.ts';
import { TmPacedRateLimiter } from '../src/tm/tm-paced-rate-limiter.ts';

import { measurePriceListDelay, priceListDelayReport } from './price-list-delay.ts';

const KEYS = Number(process.env.BENCH_KEYS ?? 50);
const ITEMS_PER_KEY = Number(process.env.BENCH_ITEMS_PER_KEY ?? 200);
const ORDERS_PER_KEY = Number(process.env.BENCH_ORDERS_PER_KEY ?? 250);
const PHASE_SECONDS = Number(process.env.BENCH_PHASE_SECONDS ?? 10);
const OVERHEAD_CALLS = Number(process.env.BENCH_OVERHEAD_CALLS ?? 3000);
const PACED = process.env.BENCH_PACED !== '0';
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 4);
const PRICE_LIST_MB = Number(process.env.BENCH_PRICE_LIST_MB ?? 20);
const PRICE_LIST_ROUNDS = Number(process.env.BENCH_PRICE_LIST_ROUNDS ?? 5);
const ONLY_PRICE_LIST = process.env.BENCH_ONLY === 'price-list';
const LIMIT = 5;
const WINDOW_MS = 1000;
/**
 * (a)–(c) run in one process on a MemoryRateLimiter (tokens counted from the grant): the 250 ms margin the
 * server used before issue 11 unless BENCH_MARGIN_MS says otherwise. (d) uses the shared configuration.
 */
const TM_PRODUCTION_MARGIN_MS = 250;
const MARGIN_MS = Number(process.env.BENCH_MARGIN_MS ?? TM_PRODUCTION_MARGIN_MS);
const COUNTED_WINDOW_MS = WINDOW_MS + MARGIN_MS;
const LIMITER_CEILING = (KEYS * LIMIT * 1000) / COUNTED_WINDOW_MS;
const NOMINAL_CEILING = (KEYS * LIMIT * 1000) / WINDOW_MS;

interface PhaseResult {
  name: string;
  /** A rate measured over whole limiter windows (see measureSustained). */
  sustained?: boolean;
  /** A pass that fits in each key's first burst of 5: its time is the figure, a rate would mean nothing. */
  burst?: boolean;
  requests: number;
  seconds: number;
  refusals: number;
  clientErrors: number;
  note: string;
}

/** Kopecks as a decimal string, without a float in between. */
const rubles = (kopecks: number) => `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;

const us = (ms: number) => `${Math.round(ms * 1000)} µs`;

const quietLogger = { warn: (message: string) => console.warn(`  ! ${message}`) };

/** The simulator's counters (its control API is never rate-limited and not counted). */
async function counters(sim: TmSimControl) {
  const stats = await sim.stats();
  return { requests: stats.totalRequests, refusals: stats.rateLimitViolations };
}

/** Lets every key's limiter window empty, so one phase's backlog does not slow the next one down. */
const settle = () => new Promise((resolve) => setTimeout(resolve, COUNTED_WINDOW_MS + 200));

function report(result: PhaseResult): PhaseResult {
  const rate = result.requests / result.seconds;
  if (result.burst) {
    console.log(`  ${result.name}: ${result.requests} requests in ${Math.round(result.seconds * 1000)} ms`);
    return result;
  }
  console.log(
    `  ${result.name}: ${result.requests} requests in ${result.seconds.toFixed(1)} s = ${rate.toFixed(1)}/s, ` +
      `${((rate / LIMITER_CEILING) * 100).toFixed(1)} % of the limiter's ceiling, ` +
      `${result.refusals} refusals, ${result.clientErrors} client errors`,
  );
  return result;
}

/** A fixed amount of work: requests over the time it took. */
async function measure(
  sim: TmSimControl,
  name: string,
  note: string,
  body: () => Promise<number>,
  burst = false,
): Promise<PhaseResult> {
  await settle();
  const before = await counters(sim);
  const started = performance.now();
  const clientErrors = await body();
  const seconds = (performance.now() - started) / 1000;
  const after = await counters(sim);
  return report({
    name,
    requests: after.requests - before.requests,
    seconds,
    refusals: after.refusals - before.refusals,
    clientErrors,
    note,
    burst,
  });
}

/**
 * Sustained load: every key repeats `round` again and again. Counted are the requests that reach the
 * simulator in a window of whole limiter windows (⌊PHASE_SECONDS / 1.1 s⌋ of them), starting half a window
 * after the start: a sliding-window limiter lets each key send 5 at once and then 5 per 1.1 s, so a window
 * of whole limiter windows placed between those bursts measures the steady rate, not the first burst.
 */
async function measureSustained(
  sim: TmSimControl,
  name: string,
  note: string,
  clients: TmClient[],
  round: (client: TmClient, index: number) => Promise<number>,
): Promise<PhaseResult> {
  await settle();
  const windows = Math.max(1, Math.floor((PHASE_SECONDS * 1000) / COUNTED_WINDOW_MS));
  const offsetMs = COUNTED_WINDOW_MS / 2;
  const lengthMs = windows * COUNTED_WINDOW_MS;
  const first = await counters(sim);
  let atStart = Promise.resolve(first);
  let atEnd = atStart;
  const startTimer = setTimeout(() => (atStart = counters(sim)), offsetMs);
  const endTimer = setTimeout(() => (atEnd = counters(sim)), offsetMs + lengthMs);
  const until = performance.now() + offsetMs + lengthMs;
  const errors = await Promise.all(
    clients.map(async (client, index) => {
      let failed = 0;
      while (performance.now() < until) failed += await round(client, index);
      return failed;
    }),
  );
  clearTimeout(startTimer);
  clearTimeout(endTimer);
  const [start, end, last] = await Promise.all([atStart, atEnd, counters(sim)]);
  return report({
    name,
    requests: end.requests - start.requests,
    seconds: lengthMs / 1000,
    refusals: last.refusals - first.refusals,
    clientErrors: errors.reduce((sum, value) => sum + value, 0),
    note,
    sustained: true,
  });
}

interface CallCost {
  mean: number;
  p50: number;
  p95: number;
}

/**
 * get-money on one key, sequentially, the limiter disabled (a limiter that always grants) and the
 * simulator's limit raised: a bare undici request of the same URL (with and without the same 25 s timeout),
 * Node's fetch, the transport alone, and the tm client, in interleaved blocks so drift hits all alike.
 */
async function overhead(sim: TmSimControl, market: 'tm' | 'cs7', key: string) {
  await sim.setConfig({ rateLimitMax: 1_000_000_000 }, market);
  const http = new HttpClient({ rateLimiter: { acquire: () => Promise.resolve() } });
  const tm = createTmClient({ apiKey: key, baseUrl: sim.baseUrl(market), http, logger: quietLogger });
  const agent = new Agent({ keepAliveTimeout: 60_000 });
  const url = `${sim.baseUrl(market)}/api/v2/get-money?cur=RUB&key=${key}`;
  const check = (status: number, body: unknown) => {
    if (status !== 200 || (body as { success?: unknown }).success !== true)
      throw new Error('get-money failed');
  };
  const variants: Record<string, () => Promise<void>> = {
    'bare undici request': async () => {
      const response = await undiciRequest(url, { dispatcher: agent });
      check(response.statusCode, JSON.parse(await response.body.text()));
    },
    'bare undici request with a 25 s timeout': async () => {
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), 25_000);
      try {
        const response = await undiciRequest(url, { dispatcher: agent, signal: timeout.signal });
        check(response.statusCode, JSON.parse(await response.body.text()));
      } finally {
        clearTimeout(timer);
      }
    },
    'bare fetch': async () => {
      const response = await fetch(url);
      check(response.status, await response.json());
    },
    'transport alone (HttpClient.request)': async () => {
      const response = await http.request({
        method: 'GET',
        url: `${sim.baseUrl(market)}/api/v2/get-money`,
        query: { cur: 'RUB', key },
        timeoutMs: 25_000,
        rateLimitKey: 'tm:bench',
        redactValues: [key],
      });
      check(response.status, response.json());
    },
    'tm client (transport, zod, units)': async () => {
      await tm.account.getMoney();
    },
  };
  const timings = new Map<string, number[]>(Object.keys(variants).map((name) => [name, []]));
  const block = async (name: string, count: number, record: boolean) => {
    const call = variants[name]!;
    for (let i = 0; i < count; i += 1) {
      const started = performance.now();
      await call();
      if (record) timings.get(name)!.push(performance.now() - started);
    }
  };
  for (const name of Object.keys(variants)) await block(name, 500, false);
  const blockSize = 250;
  for (let done = 0; done < OVERHEAD_CALLS; done += blockSize) {
    for (const name of Object.keys(variants)) await block(name, blockSize, true);
  }
  await http.close();
  await agent.close();
  await sim.setConfig({ rateLimitMax: LIMIT }, market);
  const costs = new Map<string, CallCost>();
  for (const [name, list] of timings) {
    const sorted = [...list].sort((a, b) => a - b);
    costs.set(name, {
      mean: list.reduce((sum, value) => sum + value, 0) / list.length,
      p50: sorted[Math.floor(sorted.length / 2)]!,
      p95: sorted[Math.floor(sorted.length * 0.95)]!,
    });
  }
  return costs;
}

interface SharedKeyResult {
  limiter: string;
  requests: number;
  seconds: number;
  busySeconds: number;
  maxPerSecond: number;
  secondsOverLimit: number;
  clientErrors: number;
}

/** (d): PROCESSES child processes on one key and one database, counted per second by the simulator. */
async function sharedKey(sim: TmSimControl, limiter: 'shared' | 'unheld'): Promise<SharedKeyResult> {
  const [account, database] = await Promise.all([
    sim.createAccount({ money: 1 }),
    createThrowAwayDatabase('toydesk_bench_markets'),
  ]);
  const worker = new URL('../src/testing/tm-limit-worker.ts', import.meta.url).pathname;
  const run = () =>
    new Promise<{ ok: number; errors: string[] }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', worker], {
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          BASE_URL: sim.baseUrl(),
          API_KEY: account.key,
          SECONDS: String(PHASE_SECONDS),
          CONCURRENCY: '3',
          STALL_SHARE: '0.25',
          STALL_MAX_MS: '1000',
          LIMITER: limiter,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0
          ? resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { ok: number; errors: string[] })
          : reject(new Error(`tm-limit-worker exited ${code}`)),
      );
    });
  try {
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: PROCESSES }, run));
    const seconds = (performance.now() - started) / 1000;
    const rate = await sim.rateBySecond(account.key, LIMIT);
    const result = {
      limiter:
        limiter === 'shared'
          ? 'createMarketRateLimiter (held until answered)'
          : 'before issue 11 (counted from the grant, 100 ms margin)',
      requests: (await sim.keyStats(account.key)).requests,
      seconds,
      busySeconds: rate.seconds,
      maxPerSecond: rate.maxPerSecond,
      secondsOverLimit: rate.secondsOverLimit,
      clientErrors: results.reduce((sum, r) => sum + r.errors.length, 0),
    };
    console.log(
      `  ${result.limiter}: ${result.requests} requests in ${seconds.toFixed(1)} s, busiest second ${result.maxPerSecond}, ` +
        `${result.secondsOverLimit} of ${result.busySeconds} seconds over 5`,
    );
    return result;
  } finally {
    await database.drop();
  }
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus[0]?.model.trim() ?? 'unknown'} × ${cpus.length}`,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GB`,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    load: os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' / '),
  };
}

async function main() {
  const startLoad = machine().load;
  if (ONLY_PRICE_LIST) {
    const result = await measurePriceListDelay(PRICE_LIST_MB, PRICE_LIST_ROUNDS);
    console.log(`load ${startLoad} → ${machine().load}\n\n${priceListDelayReport(result).join('\n')}`);
    return;
  }
  console.log(
    `bench:markets: ${KEYS} keys, ${ITEMS_PER_KEY} items and ${ORDERS_PER_KEY} orders per key, margin ${MARGIN_MS} ms`,
  );
  // A worker does not inherit tsx's loader: it registers it, then loads the TypeScript entry.
  const entry = new URL('./sim-worker.ts', import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`,
    { eval: true },
  );
  const [ready] = (await once(worker, 'message')) as [{ origin: string }];
  const sim = new TmSimControl(ready.origin);
  // The limiter a bot service gives its tm clients: tm's 5 per second plus the transport's safety margin,
  // each key's tokens paced evenly (see TmPacedRateLimiter); BENCH_PACED=0 for the bare sliding window.
  const window = new MemoryRateLimiter({ limit: LIMIT, windowMs: COUNTED_WINDOW_MS });
  const http = new HttpClient({
    rateLimiter: PACED
      ? new TmPacedRateLimiter({ inner: window, intervalMs: COUNTED_WINDOW_MS / LIMIT })
      : window,
  });
  try {
    const catalogue = loadCatalogue().items;
    const accounts: SimAccount[] = [];
    for (let i = 0; i < KEYS; i += 1) {
      accounts.push(await sim.createAccount({ inventory: ITEMS_PER_KEY, money: 1_000_000 }));
    }
    const clients = accounts.map((account) =>
      createTmClient({ apiKey: account.key, baseUrl: sim.baseUrl(), http, logger: quietLogger }),
    );
    const markets = clients.map((client) => new TmMarket(client));
    const phases: PhaseResult[] = [];

    console.log('(a) listing and repricing');
    const listingIds: string[][] = accounts.map(() => []);
    phases.push(
      await measure(sim, 'list: add-to-sale', `${KEYS * ITEMS_PER_KEY} items, one call each`, async () => {
        const results = await Promise.all(
          markets.map((market, index) =>
            market.listForSale(
              accounts[index]!.items.map((item, i) => ({ asset_id: item.assetid, price: `${100 + i}.00` })),
            ),
          ),
        );
        results.forEach(
          (list, index) => (listingIds[index] = list.flatMap((r) => (r.listing_id ? [r.listing_id] : []))),
        );
        return results.flat().filter((result) => result.error !== null).length;
      }),
    );
    const reprice = async (market: TmMarket, index: number, round: number) => {
      const items = listingIds[index]!.map((id, i) => ({
        listing_id: id,
        price: `${100 + ((i + round) % 50)}.25`,
      }));
      return (await market.setPrices(items)).filter((result) => !result.ok).length;
    };
    phases.push(
      await measure(
        sim,
        'reprice: one pass',
        `${KEYS * ITEMS_PER_KEY} items, batches of 100`,
        async () => {
          const errors = await Promise.all(markets.map((market, index) => reprice(market, index, 0)));
          return errors.reduce((sum, value) => sum + value, 0);
        },
        true,
      ),
    );
    let round = 1;
    phases.push(
      await measureSustained(
        sim,
        'reprice: sustained',
        `passes over all items for ${PHASE_SECONDS} s`,
        clients,
        (_c, index) => reprice(markets[index]!, index, round++),
      ),
    );
    for (const account of accounts) {
      const { listings } = await sim.accountState<{ listings: { price: number }[] }>(account.key);
      if (listings.length !== ITEMS_PER_KEY || listings.some((listing) => listing.price % 100 !== 25)) {
        throw new Error('reprice check failed: not every listing carries a repriced price');
      }
    }

    console.log('(b) buy orders and the order loop');
    phases.push(
      await measure(sim, 'orders: set-order', `${ORDERS_PER_KEY} orders per key`, async () => {
        const errors = await Promise.all(
          clients.map(async (client) => {
            let failed = 0;
            for (let i = 0; i < ORDERS_PER_KEY; i += 1) {
              const name = catalogue[i % catalogue.length]!.marketHashName;
              await client.orders
                .setOrder({ marketHashName: name, price: rubles(100 + i), count: 1 })
                .catch(() => (failed += 1));
            }
            return failed;
          }),
        );
        return errors.reduce((sum, value) => sum + value, 0);
      }),
    );
    // A pass that fails (the loop throws on a failed page) or misses orders counts as one client error.
    const loop = (client: TmClient): Promise<number> =>
      client.orders.getAllOrders().then(
        (orders) => (orders.length === ORDERS_PER_KEY ? 0 : 1),
        () => 1,
      );
    phases.push(
      await measure(
        sim,
        'order loop: one pass',
        `getAllOrders, ${Math.ceil((ORDERS_PER_KEY + 1) / 100)} pages per key`,
        async () => (await Promise.all(clients.map(loop))).reduce((sum, value) => sum + value, 0),
        true,
      ),
    );
    phases.push(
      await measureSustained(
        sim,
        'order loop: sustained',
        `getAllOrders again and again for ${PHASE_SECONDS} s`,
        clients,
        (client) => loop(client),
      ),
    );

    console.log('(c) client overhead per call (get-money, one key, no limiter)');
    const cs7Account = await sim.createAccount({ money: 1 }, 'cs7');
    const loaded = await overhead(sim, 'tm', accounts[0]!.key);
    const fresh = await overhead(sim, 'cs7', cs7Account.key);
    const CLIENT = 'tm client (transport, zod, units)';
    const BARE = 'bare undici request';
    for (const [label, costs] of [
      ['tm (loaded)', loaded],
      ['cs7 (empty)', fresh],
    ] as const) {
      const ratio = costs.get(CLIENT)!.mean / costs.get(BARE)!.mean;
      console.log(
        `  ${label}: bare undici ${us(costs.get(BARE)!.mean)}, client ${us(costs.get(CLIENT)!.mean)}, ratio ${ratio.toFixed(3)}`,
      );
    }
    const costRows = (label: string, costs: Map<string, CallCost>) =>
      [...costs].map(([name, cost]) => {
        const ratio = (pick: keyof CallCost) => (costs.get(CLIENT)![pick] / cost[pick]).toFixed(3);
        return `| ${label} | ${name} | ${us(cost.mean)} | ${us(cost.p50)} | ${us(cost.p95)} | ${ratio('mean')} | ${ratio('p50')} |`;
      });

    console.log(`(d) ${PROCESSES} processes sharing one key, calls stalled between grant and send`);
    // The simulator's own limit would refuse (429) and count: raise it, the per-second count is the figure.
    await sim.setConfig({ rateLimitMax: 10_000 });
    const shared = [await sharedKey(sim, 'shared'), await sharedKey(sim, 'unheld')];
    await sim.setConfig({ rateLimitMax: LIMIT });

    console.log(`(e) event-loop delay while a ${PRICE_LIST_MB} MB price list is fetched`);
    const priceListDelay = await measurePriceListDelay(PRICE_LIST_MB, PRICE_LIST_ROUNDS);

    const totalRefusals = (await sim.stats()).rateLimitViolations;
    const info = machine();
    const rows = phases.map((phase) => {
      const rate = phase.requests / phase.seconds;
      const share = (ceiling: number) => (phase.burst ? '—' : (rate / ceiling).toFixed(3));
      const time = phase.burst ? `${Math.round(phase.seconds * 1000)} ms` : `${phase.seconds.toFixed(1)} s`;
      return `| ${phase.name} | ${phase.note} | ${phase.requests} | ${time} | ${phase.burst ? '—' : `${rate.toFixed(1)}/s`} | ${share(LIMITER_CEILING)} | ${share(NOMINAL_CEILING)} | ${phase.refusals} | ${phase.clientErrors} |`;
    });
    const report = [
      `Run on ${new Date().toISOString().slice(0, 10)}: ${KEYS} keys, ${ITEMS_PER_KEY} listings and ${ORDERS_PER_KEY} buy orders per key, ` +
        `limiter ${PACED ? 'MemoryRateLimiter paced by TmPacedRateLimiter' : 'MemoryRateLimiter alone (BENCH_PACED=0)'}, ` +
        `safety margin ${MARGIN_MS} ms.`,
      '',
      '| Machine |  |',
      '| --- | --- |',
      `| CPU | ${info.cpu} |`,
      `| Memory | ${info.memory} |`,
      `| OS | ${info.os} |`,
      `| Node.js | ${info.node} |`,
      `| Load average at start / end (1 / 5 / 15 min) | ${startLoad} → ${info.load} |`,
      '',
      `Limiter ceiling: ${KEYS} keys × 5 per ${COUNTED_WINDOW_MS} ms = ${LIMITER_CEILING.toFixed(1)}/s; tm's nominal ceiling ${KEYS} × 5/s = ${NOMINAL_CEILING.toFixed(0)}/s.`,
      '',
      '| Phase | Work | Requests | Time | Rate | Share of limiter ceiling (target ≥ 0.95) | Share of 5 rps × keys | Refusals (429) | Client errors |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
      '',
      `Client overhead, get-money on one key, limiter disabled, simulator limit raised; ${OVERHEAD_CALLS} timed calls per`,
      'variant in interleaved blocks of 250 after 500 warm-up calls each. "tm (loaded)" is the market of (a) and (b)',
      '(10,000 listings, 12,500 orders: the simulator does more per request); "cs7 (empty)" a market of the same server',
      'holding one account, where the server side costs least and the client weighs most.',
      '',
      'Target: tm client ÷ bare undici request ≤ 1.2.',
      '',
      '| Market | Call | Mean | p50 | p95 | tm client ÷ this, mean | tm client ÷ this, p50 |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...costRows('tm (loaded)', loaded),
      ...costRows('cs7 (empty)', fresh),
      '',
      `Refusals over the whole run: ${totalRefusals}.`,
      '',
      `(d) ${PROCESSES} processes share one key for ${PHASE_SECONDS} s, 3 calls in flight each, a quarter of the calls`,
      'stalled up to 1 s between the grant and the send; requests per second counted by the simulator.',
      '',
      '| Limiter | Requests | Time (with process starts) | Requests per busy second | Busiest second | Seconds over 5 | Client errors |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...shared.map(
        (r) =>
          `| ${r.limiter} | ${r.requests} | ${r.seconds.toFixed(1)} s | ${(r.requests / r.busySeconds).toFixed(2)} | ${r.maxPerSecond} | ${r.secondsOverLimit} of ${r.busySeconds} | ${r.clientErrors} |`,
      ),
      '',
      ...priceListDelayReport(priceListDelay),
    ];
    console.log(`\n${report.join('\n')}`);
    if (totalRefusals > 0 || shared[0]!.secondsOverLimit > 0) process.exitCode = 1;
  } finally {
    await http.close();
    worker.postMessage('close');
    await once(worker, 'exit');
  }
}

await main();
