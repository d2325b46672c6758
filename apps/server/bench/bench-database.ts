import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { type Database, openPgliteDatabase, openPostgresDatabase } from '@toydesk/db';
import { createThrowAwayDatabase } from '@toydesk/db/testing';

/** A fresh, empty database for one benchmark run, and how to get rid of it afterwards. */
export interface BenchDatabase {
  kind: 'postgres' | 'pglite';
  db: Database;
  /** Where it lives, for the report. */
  location: string;
  /** Removes what open…() made; call after the server (which closes db) has been closed. */
  dispose(): Promise<void>;
}

/** Creates toydesk_bench_<random> on the PostgreSQL server and opens it with the server's own pool. */
export async function openPostgresBench(adminUrl: string): Promise<BenchDatabase> {
  const created = await createThrowAwayDatabase({ serverUrl: adminUrl, prefix: 'toydesk_bench' });
  let db: Database;
  try {
    // The pool size the server uses for DATABASE_URL (openDatabase's default).
    db = await openPostgresDatabase(created.url);
  } catch (error) {
    await created.drop();
    throw error;
  }
  const url = new URL(created.url);
  return { kind: 'postgres', db, location: `${url.host}/${created.name}`, dispose: created.drop };
}

/** PGlite in a temporary folder (like the server's data folder) or, when asked, in memory. */
export async function openPgliteBench(inMemory: boolean): Promise<BenchDatabase> {
  const dir = inMemory ? undefined : mkdtempSync(path.join(os.tmpdir(), 'toydesk-bench-pglite-'));
  const db = await openPgliteDatabase(dir);
  return {
    kind: 'pglite',
    db,
    location: dir ?? 'memory',
    dispose: async () => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The installed @electric-sql/pglite package version. */
export function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  for (let i = 0; i < 5; i += 1) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === '@electric-sql/pglite') return pkg.version ?? 'unknown';
    } catch {
      // not the package folder yet
    }
    dir = path.dirname(dir);
  }
  return 'unknown';
}

export async function serverVersion(db: Database): Promise<string> {
  const rows = await db.query<{ server_version: string }>('SHOW server_version');
  return rows[0]?.server_version ?? 'unknown';
}
