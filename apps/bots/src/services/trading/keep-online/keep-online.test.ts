import type { BotJob, BotTradingStatus } from '@toydesk/contract';
import { createSteamSimulator, type SteamSimulatorServer } from '@toydesk/simulators/steam';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startBotTestApp, type BotTestApp } from '../../../testing/bot-test-app.ts';
import { startMarketSim, type MarketSim } from '../../../testing/market-sim.ts';
import { createTradingContextForTest } from '../trading-context.ts';
import { KEEP_ONLINE_LOOP } from './keep-online-loop.ts';

const RELAXED = {
  loginRateLimit: { max: 10_000, windowMs: 600_000, blockMs: 1_800_000 },
  confirmationRateLimit: { max: 10_000, windowMs: 60_000, blockMs: 300_000 },
};

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('keep-online loop against the tm simulator and the simulated Steam', () => {
  let market: MarketSim;
  let steam: SteamSimulatorServer;
  let t: BotTestApp;
  let counter = 0;

  beforeAll(async () => {
    market = await startMarketSim();
    steam = await createSteamSimulator({ config: RELAXED });
    const steamUrl = await steam.listen({ port: 0, host: '127.0.0.1' });
    t = await startBotTestApp({ env: { ...market.env, TOYDESK_STEAM_URL: steamUrl } });
  });
  afterAll(async () => {
    await t?.close();
    await market?.close();
    await steam?.close();
  });

  /** A tm account on the simulator and a market account for it, on a Steam account the simulated Steam knows. */
  async function newAccount(
    options: { dryRun?: boolean; keepOnline?: boolean; market?: 'tm' | 'dmarket' } = {},
  ) {
    counter += 1;
    const name = `keeponline${process.pid}x${counter}`;
    const [steamRow] = await t.db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name, login, password) VALUES ($1, $1, $2) RETURNING id`,
      [name, t.runtime.vault.encrypt(`pw-${name}`)],
    );
    const code = options.market ?? 'tm';
    const key = code === 'tm' ? await market.account('tm') : 'dmarket-key';
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO market_account (market, steam_account, api_key, keep_online, dry_run)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [code, steamRow!.id, t.runtime.vault.encrypt(key), options.keepOnline ?? true, options.dryRun ?? false],
    );
    return { id: row!.id, steamAccount: steamRow!.id, key };
  }

  const simAccount = (key: string) =>
    market.control<{ lastPingAt: number | null }>('tm', 'GET', `accounts/${key}`);
  const accountRow = async (id: number) =>
    (
      await t.db.query<{ online: boolean; last_online_at: string | null; keep_online: boolean }>(
        'SELECT online, last_online_at, keep_online FROM market_account WHERE id = $1',
        [id],
      )
    )[0]!;
  const status = async (id: number) => {
    const response = await t.request<{ results: BotTradingStatus[] }>('GET', '/api-node/trading/', {
      query: { market_account: id },
    });
    expect(response.status, response.text).toBe(200);
    return response.body.results.find((r) => r.loop === 'keep-online')!;
  };

  it('pings with a Steam access token: the account is online on tm and in our table; go-offline on stop', async () => {
    const { id, steamAccount, key } = await newAccount();
    expect((await simAccount(key)).lastPingAt).toBeNull();

    const ctx = await createTradingContextForTest(t.runtime, id, 'keep-online');
    const result = await KEEP_ONLINE_LOOP.tick(ctx);
    expect(result.continue).not.toBe(false);
    expect(result.summary).toMatch(/^online/);
    expect((await simAccount(key)).lastPingAt).not.toBeNull();
    const row = await accountRow(id);
    expect(row.online).toBe(true);
    expect(row.last_online_at).not.toBeNull();
    // The access token came from a Steam session the loop opened and stored.
    const sessions = await t.db.query('SELECT 1 FROM bot_steam_session WHERE steam_account = $1', [
      steamAccount,
    ]);
    expect(sessions).toHaveLength(1);

    // tm refuses a second ping within its minimum interval: benign.
    const again = await KEEP_ONLINE_LOOP.tick(
      await createTradingContextForTest(t.runtime, id, 'keep-online'),
    );
    expect(again.summary).toMatch(/too early/);

    await KEEP_ONLINE_LOOP.stop!(await createTradingContextForTest(t.runtime, id, 'keep-online'));
    expect((await simAccount(key)).lastPingAt).toBeNull();
    expect((await accountRow(id)).online).toBe(false);
  });

  it('in dry-run mode records the ping without sending it or logging in to Steam', async () => {
    const { id, key, steamAccount } = await newAccount({ dryRun: true });
    const result = await KEEP_ONLINE_LOOP.tick(
      await createTradingContextForTest(t.runtime, id, 'keep-online'),
    );
    expect(result.summary).toMatch(/dry run/);
    expect((await simAccount(key)).lastPingAt).toBeNull();
    expect((await accountRow(id)).online).toBe(false);
    const loop = await status(id);
    expect(loop.recent_actions[0]).toMatchObject({ kind: 'ping', dry_run: true });
    const sessions = await t.db.query('SELECT 1 FROM bot_steam_session WHERE steam_account = $1', [
      steamAccount,
    ]);
    expect(sessions).toHaveLength(0);
  });

  it('a trade ban ends the loop: switch off (audited), market-ban alert, go-offline once', async () => {
    const { id, key } = await newAccount();
    await market.control('tm', 'POST', `accounts/${key}/settings`, {
      online: true,
      tradeBanUntil: Math.floor(Date.now() / 1000) + 86_400,
    });
    const run = await t.request<BotJob>('POST', `/api-node/trading/${id}/keep-online/run`);
    expect(run.status, run.text).toBe(202);
    const done = await t.runtime.queue.waitFor(run.body.id, 60_000);
    expect(done?.state, JSON.stringify(done?.error)).toBe('done');
    expect(done?.result).toMatchObject({ ended: true });

    expect((await accountRow(id)).keep_online).toBe(false);
    const audit = await t.db.query<{ operator: string; after: Record<string, unknown> }>(
      `SELECT operator, after FROM audit_entry WHERE entity = 'market_account' AND entity_id = $1`,
      [id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator: 'bot-service', after: { keep_online: false } });

    const alerts = await t.request<{ results: { kind: string; market_account: number; count: number }[] }>(
      'GET',
      '/api-node/alerts/',
      { query: { market_account: id } },
    );
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
    const stops = await t.runtime.queue.store.list({ kinds: ['trading.stop'], accounts: [id] }, 1, 10);
    expect(stops.count).toBe(1);
  });

  it('a Steam account that cannot log in raises a steam-session alert and fails the tick', async () => {
    const { id, steamAccount } = await newAccount();
    await t.db.query('UPDATE steam_account SET password = NULL WHERE id = $1', [steamAccount]);
    const ctx = await createTradingContextForTest(t.runtime, id, 'keep-online');
    await expect(KEEP_ONLINE_LOOP.tick(ctx)).rejects.toThrow(/password/);
    await expect(KEEP_ONLINE_LOOP.tick(ctx)).rejects.toThrow(/password/);
    const alerts = await t.db.query<{ kind: string; count: number; steam_account: number }>(
      'SELECT kind, count, steam_account FROM bot_alert WHERE market_account = $1',
      [id],
    );
    // Raised twice while unacknowledged: one alert, counted twice.
    expect(alerts).toEqual([{ kind: 'steam-session', count: 2, steam_account: steamAccount }]);
  });

  it('skips accounts of markets without ping-new, saying so', async () => {
    const { id } = await newAccount({ market: 'dmarket', keepOnline: false });
    const run = await t.request<BotJob>('POST', `/api-node/trading/${id}/keep-online/run`);
    expect(run.status, run.text).toBe(202);
    await t.runtime.queue.waitFor(run.body.id, 30_000);
    const loop = await status(id);
    expect(loop.last_summary).toMatch(/skipped: keep-online works on tm/);
    // A manual run with the switch off starts no chain.
    expect(loop.next_run_at).toBeNull();
    expect(loop.enabled).toBe(false);
  });
});
