import type { Queryable } from '../database.ts';

/**
 * True when a tag other than `exceptId` has this name, compared as the unique index of migration 019 does
 * (without case and surrounding spaces).
 */
export async function tagNameTaken(db: Queryable, name: string, exceptId: number | null): Promise<boolean> {
  const taken = await db.query(
    'SELECT 1 FROM tag WHERE lower(btrim(name)) = lower(btrim($1)) AND id IS DISTINCT FROM $2::int LIMIT 1',
    [name, exceptId],
  );
  return taken.length > 0;
}
