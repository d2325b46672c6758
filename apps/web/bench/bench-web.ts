/**
 * bench:web: the console in headless Chromium against the real server with 50,000 history rows and 5,000
 * Steam accounts (docs/benchmarks.md, "bench:web"):
 *   (a) navigation to first rows on /history/list and /steam-account/list (page_size 999999), cold cache,
 *       against a baseline navigation to the server's own small login page;
 *   (b) loading every one of the 50,000 history rows in the console while scrolling to the end (target
 *       5 s), against the old way in the same run: 500-row pages read one after another from the page;
 *       then scrolling through them: share of animation frames over 50 ms;
 *   (c) gzipped size of the JavaScript the first screen loads.
 *
 *   npm run bench:web                 # PostgreSQL (BENCH_PG_URL), the production database
 *   BENCH_DB=pglite npm run bench:web # embedded PGlite in a temporary folder
 *   (d) the live stream: from a change saved through the API (a proxy added) to the event naming it in a tab
 *       (target 1 s);
 *   BENCH_ONLY=first-rows | load | scroll | live  # one part only (load: every history row, the old way and the new)
 *
 * To see where a first screen's time goes (the last cold load of each route):
 *   BENCH_TRACE=1      the renderer main thread's tasks in order; BENCH_TRACE_FILE=<file> keeps the raw trace
 *   BENCH_PROFILE=1    a CPU profile's top functions; BENCH_PROFILE_FILE=<prefix> keeps each .json
 *                      (build with `npx vite build --minify false` in apps/web to read the functions' names)
 *   BENCH_DOM=1        how many elements the page, its nav, header and table hold, and the CSS rules
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { machineInfo, startBenchServer, type BenchServer } from '@toydesk/demo/testing';
import { LIVE_PATH } from '@toydesk/contract';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/e2e-constants.ts';
import { ensureConsoleBuilt, WEB_ROOT } from '../scripts/ensure-build.ts';

const ADMIN = { username: 'bench', password: `bench-${randomBytes(8).toString('hex')}` };
const COUNTS = { toys: 10_000, steamAccounts: 5_000, marketAccounts: 10_000, history: 50_000 };
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** How long the measured top-to-bottom scroll through the history rows takes. */
const SCROLL_MS = Number(process.env.BENCH_SCROLL_MS ?? 20_000);
const TARGETS = {
  firstRowsMs: 1500,
  // Issue 15: the Steam accounts screen (5,000 accounts) shows its first rows within 1 s, PGlite included.
  steamFirstRowsMs: 1000,
  loadAllMs: 5000,
  slowFrameShare: 0.02,
  firstScreenGzipBytes: 350 * 1024,
  // Issue 16: an event arrives in the console ≤ 1 s after the change.
  liveEventMs: 1000,
};
const LIVE_RUNS = 10;
const ONLY = process.env.BENCH_ONLY ?? '';
const ROW = '[role="table"] [role="row"][aria-rowindex="2"]';

const log = (line: string) => process.stdout.write(`[bench:web] ${line}\n`);

