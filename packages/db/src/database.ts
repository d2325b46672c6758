/**
 * The one database interface of the server. Two implementations speak the same PostgreSQL dialect:
 * embedded PGlite (the default) and a real PostgreSQL server (DATABASE_URL). Both return rows with the
 * same JavaScript types: numeric as decimal strings, bigint as numbers, timestamps as ISO strings and
 * dates as YYYY-MM-DD.
 */
export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; a throw rolls everything back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
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
  close(): Promise<void>;
}

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
