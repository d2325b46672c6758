import { randomBytes } from 'node:crypto';

import pg from 'pg';

import { type Database, openPgliteDatabase, openPostgresDatabase } from '@toydesk/db';

export const TEST_PG_URL = process.env.TOYDESK_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const testDbKind = (): 'pglite' | 'postgres' =>
  process.env.TOYDESK_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * Drops a database once its connections are gone. pg's Pool.end() resolves before its sockets close; a DROP
 * ... WITH (FORCE) in that window kills them and their pool raises an unhandled FATAL error.
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

/** A new empty database on the test PostgreSQL server; returns its URL and a dropper. */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `toydesk_bots_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => dropDatabase(TEST_PG_URL, name),
  };
}

/**
 * A fresh database for one test file: in-memory PGlite, or (TOYDESK_TEST_DB=postgres) a new database on
 * the test PostgreSQL server, dropped when closed. `url` is set for PostgreSQL (for worker processes).
 */
export async function openBotTestDatabase(): Promise<{ db: Database; url?: string }> {
  if (testDbKind() === 'pglite') return { db: await openPgliteDatabase(undefined) };
  const created = await createPostgresTestDatabase();
  const db = await openPostgresDatabase(created.url, 8);
  const close = db.close;
  return {
    url: created.url,
    db: {
      ...db,
      close: async () => {
        await close();
        await created.drop();
      },
    },
  };
}
