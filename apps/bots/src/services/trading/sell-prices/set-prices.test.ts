import { randomUUID } from 'node:crypto';

import type { BotJob, MarketCode } from '@toydesk/contract';

import { describe, expect, it } from 'vitest';

import { seedMarketAccount, seedSteamAccount } from '../../../testing/seed-trading.ts';
import { useSimApp } from '../../../testing/use-sim-app.ts';

type Listing = { item_id: string; price: number; status: string };

describe('bot-trading.set-prices against the tm simulator', () => {
  const bed = useSimApp();

  /** A tm account with `count` items listed at 100.00 each, mirrored in sell_item as the sync would. */
  async function listedAccount(count: number, options: { dryRun?: boolean; market?: MarketCode } = {}) {
    const names = bed.sim.names(count);
    const created = await bed.sim.tmSeller(names);
    const steamAccount = await seedSteamAccount(bed.app.runtime, `set-prices-${randomUUID().slice(0, 8)}`);
    const market = options.market ?? 'tm';
    const id = await seedMarketAccount(bed.app.runtime, {
      key: created.key,
      market,
      steamAccount,
      dryRun: options.dryRun,
    });
    const itemIds: string[] = [];
    for (const item of created.items) {
      const added = await bed.sim.v2<{ success: boolean; item_id: string }>('tm', 'add-to-sale', {
        key: created.key,
        id: item.assetid,
        price: 10_000,
        cur: 'RUB',
      });
      expect(added.success).toBe(true);
      itemIds.push(String(added.item_id));
      await bed.app.db.query(
        `INSERT INTO sell_item (market_account, market, steam_account, market_hash_name, asset_id, market_item_id,
                                price, currency, status)
         VALUES ($1, $2, $3, $4, $5, $6, 100, 'RUB', 'on_sale')`,
        [id, market, steamAccount, item.market_hash_name, item.assetid, String(added.item_id)],
      );
    }
    return { id, key: created.key, itemIds };
  }

  async function listings(key: string): Promise<Listing[]> {
    const answer = await bed.sim.v2<{ items: Listing[] | null }>('tm', 'items', { key });
    return answer.items ?? [];
  }

  async function sellItems(id: number) {
    return bed.app.db.query<{ market_item_id: string; price: string; status: string }>(
      `SELECT market_item_id, price::text AS price, status FROM sell_item WHERE market_account = $1 ORDER BY id`,
      [id],
    );
  }

  async function run(id: number, items: { item_id: string; price: string }[]) {
    const started = await bed.app.request<BotJob>('POST', `/api-node/trading/${id}/set-prices`, {
      body: { items },
    });
    expect(started.status, started.text).toBe(202);
    expect(started.body.kind).toBe('trading.set-prices');
    return (await bed.app.runtime.queue.waitFor(started.body.id, 30_000))!;
  }

  it('sets prices on the market, takes price-0 listings off sale and updates sell_item with audit entries', async () => {
    const { id, key, itemIds } = await listedAccount(3);
    const [a, b, c] = itemIds as [string, string, string];
    const job = await run(id, [
      { item_id: a, price: '123.45' },
      { item_id: b, price: '99' },
      { item_id: c, price: '0' },
    ]);
    expect(job.state, JSON.stringify(job)).toBe('done');
    expect(job.result).toMatchObject({ dry_run: false, priced: 2, removed: 1, failed: [] });

    const onMarket = new Map((await listings(key)).map((l) => [l.item_id, l.price]));
    expect(onMarket.get(a)).toBeCloseTo(123.45, 2);
    expect(onMarket.get(b)).toBeCloseTo(99, 2);
    expect(onMarket.has(c)).toBe(false);

    expect(await sellItems(id)).toEqual([
      { market_item_id: a, price: '123.45', status: 'on_sale' },
      { market_item_id: b, price: '99.00', status: 'on_sale' },
      { market_item_id: c, price: '100.00', status: 'removed' },
    ]);
    const audit = await bed.app.db.query<{ operator: string; after: { status: string } }>(
      `SELECT operator, after FROM audit_entry WHERE entity = 'sell_item' AND entity_id IN
         (SELECT id FROM sell_item WHERE market_account = $1) ORDER BY id`,
      [id],
    );
    expect(audit).toHaveLength(3);
    expect(audit.every((entry) => entry.operator === 'bot-service')).toBe(true);

    // Again with the same prices: the market keeps them; the removed one is refused and reported.
    const again = await run(id, [
      { item_id: a, price: '123.45' },
      { item_id: c, price: '0' },
    ]);
    expect(again.state).toBe('done');
    expect(again.result).toMatchObject({ priced: 1, removed: 0, failed: [{ item_id: c }] });
    expect((await listings(key)).find((l) => l.item_id === a)?.price).toBeCloseTo(123.45, 2);
  });

  it('a dry-run account changes nothing and logs what it would do', async () => {
    const { id, key, itemIds } = await listedAccount(2, { dryRun: true });
    const job = await run(id, [
      { item_id: itemIds[0]!, price: '5' },
      { item_id: itemIds[1]!, price: '0' },
    ]);
    expect(job.state).toBe('done');
    expect(job.result).toMatchObject({ dry_run: true, priced: 1, removed: 1 });
    expect((await listings(key)).map((l) => l.price)).toEqual([100, 100]);
    expect((await sellItems(id)).map((row) => [row.price, row.status])).toEqual([
      ['100.00', 'on_sale'],
      ['100.00', 'on_sale'],
    ]);
    const logs = await bed.app.db.query<{ message: string }>(
      'SELECT message FROM bot_job_log WHERE job_id = $1 ORDER BY id',
      [job.id],
    );
    expect(logs.map((l) => l.message).join('\n')).toMatch(/dry run: would take .* off sale/);
  });

  it('fails with a clear message for a market without the call', async () => {
    const dmarket = await seedMarketAccount(bed.app.runtime, {
      key: 'k',
      market: 'dmarket',
      currency: 'USD',
    });
    const job = await run(dmarket, [{ item_id: '1', price: '1' }]);
    expect(job.state).toBe('failed');
    expect(JSON.stringify(job)).toMatch(/not supported for market dmarket/);
  });

  it('answers 400 with field errors on bad bodies, 404 for an unknown account, 401 without the token', async () => {
    const path = '/api-node/trading/1/set-prices';
    for (const body of [
      {},
      { items: [] },
      { items: [{ item_id: '1', price: '1.234' }] },
      { items: [{ item_id: '1', price: '-1' }] },
      { items: [{ item_id: '', price: '1' }] },
      { items: Array.from({ length: 1001 }, (_, i) => ({ item_id: String(i), price: '1' })) },
    ]) {
      const answer = await bed.app.request<Record<string, unknown>>('POST', path, { body });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(answer.body).join(',')).toMatch(/items/);
    }
    const unknown = await bed.app.request('POST', '/api-node/trading/999999/set-prices', {
      body: { items: [{ item_id: '1', price: '1' }] },
    });
    expect(unknown.status).toBe(404);
    const anonymous = await bed.app.request('POST', path, {
      body: { items: [{ item_id: '1', price: '1' }] },
      token: null,
    });
    expect(anonymous.status).toBe(401);
  });
});
