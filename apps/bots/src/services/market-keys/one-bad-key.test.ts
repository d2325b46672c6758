import type { BotAlert, BotJob, BotTradingStatus } from '@toydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGBOSS_SCHEMA } from '@toydesk/db';

import { startBotTestApp, type BotTestApp } from '../../testing/bot-test-app.ts';
import { startMarketSim, type MarketSim } from '../../testing/market-sim.ts';
import { TRADING_RUNNER } from '../trading/loop-runner.ts';
import { KEY_REJECTED_ALERT } from './key-pause.ts';

/**
 * Issue 11 item 5 against the tm simulator over HTTP: one account whose key tm rejects ("Bad KEY", the
 * simulator's keyDeleted) among good ones.
 */
describe('one rejected key among good accounts', () => {
  let sim: MarketSim;
  let t: BotTestApp;
  const keys: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const until = async <T>(read: () => Promise<T | null | undefined | false>, what: string): Promise<T> => {
    for (let i = 0; i < 200; i += 1) {
      const value = await read();
      if (value) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  const alertsOf = (account: number) =>
    t.db.query<BotAlert>(
      `SELECT id, kind, message, details, count, acknowledged_at FROM bot_alert WHERE market_account = $1 ORDER BY id`,
      [account],
    );
  const loopsOf = async (account: number) =>
    (
      await t.request<{ results: BotTradingStatus[] }>('GET', '/api-node/trading/', {
        query: { market_account: account },
      })
    ).body.results;

  beforeAll(async () => {
    sim = await startMarketSim();
    t = await startBotTestApp({ env: { ...sim.env, TOYDESK_TRADING_DELIVER_SECONDS: '1' } });
    const names = sim.names(3);
    for (const name of ['good1', 'good2', 'badOrders', 'badLoop']) {
      // One tm account per Steam account.
      const [row] = await t.db.query<{ id: number }>(
        `INSERT INTO steam_account (steam_account_name) VALUES ($1) RETURNING id`,
        [`bad-key-${name}`],
      );
      const steam = row!.id;
      keys[name] = await sim.account('tm');
      const [account] = await t.db.query<{ id: number }>(
        `INSERT INTO market_account (market, steam_account, api_key, currency) VALUES ('tm', $1, $2, 'RUB') RETURNING id`,
        [steam, t.runtime.vault.encrypt(keys[name]!)],
      );
      ids[name] = account!.id;
    }
    for (const name of names)
      await sim.v2('tm', 'set-order', { key: keys.good1!, market_hash_name: name, count: 1, price: 1000 });
    await sim.v2('tm', 'set-order', { key: keys.good2!, market_hash_name: names[0]!, count: 2, price: 900 });
    await sim.v2('tm', 'set-order', {
      key: keys.badOrders!,
      market_hash_name: names[1]!,
      count: 1,
      price: 800,
    });
    // tm deletes a key (rate-limit abuse, a revoked key): every call then answers {"error":"Bad KEY"}.
    await sim.control('tm', 'PATCH', `accounts/${keys.badOrders}`, { keyDeleted: true });
    await sim.control('tm', 'PATCH', `accounts/${keys.badLoop}`, { keyDeleted: true });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('the active orders answer the good accounts and mark the bad one with its reason', async () => {
    const account = [ids.good1!, ids.badOrders!, ids.good2!];
    const response = await t.request<BotJob>('GET', '/api-node/order-processing/tm/get-active-orders/', {
      query: { account },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.state).toBe('done');
    const result = response.body.result as {
      accounts: { market_account: number; orders: number }[];
      orders: { market_account: number }[];
      failed_accounts: { market_account: number; reason: string; key_rejected: boolean }[];
    };
    expect(result.accounts).toEqual([
      { market_account: ids.good1, orders: 3, pages: 1 },
      { market_account: ids.good2, orders: 1, pages: 1 },
    ]);
    expect(result.orders).toHaveLength(4);
    expect(result.failed_accounts).toEqual([
      { market_account: ids.badOrders, reason: expect.stringMatching(/Bad KEY/), key_rejected: true },
    ]);

    const stats = await t.request<BotJob>('GET', '/api-node/order-processing/tm/get-active-orders-stats/', {
      query: { account },
    });
    expect(stats.body.result).toMatchObject({
      orders: 4,
      failed_accounts: [{ market_account: ids.badOrders, key_rejected: true }],
    });

    // The first rejection raised the alert and paused the account; the second read counted nothing up.
    const alerts = await alertsOf(ids.badOrders!);
    expect(alerts).toMatchObject([{ kind: KEY_REJECTED_ALERT, count: 1, acknowledged_at: null }]);
    expect(alerts[0]!.message).toMatch(/rejected the API key/);
    expect(await alertsOf(ids.good1!)).toEqual([]);
    const loops = await loopsOf(ids.badOrders!);
    expect(loops.every((loop) => loop.key_rejected?.includes('Bad KEY'))).toBe(true);
  });

  it('the first Bad KEY of a loop raises the alert and pauses the loops; a fixed key resumes them', async () => {
    const bad = ids.badLoop!;
    await t.db.query('UPDATE market_account SET auto_deliver = true WHERE id = $1', [bad]);
    await TRADING_RUNNER.dispatch(t.runtime);

    const [alert] = await until(async () => {
      const found = await alertsOf(bad);
      return found.length > 0 && found;
    }, 'the alert');
    expect(alert).toMatchObject({ kind: KEY_REJECTED_ALERT, count: 1, acknowledged_at: null });
    const deliver = await until(async () => {
      const loop = (await loopsOf(bad)).find((l) => l.loop === 'deliver');
      return loop?.state === 'paused' && loop;
    }, 'the paused loop');
    expect(deliver.last_error).toMatch(/^paused: .*Bad KEY/);
    expect(deliver.next_run_at).toBeNull();
    // No next tick is queued, and the dispatcher starts no chain for the paused account. The tick that
    // paused the loop writes the pause before its job completes: wait for that job to end, then none is left.
    await until(async () => {
      const queued = await t.db.query(
        `SELECT 1 FROM ${PGBOSS_SCHEMA}.job WHERE singleton_key = $1 AND state IN ('created', 'retry', 'active')`,
        [TRADING_RUNNER.tickKey(bad, 'deliver')],
      );
      return queued.length === 0;
    }, 'no tick left queued or running');
    expect(await TRADING_RUNNER.dispatch(t.runtime)).toMatchObject({ started: 0 });
    expect(await alertsOf(bad)).toMatchObject([{ count: 1 }]);

    // The operator fixes the key (here: tm gives it back, and the key is saved again: a new ciphertext).
    await sim.control('tm', 'PATCH', `accounts/${keys.badLoop}`, { keyDeleted: false });
    await t.db.query('UPDATE market_account SET api_key = $2 WHERE id = $1', [
      bad,
      t.runtime.vault.encrypt(keys.badLoop!),
    ]);
    await TRADING_RUNNER.dispatch(t.runtime);
    const resolved = await until(async () => {
      const [found] = await alertsOf(bad);
      return found?.acknowledged_at ? found : null;
    }, 'the resolved alert');
    expect(resolved.details).toMatchObject({ resolved: true });
    const resumed = await until(async () => {
      const loop = (await loopsOf(bad)).find((l) => l.loop === 'deliver');
      return loop && loop.state !== 'paused' && loop.last_run_at !== deliver.last_run_at && loop;
    }, 'a tick after the resume');
    expect(resumed.key_rejected).toBeNull();
    expect(resumed.last_error).toBeNull();
  });

  it('a paused key is checked again after its period, and stays paused while tm still rejects it', async () => {
    const bad = ids.badOrders!;
    await t.db.query(
      `UPDATE bot_market_key_pause SET checked_at = now() - interval '1 hour' WHERE market_account = $1`,
      [bad],
    );
    await TRADING_RUNNER.dispatch(t.runtime);
    const check = await until(async () => {
      const jobs = await t.request<{ results: BotJob[] }>('GET', '/api-node/jobs/', {
        query: { kind: 'market.key-check', account: bad, state: 'done' },
      });
      return jobs.body.results[0];
    }, 'the key check');
    expect(check.result).toMatchObject({ outcome: 'still-rejected' });
    expect(await alertsOf(bad)).toMatchObject([{ count: 1, acknowledged_at: null }]);

    await sim.control('tm', 'PATCH', `accounts/${keys.badOrders}`, { keyDeleted: false });
    await t.db.query(
      `UPDATE bot_market_key_pause SET checked_at = now() - interval '1 hour' WHERE market_account = $1`,
      [bad],
    );
    await TRADING_RUNNER.dispatch(t.runtime);
    await until(async () => {
      const [found] = await alertsOf(bad);
      return found?.acknowledged_at;
    }, 'the resolved alert');
    expect(await t.db.query('SELECT 1 FROM bot_market_key_pause WHERE market_account = $1', [bad])).toEqual(
      [],
    );
  });
});
