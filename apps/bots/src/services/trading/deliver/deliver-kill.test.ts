import { randomBytes } from 'node:crypto';

import { createSteamSimulator, SteamSimControlClient } from '@toydesk/simulators/steam';
import { describe, expect, it } from 'vitest';

import { eventually } from '../../../testing/eventually.ts';
import { killHard, startTradingKillStage, useCleanups } from '../../../testing/kill-test-stage.ts';
import { seedMarketAccount } from '../../../testing/seed-trading.ts';
import { storeGuardedSteamAccount } from '../../../testing/steam-sim-accounts.ts';

/**
 * The deliver loop run by the real trading runner in a worker process, killed with SIGKILL while its Steam
 * offer is on its way (sent, answer pending): the next worker finds the offer on Steam, confirms and
 * registers it; Steam holds exactly one offer.
 */
describe('deliver loop: a worker killed with SIGKILL while sending the offer', () => {
  const cleanups = useCleanups();

  it('the next worker takes the offer over instead of sending another', async () => {
    const steamSim = await createSteamSimulator();
    cleanups.push(() => steamSim.close());
    const steamBase = await steamSim.listen({ port: 0, host: '127.0.0.1' });
    const steam = new SteamSimControlClient(steamBase);
    const stage = await startTradingKillStage(cleanups, 'deliver-kill', {
      TOYDESK_STEAM_URL: steamBase,
      TOYDESK_TRADING_DELIVER_SECONDS: '1',
    });
    const { market, api } = stage;

    // A sold item on tm whose asset the Steam account holds; the account delivers automatically.
    const names = market.names(1);
    const created = await steam.createAccount({
      accountName: `kill${process.pid}${randomBytes(2).toString('hex')}`,
      twoFactor: true,
      items: names.map((name) => ({ name })),
    });
    const key = await market.account('tm', { inventory: 0 });
    const assets = created.items.map((item) => item.assetid);
    await market.control('tm', 'POST', `accounts/${key}/items`, { names, assetids: assets });
    const listed = await market.v2<{ item_id: number }>('tm', 'add-to-sale', {
      key,
      id: assets[0]!,
      price: 50_000,
      cur: 'RUB',
    });
    const sold = await market.control<{ sold: { item_id: string; tradeoffermessage: string }[] }>(
      'tm',
      'POST',
      `accounts/${key}/sell`,
      { item_id: String(listed.item_id), force: true },
    );
    const dealId = sold.sold[0]!.item_id;
    const code = sold.sold[0]!.tradeoffermessage;

    const accountId = await seedMarketAccount(api.runtime, {
      key,
      steamAccount: await storeGuardedSteamAccount(api.runtime, created),
      loops: { auto_deliver: true },
    });

    // Steam makes the offer, then holds its answer far longer than the test runs.
    await steam.fault({
      match: { path: 'tradeoffer/new/send' },
      kind: 'slow',
      delayMs: 120_000,
      phase: 'after',
      count: 1,
    });
    expect(await stage.dispatch()).toMatchObject({ started: expect.any(Number) });
    const offers = async () =>
      (await steam.offers(created.accountName)).offers as unknown as {
        tradeofferid: string;
        message: string;
      }[];

    const first = await stage.startWorker();
    const offered = await eventually(offers, (list) => list.length > 0, 60_000);
    expect(offered.length, first.output.join('\n')).toBeGreaterThan(0);
    await killHard(first);

    // The dead tick's lease (the tick timeout) runs out first, so the second worker's start-up dispatch
    // revives the chain at once; a worker started inside the lease waits for the next minute's dispatch
    // (loop-runner.test.ts covers that path), which made this test take 40-100 s.
    const second = await stage.revive();
    const registered = await eventually(
      async () => {
        const trades = await market.v2<{ trades?: { trade_id: string }[] }>('tm', 'trades', { key });
        return trades.trades?.[0]?.trade_id ?? null;
      },
      (tradeId) => tradeId !== null,
      120_000,
    );
    expect(registered, second.output.join('\n')).not.toBeNull();
    second.child.kill('SIGTERM');
    await second.exited;

    const sent = await offers();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ tradeofferid: registered, message: code });
    const reopened = await stage.reopen();
    try {
      const [row] = await reopened.runtime.db.query(
        'SELECT state, offer_id FROM bot_delivery WHERE deal_id = $1',
        [dealId],
      );
      expect(row).toMatchObject({ state: 'trade_ready', offer_id: registered });
      const [marker] = await reopened.runtime.db.query<{ outcome: string }>(
        'SELECT outcome FROM bot_once WHERE step_key = $1',
        [`deliver:${accountId}:${code}`],
      );
      expect(marker!.outcome).toBe('checked');
    } finally {
      await reopened.close();
    }
  }, 240_000);
});
