import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';

export interface MemoryPeak<T> {
  value: T;
  rssBaseMb: number;
  /** Peak resident set size of the whole process during fn, minus the baseline taken just before. */
  rssExtraMb: number;
  /** Peak V8 heap in use on the main thread (the server's) during fn, minus the baseline. */
  heapExtraMb: number;
}

const MB = 1024 * 1024;

// The RSS sampler runs on its own thread so that a busy event loop cannot hide a peak from it.
const SAMPLER_SOURCE = `
const { workerData } = require('node:worker_threads');
const peak = new BigInt64Array(workerData.buffer);
setInterval(() => {
  const rss = BigInt(process.memoryUsage.rss());
  if (rss > Atomics.load(peak, 0)) Atomics.store(peak, 0, rss);
}, workerData.intervalMs);
`;

let gcFunction: (() => void) | null | undefined;

/** A full garbage collection before a baseline, when V8 lets us have one without --expose-gc. */
export function collectGarbage(): void {
  if (gcFunction === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      gcFunction = runInNewContext('gc') as () => void;
    } catch {
      gcFunction = null;
    }
  }
  gcFunction?.();
}

/**
 * Samples the process's memory every few milliseconds while a function runs: RSS from a worker thread
 * (process-wide: server, client and, for PGlite, the database), heapUsed on the main thread.
 */
export class MemorySampler {
  private readonly peak: BigInt64Array;
  private readonly worker: Worker;

  constructor(private readonly intervalMs = 5) {
    const buffer = new SharedArrayBuffer(8);
    this.peak = new BigInt64Array(buffer);
    this.worker = new Worker(SAMPLER_SOURCE, { eval: true, workerData: { buffer, intervalMs } });
    this.worker.unref();
  }

  async measure<T>(fn: () => Promise<T>): Promise<MemoryPeak<T>> {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const base = process.memoryUsage();
    Atomics.store(this.peak, 0, BigInt(base.rss));
    let heapPeak = base.heapUsed;
    const timer = setInterval(() => {
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    }, this.intervalMs);
    try {
      const value = await fn();
      const end = process.memoryUsage();
      heapPeak = Math.max(heapPeak, end.heapUsed);
      const rssPeak = Math.max(Number(Atomics.load(this.peak, 0)), end.rss);
      return {
        value,
        rssBaseMb: base.rss / MB,
        rssExtraMb: (rssPeak - base.rss) / MB,
        heapExtraMb: (heapPeak - base.heapUsed) / MB,
      };
    } finally {
      clearInterval(timer);
    }
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