interface Figure {
  label: string;
  value: string;
  target: string;
  pass: boolean | null;
}
const figures: Figure[] = [];
const add = (label: string, value: string, target = '', pass: boolean | null = null) =>
  figures.push({ label, value, target, pass });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (value: number) => `${Math.round(value)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Records, in the page, when the first data row of a table appears (ms since navigation start). */
const FIRST_ROWS_PROBE = `(() => {
  const selector = ${JSON.stringify(ROW)};
  const check = () => {
    if (window.__firstRowsAt === undefined && document.querySelector(selector)) {
      window.__firstRowsAt = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

declare global {
  interface Window {
    __firstRowsAt?: number;
  }
}

async function login(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/admin/login/?next=%2Fui`);
  await page.fill('#id_username', ADMIN.username);
  await page.fill('#id_password', ADMIN.password);
  await Promise.all([page.waitForURL(`${baseUrl}/ui`), page.click('button[type="submit"]')]);
  await page.close();
  return context;
}

/** A context with the operator's cookies and an empty cache: what a fresh browser tab after login has. */
async function coldContext(browser: Browser, storage: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: storage });
  await context.addInitScript(FIRST_ROWS_PROBE);
  return context;
}

/** Navigation start to the first data row, cold cache, median of RUNS; also every script the page loaded. */
async function firstRows(
  browser: Browser,
  storage: Awaited<ReturnType<BrowserContext['storageState']>>,
  url: string,
): Promise<{ times: number[]; scripts: string[] }> {
  const times: number[] = [];
  let scripts: string[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await coldContext(browser, storage);
    const page = await context.newPage();
    const loaded: string[] = [];
    const calls: string[] = [];
    page.on('response', (response) => {
      const { pathname, search } = new URL(response.url());
      if (response.request().resourceType() === 'script') loaded.push(pathname);
      if (pathname.startsWith('/api')) {
        const timing = response.request().timing();
        calls.push(
          `${pathname}${search} ${Math.round(timing.responseStart)} ms to first byte, started at ${Math.round(timing.startTime - navigationStart)} ms`,
        );
      }
    });
    const last = run === RUNS - 1;
    const timeline = process.env.BENCH_TRACE === '1' && last ? await startTimeline(page) : null;
    const profiler = process.env.BENCH_PROFILE === '1' && last ? await startProfile(page) : null;
    const navigationStart = Date.now();
    await page.goto(url);
    await page.waitForFunction(() => window.__firstRowsAt !== undefined, undefined, { timeout: 60_000 });
    times.push(await page.evaluate(() => window.__firstRowsAt ?? Number.NaN));
    if (timeline) await timeline();
    if (process.env.BENCH_DOM === '1' && last)
      log(
        `  dom: ${await page.evaluate(`(() => {
          const count = (root) => (root ? root.querySelectorAll('*').length : 0);
          const rules = [...document.styleSheets].reduce((sum, sheet) => sum + sheet.cssRules.length, 0);
          return 'all ' + count(document.body) + ', nav ' + count(document.querySelector('nav')) + ', header ' + count(document.querySelector('header')) + ', table ' + count(document.querySelector('[role="table"]')) + ', rows ' + document.querySelectorAll('[role="table"] [role="row"]').length + ', svg ' + document.querySelectorAll('svg').length + ', style tags ' + document.querySelectorAll('style').length + ', css rules ' + rules;
        })()`)}`,
      );
    if (profiler) await profiler();
    scripts = loaded;
    if (run === RUNS - 1) for (const call of calls) log(`  ${call}`);
    await context.close();
  }
  return { times, scripts };
}

/** The baseline: the server's own small login page (no console), navigation start to its load event. */
async function baselineLoad(browser: Browser, baseUrl: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin/login/`, { waitUntil: 'load' });
    times.push(
      await page.evaluate(() => {
        const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        return entry ? entry.loadEventEnd : Number.NaN;
      }),
    );
    await context.close();
  }
  return times;
}

/**
 * Scrolls the history table to its end until every row is loaded (pages of the list are read as it goes);
 * the time from the first scroll to the last row in the DOM, and the history requests made meanwhile.
 */
async function loadAllRows(page: Page, total: number): Promise<{ ms: number; requests: number }> {
  const start = Date.now();
  const pages: { size: string; ttfb: number }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/toy/history/')) {
      pages.push({
        size: url.searchParams.get('page_size') ?? '?',
        ttfb: response.request().timing().responseStart,
      });
    }
  });
  const report = () => {
    const sizes = [...new Set(pages.map((p) => p.size))].join(', ');
    log(
      `  ${pages.length} history requests while scrolling (page_size ${sizes}), median ${Math.round(median(pages.map((p) => p.ttfb)))} ms to first byte`,
    );
  };
  const last = `[role="table"] [role="row"][aria-rowindex="${total + 1}"]`;
  for (let step = 0; step < 2000; step += 1) {
    if ((await page.locator(last).count()) > 0) {
      const elapsed = Date.now() - start;
      report();
      return { ms: elapsed, requests: pages.length };
    }
    await page.evaluate(() => {
      const table = document.querySelector<HTMLElement>('[role="table"]');
      if (table) table.scrollTop = table.scrollHeight;
    });
    await page.waitForTimeout(100);
  }
  report();
  throw new Error(`the history table did not reach row ${total}`);
}

/**
 * The old way, for the same run: what the console did before issue 15, 500-row pages read one after another
 * (each asked for only once the last was there), here from the page itself with fetch and JSON.parse and no
 * table to render: a lower bound of the old console's time. The session cookie and the XSRF header as the
 * console sends them.
 */
