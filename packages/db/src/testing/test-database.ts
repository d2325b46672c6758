import { randomBytes } from 'node:crypto';

import pg from 'pg';

import type { Database } from '../database.ts';
import { openPgliteDatabase } from '../pglite-database.ts';
import { openPostgresDatabase } from '../postgres-database.ts';

const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The PostgreSQL server the tests make their databases on (TOYDESK_TEST_PG_URL). */
export const TEST_PG_URL = process.env.TOYDESK_TEST_PG_URL ?? DEFAULT_PG_URL;

/** Read at each call: a bench may set TOYDESK_TEST_PG_URL after its imports ran. */
const testPgUrl = (): string => process.env.TOYDESK_TEST_PG_URL ?? DEFAULT_PG_URL;

/** Which database this test run is on: the vitest projects set TOYDESK_TEST_DB (vitest.config.ts). */
export const testDbKind = (): 'pglite' | 'postgres' =>
  process.env.TOYDESK_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Drops a database once its connections are gone. pg's Pool.end() resolves before its sockets close; a DROP
 * ... WITH (FORCE) in that window kills them and their pool raises an unhandled FATAL error. After 5 s the
 * FORCE ends whatever is left (a killed worker process's connections).
 */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let i = 0; i < 100; i += 1) {
      const { rows } = await admin.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if (rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export interface ThrowAwayDatabase {
  /** Its connection URL, for a pool or a child process of one's own. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A new, empty database `<prefix>_<random>` on a PostgreSQL server (the test server unless `serverUrl`
 * names another, as the benches do); `drop` removes it again. The one place a test or bench makes one.
 */
export async function createThrowAwayDatabase(
  options: { prefix?: string; serverUrl?: string } = {},
): Promise<ThrowAwayDatabase> {
  const serverUrl = options.serverUrl ?? testPgUrl();
  const name = `${options.prefix ?? 'toydesk_test'}_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => dropDatabase(serverUrl, name) };
}

/** A test database; `url` is set on PostgreSQL (for worker processes that open their own pool). */
export type TestDatabase = Database & { readonly url: string | undefined };

/**
 * A fresh, empty database for one test file: in-memory PGlite, or (TOYDESK_TEST_DB=postgres) a new
 * database on the test PostgreSQL server, dropped again when closed.
 */
export async function openTestDatabase(
  options: { poolSize?: number; prefix?: string } = {},
): Promise<TestDatabase> {
  if (testDbKind() === 'pglite') return { ...(await openPgliteDatabase(undefined)), url: undefined };
  const created = await createThrowAwayDatabase({ prefix: options.prefix });
  const db = await openPostgresDatabase(created.url, options.poolSize ?? 5);
  return {
    ...db,
    url: created.url,
    close: async () => {
      await db.close();
      await created.drop();
    },
  };
}
