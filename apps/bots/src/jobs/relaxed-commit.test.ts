import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@toydesk/db';
import { openTestDatabase, testDbKind, type TestDatabase } from '@toydesk/db/testing';

import { openRelaxedDatabase, relaxedCommit } from './relaxed-commit.ts';

const setting = async (db: Database, name: string) =>
  (await db.query<{ v: string }>('SELECT current_setting($1) AS v', [name]))[0]!.v;

describe('relaxed commit', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase({ prefix: 'toydesk_relaxed' });
  });
  afterAll(async () => {
    await db?.close();
  });

  it.runIf(testDbKind() === 'pglite')('PGlite: the database as it is (no transaction per statement)', () => {
    expect(relaxedCommit(db)).toBe(db);
  });

  it.runIf(testDbKind() === 'postgres')(
    'PostgreSQL: relaxed statements commit with synchronous_commit off, the others still wait for the disk',
    async () => {
      const relaxed = relaxedCommit(db);
      expect(await setting(relaxed, 'synchronous_commit')).toBe('off');
      expect(await setting(db, 'synchronous_commit')).toBe('on');
      // Writes through it are seen by everyone at once (only durability is relaxed).
      await relaxed.query('CREATE TABLE relaxed_probe (n int)');
      await relaxed.query('INSERT INTO relaxed_probe VALUES (1)');
      expect(await db.query('SELECT n FROM relaxed_probe')).toEqual([{ n: 1 }]);

      const pool = await openRelaxedDatabase(db.url!, 2);
      try {
        expect(await setting(pool, 'synchronous_commit')).toBe('off');
        // openPostgresDatabase's own session settings are kept.
        expect(await setting(pool, 'TimeZone')).toBe('UTC');
        expect(await setting(pool, 'jit')).toBe('off');
      } finally {
        await pool.close();
      }
    },
  );
});
