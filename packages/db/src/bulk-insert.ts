import type { Queryable, Row } from './database.ts';
import { ident } from './crud/sql.ts';

/** The PostgreSQL type of each inserted column, as jsonb_to_recordset needs it. */
export type ColumnTypes = Record<string, string>;

export interface BulkInsertOptions {
  /** Columns to return of every inserted row. */
  returning?: string[];
  /**
   * A unique key rows may already hold (tables an operator may have filled): `skip` leaves such a row as it
   * is; `return` leaves it too but returns it with the inserted ones (a no-op update, so RETURNING sees it).
   */
  onConflict?: { key: string[]; existing: 'skip' | 'return' };
}

const CHUNK_SIZE = 5000;

/**
 * Inserts many rows with one statement per chunk (the demo data): the rows travel as one jsonb parameter
 * and are unpacked by jsonb_to_recordset. PGlite runs one statement at a time, so few large statements are
 * much faster than many small ones. A key missing from a row inserts NULL (not the column default), so every
 * row should carry every column. Returns the rows of `returning` of all chunks.
 */
export async function bulkInsert<T extends Row = Row>(
  tx: Queryable,
  table: string,
  columns: ColumnTypes,
  rows: readonly object[],
  options: BulkInsertOptions = {},
): Promise<T[]> {
  const { returning, onConflict } = options;
  const names = Object.keys(columns);
  if (names.length === 0) throw new Error(`bulkInsert ${table}: no columns`);
  const list = names.map(ident).join(', ');
  const select = names.map((n) => `x.${ident(n)}`).join(', ');
  const record = names.map((n) => `${ident(n)} ${columns[n]}`).join(', ');
  const keep = onConflict?.key[0];
  const conflict = !onConflict
    ? ''
    : ` ON CONFLICT (${onConflict.key.map(ident).join(', ')}) ` +
      (onConflict.existing === 'skip' || keep === undefined
        ? 'DO NOTHING'
        : `DO UPDATE SET ${ident(keep)} = EXCLUDED.${ident(keep)}`);
  const sql =
    `INSERT INTO ${ident(table)} (${list}) SELECT ${select} FROM jsonb_to_recordset($1::jsonb) AS x(${record})` +
    conflict +
    (returning?.length ? ` RETURNING ${returning.map(ident).join(', ')}` : '');
  const out: T[] = [];
  for (let start = 0; start < rows.length; start += CHUNK_SIZE) {
    const chunk = rows.slice(start, start + CHUNK_SIZE);
    const result = await tx.query<T>(sql, [JSON.stringify(chunk)]);
    if (returning?.length) out.push(...result);
  }
  return out;
}
