import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request, type Agent } from 'node:http';
import path from 'node:path';

import { ROOT } from '../build/layout.ts';

/** What an orchestrator allows a stop (systemd's TimeoutStopSec is 15 s in the units). */
export const STOP_LIMIT_MS = 10_000;

export type Unit = 'toydesk-server' | 'toydesk-bots' | 'toydesk-worker@';

/** The line each process prints once it listens, with the origin it names (the worker's: its health port). */
export const READY_LINE: Record<Unit | 'demo', RegExp> = {
  'toydesk-server': /listening on (http:\/\/[^/\s]+)\//,
  'toydesk-bots': /bot services on (http:\/\/[^/\s]+)\//,
  'toydesk-worker@': /health on (http:\/\/[^/\s]+)\/healthz/,
  demo: /listening on (http:\/\/[^/\s]+)\//,
};

interface UnitFile {
  args: string[];
  workingDirectory: string | undefined;
}

/** The unit file's ExecStart (its arguments after /usr/bin/node) and WorkingDirectory. */
export function readUnit(unit: Unit): UnitFile & { command: string } {
  const text = readFileSync(path.join(ROOT, 'deploy/systemd', `${unit}.service`), 'utf8');
  const line = /^ExecStart=(.+)$/m.exec(text)?.[1];
  if (!line) throw new Error(`${unit}: no ExecStart`);
  const [command, ...args] = line.trim().split(/\s+/);
  return { command: command!, args, workingDirectory: /^WorkingDirectory=(.+)$/m.exec(text)?.[1] };
}

export interface Started {
  name: string;
  child: ChildProcess;
  output: string[];
  /** The origin its ready line names. */
  origin: Promise<string>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<Started>();

/** Starts `node <args>` in cwd with only env (and PATH, HOME), as systemd starts a unit. */
export function startProcess(
  name: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; ready: RegExp },
): Started {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const origin = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const found = options.ready.exec(output.join(''));
      if (found) resolve(found[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`${name} exited ${code} before it was ready:\n${output.join('')}`)),
    );
  });
  origin.catch(() => undefined);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const started = { name, child, output, origin, exit };
  running.add(started);
  void exit.then(() => running.delete(started));
  return started;
}

/** Starts a unit's ExecStart line (node as this test's node; the unit says /usr/bin/node) in cwd. */
export function startUnit(unit: Unit, env: Record<string, string>, cwd: string = ROOT): Started {
  return startProcess(unit, readUnit(unit).args, { cwd, env, ready: READY_LINE[unit] });
}

/** SIGKILLs every process still running and waits for them (an afterEach, so a failed test leaves none). */
export async function killAll(): Promise<void> {
  for (const started of running) started.child.kill('SIGKILL');
  await Promise.all([...running].map((started) => started.exit));
}

export function get(
  url: string,
  agent?: Agent,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** SIGTERM, then how long the process took to exit and how (killed at 2 × the limit so a test never hangs). */
export async function stop(
  started: Started,
): Promise<{ ms: number; code: number | null; signal: NodeJS.Signals | null }> {
  const at = Date.now();
  started.child.kill('SIGTERM');
  const killer = setTimeout(() => started.child.kill('SIGKILL'), 2 * STOP_LIMIT_MS);
  const result = await started.exit;
  clearTimeout(killer);
  return { ms: Date.now() - at, ...result };
}
