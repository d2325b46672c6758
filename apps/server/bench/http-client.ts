import { Worker } from 'node:worker_threads';

import type { FetchResult, FetchTask, LoadResult, LoadTask, WorkerReply, WorkerTask } from './http-tasks.ts';

/**
 * Runs http-worker.ts on a worker thread. The benchmark runs under tsx, whose loader a worker does not
 * inherit, so the worker first registers tsx's ESM hooks and then imports the TypeScript file.
 */
export class HttpClientThread {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: LoadResult | FetchResult) => void; reject: (error: Error) => void }
  >();

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: WorkerReply) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.error !== undefined || !reply.result) waiter.reject(new Error(reply.error ?? 'no result'));
      else waiter.resolve(reply.result);
    });
    worker.on('error', (error) => {
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
    });
  }

  static start(): HttpClientThread {
    const tsxApi = import.meta.resolve('tsx/esm/api');
    const script = new URL('./http-worker.ts', import.meta.url).href;
    const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(script)}); });`;
    return new HttpClientThread(new Worker(bootstrap, { eval: true }));
  }

  private run(task: WorkerTask): Promise<LoadResult | FetchResult> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, task });
    });
  }

  load(task: Omit<LoadTask, 'kind'>): Promise<LoadResult> {
    return this.run({ kind: 'load', ...task }) as Promise<LoadResult>;
  }

  fetch(task: Omit<FetchTask, 'kind'>): Promise<FetchResult> {
    return this.run({ kind: 'fetch', ...task }) as Promise<FetchResult>;
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
