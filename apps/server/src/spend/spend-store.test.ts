import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { reserveSpend, settleSpend, spendGuardView } from './spend-store.ts';

let t: TestApp;
let accountId: number;

beforeAll(async () => {
  t = await startTestApp();
  const owner = await t.client.post<{ id: number }>('/api/steam/accounts/', {
    steam_account_name: 'cap_owner',
  });
  const account = await t.client.post<{ id: number }>('/api/market/accounts/', {
    market: 'tm',
    steam_account: owner.body.id,
    api_key: 'cap-key-0123456789',
  });
  accountId = account.body.id;
});
afterAll(async () => {
  await t?.close();
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
    await t.services.db.query(
      `INSERT INTO market_spend_guard (market_account, daily_cap, currency) VALUES ($1, 55, 'RUB')`,
      [accountId],
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reserveSpend(t.services.db, request(`race-${i}`, '10'))),
    );
    expect(results.filter((r) => r.kind === 'reserved')).toHaveLength(5);
    expect(results.filter((r) => r.kind === 'refused')).toHaveLength(15);
    expect((await spendGuardView(t.services.db, accountId))?.spent_today).toBe('50.000');

    // A call that surely did not happen frees its share; the same custom_id is counted once.
    const first = results.find((r) => r.kind === 'reserved');
    if (first?.kind !== 'reserved') throw new Error('no reservation');
    await settleSpend(t.services.db, first.spend.id, 'not_done', 'refused');
    expect((await spendGuardView(t.services.db, accountId))?.spent_today).toBe('40.000');
    const again = await reserveSpend(t.services.db, request(first.spend.custom_id, '10'));
    expect(again.kind).toBe('reserved');
    await settleSpend(t.services.db, first.spend.id, 'done', 'bought');
    expect((await reserveSpend(t.services.db, request(first.spend.custom_id, '10'))).kind).toBe('existing');
    expect((await spendGuardView(t.services.db, accountId))?.spent_today).toBe('50.000');
  });

  it('an in-flight or unknown custom_id is not reserved again (a second send would settle it wrongly)', async () => {
    const first = await reserveSpend(t.services.db, request('flight-1', '1'));
    if (first.kind !== 'reserved') throw new Error('no reservation');
    const inFlight = await reserveSpend(t.services.db, request('flight-1', '1'));
    expect(inFlight).toMatchObject({ kind: 'existing', spend: { state: 'reserved' } });
    await settleSpend(t.services.db, first.spend.id, 'unknown', 'answer lost');
    const checking = await reserveSpend(t.services.db, request('flight-1', '1'));
    expect(checking).toMatchObject({ kind: 'existing', spend: { state: 'unknown' } });
  });

  it('a retry of a call that did not happen is a new attempt: its amount, day and age', async () => {
    const first = await reserveSpend(t.services.db, request('later-1', '1'));
    if (first.kind !== 'reserved') throw new Error('no reservation');
    await settleSpend(t.services.db, first.spend.id, 'not_done', 'refused');
    await t.services.db.query(
      `UPDATE market_spend SET day = day - 1, created_at = now() - interval '1 day' WHERE id = $1`,
      [first.spend.id],
    );
    const again = await reserveSpend(t.services.db, request('later-1', '2'));
    expect(again).toMatchObject({ kind: 'reserved', spend: { amount: '2.000' } });
    const [row] = await t.services.db.query<{ today: boolean; fresh: boolean }>(
      `SELECT day = (now() AT TIME ZONE 'UTC')::date AS today, created_at > now() - interval '1 minute' AS fresh
       FROM market_spend WHERE id = $1`,
      [first.spend.id],
    );
    expect(row).toEqual({ today: true, fresh: true });
  });
});
