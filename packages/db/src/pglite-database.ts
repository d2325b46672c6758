import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

import { TYPE_PARSERS, streamWithCursor, type Database, type Queryable, type Row } from './database.ts';
import { streamRowJson } from './row-json.ts';

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

  const stream: Database['stream'] = (sql, params, batchSize, onBatch) =>
    pg.transaction((tx) => streamWithCursor(wrap(tx), sql, params, batchSize, onBatch));
  const columns: Database['columns'] = async (sql, params) => {
    const result = await pg.query(`SELECT * FROM (${sql}) q LIMIT 0`, params as unknown[]);
    return result.fields.map((f) => ({ name: f.name, type: f.dataTypeID }));
  };

  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    stream,
    columns,
    streamJson: (sql, params, batchSize, onBatch) =>
      streamRowJson({ columns, stream }, sql, params, batchSize, onBatch),
    exclusive: (_key, fn) => fn(),
    close: () => pg.close(),
  };
}
