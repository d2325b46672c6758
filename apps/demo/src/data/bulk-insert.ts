import type { Queryable, Row } from '@toydesk/db';

/** The PostgreSQL type of each inserted column, as jsonb_to_recordset needs it. */
export type ColumnTypes = Record<string, string>;

export const CHUNK_SIZE = 5000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Inserts many rows with one statement per chunk: the rows travel as one jsonb parameter and are
 * unpacked by jsonb_to_recordset. PGlite runs one statement at a time, so few large statements are
 * much faster than many small ones. A key missing from a row inserts NULL (not the column default), so
 * every row should carry every column. Returns the RETURNING rows of all chunks when asked for;
 * onConflict is the text after ON CONFLICT (for tables an operator may already have filled).
 */
export async function bulkInsert<T extends Row = Row>(
  tx: Queryable,
  table: string,
  columns: ColumnTypes,
  rows: readonly object[],
  options: { returning?: string; onConflict?: string } = {},
): Promise<T[]> {
  const { returning, onConflict } = options;
  const names = Object.keys(columns);
  if (names.length === 0) throw new Error(`bulkInsert ${table}: no columns`);
  const list = names.map(quote).join(', ');
  const select = names.map((n) => `x.${quote(n)}`).join(', ');
  const record = names.map((n) => `${quote(n)} ${columns[n]}`).join(', ');
  const sql =
    `INSERT INTO ${quote(table)} (${list}) SELECT ${select} FROM jsonb_to_recordset($1::jsonb) AS x(${record})` +
    (onConflict ? ` ON CONFLICT ${onConflict}` : '') +
    (returning ? ` RETURNING ${returning}` : '');
  const out: T[] = [];
  for (let start = 0; start < rows.length; start += CHUNK_SIZE) {
    const chunk = rows.slice(start, start + CHUNK_SIZE);
    const result = await tx.query<T>(sql, [JSON.stringify(chunk)]);
    if (returning) out.push(...result);
  }
  return out;
}

/** Maps RETURNING rows to their ids by a natural key, failing loudly if one is missing. */
export function idsByKey<T extends Row>(rows: readonly T[], key: (row: T) => string): Map<string, number> {
  const map = new Map<string, number>();
  for (const row of rows) map.set(key(row), Number(row.id));
  return map;
}

export function requireId(map: Map<string, number>, key: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`demo data: no id for ${key}`);
  return id;
}
