import { MARKET_CODES } from '@toydesk/contract';
import { createSteamSimulator, type SteamSimulatorServer } from '@toydesk/simulators';
import { afterAll, describe, expect, it } from 'vitest';

import { PGBOSS_SCHEMA } from '../../../jobs/job-store.ts';
import { startMarketSim, type MarketSim } from '../../../testing/market-sim.ts';
import { eventually, killTestDatabase } from '../../../testing/kill-test-database.ts';
import { testDbKind } from '@toydesk/db/testing';
import { startWorker } from '../../../testing/worker-process.ts';
import { TRADING_RUNNER } from '../loop-runner.ts';

describe('a worker killed with SIGKILL in the middle of a keep-online tick', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('leaves no dead chain: the next worker revives it at its start and the account goes online', async () => {
    const market: MarketSim = await startMarketSim();
    cleanups.push(() => market.close());
    const steam: SteamSimulatorServer = await createSteamSimulator();
    const steamUrl = await steam.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => steam.close());

    const workerEnv = {
      ...market.env,
      TOYDESK_STEAM_URL: steamUrl,
      TOYDESK_TRADING_TICK_TIMEOUT_SECONDS: '5',
    };
    const killDb = await killTestDatabase('trading-kill', cleanups, workerEnv);
    const { target, secretKey, connect } = killDb;

    // A tm account with keep-online on; its first ping-new hangs at tm (the worker dies meanwhile).
    let api = await connect();
    const { db, vault } = api.runtime;
    await db.query(
      `INSERT INTO market (code, name) SELECT c, c FROM unnest($1::text[]) AS c ON CONFLICT (code) DO NOTHING`,
      [[...MARKET_CODES]],
    );
    const key = await market.account('tm');
    const [steamRow] = await db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name, login, password) VALUES ('killed', 'killed', $1) RETURNING id`,
      [vault.encrypt('pw-killed')],
    );
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO market_account (market, steam_account, api_key, keep_online, dry_run)
       VALUES ('tm', $1, $2, true, false) RETURNING id`,
      [steamRow!.id, vault.encrypt(key)],
    );
    const id = row!.id;
    await market.control('tm', 'POST', 'faults', {
      match: { path: '/api/v2/ping-new', key },
      kind: 'slow',
      delayMs: 120_000,
      count: 1,
    });
    expect(await TRADING_RUNNER.dispatch(api.runtime)).toMatchObject({ started: 1 });
    if (testDbKind() === 'pglite') await api.close();

    const env = {
      TOYDESK_TEST_WORKER_DB: target,
      TOYDESK_SECRET_KEY: secretKey,
      TOYDESK_TEST_WORKER_ENV: JSON.stringify(workerEnv),
    };
    const first = startWorker(env);
    cleanups.push(async () => void first.child.kill('SIGKILL'));
    await first.waitFor(/^READY/, 45_000);
    // The fault is used up: the worker's ping-new is waiting for tm's answer. Kill it now.
    const faults = await eventually(
      () => market.control<unknown[]>('tm', 'GET', 'faults'),
      (list) => list.length === 0,
      45_000,
    );
    expect(faults).toEqual([]);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe(null);
    const sim = () => market.control<{ lastPingAt: number | null }>('tm', 'GET', `accounts/${key}`);
    expect((await sim()).lastPingAt).toBeNull();

    // Past the dead tick's lease (the tick timeout), a new worker with the dispatcher on revives the chain
    // at its start, without waiting for the cron minute or for the queue to expire the dead job.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const second = startWorker({
      ...env,
      TOYDESK_TEST_WORKER_ENV: JSON.stringify({ ...workerEnv, TOYDESK_TRADING_DISPATCH_CRON: '* * * * *' }),
    });
    cleanups.push(async () => void second.child.kill('SIGKILL'));
    await second.waitFor(/^READY/, 45_000);
    const pinged = await eventually(sim, (a) => a.lastPingAt !== null, 45_000);
    expect(pinged.lastPingAt).not.toBeNull();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    if (testDbKind() === 'pglite') api = await connect();
    try {
      const [account] = await api.runtime.db.query<{ online: boolean }>(
        'SELECT online FROM market_account WHERE id = $1',
        [id],
      );
      expect(account!.online).toBe(true);
      const ticks = await api.runtime.db.query<{ state: string }>(
        `SELECT state FROM ${PGBOSS_SCHEMA}.job WHERE name = 'bots-trading-keep-online' AND singleton_key = $1 ORDER BY created_on`,
        [TRADING_RUNNER.tickKey(id, 'keep-online')],
      );
      // The killed tick (still active or expired), the revived one done, and the chain's next one queued.
      expect(ticks[0]!.state).toMatch(/active|failed/);
      expect(ticks.filter((t) => t.state === 'completed').length).toBeGreaterThanOrEqual(1);
      expect(ticks.filter((t) => t.state === 'created').length).toBeLessThanOrEqual(1);
    } finally {
      await api.close();
    }
  }, 150_000);
});
