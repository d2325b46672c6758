import type { Database, ResultColumn, Row } from './database.ts';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * How a column of each type becomes, in PostgreSQL's JSON, exactly what the drivers' rows give through
 * TYPE_PARSERS and JSON.stringify: numeric as its decimal text, timestamps as ISO with milliseconds and Z
 * (to_char's MS truncates as JavaScript's Date does), the rest as to_json writes them. A type missing here
 * is not turned into JSON by PostgreSQL: its list goes the JavaScript way.
 */
const AS_JSON: Record<number, (column: string) => string> = {
  16: (c) => c, // bool
  20: (c) => c, // int8: a JSON number, as Number() gives below 2^53 (and exact above)
  21: (c) => c, // int2
  23: (c) => c, // int4
  25: (c) => c, // text
  1043: (c) => c, // varchar
  114: (c) => c, // json: the same value (its own spacing)
  3802: (c) => c, // jsonb
  1007: (c) => c, // int4[]
  1009: (c) => c, // text[]
  1082: (c) => c, // date: YYYY-MM-DD, as the driver's text
  1700: (c) => `${c}::text`, // numeric: a string, never a float
  1114: (c) => `to_char(${c}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`, // timestamp, stored as UTC
  1184: (c) => `to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`, // timestamptz
};

/**
 * A statement answering each row of `sql` as one JSON text (column `j`), the same JSON the row would give
 * once read by the driver and stringified; or null when a column's type or a repeated name cannot be.
 */
export function rowJsonSql(sql: string, columns: readonly ResultColumn[]): string | null {
  if (new Set(columns.map((c) => c.name)).size !== columns.length) return null;
  const parts: string[] = [];
  for (const column of columns) {
    const asJson = AS_JSON[column.type];
    if (!asJson) return null;
    parts.push(`${asJson(`r0.${quote(column.name)}`)} AS ${quote(column.name)}`);
  }
  // The subquery keeps the order of sql (a projection of it, never flattened: it holds LIMIT or a cursor
  // reads it as is).
  return `SELECT row_to_json(x)::text AS j FROM (SELECT ${parts.join(', ')} FROM (${sql}) r0) x`;
}

/**
 * Streams the rows of `sql` as their JSON texts, batch by batch (Database.stream), built by PostgreSQL:
 * no row object is made in JavaScript, so a long list costs a string per row (the 1,000,000-row history
 * dump's memory, issue 15). Returns false, having sent nothing, when a column cannot be turned into JSON
 * there (rowJsonSql): the caller then streams rows.
 */
export async function streamRowJson(
  db: Pick<Database, 'columns' | 'stream'>,
  sql: string,
  params: readonly unknown[],
  batchSize: number,
  onBatch: (json: string[]) => Promise<void> | void,
): Promise<boolean> {
  const jsonSql = rowJsonSql(sql, await db.columns(sql, params));
  if (!jsonSql) return false;
  await db.stream<Row & { j: string }>(jsonSql, params, batchSize, (rows) =>
    onBatch(rows.map((row) => row.j)),
  );
  return true;
}
