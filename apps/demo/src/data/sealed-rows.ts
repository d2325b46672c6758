import { reserveRowIds, sealedPlace, type SealedColumn, type SealedTable } from '@toydesk/db';

import type { DemoContext } from './demo-context.ts';

/**
 * Rows planned with their secrets in plain text, given their ids (taken from the table's sequence) and the
 * secrets sealed for those rows: a vault value names its row, so the id comes first. The plans draw their
 * random values before this runs, so the demo data stays the same for a seed.
 */
export async function sealPlannedRows<T extends SealedTable, R extends object>(
  ctx: DemoContext,
  table: T,
  rows: readonly R[],
  secrets: readonly { column: SealedColumn<T> & keyof R; hint?: boolean }[],
): Promise<(R & { id: number })[]> {
  const ids = await reserveRowIds(ctx.tx, table, rows.length);
  return rows.map((row, i) => {
    const id = ids[i]!;
    const sealed: Record<string, string | null> = {};
    for (const { column, hint } of secrets) {
      const plain = row[column];
      sealed[column] =
        typeof plain === 'string' ? ctx.vault.seal(plain, sealedPlace(table, column, id), { hint }) : null;
    }
    return { ...row, ...sealed, id };
  });
}
