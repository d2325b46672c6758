import { MARKET_CODES } from '@toydesk/contract';
import { afterAll, describe, expect, it } from 'vitest';

import { startMarketSim, type MarketSim } from '../../../testing/market-sim.ts';
import { eventually, killTestDatabase } from '../../../testing/kill-test-database.ts';
import { testDbKind } from '@toydesk/db/testing';
import { startWorker } from '../../../testing/worker-process.ts';
import { TRADING_RUNNER } from '../loop-runner.ts';

type Stats = { keys: Record<string, { byMethod: Record<string, number> }> };

/**
 * dynamic-orders run by the real trading runner in a worker process, killed with SIGKILL while set-order is
 * on its way (tm placed the order, its answer is pending): the next worker's tick finds the order in
 * get-orders and places no second one.
 */
describe('a worker killed with SIGKILL in the middle of a dynamic-orders tick', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('the next worker places no second order', async () => {
    const market: MarketSim = await startMarketSim();
    cleanups.push(() => market.close());

    const workerEnv = { ...market.env, TOYDESK_TRADING_TICK_TIMEOUT_SECONDS: '5' };
    const killDb = await killTestDatabase('orders-kill', cleanups, workerEnv);
    const { target, secretKey, connect } = killDb;

    // A tm account with dynamic orders on, for one toy with a band.
    const [name] = market.names(1);
    const key = await market.account('tm', { money: 1_000_000 });
    let api = await connect();
    const { db, vault } = api.runtime;
    await db.query(
      `INSERT INTO market (code, name) SELECT c, c FROM unnest($1::text[]) AS c ON CONFLICT (code) DO NOTHING`,
      [[...MARKET_CODES]],
    );
    const [toy] = await db.query<{ id: number }>(
      'INSERT INTO toy (market_hash_name) VALUES ($1) RETURNING id',
      [name],
    );
    await db.query(
      `INSERT INTO market_toy (toy, market, min_price_buy, max_price_buy, enable_dynamic_order)
       VALUES ($1, 'tm', 1, 5, true)`,
      [toy!.id],
    );
    const [steamRow] = await db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name) VALUES ('orders-killed') RETURNING id`,
    );
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO market_account (market, steam_account, api_key, dynamic_orders, dry_run)
       VALUES ('tm', $1, $2, true, false) RETURNING id`,
      [steamRow!.id, vault.encrypt(key)],
    );
    const id = row!.id;
    // tm places the order, then holds the answer far longer than the test runs.
    await market.control('tm', 'POST', 'faults', {
      match: { path: '/api/v2/set-order', key },
      kind: 'slow',
      delayMs: 120_000,
      phase: 'after',
      count: 1,
    });
    expect(await TRADING_RUNNER.dispatch(api.runtime)).toMatchObject({ started: expect.any(Number) });
    if (testDbKind() === 'pglite') await api.close();

    const orders = async () =>
      (
        await market.v2<{ orders: { hash_name: string; price: number }[] | null }>('tm', 'get-orders', {
          key,
          page: 0,
        })
      ).orders ?? [];
    const calls = async (method: string) =>
      (await market.control<Stats>('tm', 'GET', 'stats')).keys[key]?.byMethod[method] ?? 0;

    const env = {
      TOYDESK_TEST_WORKER_DB: target,
      TOYDESK_SECRET_KEY: secretKey,
      TOYDESK_TEST_WORKER_ENV: JSON.stringify(workerEnv),
    };
    const first = startWorker(env);
    cleanups.push(async () => void first.child.kill('SIGKILL'));
    await first.waitFor(/^READY/, 45_000);
    const placed = await eventually(orders, (list) => list.length > 0, 45_000);
    expect(placed).toHaveLength(1);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe(null);

    // What the killed worker read: the new worker's tick must read the orders again on its own.
    const readBefore = await calls('get-orders');
    // Past the dead tick's lease a new worker revives the chain at its start; its tick reads the order.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const second = startWorker({
      ...env,
      TOYDESK_TEST_WORKER_ENV: JSON.stringify({ ...workerEnv, TOYDESK_TRADING_DISPATCH_CRON: '* * * * *' }),
    });
    cleanups.push(async () => void second.child.kill('SIGKILL'));
    await second.waitFor(/^READY/, 45_000);
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
