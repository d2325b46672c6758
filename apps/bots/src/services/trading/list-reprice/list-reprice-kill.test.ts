import { testDbKind } from '@toydesk/db/testing';
import { describe, expect, it } from 'vitest';

import { eventually } from '../../../testing/kill-test-database.ts';
import {
  holdTmAnswer,
  killHard,
  seedTmAccount,
  seedTmToy,
  startTradingKillStage,
  tmCalls,
  useCleanups,
} from '../../../testing/kill-test-stage.ts';

/**
 * list-reprice run by the real trading runner in a worker process, killed with SIGKILL while add-to-sale is
 * on its way (tm listed the item, its answer is pending): the next worker's tick does not list the item a
 * second time, reprices it and records it in sell_item once.
 */
describe('a worker killed with SIGKILL in the middle of a list-reprice tick', () => {
  const cleanups = useCleanups();

  it('the next worker lists nothing twice', async () => {
    const stage = await startTradingKillStage(cleanups, 'list-kill');
    const { market, api } = stage;

    // A tm account with one item of a toy that sells at 100000 (floor 1: undercut) and auto_sell on.
    const [name] = market.names(1);
    const created = await market.control<{ key: string }>('tm', 'POST', 'accounts', {
      currency: 'RUB',
      names: [name],
      online: true,
    });
    const key = created.key;
    const { db } = api.runtime;
    await seedTmToy(db, name!, { price_sell: 100000, price_buy: 1 });
    const id = await seedTmAccount(api.runtime, { key, steamAccount: 'list-killed', flag: 'auto_sell' });
    // tm lists the item, then holds the answer far longer than the test runs.
    await holdTmAnswer(market, key, '/api/v2/add-to-sale', 'after');
    expect(await stage.dispatch()).toMatchObject({ started: expect.any(Number) });

    const listings = async () =>
      (await market.v2<{ items: { item_id: string; price: number }[] | null }>('tm', 'items', { key }))
        .items ?? [];
    const calls = tmCalls(market, key);

    const first = await stage.startWorker();
    const listed = await eventually(listings, (items) => items.length > 0, 45_000);
    expect(listed).toHaveLength(1);
    await killHard(first);

    // Past the dead tick's lease a new worker revives the chain at its start; its tick reprices the listing.
    const second = await stage.revive();
    const repriced = await eventually(
      () => calls('MassSetPriceById'),
      (count) => count > 0,
      60_000,
    );
    expect(repriced).toBeGreaterThan(0);
    // Let the tick finish its sell_item sync before stopping the worker.
    const synced = async () => {
      if (testDbKind() === 'pglite') return true;
      const rows = await db.query('SELECT 1 FROM sell_item WHERE market_account = $1', [id]);
      return rows.length > 0;
    };
    await eventually(synced, (done) => done, 30_000);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    expect(await calls('add-to-sale')).toBe(1);
    const after = await listings();
    expect(after).toHaveLength(1);
    expect(after[0]!.item_id).toBe(listed[0]!.item_id);
    expect(after[0]!.price).toBeLessThan(100_000);

    const reopened = await stage.reopen();
    try {
      const rows = await reopened.runtime.db.query<{ market_item_id: string; status: string }>(
        'SELECT market_item_id, status FROM sell_item WHERE market_account = $1',
        [id],
      );
      expect(rows).toEqual([{ market_item_id: listed[0]!.item_id, status: 'on_sale' }]);
    } finally {
      await reopened.close();
    }
  }, 180_000);
});
