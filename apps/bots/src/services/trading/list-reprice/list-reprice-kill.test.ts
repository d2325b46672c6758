import { MARKET_CODES } from '@toydesk/contract';
import { afterAll, describe, expect, it } from 'vitest';

import { startMarketSim, type MarketSim } from '../../../testing/market-sim.ts';
import { eventually, killTestDatabase } from '../../../testing/kill-test-database.ts';
import { testDbKind } from '@toydesk/db/testing';
import { startWorker } from '../../../testing/worker-process.ts';
import { TRADING_RUNNER } from '../loop-runner.ts';

type Stats = { keys: Record<string, { byMethod: Record<string, number> }> };

/**
 * list-reprice run by the real trading runner in a worker process, killed with SIGKILL while add-to-sale is
 * on its way (tm listed the item, its answer is pending): the next worker's tick does not list the item a
 * second time, reprices it and records it in sell_item once.
 */
describe('a worker killed with SIGKILL in the middle of a list-reprice tick', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('the next worker lists nothing twice', async () => {
    const market: MarketSim = await startMarketSim();
    cleanups.push(() => market.close());

    const workerEnv = { ...market.env, TOYDESK_TRADING_TICK_TIMEOUT_SECONDS: '5' };
    const killDb = await killTestDatabase('list-kill', cleanups, workerEnv);
    const { target, secretKey, connect } = killDb;

    // A tm account with one item of a toy that sells at 100000 (floor 1: undercut) and auto_sell on.
    const [name] = market.names(1);
    const created = await market.control<{ key: string }>('tm', 'POST', 'accounts', {
      currency: 'RUB',
      names: [name],
      online: true,
    });
    const key = created.key;
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
      `INSERT INTO market_toy (toy, market, price_sell, price_buy) VALUES ($1, 'tm', 100000, 1)`,
      [toy!.id],
    );
    const [steamRow] = await db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name) VALUES ('list-killed') RETURNING id`,
    );
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO market_account (market, steam_account, api_key, auto_sell, dry_run)
       VALUES ('tm', $1, $2, true, false) RETURNING id`,
      [steamRow!.id, vault.encrypt(key)],
    );
    const id = row!.id;
    // tm lists the item, then holds the answer far longer than the test runs.
    await market.control('tm', 'POST', 'faults', {
      match: { path: '/api/v2/add-to-sale', key },
      kind: 'slow',
      delayMs: 120_000,
      phase: 'after',
      count: 1,
    });
    expect(await TRADING_RUNNER.dispatch(api.runtime)).toMatchObject({ started: expect.any(Number) });
    if (testDbKind() === 'pglite') await api.close();

    const listings = async () =>
      (await market.v2<{ items: { item_id: string; price: number }[] | null }>('tm', 'items', { key }))
        .items ?? [];
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
    const listed = await eventually(listings, (items) => items.length > 0, 45_000);
    expect(listed).toHaveLength(1);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe(null);

    // Past the dead tick's lease a new worker revives the chain at its start; its tick reprices the listing.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const second = startWorker({
      ...env,
      TOYDESK_TEST_WORKER_ENV: JSON.stringify({ ...workerEnv, TOYDESK_TRADING_DISPATCH_CRON: '* * * * *' }),
    });
    cleanups.push(async () => void second.child.kill('SIGKILL'));
    await second.waitFor(/^READY/, 45_000);
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

    if (testDbKind() === 'pglite') api = await connect();
    try {
      const rows = await api.runtime.db.query<{ market_item_id: string; status: string }>(
        'SELECT market_item_id, status FROM sell_item WHERE market_account = $1',
        [id],
      );
      expect(rows).toEqual([{ market_item_id: listed[0]!.item_id, status: 'on_sale' }]);
    } finally {
      await api.close();
    }
  }, 180_000);
});
