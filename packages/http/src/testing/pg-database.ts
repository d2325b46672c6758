import { randomBytes } from 'node:crypto';

import pg from 'pg';

import type { RateLimitDatabase, RateLimitQueryable } from '../postgres-rate-limiter.ts';

export const TEST_PG_URL = process.env.TOYDESK_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A `pg.Pool` behind the limiter's small database interface. */
export function poolDatabase(pool: pg.Pool): RateLimitDatabase {
  const wrap = (client: pg.Pool | pg.PoolClient): RateLimitQueryable => ({
    async query<R extends Record<string, unknown>>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query<R>(sql, params as unknown[]);
      return result.rows;
    },
  });
  return {
    ...wrap(pool),
    async transaction<T>(fn: (q: RateLimitQueryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await fn(wrap(client));
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

/** A new, empty database `<prefix>_<random>` on the test server; `drop` removes it again. */
export async function createThrowAwayDatabase(
  prefix = 'toydesk_http',
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const dropper = new pg.Client({ connectionString: TEST_PG_URL });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
