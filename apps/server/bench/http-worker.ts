import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';

import type {
  FetchResult,
  FetchTask,
  LoadResult,
  LoadTask,
  RequestSpec,
  WorkerMessage,
} from './http-tasks.ts';
import { JsonRowCounter } from './json-row-counter.ts';

/**
 * The benchmark's HTTP client, on its own thread so that the server's event loop (the main thread) does
 * not also pay for the client's work. Plain node:http with keep-alive sockets.
 */
function send(
  agent: http.Agent,
  baseUrl: string,
  spec: RequestSpec,
  onData: (chunk: Buffer) => void,
): Promise<{ status: number; firstByteMs: number; ms: number }> {
  const url = new URL(spec.path, baseUrl);
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: spec.method,
        agent,
        headers: {
          ...spec.headers,
          ...(spec.body !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(spec.body) }
            : {}),
        },
      },
      (res) => {
        let firstByteMs = -1;
        res.on('data', (chunk: Buffer) => {
          if (firstByteMs < 0) firstByteMs = performance.now() - start;
          onData(chunk);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, firstByteMs, ms: performance.now() - start }),
        );
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('answer aborted')));
      },
    );
    req.on('error', reject);
    if (spec.body !== undefined) req.write(spec.body);
    req.end();
  });
}

async function runLoad(task: LoadTask): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: task.concurrency });
  const latenciesMs: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const start = performance.now();
  const deadline = start + task.durationMs;
  const ignore = () => undefined;
  await Promise.all(
    Array.from({ length: task.concurrency }, async () => {
      while (performance.now() < deadline) {
        try {
          const { status, ms } = await send(agent, task.baseUrl, task.request, ignore);
          if (status === 200) latenciesMs.push(ms);
          else {
            errors += 1;
            firstError ??= `status ${status}`;
          }
        } catch (error) {
          errors += 1;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const elapsedMs = performance.now() - start;
  agent.destroy();
  return { requests: latenciesMs.length, errors, firstError, elapsedMs, latenciesMs };
}

async function runFetch(task: FetchTask): Promise<FetchResult> {
  const agent = new http.Agent({ keepAlive: false });
  const counter = new JsonRowCounter(task.countMode);
  try {
    const { status, ms, firstByteMs } = await send(agent, task.baseUrl, task.request, (chunk) =>
      counter.push(chunk),
    );
    return { status, ms, firstByteMs, ...counter.finish() };
  } finally {
    agent.destroy();
  }
}

const port = parentPort;
if (!port) throw new Error('http-worker.ts runs as a worker thread');
port.on('message', (message: WorkerMessage) => {
  const run = message.task.kind === 'load' ? runLoad(message.task) : runFetch(message.task);
  run.then(
    (result) => port.postMessage({ id: message.id, result }),
    (error: unknown) =>
      port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