function oldWayLoad(page: Page, total: number): Promise<{ ms: number; requests: number; rows: number }> {
  return page.evaluate(`(async () => {
    const xsrf = /(?:^|; *)XSRF-TOKEN=([^;]*)/.exec(document.cookie);
    const headers = { accept: 'application/json' };
    if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf[1]);
    const start = performance.now();
    let rows = 0;
    let requests = 0;
    for (let pageNumber = 1; rows < ${total}; pageNumber += 1) {
      const answer = await fetch('/api/toy/history/history-extended/?ordering=-date&page=' + pageNumber + '&page_size=500', { headers });
      const body = JSON.parse(await answer.text());
      requests += 1;
      rows += body.results.length;
      if (!body.next) break;
    }
    return { ms: performance.now() - start, requests, rows };
  })()`);
}

/**
 * Every animation frame's length for `duration` ms, with `step` (page-side source reading `progress`, 0 to 1)
 * run on each frame after `setup`. Sent as source text: the bench runs under tsx, whose helpers a compiled
 * function would carry into the page.
 */
function frameDeltas(page: Page, duration: number, setup = '', step = ''): Promise<number[]> {
  return page.evaluate<number[]>(`new Promise((resolve, reject) => {
    ${setup}
    const deltas = [];
    let startedAt = 0;
    let previous = 0;
    const frame = (now) => {
      if (startedAt === 0) startedAt = now;
      else deltas.push(now - previous);
      previous = now;
      const progress = Math.min(1, (now - startedAt) / ${duration});
      ${step}
      if (progress < 1) requestAnimationFrame(frame);
      else resolve(deltas);
    };
    requestAnimationFrame(frame);
  })`);
}

/** A steady scroll from the top to the bottom of the table in `duration` ms; every frame's length. */
async function scrollFrames(page: Page, duration: number, selector = '[role="table"]'): Promise<number[]> {
  await page.evaluate((target) => {
    const table = document.querySelector<HTMLElement>(target);
    if (table) table.scrollTop = 0;
  }, selector);
  await page.waitForTimeout(500);
  return frameDeltas(
    page,
    duration,
    `const table = document.querySelector(${JSON.stringify(selector)});
    if (!table) return reject(new Error('no table'));
    const distance = table.scrollHeight - table.clientHeight;`,
    'table.scrollTop = distance * progress;',
  );
}

/** The frame baseline: a page doing nothing but counting its animation frames for `duration` ms. */
function idleFrames(page: Page, duration: number): Promise<number[]> {
  return frameDeltas(page, duration);
}

/** "4.12 % (3 of 73; p50 16.7 ms, p95 …)" and the share itself. */
function frameFigure(deltas: number[]): { share: number; text: string } {
  const slow = deltas.filter((delta) => delta > 50).length;
  const share = slow / Math.max(1, deltas.length);
  return {
    share,
    text: `${(share * 100).toFixed(2)} % (${slow} of ${deltas.length}; p50 ${median(deltas).toFixed(1)} ms, p95 ${percentile(deltas, 95).toFixed(1)} ms, max ${Math.max(...deltas).toFixed(0)} ms)`,
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}

/** BENCH_PROFILE=1: a CPU profile of the page during the scroll, its top functions by own time printed. */
async function startProfile(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[] };
    };
    if (process.env.BENCH_PROFILE_FILE)
      writeFileSync(`${process.env.BENCH_PROFILE_FILE}-${Date.now()}.json`, JSON.stringify(profile));
    const perSample = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
    const self = new Map<string, number>();
    for (const node of profile.nodes) {
      const { functionName, url, lineNumber, columnNumber } = node.callFrame;
      const key = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}:${columnNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + (node.hitCount ?? 0) * perSample);
    }
    for (const [key, time] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
      log(`  profile: ${ms(time).padStart(8)}  ${key}`);
    }
  };
}

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    elementCount?: number;
    beginData?: { dirtyObjects?: number; totalObjects?: number };
  };
}

/**
 * BENCH_TRACE=1: a Chromium trace of the page during a scroll; the renderer main thread's time by event
 * (script, style recalculation, layout, paint…) and how many elements each style and layout pass touched.
 */
async function startTrace(page: Page, label: string): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  return async () => {
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')?.tid;
    const byName = new Map<string, { ms: number; count: number; objects: number }>();
    for (const event of events) {
      if (event.ph !== 'X' || event.tid !== main || event.dur === undefined) continue;
      const entry = byName.get(event.name) ?? { ms: 0, count: 0, objects: 0 };
      entry.ms += event.dur / 1000;
      entry.count += 1;
      entry.objects += event.args?.elementCount ?? event.args?.beginData?.dirtyObjects ?? 0;
      byName.set(event.name, entry);
    }
    for (const [name, entry] of [...byName].sort((a, b) => b[1].ms - a[1].ms).slice(0, 14)) {
      const objects = entry.objects ? `, ${Math.round(entry.objects / entry.count)} objects each` : '';
      log(`  trace ${label}: ${ms(entry.ms).padStart(9)}  ${name} × ${entry.count}${objects}`);
    }
  };
}

