import type { Queryable } from '../database.ts';
import { ident } from '../crud/sql.ts';
import type { SealedTable } from './sealed-columns.ts';

/**
 * The id the next row of a table will have, taken from its identity sequence before the INSERT: a value
 * sealed for that row names its id (sealed-columns.ts says why). The id is the caller's from then on;
 * a rolled-back transaction leaves a gap in the ids, as any failed INSERT does.
 */
export async function reserveRowIds(q: Queryable, table: SealedTable, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await q.query<{ id: number }>(
    `SELECT nextval(pg_get_serial_sequence($1, 'id'))::int AS id FROM generate_series(1, $2::int)`,
    [ident(table), count],
  );
  return rows.map((row) => row.id);
}

export async function reserveRowId(q: Queryable, table: SealedTable): Promise<number> {
  return (await reserveRowIds(q, table, 1))[0]!;
}
