import { createSteamSimulator, type SteamSimulatorServer } from '@toydesk/simulators/steam';
import { describe, expect, it } from 'vitest';
import { PGBOSS_SCHEMA } from '@toydesk/db';

import { eventually } from '../../../testing/eventually.ts';
import {
  holdTmAnswer,
  killHard,
  startTradingKillStage,
  useCleanups,
} from '../../../testing/kill-test-stage.ts';
import { seedMarketAccount } from '../../../testing/seed-trading.ts';
import { TRADING_RUNNER } from '../loop-runner.ts';

describe('a worker killed with SIGKILL in the middle of a keep-online tick', () => {
  const cleanups = useCleanups();

  it('leaves no dead chain: the next worker revives it at its start and the account goes online', async () => {
    const steam: SteamSimulatorServer = await createSteamSimulator();
    const steamUrl = await steam.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => steam.close());

    const stage = await startTradingKillStage(cleanups, 'trading-kill', { TOYDESK_STEAM_URL: steamUrl });
    const { market, api } = stage;

    // A tm account with keep-online on; its first ping-new hangs at tm (the worker dies meanwhile).
    const key = await market.account('tm');
    const id = await seedMarketAccount(api.runtime, {
      key,
      steamAccount: 'killed',
      password: 'pw-killed',
      loops: { keep_online: true },
    });
    await holdTmAnswer(market, key, '/api/v2/ping-new');
    expect(await stage.dispatch()).toMatchObject({ started: 1 });

    const first = await stage.startWorker();
    // The fault is used up: the worker's ping-new is waiting for tm's answer. Kill it now.
    const faults = await eventually(
      () => market.control<unknown[]>('tm', 'GET', 'faults'),
      (list) => list.length === 0,
      45_000,
    );
    expect(faults).toEqual([]);
    await killHard(first);
    const sim = () => market.control<{ lastPingAt: number | null }>('tm', 'GET', `accounts/${key}`);
    expect((await sim()).lastPingAt).toBeNull();

    // Past the dead tick's lease (the tick timeout) a new worker revives the chain at its start.
    const second = await stage.revive();
    const pinged = await eventually(sim, (a) => a.lastPingAt !== null, 45_000);
    expect(pinged.lastPingAt).not.toBeNull();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const reopened = await stage.reopen();
    try {
      const [account] = await reopened.runtime.db.query<{ online: boolean }>(
        'SELECT online FROM market_account WHERE id = $1',
        [id],
      );
      expect(account!.online).toBe(true);
      const ticks = await reopened.runtime.db.query<{ state: string }>(
        `SELECT state FROM ${PGBOSS_SCHEMA}.job WHERE name = 'bots-trading-keep-online' AND singleton_key = $1 ORDER BY created_on`,
        [TRADING_RUNNER.tickKey(id, 'keep-online')],
      );
      // The killed tick (still active or expired), the revived one done, and the chain's next one queued.
      expect(ticks[0]!.state).toMatch(/active|failed/);
      expect(ticks.filter((t) => t.state === 'completed').length).toBeGreaterThanOrEqual(1);
      expect(ticks.filter((t) => t.state === 'created').length).toBeLessThanOrEqual(1);
    } finally {
      await reopened.close();
    }
  }, 150_000);
});
