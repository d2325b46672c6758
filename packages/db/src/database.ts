/**
 * The one database interface of the server. Two implementations speak the same PostgreSQL dialect:
 * embedded PGlite (the default) and a real PostgreSQL server (DATABASE_URL). Both return rows with the
 * same JavaScript types: numeric as decimal strings, bigint as numbers, timestamps as ISO strings and
 * dates as YYYY-MM-DD.
 */
export type Row = Record<string, unknown>;

/** A result column: its name and its type's oid (pg_type), as the drivers report them. */
export interface ResultColumn {
  name: string;
  type: number;
}

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; a throw rolls everything back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** The columns a statement answers with (names and type oids), without running it. */
  columns(sql: string, params: readonly unknown[]): Promise<ResultColumn[]>;
  /**
   * As stream(), each row as the JSON text PostgreSQL builds for it (row-json.ts: the same JSON as the row
   * stringified); false, having sent nothing, when a column's type cannot be (the caller streams rows).
   */
  streamJson(
    sql: string,
    params: readonly unknown[],
    batchSize: number,
    onBatch: (json: string[]) => Promise<void> | void,
  ): Promise<boolean>;
  /**
   * Reads a large result in batches through a server-side cursor so that memory stays flat; onBatch
   * may be async (for example to wait for a socket to drain).
   */
  stream<T extends Row = Row>(
    sql: string,
    params: readonly unknown[],
    batchSize: number,
    onBatch: (rows: T[]) => Promise<void> | void,
  ): Promise<void>;
  /**
   * Runs fn while this process holds the PostgreSQL advisory lock `key` on a connection of its own (outside
   * the pool, so fn may use the whole pool), then lets it go. Servers, bot services and workers started at
   * once on one database take turns through their start-up writes (migrations, the vault's key check, the
   * first operator, the job queue's schema) instead of racing into duplicate keys and deadlocks. A process
   * that dies holding it loses its connection, and with it the lock. PGlite is one process: fn just runs.
   */
  exclusive<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The advisory lock keys of `Database.exclusive` and `lockForTransaction`, one per purpose, listed here so
 * that none collide.
 */
export const ADVISORY_LOCKS = {
  /** Start-up writes of every process (the server's boot, the bot services' and workers' open). */
  startUp: 7_342_010,
  /** The job queue's schema (pg-boss's install and its queues) when bot services and workers start. */
  jobQueueSetUp: 7_342_011,
  /** Folding the data versions of ended backends (fold_data_version_parts, migration 024: the literal there). */
  dataVersionFold: 7_342_012,
  /** The demo data's first load (apps/demo): a second process starting at once waits, then finds the data. */
  demoData: 7_342_002,
} as const;

export const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  20: (v) => Number(v), // int8: counts and sums of integers stay below 2^53 here
  1700: (v) => v, // numeric: exact decimal text, never a float
  1082: (v) => v, // date
  1114: (v) => new Date(`${v.replace(' ', 'T')}Z`).toISOString(), // timestamp without time zone, stored as UTC
  1184: (v) => new Date(v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString(),
};

let cursorCounter = 0;

/** A cursor loop that works on any Queryable inside a transaction (both drivers support DECLARE). */
export async function streamWithCursor<T extends Row>(
  tx: Queryable,
  sql: string,
  params: readonly unknown[],
  batchSize: number,
  onBatch: (rows: T[]) => Promise<void> | void,
): Promise<void> {
  cursorCounter += 1;
  const name = `toydesk_cursor_${cursorCounter}`;
  await tx.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${sql}`, params);
  for (;;) {
    const rows = await tx.query<T>(`FETCH ${batchSize} FROM ${name}`);
    if (rows.length > 0) await onBatch(rows);
    if (rows.length < batchSize) break;
  }
  await tx.query(`CLOSE ${name}`);
}

/** Takes a transaction-scoped advisory lock: another transaction taking the same key waits for this one's end. */
export async function lockForTransaction(tx: Queryable, key: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [key]);
}
