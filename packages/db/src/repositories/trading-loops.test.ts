import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database, Queryable } from '../database.ts';
import { migrate } from '../migrate.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { claimTicks, finishTicks, readLoopRows } from './trading-loops.ts';

let db: Database;
const accounts: number[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  await db.query(`INSERT INTO market (code, name) VALUES ('tm', 'Market.CSGO')`);
  for (const n of [1, 2, 3]) {
    const [steam] = await db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name) VALUES ('loops_bot_' || $1) RETURNING id`,
      [n],
    );
    const [account] = await db.query<{ id: number }>(
      `INSERT INTO market_account (market, steam_account) VALUES ('tm', $1) RETURNING id`,
      [steam!.id],
    );
    accounts.push(account!.id);
  }
});

afterAll(async () => {
  await db.close();
});

/** Counts the statements sent through it. */
function counting(inner: Queryable): { db: Queryable; statements: () => number } {
  let n = 0;
  const wrapped: Queryable = Object.assign(Object.create(inner) as Queryable, {
    query: (sql: string, params?: readonly unknown[]) => {
      n += 1;
      return inner.query(sql, params);
    },
  });
  return { db: wrapped, statements: () => n };
}

describe('trading loop rows for many ticks at once', () => {
  it('claims N leases in one statement; a second claim of the same loop in the batch loses as it would alone', async () => {
    const [a, b, c] = accounts as [number, number, number];
    const jobs = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const counted = counting(db);
    const claimed = await claimTicks(counted.db, [
      { account: a, loop: 'deliver', jobId: jobs[0]!, leaseSeconds: 60, markRunning: true },
      { account: b, loop: 'deliver', jobId: jobs[1]!, leaseSeconds: 60, markRunning: true },
      { account: c, loop: 'deliver', jobId: jobs[2]!, leaseSeconds: 60, markRunning: false },
      { account: a, loop: 'deliver', jobId: jobs[3]!, leaseSeconds: 60, markRunning: true },
    ]);
    expect(claimed).toEqual([true, true, true, false]);
    // The duplicate goes in a second statement of its own.
    expect(counted.statements()).toBe(2);
    const rows = await readLoopRows(db);
    const rowOf = (id: number) => rows.find((r) => r.market_account === id && r.loop === 'deliver')!;
    expect(rowOf(a).running_job).toBe(jobs[0]);
    expect(rowOf(a).state).toBe('running');
    expect(rowOf(c).state).toBe('off');

    const ends = counting(db);
    const ended = await finishTicks(ends.db, [
      {
        account: a,
        loop: 'deliver',
        jobId: jobs[0]!,
        summary: 'a',
        error: null,
        state: 'scheduled',
        nextRunSeconds: 1,
      },
      // Not the holder: no row changes, no next run.
      {
        account: a,
        loop: 'deliver',
        jobId: jobs[3]!,
        summary: 'x',
        error: null,
        state: 'scheduled',
        nextRunSeconds: 1,
      },
      {
        account: b,
        loop: 'deliver',
        jobId: jobs[1]!,
        summary: null,
        error: 'boom',
        state: 'failed',
        nextRunSeconds: 1,
      },
      { account: c, loop: 'deliver', jobId: jobs[2]!, summary: 'c', error: null, state: null },
    ]);
    expect(ended.map((e) => e.nextRunSet)).toEqual([true, false, true, false]);
    expect(ends.statements()).toBe(1);
    const after = await readLoopRows(db);
    const afterOf = (id: number) => after.find((r) => r.market_account === id && r.loop === 'deliver')!;
    expect(afterOf(a)).toMatchObject({ running_job: null, state: 'scheduled', last_summary: 'a' });
    expect(afterOf(b)).toMatchObject({ running_job: null, state: 'failed', last_error: 'boom' });
    expect(afterOf(c)).toMatchObject({ running_job: null, state: 'off', last_summary: 'c' });
  });
});
