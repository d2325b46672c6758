/**
 * bench:markets (e): how long the event loop stalls while one large compressed price list is fetched from a
 * loopback server, the transport of today (`HttpClient`, zlib streams) against the synchronous path it
 * replaced (undici body read whole, then `gunzipSync`), measured in the same run, rounds interleaved; then
 * with the parse, lossless for 64-bit ids: `json()` in one JSON.parse, and `jsonAsync()` in slices that give
 * the loop turns (what the market clients use), from the decoded pieces (today) or from one joined string
 * (session 13). The price list is `priceListJson` of @toydesk/http's testing, the one the loop-delay test
 * fetches. Beside each round's delay: an idle loop's on a worker thread over the same window (the machine's
 * share, as in the test), and the collector's pauses on the main thread (PerformanceObserver 'gc').
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  constants as perfConstants,
  monitorEventLoopDelay,
  performance,
  PerformanceObserver,
} from 'node:perf_hooks';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';

import { Agent, request as undiciRequest } from 'undici';

import { HttpClient, parseJsonInSlices } from '@toydesk/http';
import { IdleLoop } from '@toydesk/http/testing/idle-loop';
import { priceListJson } from '@toydesk/http/testing/price-list';

export interface DelayRow {
  path: string;
  /** Mean wall time of one fetch, ms. */
  meanMs: number;
  /** Worst event-loop delay seen over all rounds, ms. */
  maxDelayMs: number;
  /** Mean of each round's p99 delay, ms. */
  p99DelayMs: number;
  /** The idle worker loop's worst delay over the same windows, ms. */
  idleMaxDelayMs: number;
  /** Rounds whose max delay was at most 50 ms above the idle loop's in the same window. */
  roundsWithin50: number;
  /** Scavenges (young generation) per round, mean; and the longest one over all rounds, ms. */
  scavengesPerRound: number;
  maxScavengeMs: number;
  /** Mark-compact (full) collections per round, mean; and the longest, ms. */
  fullGcsPerRound: number;
  maxFullGcMs: number;
}

export interface PriceListDelayResult {
  bodyBytes: number;
  gzipBytes: number;
  rounds: number;
  rows: DelayRow[];
}

interface GcPause {
  kind: 'scavenge' | 'full' | 'other';
  ms: number;
}

