import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { TestProject } from 'vitest/node';

import { ensureConsoleBuilt } from '../scripts/ensure-build.ts';
import { CHROMIUM, E2E_ADMIN } from './e2e-constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The booted server's origin (http://127.0.0.1:<port>), '' when Chromium is missing. */
    e2eBaseUrl: string;
    /** The operator the server was booted with. */
    e2eAdmin: { username: string; password: string };
  }
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_MAIN = path.join(REPO_ROOT, 'apps/demo/src/main.ts');
const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+)\//;
/** How long the server may take to migrate, load the demo data and listen. */
const START_TIMEOUT_MS = 600_000;
const STOP_TIMEOUT_MS = 30_000;

/**
 * Starts `apps/demo/src/main.ts` (what `npm start` runs) as its own process and resolves with its origin once it listens. It used
 * to boot inside Vitest's main process: the demo's PGlite and bot workers then shared that process's event
 * loop with Vitest's module transforms for every other project's workers, using about two thirds of a core
 * for the whole run.
 */
function startServer(dataDir: string): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      TOYDESK_DEMO: '1',
      TOYDESK_DATA_DIR: dataDir,
      TOYDESK_ADMIN_USER: E2E_ADMIN.username,
      TOYDESK_ADMIN_PASSWORD: E2E_ADMIN.password,
      TOYDESK_LOG_LEVEL: 'warn',
      // The server stops when this process's end closes its stdin, so a killed test run leaves no server.
      TOYDESK_STOP_WITH_STDIN: '1',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // The last lines the server wrote, for the error when it does not start.
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 30));
  };
  child.stderr?.on('data', keep);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the e2e server did not listen within ${START_TIMEOUT_MS} ms:\n${tail.join('\n')}`));
    }, START_TIMEOUT_MS);
    // The line may come in two chunks: look in everything written so far.
    let written = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      keep(chunk);
      written = (written + chunk.toString('utf8')).slice(-4096);
      const match = LISTENING.exec(written);
      if (!match) return;
      clearTimeout(timer);
      resolve({ child, origin: match[1]! });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the e2e server exited (${signal ?? code}) before listening:\n${tail.join('\n')}`));
    });
  });
}

/** SIGTERM (the server closes its bots and database), SIGKILL when it takes too long. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * The web-e2e project's global setup: one server with demo data (PGlite in a temporary folder, the demo
 * simulators, the embedded bot services) serving the current console build, started once for every e2e
 * file. Files run one after another against it, so a file must not rely on data another file changes.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('e2eAdmin', E2E_ADMIN);
  if (!existsSync(CHROMIUM)) {
    // The files skip themselves; starting a server nobody drives would only cost time.
    project.provide('e2eBaseUrl', '');
    return async () => undefined;
  }
  await ensureConsoleBuilt((line) => process.stdout.write(`${line}\n`));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toydesk-e2e-'));
  const { child, origin } = await startServer(dataDir);
  project.provide('e2eBaseUrl', origin);
  return async () => {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
