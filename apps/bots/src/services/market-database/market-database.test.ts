import type { BotJob, MarketCode } from '@toydesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';

import { seedMarketAccount } from '../../testing/seed-trading.ts';
import { useSimApp } from '../../testing/use-sim-app.ts';
import { PUBLIC_PRICE_MARKETS, scheduledPriceMarkets } from './price-jobs.ts';

describe('market database against the tm simulator', () => {
  const bed = useSimApp();
  let account: number;

  beforeAll(async () => {
    const key = await bed.sim.account('tm', { inventory: 3 });
    const [steam] = await bed.app.db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name) VALUES ('db-bot') RETURNING id`,
    );
    const [row] = await bed.app.db.query<{ id: number }>(
      `INSERT INTO market_account (market, steam_account, api_key) VALUES ('tm', $1, $2) RETURNING id`,
      [steam!.id, bed.app.runtime.vault.encrypt(key)],
    );
    account = row!.id;
  });

  it('imports the public price list (the scheduled job), then answers get-prices and get-stats from the table', async () => {
    const before = await bed.app.request<{ items: number; last_import_at: string | null }>(
      'GET',
      '/api-node/market-database/tm/orders/get-stats/',
    );
    expect(before.body).toMatchObject({ items: 0, last_import_at: null });

    // What the schedule does: prices.import-all queues one import per configured market.
    const all = await bed.app.runtime.queue.enqueue('prices.import-all', {});
    expect((await bed.app.runtime.queue.waitFor(all!.id, 20_000))?.result).toMatchObject({
      markets: ['tm', 'tm_usd', 'cs7', 'cs7_proxy'],
    });
    const imports = await bed.app.request<{ results: BotJob[] }>('GET', '/api-node/jobs/', {
      query: { kind: 'prices.import' },
    });
    expect(imports.body.results).toHaveLength(4);
    const tmImport = imports.body.results.find((j) => (j.params as { market: string }).market === 'tm')!;
    const done = await bed.app.runtime.queue.waitFor(tmImport.id, 30_000);
    expect(done?.state, JSON.stringify(done?.error)).toBe('done');
    const items = (done!.result as { items: number }).items;
    expect(items).toBeGreaterThan(100);

    const stats = await bed.app.request<{ items: number; with_buy_order: number; last_import_job: string }>(
      'GET',
      '/api-node/market-database/tm/orders/get-stats/',
    );
    expect(stats.body).toMatchObject({ items, last_import_job: tmImport.id });

    const names = bed.sim.names(2);
    const prices = await bed.app.request<{
      currency: string;
      results: { market_hash_name: string; price: string | null }[];
      missing: string[];
    }>('POST', '/api-node/market-database/tm/prices/get-prices/', {
      body: { marketHashNames: [...names, 'No Such Item'] },
    });
    expect(prices.status, prices.text).toBe(200);
    expect(prices.body.currency).toBe('RUB');
    expect(prices.body.missing).toEqual(['No Such Item']);
    expect(prices.body.results.map((r) => r.market_hash_name).sort()).toEqual([...names].sort());
    expect(prices.body.results[0]!.price).toMatch(/^\d+\.\d{3}$/);

    // tm-mhn reads tm's list.
    const mhn = await bed.app.request<{ results: unknown[] }>(
      'POST',
      '/api-node/market-database/tm-mhn/prices/get-prices/',
      {
        body: { marketHashNames: names },
      },
    );
    expect(mhn.body.results).toHaveLength(2);
    const bad = await bed.app.request('POST', '/api-node/market-database/tm/prices/get-prices/', {
      body: { marketHashNames: [] },
    });
    expect(bad.status).toBe(400);
  });

  it('reset-distribution forgets the account of every name of the market', async () => {
    await bed.app.db.query(
      `INSERT INTO bot_order_distribution (market, market_hash_name, market_account) VALUES ('tm', 'A', $1), ('tm', 'B', $1)`,
      [account],
    );
    const stats = await bed.app.request<{ distribution: unknown[] }>(
      'GET',
      '/api-node/market-database/tm/orders/get-stats/',
    );
    expect(stats.body.distribution).toEqual([{ market_account: account, items: 2 }]);
    const reset = await bed.app.request('GET', '/api-node/market-database/tm/orders/reset-distribution/');
    expect(reset.body).toEqual({ success: true, removed: 2 });
  });

  it("get-items: one account's items on the marketplace, 404 for an account of another market", async () => {
    const items = await bed.app.request<BotJob>(
      'GET',
      `/api-node/market-database/tm/items/${account}/get-items/`,
    );
    expect(items.status, items.text).toBe(200);
    expect(items.body).toMatchObject({
      state: 'done',
      account,
      result: { market: 'tm', market_account: account },
    });
    expect(
      (await bed.app.request('GET', `/api-node/market-database/dmarket/items/${account}/get-items/`)).status,
    ).toBe(404);
    expect((await bed.app.request('GET', '/api-node/market-database/nope/orders/get-stats/')).status).toBe(
      404,
    );
  });
});

describe('the price schedule over keyed markets', () => {
  const bed = useSimApp();

  it('imports a keyed list only where the market is configured and an active account has a key', async () => {
    const runtime = bed.app.runtime;
    // The given markets have an address, the others none (the tm family's are the simulator's).
    const withBase = (markets: MarketCode[]) => ({
      ...runtime.markets,
      endpoints: Object.fromEntries(
        Object.entries(runtime.markets.endpoints).map(([market, endpoint]) => [
          market,
          PUBLIC_PRICE_MARKETS.includes(market as MarketCode)
            ? endpoint
            : { ...endpoint, baseUrl: markets.includes(market as MarketCode) ? 'http://127.0.0.1:9' : '' },
        ]),
      ) as typeof runtime.markets.endpoints,
    });
    // No keyed account yet: the tm family only, as the first test saw.
    expect(await scheduledPriceMarkets({ db: runtime.db, markets: withBase(['skinport']) })).toEqual(
      PUBLIC_PRICE_MARKETS,
    );
    await seedMarketAccount(runtime, { key: 'sp', market: 'skinport', currency: 'EUR' });
    await seedMarketAccount(runtime, { key: 'wx', market: 'waxpeer', currency: 'USD' });
    const paused = await seedMarketAccount(runtime, { key: 'cf', market: 'csfloat', currency: 'USD' });
    await runtime.db.query(`UPDATE market_account SET status = 'paused' WHERE id = $1`, [paused]);
    await seedMarketAccount(runtime, { key: 'dm', market: 'dmarket', currency: 'USD' });
    // waxpeer has a key but no address here; csfloat's only account is paused; dmarket is read per name.
    expect(
      await scheduledPriceMarkets({ db: runtime.db, markets: withBase(['skinport', 'csfloat', 'dmarket']) }),
    ).toEqual([...PUBLIC_PRICE_MARKETS, 'skinport']);
  });
});
