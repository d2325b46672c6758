import type { BotJob, BotTradingStatus } from '@toydesk/contract';
import { describe, expect, it } from 'vitest';

import { seedMarketAccount, seedSteamAccount } from '../../../testing/seed-trading.ts';
import { RELAXED_STEAM_LIMITS } from '../../../testing/steam-sim-accounts.ts';
import { useSimApp } from '../../../testing/use-sim-app.ts';
import { createTradingContextForTest } from '../trading-context.ts';
import { KEEP_ONLINE_LOOP } from './keep-online-loop.ts';
import { eventually } from '../../../testing/eventually.ts';

describe('keep-online loop against the tm simulator and the simulated Steam', () => {
  const bed = useSimApp({ steam: RELAXED_STEAM_LIMITS });
  let counter = 0;

  /** A tm account on the simulator and a market account for it, on a Steam account the simulated Steam knows. */
  async function newAccount(
    options: { dryRun?: boolean; keepOnline?: boolean; market?: 'tm' | 'dmarket' } = {},
  ) {
    counter += 1;
    const name = `keeponline${process.pid}x${counter}`;
    const steamAccount = await seedSteamAccount(bed.app.runtime, name, `pw-${name}`);
    const code = options.market ?? 'tm';
    const key = code === 'tm' ? await bed.sim.account('tm') : 'dmarket-key';
    const id = await seedMarketAccount(bed.app.runtime, {
      key,
      market: code,
      steamAccount,
      loops: { keep_online: options.keepOnline ?? true },
      dryRun: options.dryRun,
    });
    return { id, steamAccount, key };
  }

  const simAccount = (key: string) =>
    bed.sim.control<{ lastPingAt: number | null }>('tm', 'GET', `accounts/${key}`);
  const accountRow = async (id: number) =>
    (
      await bed.app.db.query<{ online: boolean; last_online_at: string | null; keep_online: boolean }>(
        'SELECT online, last_online_at, keep_online FROM market_account WHERE id = $1',
        [id],
      )
    )[0]!;
  const status = async (id: number) => {
    const response = await bed.app.request<{ results: BotTradingStatus[] }>('GET', '/api-node/trading/', {
      query: { market_account: id },
    });
    expect(response.status, response.text).toBe(200);
    return response.body.results.find((r) => r.loop === 'keep-online')!;
  };

  it('pings with a Steam access token: the account is online on tm and in our table; go-offline on stop', async () => {
    const { id, steamAccount, key } = await newAccount();
    expect((await simAccount(key)).lastPingAt).toBeNull();

    const ctx = await createTradingContextForTest(bed.app.runtime, id, 'keep-online');
    const result = await KEEP_ONLINE_LOOP.tick(ctx);
    expect(result.continue).not.toBe(false);
    expect(result.summary).toMatch(/^online/);
    expect((await simAccount(key)).lastPingAt).not.toBeNull();
    const row = await accountRow(id);
    expect(row.online).toBe(true);
    expect(row.last_online_at).not.toBeNull();
    // The access token came from a Steam session the loop opened and stored.
    const sessions = await bed.app.db.query('SELECT 1 FROM bot_steam_session WHERE steam_account = $1', [
      steamAccount,
    ]);
    expect(sessions).toHaveLength(1);

    // tm refuses a second ping within its minimum interval: benign.
    const again = await KEEP_ONLINE_LOOP.tick(
      await createTradingContextForTest(bed.app.runtime, id, 'keep-online'),
    );
    expect(again.summary).toMatch(/too early/);

    await KEEP_ONLINE_LOOP.stop!(await createTradingContextForTest(bed.app.runtime, id, 'keep-online'));
    expect((await simAccount(key)).lastPingAt).toBeNull();
    expect((await accountRow(id)).online).toBe(false);
  });

  it('in dry-run mode records the ping without sending it or logging in to Steam', async () => {
    const { id, key, steamAccount } = await newAccount({ dryRun: true });
    const result = await KEEP_ONLINE_LOOP.tick(
      await createTradingContextForTest(bed.app.runtime, id, 'keep-online'),
    );
    expect(result.summary).toMatch(/dry run/);
    expect((await simAccount(key)).lastPingAt).toBeNull();
    expect((await accountRow(id)).online).toBe(false);
    const loop = await status(id);
    expect(loop.recent_actions[0]).toMatchObject({ kind: 'ping', dry_run: true });
    const sessions = await bed.app.db.query('SELECT 1 FROM bot_steam_session WHERE steam_account = $1', [
      steamAccount,
    ]);
    expect(sessions).toHaveLength(0);
  });

  it('a trade ban ends the loop: switch off (audited), market-ban alert, go-offline once', async () => {
    const { id, key } = await newAccount();
    await bed.sim.control('tm', 'POST', `accounts/${key}/settings`, {
      online: true,
      tradeBanUntil: Math.floor(Date.now() / 1000) + 86_400,
    });
    const run = await bed.app.request<BotJob>('POST', `/api-node/trading/${id}/keep-online/run`);
    expect(run.status, run.text).toBe(202);
    const done = await bed.app.runtime.queue.waitFor(run.body.id, 60_000);
    expect(done?.state, JSON.stringify(done?.error)).toBe('done');
    expect(done?.result).toMatchObject({ ended: true });

    expect((await accountRow(id)).keep_online).toBe(false);
    const audit = await bed.app.db.query<{ operator: string; after: Record<string, unknown> }>(
      `SELECT operator, after FROM audit_entry WHERE entity = 'market_account' AND entity_id = $1`,
      [id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator: 'bot-service', after: { keep_online: false } });

    const alerts = await bed.app.request<{
      results: { kind: string; market_account: number; count: number }[];
    }>('GET', '/api-node/alerts/', { query: { market_account: id } });
    expect(alerts.body.results).toEqual([
      expect.objectContaining({ kind: 'market-ban', market_account: id, count: 1 }),
    ]);

    // The stop job goes offline on tm, once.
    const stopped = await eventually(
      () => status(id),
      (s) => s.recent_actions.some((a) => a.kind === 'go-offline'),
    );
    expect(stopped.state).toBe('stopped');
    expect(stopped.enabled).toBe(false);
    expect(stopped.recent_actions.filter((a) => a.kind === 'go-offline')).toHaveLength(1);
    expect((await simAccount(key)).lastPingAt).toBeNull();
    const stops = await bed.app.runtime.queue.store.list({ kinds: ['trading.stop'], accounts: [id] }, 1, 10);
    expect(stops.count).toBe(1);
  });

  it('a Steam account that cannot log in raises a steam-session alert and fails the tick', async () => {
    const { id, steamAccount } = await newAccount();
    await bed.app.db.query('UPDATE steam_account SET password = NULL WHERE id = $1', [steamAccount]);
    const ctx = await createTradingContextForTest(bed.app.runtime, id, 'keep-online');
    await expect(KEEP_ONLINE_LOOP.tick(ctx)).rejects.toThrow(/password/);
    await expect(KEEP_ONLINE_LOOP.tick(ctx)).rejects.toThrow(/password/);
    const alerts = await bed.app.db.query<{ kind: string; count: number; steam_account: number }>(
      'SELECT kind, count, steam_account FROM bot_alert WHERE market_account = $1',
      [id],
    );
    // Raised twice while unacknowledged: one alert, counted twice.
    expect(alerts).toEqual([{ kind: 'steam-session', count: 2, steam_account: steamAccount }]);
  });

  it('skips accounts of markets without ping-new, saying so', async () => {
    const { id } = await newAccount({ market: 'dmarket', keepOnline: false });
    const run = await bed.app.request<BotJob>('POST', `/api-node/trading/${id}/keep-online/run`);
    expect(run.status, run.text).toBe(202);
    await bed.app.runtime.queue.waitFor(run.body.id, 30_000);
    const loop = await status(id);
    expect(loop.last_summary).toMatch(/skipped: keep-online works on tm/);
    // A manual run with the switch off starts no chain.
    expect(loop.next_run_at).toBeNull();
    expect(loop.enabled).toBe(false);
  });
});
