import { openPostgresDatabase, type Database, type Queryable, type Row } from '@toydesk/db';

const RELAX = 'SET LOCAL synchronous_commit = off';

/**
 * A pool of its own whose sessions commit with `synchronous_commit = off`: one round trip per statement,
 * where relaxedCommit's transaction takes four (BEGIN, SET LOCAL, the statement, COMMIT: on a busy machine
 * each costs as much as the statement). The settings go in the URL's `options`, which pg lets win over the
 * pool's (so the same time zone and JIT setting as openPostgresDatabase's, see there).
 */
export async function openRelaxedDatabase(connectionString: string, poolSize: number): Promise<Database> {
  const url = new URL(connectionString);
  url.searchParams.set('options', '-c timezone=UTC -c jit=off -c synchronous_commit=off');
  return openPostgresDatabase(url.toString(), poolSize);
}

/**
 * The same database for bookkeeping whose loss in a crash of PostgreSQL is harmless: each statement runs in
 * a transaction with `synchronous_commit = off`, so its commit does not wait for the WAL to reach the disk
 * (a few ms instead of 15–20 on a busy machine: the trading runner was latency-bound on those waits).
 *
 * What that risks, and why it is allowed where it is used (trading ticks, their lane's job rows and logs):
 * - others see the write at once, exactly as before (only durability is relaxed), so the lease and the
 *   short-queue singleton keep one tick per (account, loop) as before;
 * - a crash of PostgreSQL (not of a worker) can lose the last such commits, up to about 3 × wal_writer_delay
 *   (600 ms by default); the WAL is replayed in order, so what is lost is always a tail: the database comes
 *   back as it was a moment earlier, the state a worker killed at that moment leaves, which the runner
 *   already recovers from (the attempt expires, the lease runs out, the dispatcher revives the chain);
 * - every synchronous commit flushes the WAL up to itself, relaxed commits before it included: a `once`
 *   marker or a ledger row written after a relaxed claim makes that claim durable too, so nothing durable
 *   ever depends on a lost commit. Only steps without a marker may run again: a tick rerun, which the
 *   lease and `once` allow.
 *
 * PGlite (the embedded default) is returned as it is: one process, no WAL flush to save, and three more
 * statements per write would cost the idle demo CPU for nothing.
 */
export function relaxedCommit(db: Database): Database {
  if (db.kind !== 'postgres') return db;
  const transaction = <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.exec(RELAX);
      return fn(tx);
    });
  return {
    kind: db.kind,
    transaction,
    query: <T extends Row = Row>(sql: string, params?: readonly unknown[]) =>
      transaction((tx) => tx.query<T>(sql, params)),
    exec: (sql) => transaction((tx) => tx.exec(sql)),
    stream: (sql, params, batchSize, onBatch) => db.stream(sql, params, batchSize, onBatch),
    columns: (sql, params) => db.columns(sql, params),
    streamJson: (sql, params, batchSize, onBatch) => db.streamJson(sql, params, batchSize, onBatch),
    exclusive: (key, fn) => db.exclusive(key, fn),
    // A view over `db`: whoever opened `db` closes it.
    close: async () => undefined,
  };
}
