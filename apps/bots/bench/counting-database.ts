import { PGBOSS_SCHEMA, type Database, type Queryable } from '@toydesk/db';

/** Statements sent through a Database, split into the job queue's (pg-boss's tables, job logs) and the rest. */
export interface StatementCounts {
  queue: number;
  other: number;
  /**
   * Statements of those sent with relaxed commit: through a relaxed pool (openRelaxedDatabase). The SET LOCAL
   * of relaxedCommit's transactions is not counted (nor are BEGIN and COMMIT).
   */
  relaxed: number;
  /** Per statement (its first 90 characters): how many and their milliseconds in all. */
  timings: Map<string, { n: number; ms: number }>;
}

const RELAX = /^SET LOCAL synchronous_commit/;
const isQueueStatement = (sql: string) => sql.includes(`${PGBOSS_SCHEMA}.`) || sql.includes('bot_job_log');

/**
 * The same database, counting every statement sent through it (inside transactions too; BEGIN and COMMIT
 * are not counted). The queries-per-tick figure of the tick bench comes from here.
 */
export function countingDatabase(
  db: Database,
  /** Counts to add to (a second pool counted with the first); with `relaxed`, every statement counts there too. */
  into?: StatementCounts,
  relaxed = false,
): { db: Database; counts: StatementCounts } {
  const counts: StatementCounts = into ?? { queue: 0, other: 0, relaxed: 0, timings: new Map() };
  const note = (sql: unknown) => {
    if (typeof sql !== 'string') return;
    if (RELAX.test(sql)) return;
    if (relaxed) counts.relaxed += 1;
    if (isQueueStatement(sql)) counts.queue += 1;
    else counts.other += 1;
  };
  const time = (sql: unknown, started: number) => {
    if (typeof sql !== 'string') return;
    const key = sql.replace(/\s+/g, ' ').trim().slice(0, 90);
    const entry = counts.timings.get(key) ?? { n: 0, ms: 0 };
    entry.n += 1;
    entry.ms += performance.now() - started;
    counts.timings.set(key, entry);
  };
  const countQueries = <Q extends Queryable>(target: Q): Q =>
    new Proxy(target, {
      get(object, prop) {
        const value: unknown = Reflect.get(object, prop);
        if (typeof value !== 'function') return value;
        if (prop === 'query' || prop === 'exec' || prop === 'stream')
          return async (...args: unknown[]) => {
            note(args[0]);
            const started = performance.now();
            try {
              return await (value as (...a: unknown[]) => Promise<unknown>).apply(object, args);
            } finally {
              time(args[0], started);
            }
          };
        if (prop === 'transaction')
          return (fn: (tx: Queryable) => Promise<unknown>) =>
            (value as (f: typeof fn) => Promise<unknown>).call(object, (tx: Queryable) =>
              fn(countQueries(tx)),
            );
        return (value as (...a: unknown[]) => unknown).bind(object);
      },
    });
  return { db: countQueries(db), counts };
}
