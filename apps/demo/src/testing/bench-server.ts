import { randomBytes } from 'node:crypto';

import { boot, loadConfig } from '@toydesk/server';
import {
  openPgliteBench,
  openPostgresBench,
  seedBenchData,
  serverVersion,
  type SeedCounts,
} from '@toydesk/server/testing';

import { mountBotServices } from '../embedded-boot.ts';

export interface BenchServerOptions {
  kind: 'postgres' | 'pglite';
  /** The PostgreSQL server a throw-away database is created on (kind 'postgres'). */
  pgUrl: string;
  admin: { username: string; password: string };
  counts: SeedCounts;
  log: (line: string) => void;
}

export interface BenchServer {
  baseUrl: string;
  /** The database's version, for the report. */
  version: string;
  /** Closes the server and removes the throw-away database; safe to call twice. */
  close(): Promise<void>;
}

/**
 * The server as `npm start` runs it (the bot services mounted, no demo) on a fresh database seeded with the
 * bench's rows, listening on a free port: what the console's bench (apps/web/bench) measures.
 */
export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const bench =
    options.kind === 'postgres' ? await openPostgresBench(options.pgUrl) : await openPgliteBench(false);
  let closed = false;
  let closeApp: (() => Promise<void>) | null = null;
  const close = async () => {
    if (closed) return;
    closed = true;
    // The app closes the database it was handed; without one the database is closed here.
    if (closeApp) await closeApp();
    else await bench.db.close();
    await bench.dispose();
  };
  try {
    const config = loadConfig({
      TOYDESK_DEMO: '0',
      // The /api-node routes the console calls, without job workers: the seeded 10,000 market accounts have
      // their trading loops on, and their ticks (failing: no network here) kept PostgreSQL and this process
      // busy on the same two cores as the browser. In production the workers run on their own machines.
      TOYDESK_BOTS_WORKERS: '0',
      TOYDESK_ADMIN_USER: options.admin.username,
      TOYDESK_ADMIN_PASSWORD: options.admin.password,
      TOYDESK_SECRET_KEY: randomBytes(32).toString('hex'),
      TOYDESK_LOG_LEVEL: 'warn',
    });
    const booted = await boot(config, { db: bench.db, mounts: [mountBotServices] });
    const app = booted.app;
    closeApp = () => app.close();
    const version = await serverVersion(booted.services.db);
    options.log(`${options.kind} ${version} at ${bench.location}; seeding…`);
    await seedBenchData(booted.services.db, options.counts, booted.services.vault.keyId, options.log);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return { baseUrl, version, close };
  } catch (error) {
    await close();
    throw error;
  }
}
