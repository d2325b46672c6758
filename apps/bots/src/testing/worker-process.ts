import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const WORKER = 'apps/bots/src/testing/kill-test-worker.ts';

export interface Worker {
  child: ChildProcess;
  output: string[];
  waitFor(pattern: RegExp, timeoutMs: number): Promise<string>;
  exited: Promise<number | null>;
}

/** A kill-test-worker.ts process on the database named in env (TOYDESK_TEST_WORKER_DB), with its output. */
export function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    // The worker exits when its stdin closes (kill-test-worker.ts): a test run killed midway leaves none.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      // In the output too: a test that expected exit code 0 then says which signal ended the worker.
      output.push(`[worker exited: code ${code}, signal ${signal}]`);
      resolve(code);
    }),
  );
  return {
    child,
    output,
    exited,
    waitFor(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const line = output.find((l) => pattern.test(l));
          if (line) {
            clearTimeout(timer);
            listeners.delete(check);
            resolve(line);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no ${pattern} within ${timeoutMs} ms; worker said:\n${output.join('\n')}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
  };
}
