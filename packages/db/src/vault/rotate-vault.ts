import type { Database } from '../database.ts';
import { ident } from '../crud/sql.ts';
import { SEALED_COLUMNS } from './sealed-columns.ts';
import { hasHint, vaultOperations, type Vault, type VaultPlace } from './vault.ts';

export interface RotationReport {
  /** Values re-sealed by this run. */
  rotated: number;
  /** Values that would not open (their places only, never a value): left as they were. */
  failed: VaultPlace[];
  /** False when the run stopped at its limit before every column was done. */
  done: boolean;
}

/**
 * Re-seals every vault value not yet v2 under the vault's current key: v1 values (no place) and values
 * under an old key. Each batch is one transaction that locks its rows, re-seals them and writes them back,
 * so an interrupted run loses nothing: a value is under the old key or the new one, both open, and the next
 * run picks up what is left (it looks for values not current, there is no cursor to keep). Servers and
 * workers may run meanwhile: they seal new values with the current key, which this leaves alone.
 *
 * `limit` stops after that many values (a run in steps; the tests' interruption).
 */
export async function rotateVault(
  db: Database,
  vault: Vault,
  options: { batchSize?: number; limit?: number } = {},
): Promise<RotationReport> {
  const batchSize = options.batchSize ?? 200;
  const prefix = `v2:${vault.keyId}:`;
  const report: RotationReport = { rotated: 0, failed: [], done: true };
  for (const [table, spec] of Object.entries(SEALED_COLUMNS)) {
    const only = 'only' in spec ? ` AND ${spec.only}` : '';
    for (const column of spec.columns) {
      const failedIds: string[] = [];
      for (;;) {
        const room =
          options.limit === undefined ? batchSize : Math.min(batchSize, options.limit - report.rotated);
        if (room <= 0) return { ...report, done: false };
        const moved = await db.transaction(async (tx) => {
          const rows = await tx.query<{ id: string | number; value: string }>(
            `SELECT ${ident(spec.key)} AS id, ${ident(column)} AS value FROM ${ident(table)}
             WHERE ${ident(column)} IS NOT NULL AND ${ident(column)} <> '' AND left(${ident(column)}, $1) <> $2
               AND ${ident(spec.key)}::text <> ALL($3::text[])${only}
             ORDER BY ${ident(spec.key)} LIMIT $4 FOR UPDATE`,
            [prefix.length, prefix, failedIds, room],
          );
          let count = 0;
          for (const row of rows) {
            const place = { table, column, id: row.id };
            let sealed: string;
            try {
              sealed = vault.seal(vault.open(row.value, place), place, { hint: hasHint(row.value) });
            } catch {
              // Unreadable under every configured key: kept as it is (nothing lost), reported by place.
              failedIds.push(String(row.id));
              report.failed.push(place);
              continue;
            }
            await tx.query(
              `UPDATE ${ident(table)} SET ${ident(column)} = $2 WHERE ${ident(spec.key)}::text = $1::text`,
              [String(row.id), sealed],
            );
            count += 1;
          }
          return { count, seen: rows.length };
        });
        report.rotated += moved.count;
        vaultOperations.rotated += moved.count;
        if (moved.seen < room) break;
      }
    }
  }
  return report;
}

/** Counts the values not yet v2 under the current key, per table and column (what a rotation has left). */
export async function countUnrotated(db: Database, vault: Vault): Promise<Record<string, number>> {
  const prefix = `v2:${vault.keyId}:`;
  const left: Record<string, number> = {};
  for (const [table, spec] of Object.entries(SEALED_COLUMNS)) {
    const only = 'only' in spec ? ` AND ${spec.only}` : '';
    for (const column of spec.columns) {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${ident(table)}
         WHERE ${ident(column)} IS NOT NULL AND ${ident(column)} <> '' AND left(${ident(column)}, $1) <> $2${only}`,
        [prefix.length, prefix],
      );
      left[`${table}.${column}`] = row!.n;
    }
  }
  return left;
}
