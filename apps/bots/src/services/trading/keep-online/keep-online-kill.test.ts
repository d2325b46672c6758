import { createSteamSimulator, type SteamSimulatorServer } from '@toydesk/simulators/steam';
import { testDbKind } from '@toydesk/db/testing';
import { describe, expect, it } from 'vitest';
import { PGBOSS_SCHEMA } from '@toydesk/db';

import { eventually, killTestDatabase } from '../../../testing/kill-test-database.ts';
import {
  holdTmAnswer,
  reviveAfterLease,
  seedMarkets,
  seedTmAccount,
  startReadyWorker,
  useCleanups,
  workerProcessEnv,
} from '../../../testing/kill-test-stage.ts';
import { startMarketSim, type MarketSim } from '../../../testing/market-sim.ts';
import { TRADING_RUNNER } from '../loop-runner.ts';

describe('a worker killed with SIGKILL in the middle of a keep-online tick', () => {
  const cleanups = useCleanups();

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
    const { connect } = killDb;

    // A tm account with keep-online on; its first ping-new hangs at tm (the worker dies meanwhile).
    let api = await connect();
    await seedMarkets(api.runtime.db);
    const key = await market.account('tm');
    const id = await seedTmAccount(api.runtime, {
      key,
      steamAccount: 'killed',
      flag: 'keep_online',
      password: 'pw-killed',
    });
    await holdTmAnswer(market, key, '/api/v2/ping-new');
    expect(await TRADING_RUNNER.dispatch(api.runtime)).toMatchObject({ started: 1 });
    if (testDbKind() === 'pglite') await api.close();

    const first = await startReadyWorker(workerProcessEnv(killDb, workerEnv), cleanups);
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

    // Past the dead tick's lease (the tick timeout) a new worker revives the chain at its start.
    const second = await reviveAfterLease(killDb, workerEnv, cleanups);
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
