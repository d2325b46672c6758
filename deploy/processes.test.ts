import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request, Agent } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { afterEach, describe, expect, it } from 'vitest';

import { createThrowAwayDatabase, testDbKind, type ThrowAwayDatabase } from '@toydesk/db/testing';

const ROOT = path.resolve(import.meta.dirname, '..');
// Three rounds in `npm test` (a round is five cold starts); TOYDESK_START_ROUNDS=10 for the full proof.
const ROUNDS = Number(process.env.TOYDESK_START_ROUNDS ?? 3);
/** What an orchestrator allows a stop (systemd's TimeoutStopSec is 15 s in the units). */
const STOP_LIMIT_MS = 10_000;

type Unit = 'toydesk-server' | 'toydesk-bots' | 'toydesk-worker@';

/** The unit file's ExecStart, with node as this test's node (the unit says /usr/bin/node). */
function execStart(unit: Unit): string[] {
  const text = readFileSync(path.join(ROOT, 'deploy/systemd', `${unit}.service`), 'utf8');
  const line = /^ExecStart=(.+)$/m.exec(text)?.[1];
  if (!line) throw new Error(`${unit}: no ExecStart`);
  const [command, ...args] = line.trim().split(/\s+/);
  expect(command).toBe('/usr/bin/node');
  expect(/^WorkingDirectory=\/opt\/toydesk$/m.test(text)).toBe(true);
  return args;
}

interface Started {
  unit: Unit;
  child: ChildProcess;
  output: string[];
  /** The origin its ready line names (server: the API; bots: the bot services; worker: its health port). */
  origin: Promise<string>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const READY_LINE: Record<Unit, RegExp> = {
  'toydesk-server': /listening on (http:\/\/[^/\s]+)\//,
  'toydesk-bots': /bot services on (http:\/\/[^/\s]+)\//,
  'toydesk-worker@': /health on (http:\/\/[^/\s]+)\/healthz/,
};

const running = new Set<Started>();

function start(unit: Unit, env: Record<string, string>): Started {
  const child = spawn(process.execPath, execStart(unit), {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const origin = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const found = READY_LINE[unit].exec(output.join(''));
      if (found) resolve(found[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`${unit} exited ${code} before it was ready:\n${output.join('')}`)),
    );
  });
  origin.catch(() => undefined);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const started = { unit, child, output, origin, exit };
  running.add(started);
  void exit.then(() => running.delete(started));
  return started;
}

function get(
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
async function stop(
  started: Started,
): Promise<{ ms: number; code: number | null; signal: NodeJS.Signals | null }> {
  const at = Date.now();
  started.child.kill('SIGTERM');
  const killer = setTimeout(() => started.child.kill('SIGKILL'), 2 * STOP_LIMIT_MS);
  const result = await started.exit;
  clearTimeout(killer);
  return { ms: Date.now() - at, ...result };
}

afterEach(async () => {
  for (const started of running) started.child.kill('SIGKILL');
  await Promise.all([...running].map((started) => started.exit));
});

describe.skipIf(testDbKind() !== 'postgres')(
  'production processes (deploy/systemd units) on PostgreSQL',
  () => {
    let database: ThrowAwayDatabase | undefined;
    afterEach(async () => {
      await database?.drop();
      database = undefined;
    });

    const envFor = (db: ThrowAwayDatabase, secretKey: string) => ({
      DATABASE_URL: db.url,
      TOYDESK_SECRET_KEY: secretKey,
      HOST: '127.0.0.1',
      PORT: '0',
      TOYDESK_WORKER_PORT: '0',
      TOYDESK_LOG_LEVEL: 'warn',
    });

    it(
      `five processes started at once on a new database all come up and stop cleanly (${ROUNDS} rounds)`,
      {
        timeout: ROUNDS * 90_000,
      },
      async () => {
        for (let round = 1; round <= ROUNDS; round += 1) {
          database = await createThrowAwayDatabase({ prefix: 'toydesk_start' });
          const env = envFor(database, randomBytes(32).toString('hex'));
          const units: Unit[] = [
            'toydesk-worker@',
            'toydesk-server',
            'toydesk-worker@',
            'toydesk-bots',
            'toydesk-server',
          ];
          const processes = units.map((unit) => start(unit, env));
          const origins = await Promise.all(processes.map((started) => started.origin));
          for (const [i, origin] of origins.entries()) {
            const ready = await get(`${origin}/readyz`);
            expect({ round, unit: units[i], status: ready.status, body: ready.body }).toMatchObject({
              status: 200,
            });
            expect(JSON.parse(ready.body)).toMatchObject({ status: 'ready' });
          }
          const stops = await Promise.all(processes.map(stop));
          for (const [i, stopped] of stops.entries()) {
            expect({ round, unit: units[i], code: stopped.code, signal: stopped.signal }).toEqual({
              round,
              unit: units[i],
              code: 0,
              signal: null,
            });
          }
          await database.drop();
          database = undefined;
        }
      },
    );

    it(
      'the server stops within 10 s with keep-alive clients and answers a request in flight',
      { timeout: 90_000 },
      async () => {
        database = await createThrowAwayDatabase({ prefix: 'toydesk_stop' });
        const server = start('toydesk-server', envFor(database, randomBytes(32).toString('hex')));
        const origin = await server.origin;
        // Idle keep-alive sockets: the agent keeps them open after each answer.
        const agent = new Agent({ keepAlive: true, maxSockets: 4 });
        await Promise.all([1, 2, 3].map(() => get(`${origin}/healthz`, agent)));
        // A request in flight at SIGTERM: its body arrives after the signal.
        const url = new URL('/admin/login/', origin);
        const [head, tail] = ['username=nobody&', 'password=x'];
        const inFlight = new Promise<{ status: number; connection: unknown }>((resolve, reject) => {
          const req = request(
            url,
            {
              method: 'POST',
              headers: {
                'content-type': 'application/x-www-form-urlencoded',
                'content-length': Buffer.byteLength(head + tail),
              },
            },
            (res) => {
              res.resume();
              res.on('end', () =>
                resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
              );
            },
          );
          req.on('error', reject);
          req.write(head);
          setTimeout(() => req.end(tail), 500);
        });
        await sleep(100);
        const stopping = stop(server);
        const answered = await inFlight;
        const stopped = await stopping;
        agent.destroy();
        expect(answered.status).toBeLessThan(500);
        expect(answered.connection).toBe('close');
        expect(stopped).toMatchObject({ code: 0, signal: null });
        expect(stopped.ms).toBeLessThan(STOP_LIMIT_MS);
      },
    );
  },
);
