import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Database } from './database.ts';

/** The SQL files, applied in name order; tests read one to check a migration's text. */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: several processes starting at once on one PostgreSQL migrate one after another.
const MIGRATION_LOCK = 7_342_001;

const migrationFiles = (): string[] =>
  readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();

/**
 * The readiness check of every process: the database answers and every migration this build carries has
 * been applied (a process of a newer build, started before the migration ran, is not ready).
 */
export async function assertMigrated(db: Pick<Database, 'query'>): Promise<void> {
  const rows = await db
    .query<{ name: string }>('SELECT name FROM schema_migration')
    .catch((error: unknown) => {
      throw new Error(`database: ${error instanceof Error ? error.message : String(error)}`);
    });
  const applied = new Set(rows.map((row) => row.name));
  const missing = migrationFiles().filter((file) => !applied.has(file));
  if (missing.length > 0) throw new Error(`migrations not applied: ${missing.join(', ')}`);
}

/** Applies the SQL files of migrations/ in name order, each once, each in its own transaction. */
export async function migrate(db: Database): Promise<string[]> {
  // Under the lock too: two first starts running CREATE TABLE IF NOT EXISTS at once collide on the catalog's
  // unique index (duplicate key ... pg_type_typname_index) instead of one of them skipping it.
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });
  const files = migrationFiles();
  const applied: string[] = [];
  for (const file of files) {
    const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const seen = await tx.query('SELECT 1 FROM schema_migration WHERE name = $1', [file]);
      if (seen.length > 0) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migration (name) VALUES ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}
