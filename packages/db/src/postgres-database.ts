import pg from 'pg';

import { TYPE_PARSERS, streamWithCursor, type Database, type Queryable, type Row } from './database.ts';
import { streamRowJson } from './row-json.ts';

const types = {
  getTypeParser(oid: number, format?: string) {
    const parser = TYPE_PARSERS[oid];
    if (parser && format !== 'binary') return parser;
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

export async function openPostgresDatabase(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    types: types as pg.CustomTypesConfig,
    // Timestamps come back in UTC whatever the server's default zone is. No JIT: the console's list queries
    // (correlated subqueries over thousands of rows) are costed above jit_above_cost, and compiling them
    // took ~90 ms of the 5,000-account list's ~370 ms while saving nothing (bench:web).
    options: '-c timezone=UTC -c jit=off',
  });
  // The one connection outside the pool: the lock must not take a connection fn needs (a pool of one).
  const exclusive = async <T>(key: number, fn: () => Promise<T>): Promise<T> => {
    const holder = new pg.Client({ connectionString });
    holder.on('error', () => undefined);
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [key]);
      return await fn();
    } finally {
      // Ending the session lets the lock go even when the unlock cannot be sent.
      await holder.end().catch(() => undefined);
    }
  };
  // An idle connection the server closes (a restart, a dropped test database) must not crash the process:
  // the pool discards it and the next query opens a new one.
  pool.on('error', () => undefined);
  // Fail at start, not at the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();

  const { query, exec, transaction } = poolDatabase(pool);

  const stream: Database['stream'] = (sql, params, batchSize, onBatch) =>
    transaction((tx) => streamWithCursor(tx, sql, params, batchSize, onBatch));
  const columns: Database['columns'] = async (sql, params) => {
    const result = await pool.query(`SELECT * FROM (${sql}) q LIMIT 0`, params as unknown[]);
    return result.fields.map((f) => ({ name: f.name, type: f.dataTypeID }));
  };

  return {
    kind: 'postgres',
    query,
    exec,
    transaction,
    stream,
    columns,
    streamJson: (sql, params, batchSize, onBatch) =>
      streamRowJson({ columns, stream }, sql, params, batchSize, onBatch),
    exclusive,
    close: () => pool.end(),
  };
}

/**
 * A pg pool's queries and its one transaction wrapper (BEGIN, COMMIT, ROLLBACK on a throw, the client
 * released). The tests of the http package's PostgreSQL rate limiter use it over a pool of their own.
 */
export function poolDatabase(pool: pg.Pool): Queryable & Pick<Database, 'transaction'> {
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async exec(sql: string) {
      await client.query(sql);
    },
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query<T>(sql, params as unknown[]);
      return result.rows;
    },
  });
  return {
    ...wrap(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
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