/** Runs `work` with a delay histogram of 1 ms resolution around it, the idle loop's and the GC pauses. */
async function withDelay(idle: IdleLoop, work: () => Promise<unknown>) {
  const pauses: GcPause[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // Node types `detail` on the GC entry only as unknown; a gc entry carries its kind there.
      const { kind } = (entry as unknown as { detail: { kind: number } }).detail;
      pauses.push({
        kind:
          kind === perfConstants.NODE_PERFORMANCE_GC_MINOR
            ? 'scavenge'
            : kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR
              ? 'full'
              : 'other',
        ms: entry.duration,
      });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  await idle.start();
  // The histogram's timer counts from its first run: a stall before it would not be seen.
  await new Promise((resolve) => setTimeout(resolve, 5));
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  // The histogram samples on its own timer: a stall that ends with the work is recorded only once that
  // timer has run again, so it gets a few milliseconds before the histogram stops.
  await new Promise((resolve) => setTimeout(resolve, 5));
  histogram.disable();
  const idleMaxMs = await idle.stop();
  // The observer is called asynchronously: one more turn so the last pauses are in.
  await new Promise((resolve) => setImmediate(resolve));
  observer.disconnect();
  return { ms, maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, idleMaxMs, pauses };
}

export async function measurePriceListDelay(
  megabytes: number,
  rounds: number,
): Promise<PriceListDelayResult> {
  const body = Buffer.from(priceListJson(megabytes));
  const packed = await promisify(gzip)(body);
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('content-encoding', 'gzip');
    res.end(packed);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/items`;
  const agent = new Agent();
  const http = new HttpClient();
  const paths: [string, () => Promise<unknown>][] = [
    [
      'before: body read whole, gunzipSync',
      async () => {
        const res = await undiciRequest(url, { dispatcher: agent });
        return gunzipSync(Buffer.from(await res.body.arrayBuffer())).toString('utf8');
      },
    ],
    ['HttpClient.request (zlib stream)', () => http.request({ method: 'GET', url })],
    [
      'HttpClient.request, then json() (one parse)',
      async () => (await http.request({ method: 'GET', url })).json(),
    ],
    [
      'HttpClient.request, then slices of one joined string (session 13)',
      async () => parseJsonInSlices((await http.request({ method: 'GET', url })).text),
    ],
    [
      'HttpClient.request, then jsonAsync() (slices of the decoded pieces)',
      async () => (await http.request({ method: 'GET', url })).jsonAsync(),
    ],
  ];
  const samples = new Map(paths.map(([name]) => [name, [] as Awaited<ReturnType<typeof withDelay>>[]]));
  const idle = new IdleLoop(1);
  try {
    for (const [, work] of paths) await work(); // warm-up: connections, JIT
    for (let round = 0; round < rounds; round += 1) {
      for (const [name, work] of paths) samples.get(name)!.push(await withDelay(idle, work));
    }
  } finally {
    await idle.close();
    await http.close();
    await agent.close();
    server.close();
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  return {
    bodyBytes: body.length,
    gzipBytes: packed.length,
    rounds,
    rows: [...samples].map(([path, list]) => {
      const pausesOf = (kind: GcPause['kind']) =>
        list.map((s) => s.pauses.filter((pause) => pause.kind === kind).map((pause) => pause.ms));
      const scavenges = pausesOf('scavenge');
      const fulls = pausesOf('full');
      return {
        path,
        meanMs: mean(list.map((s) => s.ms)),
        maxDelayMs: Math.max(...list.map((s) => s.maxMs)),
        p99DelayMs: mean(list.map((s) => s.p99Ms)),
        idleMaxDelayMs: Math.max(...list.map((s) => s.idleMaxMs)),
        roundsWithin50: list.filter((s) => s.maxMs - s.idleMaxMs <= 50).length,
        scavengesPerRound: mean(scavenges.map((round) => round.length)),
        maxScavengeMs: Math.max(0, ...scavenges.flat()),
        fullGcsPerRound: mean(fulls.map((round) => round.length)),
        maxFullGcMs: Math.max(0, ...fulls.flat()),
      };
    }),
  };
}

/** The section's lines for the report; ratios against the synchronous path of the same run. */
export function priceListDelayReport(result: PriceListDelayResult): string[] {
  const base = result.rows[0]!;
  const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return [
    `(e) one price list of ${mb(result.bodyBytes)} JSON (${mb(result.gzipBytes)} gzip) from a loopback server, ${result.rounds}`,
    'rounds interleaved; event-loop delay by monitorEventLoopDelay (1 ms resolution) during each fetch.',
    '',
    'Target: max event-loop delay of the fetch ≤ 50 ms (issue 15); "within 50": rounds whose max was at most',
    "50 ms above an idle worker loop's over the same window (the test's criterion). GC: main thread's pauses.",
    '',
    '| Path | Mean time | Max event-loop delay | Mean p99 delay | Idle loop max | Rounds within 50 | Scavenges / round (longest) | Full GCs / round (longest) | Max delay ÷ before |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...result.rows.map(
      (row) =>
        `| ${row.path} | ${row.meanMs.toFixed(0)} ms | ${row.maxDelayMs.toFixed(1)} ms | ${row.p99DelayMs.toFixed(1)} ms | ${row.idleMaxDelayMs.toFixed(1)} ms | ${row.roundsWithin50} / ${result.rounds} | ${row.scavengesPerRound.toFixed(1)} (${row.maxScavengeMs.toFixed(0)} ms) | ${row.fullGcsPerRound.toFixed(1)} (${row.maxFullGcMs.toFixed(0)} ms) | ${(row.maxDelayMs / base.maxDelayMs).toFixed(2)} |`,
    ),
  ];
}
