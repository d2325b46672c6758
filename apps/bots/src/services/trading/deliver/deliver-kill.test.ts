import { randomBytes } from 'node:crypto';

import { createSteamSimulator, SteamSimControlClient } from '@toydesk/simulators/steam';
import { testDbKind } from '@toydesk/db/testing';
import { describe, expect, it } from 'vitest';

import { startMarketSim } from '../../../testing/market-sim.ts';
import { killTestDatabase } from '../../../testing/kill-test-database.ts';
import { seedMarkets, useCleanups } from '../../../testing/kill-test-stage.ts';
import { startWorker } from '../../../testing/worker-process.ts';
import { storeGuardedSteamAccount } from '../../../testing/use-steam-sim-app.ts';

/** The tick timeout, which is also a running tick's lease (claimTick). */
const TICK_TIMEOUT_SECONDS = 5;

async function until<T>(
  what: string,
  probe: () => Promise<T | null>,
  timeoutMs: number,
  output: string[],
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > end)
      throw new Error(`no ${what} within ${timeoutMs} ms; worker said:\n${output.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The deliver loop run by the real trading runner in a worker process, killed with SIGKILL while its Steam
 * offer is on its way (sent, answer pending): the next worker finds the offer on Steam, confirms and
 * registers it; Steam holds exactly one offer.
 */
describe('deliver loop: a worker killed with SIGKILL while sending the offer', () => {
  const cleanups = useCleanups();

  it('the next worker takes the offer over instead of sending another', async () => {
    const market = await startMarketSim();
    cleanups.push(() => market.close());
    const steamSim = await createSteamSimulator();
    cleanups.push(() => steamSim.close());
    const steamBase = await steamSim.listen({ port: 0, host: '127.0.0.1' });
    const steam = new SteamSimControlClient(steamBase);

    const killDb = await killTestDatabase('deliver-kill', cleanups);
    const { target, secretKey, connect } = killDb;

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

    let api = await connect();
    const { vault, db } = api.runtime;
    await seedMarkets(db);
    const steamAccountId = await storeGuardedSteamAccount(api.runtime, created);
    const [accountRow] = await db.query<{ id: number }>(
      `INSERT INTO market_account (market, steam_account, api_key, currency, auto_deliver, dry_run)
       VALUES ('tm', $1, $2, 'RUB', true, false) RETURNING id`,
      [steamAccountId, vault.encrypt(key)],
    );
    if (testDbKind() === 'pglite') await api.close();

    // Steam makes the offer, then holds its answer far longer than the test runs.
    await steam.fault({
      match: { path: 'tradeoffer/new/send' },
      kind: 'slow',
      delayMs: 120_000,
      phase: 'after',
      count: 1,
    });
    const env = {
      TOYDESK_TEST_WORKER_DB: target,
      TOYDESK_SECRET_KEY: secretKey,
      TOYDESK_TEST_WORKER_ENV: JSON.stringify({
        ...market.env,
        TOYDESK_STEAM_URL: steamBase,
        // The runner's dispatcher starts the chains at every worker start and revives lost ones each minute.
        TOYDESK_TRADING_DISPATCH_CRON: '* * * * *',
        TOYDESK_TRADING_DELIVER_SECONDS: '1',
        TOYDESK_TRADING_TICK_TIMEOUT_SECONDS: String(TICK_TIMEOUT_SECONDS),
      }),
    };
    const offers = async () =>
      (await steam.offers(created.accountName)).offers as unknown as {
        tradeofferid: string;
        message: string;
      }[];

    const first = startWorker(env);
    cleanups.push(async () => void first.child.kill('SIGKILL'));
    await until(
      'offer on Steam',
      async () => ((await offers()).length > 0 ? true : null),
      60_000,
      first.output,
    );
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe(null);

    // The dead tick's lease (the tick timeout) runs out first, so the second worker's start-up dispatch
    // revives the chain at once; a worker started inside the lease waits for the next minute's dispatch
    // (loop-runner.test.ts covers that path), which made this test take 40-100 s.
    await new Promise((resolve) => setTimeout(resolve, (TICK_TIMEOUT_SECONDS + 1) * 1000));
    const second = startWorker(env);
    cleanups.push(async () => void second.child.kill('SIGKILL'));
    const registered = await until(
      'trade-ready',
      async () => {
        const trades = await market.v2<{ trades?: { trade_id: string }[] }>('tm', 'trades', { key });
        return trades.trades?.[0]?.trade_id ?? null;
      },
      120_000,
      second.output,
    );
    second.child.kill('SIGTERM');
    await second.exited;

    const sent = await offers();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ tradeofferid: registered, message: code });
    if (testDbKind() === 'pglite') api = await connect();
    try {
      const [row] = await api.runtime.db.query(
        'SELECT state, offer_id FROM bot_delivery WHERE deal_id = $1',
        [dealId],
      );
      expect(row).toMatchObject({ state: 'trade_ready', offer_id: registered });
      const [marker] = await api.runtime.db.query<{ outcome: string }>(
        'SELECT outcome FROM bot_once WHERE step_key = $1',
        [`deliver:${accountRow!.id}:${code}`],
      );
      expect(marker!.outcome).toBe('checked');
    } finally {
      await api.close();
    }
  }, 240_000);
});
