import { botActiveOrdersResultSchema, type BotJob } from '@toydesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';

import { useSimApp } from '../../testing/use-sim-app.ts';
import { readAllOrderPages } from './order-loop.ts';

describe('order loop', () => {
  it('reads pages until one holds fewer than 100, and fails on a failed page', async () => {
    const pages = [100, 100, 7];
    const read = await readAllOrderPages(async (page) =>
      Array.from({ length: pages[page] ?? 0 }, (_, i) => page * 100 + i),
    );
    expect(read).toMatchObject({ pages: 3 });
    expect(read.orders).toHaveLength(207);
    const exact = await readAllOrderPages(async (page) =>
      page < 2 ? Array.from({ length: 100 }, () => page) : [],
    );
    expect(exact.pages).toBe(3);
    await expect(
      readAllOrderPages(async (page) => {
        if (page === 1) throw new Error('502 Bad Gateway');
        return Array.from({ length: 100 }, () => page);
      }),
    ).rejects.toThrow('Order page 1 failed: 502 Bad Gateway');
  });
});

describe('order processing against the tm simulator', () => {
  const bed = useSimApp();
  const accounts: Record<string, number> = {};

  beforeAll(async () => {
    const [steam] = await bed.app.db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name) VALUES ('orders-bot') RETURNING id`,
    );
    const add = async (market: string, key: string, currency: string) => {
      const [row] = await bed.app.db.query<{ id: number }>(
        `INSERT INTO market_account (market, steam_account, api_key, currency) VALUES ($1, $2, $3, $4) RETURNING id`,
        [market, steam!.id, bed.app.runtime.vault.encrypt(key), currency],
      );
      return row!.id;
    };
    const rubKey = await bed.sim.account('tm');
    const usdKey = await bed.sim.account('tm', { currency: 'USD' });
    const names = bed.sim.names(150);
    for (const name of names)
      await bed.sim.v2('tm', 'set-order', { key: rubKey, market_hash_name: name, count: 2, price: 1000 });
    for (const name of names.slice(0, 3)) {
      await bed.sim.v2('tm', 'set-order', { key: usdKey, market_hash_name: name, count: 1, price: 1500 });
    }
    accounts.rub = await add('tm', rubKey, 'RUB');
    accounts.usd = await add('tm_usd', usdKey, 'USD');
    accounts.cs7 = await add('cs7', await bed.sim.account('cs7'), 'RUB');
  });

  it('get-active-orders: every order of every tm account, 150 over two pages', async () => {
    const response = await bed.app.request<BotJob>('GET', '/api-node/order-processing/tm/get-active-orders/');
    expect(response.status, response.text).toBe(200);
    const result = response.body.result as {
      accounts: { market_account: number; orders: number; pages: number }[];
      orders: { market_account: number; price: string; currency: string }[];
    };
    expect(result.accounts).toEqual([
      { market_account: accounts.rub, orders: 150, pages: 2 },
      { market_account: accounts.usd, orders: 3, pages: 1 },
    ]);
    expect(result.orders).toHaveLength(153);
    expect(result.orders.find((o) => o.market_account === accounts.rub)).toMatchObject({
      price: '10.00',
      currency: 'RUB',
    });
    expect(result.orders.find((o) => o.market_account === accounts.usd)).toMatchObject({
      price: '1.50',
      currency: 'USD',
    });
  });

  it('get-active-orders-stats: totals per currency and per account; one account by query', async () => {
    const response = await bed.app.request<BotJob>(
      'GET',
      '/api-node/order-processing/tm/get-active-orders-stats/',
      {
        query: { account: accounts.usd! },
      },
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body.account).toBe(accounts.usd);
    expect(response.body.result).toEqual({
      market: 'tm',
      orders: 3,
      items: 3,
      totals: [{ currency: 'USD', count: 3, total: '4.50' }],
      accounts: [{ market_account: accounts.usd, orders: 3, total: '4.50' }],
      failed_accounts: [],
    });
  });

  it('tm-mhn and the browser parser: orders per market hash name', async () => {
    const names = bed.sim.names(2);
    const parsed = await bed.app.request<BotJob>(
      'POST',
      '/api-node/browser-parser/tm/orders/get-orders-mhn',
      {
        body: { marketHashNames: [...names, 'No Such Item'] },
      },
    );
    expect(parsed.status, parsed.text).toBe(200);
    const results = (
      parsed.body.result as { results: { market_hash_name: string; orders: number; count: number }[] }
    ).results;
    expect(results).toHaveLength(3);
    expect(results.find((r) => r.market_hash_name === names[0])).toMatchObject({ orders: 2, count: 3 });
    expect(results.find((r) => r.market_hash_name === 'No Such Item')).toMatchObject({ orders: 0 });

    const all = await bed.app.request<BotJob>('GET', '/api-node/order-processing/tm-mhn/get-active-orders/');
    expect((all.body.result as { results: unknown[] }).results).toHaveLength(150);
    // The console's orders tab reads the same answer as the other markets' (botActiveOrdersResultSchema).
    expect(botActiveOrdersResultSchema.parse(all.body.result).orders).toHaveLength(153);
  });

  it('a failed page fails the loop: the job records it and retries', async () => {
    await bed.sim.control('cs7', 'POST', 'faults', {
      match: { path: '/api/v2/get-orders' },
      kind: 'status',
      status: 502,
      count: 4,
    });
    const response = await bed.app.request<BotJob>(
      'GET',
      '/api-node/order-processing/cs7/get-active-orders/',
      {
        query: { wait: 0 },
      },
    );
    expect(response.status).toBe(202);
    const id = response.body.id;
    let job: BotJob | null = null;
    for (let i = 0; i < 100 && !(job?.error && job.attempts >= 1); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await bed.app.runtime.queue.store.get(id))?.job ?? null;
    }
    expect(job).toMatchObject({ state: 'queued', attempts: 1, error: { retryable: true } });
    expect(job!.error!.message).toMatch(/^Order page 0 failed: .*502/);
    await bed.app.request('POST', `/api-node/jobs/${id}/cancel/`);
  });

  it('answers 404 for a market outside the service map', async () => {
    expect((await bed.app.request('GET', '/api-node/order-processing/steam/get-active-orders/')).status).toBe(
      404,
    );
  });
});
