import { testDbKind } from '@toydesk/db/testing';
import { describe, expect, it } from 'vitest';

import { eventually, killTestDatabase } from '../../../testing/kill-test-database.ts';
import {
  holdTmAnswer,
  reviveAfterLease,
  seedMarkets,
  seedTmAccount,
  seedTmToy,
  startReadyWorker,
  tmCalls,
  useCleanups,
  workerProcessEnv,
} from '../../../testing/kill-test-stage.ts';
import { startMarketSim, type MarketSim } from '../../../testing/market-sim.ts';
import { TRADING_RUNNER } from '../loop-runner.ts';

/**
 * dynamic-orders run by the real trading runner in a worker process, killed with SIGKILL while set-order is
 * on its way (tm placed the order, its answer is pending): the next worker's tick finds the order in
 * get-orders and places no second one.
 */
describe('a worker killed with SIGKILL in the middle of a dynamic-orders tick', () => {
  const cleanups = useCleanups();

  it('the next worker places no second order', async () => {
    const market: MarketSim = await startMarketSim();
    cleanups.push(() => market.close());

    const workerEnv = { ...market.env, TOYDESK_TRADING_TICK_TIMEOUT_SECONDS: '5' };
    const killDb = await killTestDatabase('orders-kill', cleanups, workerEnv);
    const { connect } = killDb;

    // A tm account with dynamic orders on, for one toy with a band.
    const [name] = market.names(1);
    const key = await market.account('tm', { money: 1_000_000 });
    let api = await connect();
    const { db } = api.runtime;
    await seedMarkets(db);
    await seedTmToy(db, name!, { min_price_buy: 1, max_price_buy: 5, enable_dynamic_order: true });
    const id = await seedTmAccount(api.runtime, {
      key,
      steamAccount: 'orders-killed',
      flag: 'dynamic_orders',
    });
    // tm places the order, then holds the answer far longer than the test runs.
    await holdTmAnswer(market, key, '/api/v2/set-order', 'after');
    expect(await TRADING_RUNNER.dispatch(api.runtime)).toMatchObject({ started: expect.any(Number) });
    if (testDbKind() === 'pglite') await api.close();

    const orders = async () =>
      (
        await market.v2<{ orders: { hash_name: string; price: number }[] | null }>('tm', 'get-orders', {
          key,
          page: 0,
        })
      ).orders ?? [];
    const calls = tmCalls(market, key);

    const first = await startReadyWorker(workerProcessEnv(killDb, workerEnv), cleanups);
    const placed = await eventually(orders, (list) => list.length > 0, 45_000);
    expect(placed).toHaveLength(1);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe(null);

    // What the killed worker read: the new worker's tick must read the orders again on its own.
    const readBefore = await calls('get-orders');
    // Past the dead tick's lease a new worker revives the chain at its start; its tick reads the order.
    const second = await reviveAfterLease(killDb, workerEnv, cleanups);
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

    if (testDbKind() === 'pglite') api = await connect();
    try {
      const rows = await api.runtime.db.query<{ market_hash_name: string }>(
        'SELECT market_hash_name FROM bot_dynamic_order WHERE market_account = $1',
        [id],
      );
      expect(rows).toEqual([{ market_hash_name: name }]);
    } finally {
      await api.close();
    }
  }, 180_000);
});
