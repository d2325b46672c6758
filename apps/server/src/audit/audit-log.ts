import type { Queryable, Row } from '../db/database.ts';

export type AuditAction = 'create' | 'update' | 'delete' | 'call';

/**
 * Appends audit entries in one statement whatever their number. Rows are the API representation, so
 * secrets are already masked.
 */
export async function writeAudit(
  tx: Queryable,
  operator: string | null,
  action: AuditAction,
  entity: string,
  entries: { id: number; before: Row | null; after: Row | null }[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx.query(
    `INSERT INTO audit_entry (operator, action, entity, entity_id, before, after)
     SELECT $1, $2, $3, (x->>'id')::int, x->'before', x->'after' FROM jsonb_array_elements($4::jsonb) AS x`,
    [operator, action, entity, JSON.stringify(entries)],
  );
}
