import { randomBytes } from 'node:crypto';

import pg from 'pg';

import type { Database } from '../database.ts';
import { openPgliteDatabase } from '../pglite-database.ts';
import { openPostgresDatabase } from '../postgres-database.ts';

export const TEST_PG_URL = process.env.TOYDESK_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh, empty database for one test file: in-memory PGlite, or (TOYDESK_TEST_DB=postgres) a new
 * database on the real PostgreSQL server, dropped again when closed.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TOYDESK_TEST_DB !== 'postgres') return openPgliteDatabase(undefined);
  const name = `toydesk_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const db = await openPostgresDatabase(url.toString(), 5);
  const close = db.close;
  return {
    ...db,
    close: async () => {
      await close();
      const dropper = new pg.Client({ connectionString: TEST_PG_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
