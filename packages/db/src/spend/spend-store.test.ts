import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../database.ts';
import { migrate } from '../migrate.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { reserveSpend, settleSpend, spendGuardView } from './spend-store.ts';

let db: Database;
let accountId: number;

// The store needs only a market account row to lock; the API (and its vault) are not involved.
beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  await db.query(`INSERT INTO market (code, name) VALUES ('tm', 'Market.CSGO')`);
  const [owner] = await db.query<{ id: number }>(
    `INSERT INTO steam_account (steam_account_name) VALUES ('cap_owner') RETURNING id`,
  );
  const [account] = await db.query<{ id: number }>(
    `INSERT INTO market_account (market, steam_account) VALUES ('tm', $1) RETURNING id`,
    [owner!.id],
  );
  accountId = account!.id;
});
afterAll(async () => {
  await db?.close();
});

const request = (customId: string, amount: string) => ({
  marketAccount: accountId,
  market: 'tm',
  call: 'buy',
  customId,
  source: 'test',
  subject: 'AK-47 | Redline (Field-Tested)',
  amount,
  currency: 'RUB',
});

describe('the daily cap in the database', () => {
  it('holds when many reservations race (the account row lock orders them)', async () => {
    await db.query(
      `INSERT INTO market_spend_guard (market_account, daily_cap, currency) VALUES ($1, 55, 'RUB')`,
      [accountId],
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reserveSpend(db, request(`race-${i}`, '10'))),
    );
    expect(results.filter((r) => r.kind === 'reserved')).toHaveLength(5);
    expect(results.filter((r) => r.kind === 'refused')).toHaveLength(15);
    expect((await spendGuardView(db, accountId))?.spent_today).toBe('50.000');

    // A call that surely did not happen frees its share; the same custom_id is counted once.
    const first = results.find((r) => r.kind === 'reserved');
    if (first?.kind !== 'reserved') throw new Error('no reservation');
    await settleSpend(db, first.spend.id, 'not_done', 'refused');
    expect((await spendGuardView(db, accountId))?.spent_today).toBe('40.000');
    const again = await reserveSpend(db, request(first.spend.custom_id, '10'));
    expect(again.kind).toBe('reserved');
    await settleSpend(db, first.spend.id, 'done', 'bought');
    expect((await reserveSpend(db, request(first.spend.custom_id, '10'))).kind).toBe('existing');
    expect((await spendGuardView(db, accountId))?.spent_today).toBe('50.000');
  });

  it('an in-flight or unknown custom_id is not reserved again (a second send would settle it wrongly)', async () => {
    const first = await reserveSpend(db, request('flight-1', '1'));
    if (first.kind !== 'reserved') throw new Error('no reservation');
    const inFlight = await reserveSpend(db, request('flight-1', '1'));
    expect(inFlight).toMatchObject({ kind: 'existing', spend: { state: 'reserved' } });
    await settleSpend(db, first.spend.id, 'unknown', 'answer lost');
    const checking = await reserveSpend(db, request('flight-1', '1'));
    expect(checking).toMatchObject({ kind: 'existing', spend: { state: 'unknown' } });
  });

  it('a retry of a call that did not happen is a new attempt: its amount, day and age', async () => {
    const first = await reserveSpend(db, request('later-1', '1'));
    if (first.kind !== 'reserved') throw new Error('no reservation');
    await settleSpend(db, first.spend.id, 'not_done', 'refused');
    await db.query(
      `UPDATE market_spend SET day = day - 1, created_at = now() - interval '1 day' WHERE id = $1`,
      [first.spend.id],
    );
    const again = await reserveSpend(db, request('later-1', '2'));
    expect(again).toMatchObject({ kind: 'reserved', spend: { amount: '2.000' } });
    const [row] = await db.query<{ today: boolean; fresh: boolean }>(
      `SELECT day = (now() AT TIME ZONE 'UTC')::date AS today, created_at > now() - interval '1 minute' AS fresh
       FROM market_spend WHERE id = $1`,
      [first.spend.id],
    );
    expect(row).toEqual({ today: true, fresh: true });
  });
});