interface TimelineEvent extends TraceEvent {
  ts: number;
  args?: TraceEvent['args'] & { data?: { url?: string; frame?: string; type?: string } };
}

/**
 * BENCH_TRACE=1 on first rows: the renderer main thread's top-level tasks of the last cold load in order
 * (start, length, what ran: script evaluation and compilation with their file, parsing, layout…), to show
 * where the time between navigation and the first row goes.
 */
async function startTimeline(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  const events: TimelineEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TimelineEvent[])));
  await cdp.send('Tracing.start', {
    categories:
      'devtools.timeline,v8.execute,disabled-by-default-devtools.timeline,blink.user_timing,loading',
    transferMode: 'ReportEvents',
  });
  return async () => {
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    if (process.env.BENCH_TRACE_FILE) writeFileSync(process.env.BENCH_TRACE_FILE, JSON.stringify(events));
    // Each renderer process has its own main thread; the page's is the one that ran the most.
    const mains = new Set(
      events
        .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
        .map((e) => `${e.pid}:${e.tid}`),
    );
    const busyByThread = new Map<string, number>();
    for (const e of events) {
      const key = `${e.pid}:${e.tid}`;
      if (mains.has(key) && e.ph === 'X') busyByThread.set(key, (busyByThread.get(key) ?? 0) + (e.dur ?? 0));
    }
    const main = [...busyByThread].sort((a, b) => b[1] - a[1])[0]?.[0];
    const start = events.find((e) => e.name === 'navigationStart' && `${e.pid}:${e.tid}` === main)?.ts;
    if (start === undefined) return;
    const onMain = events
      .filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur !== undefined && e.ts >= start)
      .sort((a, b) => a.ts - b.ts);
    let busyUntil = 0;
    let busy = 0;
    for (const event of onMain) {
      const begin = (event.ts - start) / 1000;
      const length = event.dur! / 1000;
      const detail = event.args?.data?.url?.split('/').pop() ?? event.args?.data?.type ?? '';
      if (begin >= busyUntil) {
        busy += length;
        busyUntil = begin + length;
        if (length >= 10)
          log(`  timeline: ${ms(begin).padStart(8)} +${ms(length).padStart(7)}  ${event.name} ${detail}`);
      } else if (length >= 25) {
        log(`  timeline:          ${' '.repeat(9)}  in it: ${ms(length)} ${event.name} ${detail}`);
      }
    }
    log(`  timeline: main thread busy ${ms(busy)} in tasks`);
  };
}

/**
 * (d) In the page (same origin, the operator's cookie): opens the live stream, then `runs` times adds a
 * proxy through the bot services and waits for the stream's event naming `proxies`; the delay from the
 * save's start to the event, per run (page clock both). The proxies are deleted after.
 */
async function liveDelays(page: Page, runs: number): Promise<number[]> {
  // A string, not a function: tsx's helpers would not exist in the page.
  return page.evaluate(`(async () => {
    const common = await (await fetch('/api/frontend/common')).json();
    const token = common.data.bot_token;
    const xsrf = decodeURIComponent((document.cookie.match(/XSRF-TOKEN=([^;]+)/) || [])[1] || '');
    const headers = { 'content-type': 'application/json', 'X-App-Token': token, 'X-XSRF-TOKEN': xsrf };
    const source = new EventSource('${LIVE_PATH}');
    let wake = null;
    const heard = [];
    source.addEventListener('change', (event) => {
      if (JSON.parse(event.data).topics.includes('proxies')) {
        heard.push(performance.now());
        if (wake) wake();
      }
    });
    await new Promise((resolve) => source.addEventListener('open', resolve, { once: true }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const delays = [];
    const made = [];
    for (let run = 0; run < ${runs}; run += 1) {
      const before = heard.length;
      const started = performance.now();
      const answer = await fetch('/api-node/proxy/?check=0', {
        method: 'POST',
        headers,
        body: JSON.stringify({ protocol: 'http', host: '127.0.0.1', port: 20000 + run, comment: 'bench live' }),
      });
      made.push((await answer.json()).id);
      while (heard.length === before) await new Promise((resolve) => (wake = resolve));
      delays.push(heard[before] - started);
      // Apart, so each event is its own.
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 300));
    }
    source.close();
    for (const id of made) await fetch('/api-node/proxy/' + id + '/', { method: 'DELETE', headers });
    return delays;
  })()`);
}

