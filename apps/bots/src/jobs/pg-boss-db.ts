import type PgBoss from 'pg-boss';

import type { Database } from '@toydesk/db';

/** pg-boss wraps its schema scripts as "BEGIN; ...; COMMIT;" and sends them without parameters. */
const SCRIPT = /^\s*BEGIN\s*;([\s\S]*?);?\s*COMMIT\s*;\s*$/i;

/** pg-boss's commands (complete, fail, cancel, ...) answer how many jobs they changed. */
const COMMAND = /SELECT\s+COUNT\(\*\)\s+FROM\s+results\s*$/i;

/** The answer of a statement that was not sent: no rows, or "0 jobs changed" for a command. */
function nothingDone(text: string): { rows: unknown[] } {
  return { rows: COMMAND.test(text) ? [{ count: '0' }] : [] };
}

export interface PgBossDb extends PgBoss.Db {
  /**
   * Stops sending statements and waits for running ones. pg-boss's loops, and handlers that outlived the
   * graceful stop, may still call after that (a late `fail`/`complete` from a worker's timer, where a
   * rejection would be unhandled and crash the process): such calls get no rows and change nothing, so the
   * job stays active and is handed back when it expires, exactly like a killed worker's.
   */
  close(timeoutMs: number): Promise<void>;
}

/**
 * pg-boss's `db` option over the server's Database, so the queue runs on the same connection (PGlite, the
 * embedded default, is one connection in one process) or the same pool (PostgreSQL) as everything else.
 * Its scripts run inside Database.transaction, so a failed script is rolled back on its own connection and
 * never leaves a pooled or embedded connection inside an aborted transaction. `serialize` (the embedded
 * mount) sends pg-boss's statements one at a time, so the queue takes at most one of the server's connections.
 */
export function pgBossDb(db: Database, options: { serialize?: boolean } = {}): PgBossDb {
  let running = 0;
  let closed = false;
  let chain: Promise<unknown> = Promise.resolve();
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    running += 1;
    try {
      if (!options.serialize) return await work();
      // One statement at a time: the queue then holds at most one of a shared pool's connections.
      const next = chain.then(work, work);
      chain = next.catch(() => undefined);
      return await next;
    } finally {
      running -= 1;
    }
  };
  return {
    executeSql(text: string, values?: unknown[]) {
      if (closed) return Promise.resolve(nothingDone(text));
      return run(async () => {
        if (values === undefined || values.length === 0) {
          const script = SCRIPT.exec(text);
          if (script) {
            await db.transaction((tx) => tx.exec(script[1]!));
            return { rows: [] };
          }
        }
        return { rows: await db.query(text, values ?? []) };
      });
    },
    async close(timeoutMs) {
      closed = true;
      const deadline = Date.now() + timeoutMs;
      while (running > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    },
  };
}
