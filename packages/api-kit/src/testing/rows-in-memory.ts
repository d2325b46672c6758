import type { Row, RowReader } from '../row-reader.ts';

/** A RowReader over rows held in memory, with the statements it was asked to run. */
export interface RowsInMemory extends RowReader {
  readonly asked: { sql: string; params: readonly unknown[] }[];
}

/**
 * The list's rows without a database: `query` honours the LIMIT and OFFSET a page appends to the list's SQL
 * (the rest of the SQL is only recorded), `stream` hands every row over in batches of the size asked.
 */
export function rowsInMemory(rows: readonly Row[]): RowsInMemory {
  const asked: RowsInMemory['asked'] = [];
  return {
    asked,
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []) {
      asked.push({ sql, params });
      const page = /LIMIT (\d+) OFFSET (\d+)$/.exec(sql);
      const [limit, offset] = page ? [Number(page[1]), Number(page[2])] : [rows.length, 0];
      return rows.slice(offset, offset + limit) as T[];
    },
    async stream<T extends Row = Row>(
      sql: string,
      params: readonly unknown[],
      batchSize: number,
      onBatch: (batch: T[]) => Promise<void> | void,
    ) {
      asked.push({ sql, params });
      const page = /LIMIT (\d+) OFFSET (\d+)$/.exec(sql);
      const [limit, offset] = page ? [Number(page[1]), Number(page[2])] : [rows.length, 0];
      const selected = rows.slice(offset, offset + limit);
      for (let start = 0; start < selected.length; start += batchSize)
        await onBatch(selected.slice(start, start + batchSize) as T[]);
    },
  };
}
