import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

import { TYPE_PARSERS, streamWithCursor, type Database, type Queryable, type Row } from './database.ts';

export async function openPgliteDatabase(dataDir: string | undefined): Promise<Database> {
  // pg_trgm: the trigram index of ?search= (migration 022).
  const pg = await PGlite.create(dataDir, { parsers: TYPE_PARSERS, extensions: { pg_trgm } });

  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async exec(sql: string) {
      await q.exec(sql);
    },
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<T>(sql, params as unknown[]);
      return result.rows;
    },
  });
  const root = wrap(pg);

  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    stream: (sql, params, batchSize, onBatch) =>
      pg.transaction((tx) => streamWithCursor(wrap(tx), sql, params, batchSize, onBatch)),
    exclusive: (_key, fn) => fn(),
    close: () => pg.close(),
  };
}
