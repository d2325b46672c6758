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
 * dynamic-orders run by the real trading runner in a worker process, killed with SIGKILL while set-order is
 * on its way (tm placed the order, its answer is pending): the next worker's tick finds the order in
 * get-orders and places no second one.
 */
describe('a worker killed with SIGKILL in the middle of a dynamic-orders tick', () => {
  const cleanups = useCleanups();

  it('the next worker places no second order', async () => {
    const stage = await startTradingKillStage(cleanups, 'orders-kill');
    const { market, api } = stage;

    // A tm account with dynamic orders on, for one toy with a band.
    const [name] = market.names(1);
    const key = await market.account('tm', { money: 1_000_000 });
    const { db } = api.runtime;
    await seedTmToy(db, name!, { min_price_buy: 1, max_price_buy: 5, enable_dynamic_order: true });
    const id = await seedTmAccount(api.runtime, {
      key,
      steamAccount: 'orders-killed',
      flag: 'dynamic_orders',
    });
    // tm places the order, then holds the answer far longer than the test runs.
    await holdTmAnswer(market, key, '/api/v2/set-order', 'after');
    expect(await stage.dispatch()).toMatchObject({ started: expect.any(Number) });

    const orders = async () =>
      (
        await market.v2<{ orders: { hash_name: string; price: number }[] | null }>('tm', 'get-orders', {
          key,
          page: 0,
        })
      ).orders ?? [];
    const calls = tmCalls(market, key);

    const first = await stage.startWorker();
    const placed = await eventually(orders, (list) => list.length > 0, 45_000);
    expect(placed).toHaveLength(1);
    await killHard(first);

    // What the killed worker read: the new worker's tick must read the orders again on its own.
    const readBefore = await calls('get-orders');
    // Past the dead tick's lease a new worker revives the chain at its start; its tick reads the order.
    const second = await stage.revive();
    // get-orders: by the killed tick, then by the new one.
    const read = await eventually(
      () => calls('get-orders'),
      (count) => count > readBefore,
      60_000,
    );
    expect(read).toBeGreaterThan(readBefore);
    const tracked = async () => {
      if (testDbKind() === 'pglite') return true;
      const rows = await db.query('SELECT 1 FROM bot_dynamic_order WHERE market_account = $1', [id]);
      return rows.length > 0;
    };
    await eventually(tracked, (done) => done, 30_000);
    second.child.kill('SIGTERM');
    expect(await second.exited, second.output.join('\n')).toBe(0);

    expect(await calls('set-order')).toBe(1);
    expect(await orders()).toEqual([expect.objectContaining({ hash_name: name, price: placed[0]!.price })]);

    const after = await stage.reopen();
    try {
      const rows = await after.runtime.db.query<{ market_hash_name: string }>(
        'SELECT market_hash_name FROM bot_dynamic_order WHERE market_account = $1',
        [id],
      );
      expect(rows).toEqual([{ market_hash_name: name }]);
    } finally {
      await after.close();
    }
  }, 180_000);
});
