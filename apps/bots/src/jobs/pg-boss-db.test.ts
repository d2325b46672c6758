import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Database, openPgliteDatabase } from '@toydesk/db';
import { pgBossDb } from './pg-boss-db.ts';

/**
 * After the queue stops, pg-boss may still complete or fail a job from a handler that outlived the graceful
 * stop, without awaiting the call: a rejection there would crash the process, so a closed adapter answers
 * "nothing done" instead, and sends nothing to the database.
 */
describe('pg-boss db adapter after close', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPgliteDatabase(undefined);
    await db.exec('CREATE TABLE probe (id int)');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('runs statements while open, then answers "nothing done" without touching the database', async () => {
    const adapter = pgBossDb(db);
    await adapter.executeSql('INSERT INTO probe VALUES ($1)', [1]);
    expect((await adapter.executeSql('SELECT id FROM probe', [])).rows).toEqual([{ id: 1 }]);
    await adapter.close(1000);

    const fetched = await adapter.executeSql('INSERT INTO probe VALUES ($1) RETURNING id', [2]);
    expect(fetched.rows).toEqual([]);
    const command = await adapter.executeSql(
      'WITH results AS (UPDATE probe SET id = 3 RETURNING *) SELECT COUNT(*) FROM results',
      [],
    );
    expect(command.rows).toEqual([{ count: '0' }]);
    expect(await db.query('SELECT id FROM probe')).toEqual([{ id: 1 }]);
  });
});
