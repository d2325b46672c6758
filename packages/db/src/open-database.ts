import { mkdirSync } from 'node:fs';
import path from 'node:path';

import type { Database } from './database.ts';
import { openPgliteDatabase } from './pglite-database.ts';
import { openPostgresDatabase } from './postgres-database.ts';

/** DATABASE_URL picks PostgreSQL; otherwise PGlite keeps its files in the data folder. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgresDatabase(options.databaseUrl);
  const dir = path.resolve(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return openPgliteDatabase(dir);
}
