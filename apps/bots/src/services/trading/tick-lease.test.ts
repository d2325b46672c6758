import { randomUUID } from 'node:crypto';

import {
  createSteamSimulator,
  SteamSimControlClient,
  type SteamSimulatorServer,
} from '@toydesk/simulators/steam';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startBotTestApp, type BotTestApp } from '../../testing/bot-test-app.ts';
import { startMarketSim, type MarketSim } from '../../testing/market-sim.ts';
import { TRADING_RUNNER } from './loop-runner.ts';

type Stats = { keys: Record<string, { byMethod: Record<string, number> }> };

/**
 * A list-reprice tick run by the real runner loses its lease in the middle of listing (another tick took
 * the loop, as after a stall past the lease): it makes no more marketplace calls (counted by the tm
 * simulator) and writes nothing more (actions, sell_item, the lease row stays the other tick's). A tick
 * whose time is up gives up the call it waits for (before: it went on after the queue had abandoned it).
 */
describe('a trading tick whose lease is lost or whose time is up', () => {
  let sim: MarketSim;
  let steam: SteamSimulatorServer;
  let steamControl: SteamSimControlClient;
  let t: BotTestApp;

  beforeAll(async () => {
    sim = await startMarketSim();
    steam = await createSteamSimulator();
    const steamUrl = await steam.listen({ port: 0, host: '127.0.0.1' });
    steamControl = new SteamSimControlClient(steamUrl);
    t = await startBotTestApp({
      env: { ...sim.env, TOYDESK_STEAM_URL: steamUrl, TOYDESK_TRADING_TICK_TIMEOUT_SECONDS: '60' },
    });
    TRADING_RUNNER.leaseCheckMs = 100;
  });
  afterAll(async () => {
    TRADING_RUNNER.leaseCheckMs = null;
    await t?.close();
    await steam?.close();
    await sim?.close();
  });

  const stats = async (key: string) =>
    (await sim.control<Stats>('tm', 'GET', 'stats')).keys[key]?.byMethod ?? {};
  const takeLease = async (id: number, loop: string) => {
    const other = randomUUID();
    await t.db.query(
      `UPDATE bot_trading_loop SET running_job = $3::uuid, lease_until = now() + interval '10 minutes'
       WHERE market_account = $1 AND loop = $2`,
      [id, loop, other],
    );
    return other;
  };
  const total = (byMethod: Record<string, number>) => Object.values(byMethod).reduce((a, b) => a + b, 0);

  /** A tm account whose items all have a toy to list, every add-to-sale answered `delayMs` late. */
  async function slowLister(names: string[], label: string, delayMs: number) {
    const created = await sim.control<{ key: string }>('tm', 'POST', 'accounts', {
      currency: 'RUB',
      money: 100_000,
      names,
      online: true,
    });
    const key = created.key;
    for (const name of names) {
      const [toy] = await t.db.query<{ id: number }>(
        'INSERT INTO toy (market_hash_name) VALUES ($1) RETURNING id',
        [name],
      );
      await t.db.query(
        `INSERT INTO market_toy (toy, market, price_sell, price_buy) VALUES ($1, 'tm', 1000, 1)`,
        [toy!.id],
      );
    }
    const [steam] = await t.db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name) VALUES ($1) RETURNING id`,
      [label],
    );
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO market_account (market, steam_account, api_key, currency, auto_sell, dry_run)
       VALUES ('tm', $1, $2, 'RUB', true, false) RETURNING id`,
      [steam!.id, t.runtime.vault.encrypt(key)],
    );
    // Every add-to-sale lists the item, then answers late: the tick lists one item after another.
    await sim.control('tm', 'POST', 'faults', {
      match: { path: '/api/v2/add-to-sale', key },
      kind: 'slow',
      delayMs,
      phase: 'after',
      count: 100,
    });
    return { id: row!.id, key };
  }

  it('stops its marketplace calls and its writes', async () => {
    const names = sim.names(8);
    const { id, key } = await slowLister(names, 'lease-lost', 300);

    const job = await TRADING_RUNNER.runNow(t.runtime, id, 'list-reprice');
    const deadline = Date.now() + 20_000;
    while (((await stats(key))['add-to-sale'] ?? 0) < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Another tick takes the loop.
    const other = randomUUID();
    await t.db.query(
      `UPDATE bot_trading_loop SET running_job = $2::uuid, lease_until = now() + interval '10 minutes'
       WHERE market_account = $1 AND loop = 'list-reprice'`,
      [id, other],
    );
    const atTakeOver = await stats(key);
    const [actionsAt] = await t.db.query<{ n: number }>(
      `SELECT jsonb_array_length(recent_actions) AS n FROM bot_trading_loop
       WHERE market_account = $1 AND loop = 'list-reprice'`,
      [id],
    );

    const finished = await t.runtime.queue.waitFor(job.id, 20_000);
    expect(finished?.state).toBe('failed');
    const atEnd = await stats(key);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const later = await stats(key);

    // At most the call in flight when the lease went; none after the tick ended; far fewer than 8 listings.
    expect(atEnd['add-to-sale'] ?? 0).toBeLessThanOrEqual((atTakeOver['add-to-sale'] ?? 0) + 1);
    expect(atEnd['add-to-sale'] ?? 0).toBeLessThan(names.length);
    expect(total(atEnd)).toBeLessThanOrEqual(total(atTakeOver) + 1);
    expect(total(later)).toBe(total(atEnd));
    expect(atEnd['MassSetPriceById'] ?? 0).toBe(0);

    const [loop] = await t.db.query<{ running_job: string; n: number; last_error: string | null }>(
      `SELECT running_job::text, jsonb_array_length(recent_actions) AS n, last_error FROM bot_trading_loop
       WHERE market_account = $1 AND loop = 'list-reprice'`,
      [id],
    );
    expect(loop!.running_job).toBe(other);
    expect(loop!.n).toBeLessThanOrEqual(actionsAt!.n + 1);
    expect(await t.db.query('SELECT 1 FROM sell_item WHERE market_account = $1', [id])).toEqual([]);
  }, 60_000);

  it('a tick whose time is up gives up the call in flight and writes nothing more', async () => {
    const names = sim.names(9).slice(8);
    const { id, key } = await slowLister(names, 'timed-out', 0);
    // The tick's first `items` (after listing) hangs 8 s, longer than the 5 s tick.
    await sim.control('tm', 'POST', 'faults', {
      match: { path: '/api/v2/items', key },
      kind: 'slow',
      delayMs: 8_000,
      count: 1,
    });
    t.runtime.config.trading.tickTimeoutSeconds = 5;
    try {
      const job = await TRADING_RUNNER.runNow(t.runtime, id, 'list-reprice');
      const finished = await t.runtime.queue.waitFor(job.id, 20_000);
      expect(finished?.state).toBe('failed');
      const atEnd = await stats(key);
      // Past the hung answer: a tick that went on would have repriced and synced sell_item by now.
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      expect(await stats(key)).toEqual(atEnd);
      expect(atEnd['add-to-sale']).toBe(1);
      expect(await t.db.query('SELECT 1 FROM sell_item WHERE market_account = $1', [id])).toEqual([]);
    } finally {
      t.runtime.config.trading.tickTimeoutSeconds = 60;
    }
  }, 60_000);

  it('a keep-online tick whose lease is lost while Steam answers late neither pings tm nor saves a session', async () => {
    const key = await sim.account('tm');
    const login = `leasesteam${process.pid}`;
    const created = await steamControl.createAccount({ accountName: login, twoFactor: false });
    const [steamRow] = await t.db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name, login, password) VALUES ($1, $1, $2) RETURNING id`,
      [login, t.runtime.vault.encrypt(created.password)],
    );
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO market_account (market, steam_account, api_key, keep_online, dry_run)
       VALUES ('tm', $1, $2, true, false) RETURNING id`,
      [steamRow!.id, t.runtime.vault.encrypt(key)],
    );
    const id = row!.id;
    // No stored session: the tick logs in to Steam first, and Steam's first answer takes 4 s.
    await steamControl.call('POST', 'faults', { kind: 'slow', delayMs: 4_000, count: 1 });

    const job = await TRADING_RUNNER.runNow(t.runtime, id, 'keep-online');
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const { faults } = await steamControl.call<{ faults: unknown[] }>('GET', 'faults');
      if (faults.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await takeLease(id, 'keep-online');
    const finished = await t.runtime.queue.waitFor(job.id, 20_000);
    expect(finished?.state).toBe('failed');
    // Past Steam's late answer: a tick that went on would have saved the session and pinged tm by now.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect((await stats(key))['ping-new'] ?? 0).toBe(0);
    expect(
      await t.db.query('SELECT 1 FROM bot_steam_session WHERE steam_account = $1', [steamRow!.id]),
    ).toEqual([]);
  }, 60_000);
});
