import { randomBytes } from 'node:crypto';
import { request, Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { createThrowAwayDatabase, testDbKind, type ThrowAwayDatabase } from '@toydesk/db/testing';

import { ensureBuilt } from './build/ensure-build.ts';
import {
  get,
  killAll,
  readUnit,
  startUnit,
  stop,
  STOP_LIMIT_MS,
  type Unit,
} from './testing/unit-processes.ts';

// The ten rounds in `npm test` (a round is five cold starts of the built units, about 6 s each on
// plain node); TOYDESK_START_ROUNDS sets another number.
const ROUNDS = Number(process.env.TOYDESK_START_ROUNDS ?? 10);

afterEach(killAll);

describe.skipIf(testDbKind() !== 'postgres')(
  'production processes (deploy/systemd units) on PostgreSQL',
  () => {
    let database: ThrowAwayDatabase | undefined;
    // The units run the build (dist/): build it when missing or stale, once for every file that needs it.
    beforeAll(async () => {
      await ensureBuilt();
    }, 300_000);

    it('the units run the build with plain node in the install folder', () => {
      for (const unit of ['toydesk-server', 'toydesk-bots', 'toydesk-worker@'] as const) {
        const { command, args, workingDirectory } = readUnit(unit);
        expect({ unit, command, workingDirectory }).toEqual({
          unit,
          command: '/usr/bin/node',
          workingDirectory: '/opt/toydesk',
        });
        expect(args.at(-1)).toMatch(/^dist\/[a-z]+\.js$/);
        expect(args.join(' ')).not.toMatch(/tsx|\.ts\b/);
      }
    });
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
          const processes = units.map((unit) => startUnit(unit, env));
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
        const server = startUnit('toydesk-server', envFor(database, randomBytes(32).toString('hex')));
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