/** The gzip size of a built file: the build's own .gz (level 9) when present, else gzipped here. */
function gzipSize(urlPath: string): number {
  const file = path.join(WEB_ROOT, 'dist', urlPath.replace(/^\/+/, ''));
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** (c) The gzip size of the scripts the first screen loaded, against every chunk of the build. */
function reportScripts(firstScreenScripts: string[]) {
  const unique = [...new Set(firstScreenScripts)].filter((script) => script.startsWith('/assets/'));
  const gzipTotal = unique.reduce((sum, script) => sum + gzipSize(script), 0);
  const allScripts = path.join(WEB_ROOT, 'dist', 'assets');
  const everyScript = readdirSync(allScripts).filter((name) => name.endsWith('.js'));
  const everyGzip = everyScript.reduce((sum, name) => sum + gzipSize(`/assets/${name}`), 0);
  add(
    `JS for the first screen, gzip (${unique.length} of ${everyScript.length} chunks)`,
    `${kb(gzipTotal)} (${((gzipTotal / everyGzip) * 100).toFixed(0)} % of all ${kb(everyGzip)})`,
    `≤ ${kb(TARGETS.firstScreenGzipBytes)}`,
    gzipTotal <= TARGETS.firstScreenGzipBytes,
  );
  for (const script of unique) log(`  first screen: ${script} ${kb(gzipSize(script))} gzip`);
}

/** The run's figures, each beside its target. */
function printFigures(browser: Browser, kind: string, version: string) {
  const machine = machineInfo();
  const chromiumVersion = browser.version();
  process.stdout.write(
    `\nbench:web on ${machine.cpu} × ${machine.cores}, ${machine.memoryGb.toFixed(1)} GB, ${machine.os}, ` +
      `Node.js ${machine.node}, Chromium ${chromiumVersion}, ${kind === 'postgres' ? `PostgreSQL ${version}` : `PGlite (${version})`}\n\n`,
  );
  const width = Math.max(...figures.map((f) => f.label.length));
  for (const f of figures) {
    const verdict = f.pass === null ? '' : f.pass ? '  ok' : '  MISSED';
    process.stdout.write(
      `${f.label.padEnd(width)}  ${f.value}${f.target ? `  (target ${f.target})` : ''}${verdict}\n`,
    );
  }
}

/** What a run must undo (the server, the temporary database), also when it is interrupted. */
let cleanup: () => Promise<void> = async () => undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

async function main() {
  const kind = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install chromium)`);
  if (await ensureConsoleBuilt(log)) log('console built');

  let server: BenchServer | null = null;
  let browser: Browser | null = null;
  let cleaned = false;
  cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await browser?.close();
    await server?.close();
  };
  try {
    server = await startBenchServer({
      kind,
      pgUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      admin: ADMIN,
      counts: COUNTS,
      log,
    });
    const { baseUrl, version } = server;
    log(`server at ${baseUrl}; Chromium…`);

    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const loggedIn = await login(browser, baseUrl);
    const storage = await loggedIn.storageState();

    // Warm the server's file cache and the database's, so the runs measure the console, not a first read.
    const warm = await coldContext(browser, storage);
    const warmPage = await warm.newPage();
    for (const route of ['/history/list', '/steam-account/list']) {
      await warmPage.goto(`${baseUrl}${route}`);
      await warmPage.waitForSelector(ROW, { timeout: 60_000 });
    }
    await warm.close();

    const baseline = median(await baselineLoad(browser, baseUrl));
    add('baseline: the server login page, navigation to load event (cold)', ms(baseline));

    let firstScreenScripts: string[] = [];
    for (const [label, route] of [
      ['/history/list (50,000 rows, first page of 500)', '/history/list'],
      ['/steam-account/list (5,000 accounts)', '/steam-account/list'],
    ] as const) {
      if (ONLY && ONLY !== 'first-rows') break;
      const { times, scripts } = await firstRows(browser, storage, `${baseUrl}${route}`);
      const value = median(times);
      const target = route === '/steam-account/list' ? TARGETS.steamFirstRowsMs : TARGETS.firstRowsMs;
      log(`${route}: ${times.map((t) => Math.round(t)).join(', ')} ms`);
      add(
        `first rows ${label}, cold cache, median of ${RUNS}`,
        `${ms(value)} (× ${(value / baseline).toFixed(1)} baseline)`,
        `≤ ${ms(target)}`,
        value <= target,
      );
      if (route === '/steam-account/list') firstScreenScripts = scripts;
    }

    // (c) The first screen is where / leads: the Steam accounts list.
    if (firstScreenScripts.length > 0) reportScripts(firstScreenScripts);

    // (d) The live stream: a change made through the API, to the event naming it in a tab.
    if (!ONLY || ONLY === 'live') {
      const livePage = await loggedIn.newPage();
      await livePage.goto(`${baseUrl}/admin/login/`);
      const delays = await liveDelays(livePage, LIVE_RUNS);
      const p50 = median(delays);
      add(
        `live: a proxy saved → the stream's event in a tab, median of ${LIVE_RUNS} (p95 ${ms(percentile(delays, 95))})`,
        ms(p50),
        `≤ ${ms(TARGETS.liveEventMs)}`,
        p50 <= TARGETS.liveEventMs,
      );
      await livePage.close();
      if (ONLY === 'live') {
        await loggedIn.close();
        printFigures(browser, kind, version);
        return;
      }
    }

    // (b) Every history row: the old way first (500-row pages in a row), then the console's own, scrolling.
    const page = await loggedIn.newPage();
    await page.goto(`${baseUrl}/history/list`);
    await page.waitForSelector(ROW, { timeout: 60_000 });
    if (!ONLY || ONLY === 'load') {
      const old = await oldWayLoad(page, COUNTS.history);
      add(
        `baseline: the old way, ${old.rows.toLocaleString('en')} history rows in ${old.requests} pages of 500 one after another (fetch in the page, no table)`,
        ms(old.ms),
      );
      await page.reload();
      await page.waitForSelector(ROW, { timeout: 60_000 });
    }
    const load = await loadAllRows(page, COUNTS.history);
    add(
      `history: every one of ${COUNTS.history.toLocaleString('en')} rows loaded while scrolling (${load.requests} requests)`,
      ms(load.ms),
      `≤ ${ms(TARGETS.loadAllMs)}`,
      load.ms <= TARGETS.loadAllMs,
    );
    if (ONLY === 'load') {
      await loggedIn.close();
      printFigures(browser, kind, version);
      return;
    }

    const rendered = await page.locator('[role="table"] [role="row"]').count();
    const profiler = process.env.BENCH_PROFILE === '1' ? await startProfile(page) : null;
    const tracer = process.env.BENCH_TRACE === '1' ? await startTrace(page, 'history') : null;
    const deltas = await scrollFrames(page, SCROLL_MS);
    if (profiler) await profiler();
    if (tracer) await tracer();
    const history = frameFigure(deltas);
    add(
      `scroll /history/list through ${COUNTS.history.toLocaleString('en')} rows in ${SCROLL_MS / 1000} s: frames over 50 ms`,
      `${history.text}; ${rendered} rows in the DOM`,
      `≤ ${(TARGETS.slowFrameShare * 100).toFixed(0)} %`,
      history.share <= TARGETS.slowFrameShare,
    );

    // Baselines for the frames, same run: the bare VirtualTable with 50,000 rows in memory (/ui), and a
    // page that only counts frames (what the machine's load alone does to them).
    await page.goto(`${baseUrl}/ui`);
    await page.getByTestId('stress-toggle').click();
    const stressTable = '[role="table"][aria-label="Виртуальная таблица"]';
    await page.waitForSelector(`${stressTable} [role="row"][aria-rowindex="2"]`);
    const bareTracer = process.env.BENCH_TRACE === '1' ? await startTrace(page, 'bare') : null;
    const bare = frameFigure(await scrollFrames(page, SCROLL_MS, stressTable));
    if (bareTracer) await bareTracer();
    add(
      `baseline: scroll the bare VirtualTable (/ui, 50,000 rows in memory) in ${SCROLL_MS / 1000} s`,
      bare.text,
    );
    await page.goto(`${baseUrl}/admin/login/`);
    const idle = frameFigure(await idleFrames(page, 5_000));
    add('baseline: frames of an idle page (5 s)', idle.text);
    await loggedIn.close();

    printFigures(browser, kind, version);
  } catch (error) {
    // Printed before the clean-up, which may fail on its own and hide it.
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

await main();
