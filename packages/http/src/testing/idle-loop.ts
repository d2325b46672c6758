import { Worker } from 'node:worker_threads';

/** The worker's idle loop: a delay histogram it starts and stops when told, answering with its max (ms). */
const IDLE_LOOP = `
const { parentPort, workerData } = require('node:worker_threads');
const { monitorEventLoopDelay } = require('node:perf_hooks');
let histogram;
parentPort.on('message', (message) => {
  if (message === 'start') {
    histogram = monitorEventLoopDelay({ resolution: workerData.resolutionMs });
    histogram.enable();
    parentPort.postMessage(0);
  } else {
    histogram.disable();
    parentPort.postMessage(histogram.max / 1e6);
  }
});
`;

/**
 * A baseline for event-loop delay on a shared machine: an idle event loop on a worker thread of this
 * process, measured over the same window as the work on the main thread. It waits out the same moments of
 * the machine (other processes, the scheduler) but not the main thread's work or its collector: each
 * isolate has its own heap. Used by the loop-delay test and bench:markets (e).
 */
export class IdleLoop {
  private readonly worker: Worker;

  constructor(resolutionMs: number) {
    this.worker = new Worker(IDLE_LOOP, { eval: true, workerData: { resolutionMs } });
  }

  /** Starts the worker's histogram; resolves once it is running. */
  async start(): Promise<void> {
    await this.ask('start');
  }

  /** Stops it; the longest wait the idle loop saw since start(), ms. */
  stop(): Promise<number> {
    return this.ask('stop');
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  private ask(message: 'start' | 'stop'): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.worker.once('message', resolve);
      this.worker.once('error', reject);
      this.worker.postMessage(message);
    });
  }
}
