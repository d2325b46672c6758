import type { Row } from '@toydesk/db';

/** Maps inserted rows (bulkInsert's returning) to their ids by a natural key. */
export function idsByKey<T extends Row>(rows: readonly T[], key: (row: T) => string): Map<string, number> {
  const map = new Map<string, number>();
  for (const row of rows) map.set(key(row), Number(row.id));
  return map;
}

/** The id of a key, failing loudly if the key has none. */
export function requireId(map: Map<string, number>, key: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`demo data: no id for ${key}`);
  return id;
}
