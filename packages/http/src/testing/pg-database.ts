import { createThrowAwayDatabase as createThrowAwayDb, type ThrowAwayDatabase } from '@toydesk/db/testing';
import type pg from 'pg';

import type { RateLimitDatabase, RateLimitQueryable } from '../postgres-rate-limiter.ts';

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

/** A new, empty database `<prefix>_<random>` on the test server (@toydesk/db's one helper); `drop` removes it. */
export const createThrowAwayDatabase = (prefix = 'toydesk_http'): Promise<ThrowAwayDatabase> =>
  createThrowAwayDb({ prefix });
