import { describe, expect, it } from 'vitest';

import { seedMarketAccount } from '../../../testing/seed-trading.ts';
import { useSimApp } from '../../../testing/use-sim-app.ts';
import { DYNAMIC_ORDERS_LOOP } from '../dynamic-orders/dynamic-orders-loop.ts';
import { CONFIRM_PER_TICK } from '../dynamic-orders/keep-orders.ts';
import { LIST_REPRICE_LOOP } from '../list-reprice/list-reprice-loop.ts';
import { sellLimits } from '../list-reprice/reprice-rule.ts';
import { createTradingContextForTest } from '../trading-context.ts';
import { screenListings } from './listing-screen.ts';
import { screenOrder } from './order-screen.ts';
import type { PriceListView } from './price-list.ts';

const view = (prices: Record<string, { lowest: string | null; bestBid: string | null }>, fresh = true) =>
  ({ fresh, ageMs: 0, fetched: false, prices: new Map(Object.entries(prices)) }) satisfies PriceListView;

describe('what the public list decides alone', () => {
  const band = { min: '10.00', max: '20.00', step: '0.01' };
  const setting = { marketHashName: 'A', phase: '', band, count: 1 };

  it('buy orders: the book only for a stale list, a new or moving order, a phase; confirm when ours leads', () => {
    expect(
      screenOrder(setting, { price: '12.00', count: 1 }, view({ A: { lowest: '30', bestBid: '11' } })),
    ).toBe('confirm');
    expect(
      screenOrder(setting, { price: '12.00', count: 1 }, view({ A: { lowest: '30', bestBid: '13' } })),
    ).toBe('book');
    // Outbid above our band's top while we sit at the top: nothing to change, nothing to ask.
    expect(
      screenOrder(setting, { price: '20.00', count: 1 }, view({ A: { lowest: '30', bestBid: '25' } })),
    ).toBe('unchanged');
    expect(screenOrder(setting, null, view({ A: { lowest: '30', bestBid: '11' } }))).toBe('book');
    expect(screenOrder(setting, { price: '12.00', count: 1 }, view({}, true))).toBe('book');
    expect(
      screenOrder(setting, { price: '12.00', count: 1 }, view({ A: { lowest: '30', bestBid: '11' } }, false)),
    ).toBe('book');
    expect(screenOrder({ ...setting, phase: 'Phase 2' }, { price: '12.00', count: 1 }, view({}))).toBe(
      'book',
    );
  });

  it('listings: a search only for a stale list or an undercut that moves the target', () => {
    const limits = sellLimits('100', '50');
    expect(screenListings('A', ['80.00'], limits, view({ A: { lowest: '80', bestBid: null } }))).toBe(
      'confirm',
    );
    expect(screenListings('A', ['80.00'], limits, view({ A: { lowest: '70', bestBid: null } }))).toBe(
      'search',
    );
    expect(screenListings('A', ['50.00'], limits, view({ A: { lowest: '40', bestBid: null } }))).toBe(
      'unchanged',
    );
    expect(screenListings('A', ['80.00'], limits, view({ A: { lowest: '80', bestBid: null } }, false))).toBe(
      'search',
    );
    expect(
      screenListings('A', ['80.00', '90.00'], limits, view({ A: { lowest: '80', bestBid: null } })),
    ).toBe('search');
  });
});

type Stats = { keys: Record<string, { byMethod: Record<string, number> }> };

describe('dynamic-orders prices from the public list, against the tm simulator', () => {
  const bed = useSimApp();

  async function bidAsks(key: string): Promise<number> {
    const stats = await bed.sim.control<Stats>('tm', 'GET', 'stats');
    return stats.keys[key]?.byMethod['bid-ask'] ?? 0;
  }

  async function lastImport(): Promise<string | null> {
    const [row] = await bed.app.db.query<{ at: string }>(
      `SELECT last_import_at::text AS at FROM bot_price_import WHERE market = 'tm'`,
    );
    return row?.at ?? null;
  }

  it('uses the bulk list when fresh (a few confirmations per tick) and falls back to bid-ask when stale', async () => {
    const key = await bed.sim.account('tm', { money: 1_000_000 });
    const id = await seedMarketAccount(bed.app.runtime, { key, loops: { dynamic_orders: true } });
    const names = bed.sim.names(12);
    for (const name of names) {
      await bed.app.db.query(
        `WITH t AS (INSERT INTO toy (market_hash_name) VALUES ($1)
                    ON CONFLICT (market_hash_name) DO UPDATE SET updated_at = now() RETURNING id)
         INSERT INTO market_toy (toy, market, min_price_buy, max_price_buy, enable_dynamic_order)
         SELECT id, 'tm', 1, 1000000, true FROM t`,
        [name],
      );
    }
    const tick = async () =>
      DYNAMIC_ORDERS_LOOP.tick(await createTradingContextForTest(bed.app.runtime, id, 'dynamic-orders'));

    // First tick: no list yet, so this process fetches it (one request, no key); every order is new, so
    // each toy's book is read before its order is placed.
    expect(await lastImport()).toBeNull();
    let before = await bidAsks(key);
    const first = (await tick()).summary;
    expect(first, first).toMatch(/^12 placed/);
    expect((await bidAsks(key)) - before).toBe(12);
    const imported = await lastImport();
    expect(imported).not.toBeNull();

    // Fresh list: it shows no bid above ours, so nothing moves and only CONFIRM_PER_TICK books are read,
    // the longest unconfirmed first; the list is not fetched again.
    for (let round = 0; round < 2; round++) {
      before = await bidAsks(key);
      expect((await tick()).summary).toMatch(/^0 placed, 0 repriced, 0 removed, 12 unchanged/);
      expect((await bidAsks(key)) - before).toBe(CONFIRM_PER_TICK);
    }
    expect(await lastImport()).toBe(imported);

    // Stale, and another process is refreshing it: every book is read per toy (the old way).
    await bed.app.db.query(
      `UPDATE bot_price_import SET last_import_at = clock_timestamp() - interval '1 hour',
         refresh_claimed_until = clock_timestamp() + interval '1 hour' WHERE market = 'tm'`,
    );
    before = await bidAsks(key);
    expect((await tick()).summary).toMatch(/12 unchanged/);
    expect((await bidAsks(key)) - before).toBe(12);

    // The claim lapses: this process refreshes the list, which now shows our orders on top.
    await bed.app.db.query(`UPDATE bot_price_import SET refresh_claimed_until = NULL WHERE market = 'tm'`);
    before = await bidAsks(key);
    expect((await tick()).summary).toMatch(/12 unchanged/);
    expect((await bidAsks(key)) - before).toBe(CONFIRM_PER_TICK);
    expect(await lastImport()).not.toBe(imported);

    // A competitor outbids one toy: the list shows it (once refreshed) and that order moves at once.
    const rival = await bed.sim.account('tm', { money: 1_000_000 });
    const ours = await bed.sim.v2<{ orders: { hash_name: string; price: number }[] | null }>(
      'tm',
      'get-orders',
      {
        key,
        page: 0,
      },
    );
    const target = ours.orders!.find((order) => order.hash_name === names[0])!;
    await bed.sim.v2('tm', 'set-order', {
      key: rival,
      market_hash_name: names[0]!,
      count: 1,
      price: target.price + 500,
    });
    await bed.app.db.query(`UPDATE bot_price_import SET last_import_at = '-infinity' WHERE market = 'tm'`);
    expect((await tick()).summary).toMatch(/^0 placed, 1 repriced/);
  });

  it('list-reprice: a search page of confirmations per tick on a fresh list, every name on a stale one', async () => {
    // 150 names, one listing each: a search request takes 50 names, so reading every name costs 3.
    const names = bed.sim.names(300).slice(150);
    const created = await bed.sim.tmSeller(names);
    const key = created.key;
    // Listed straight at the simulator (set-up only): the loop finds them on sale and reprices them.
    for (const item of created.items) {
      await bed.sim.v2('tm', 'add-to-sale', { key, id: item.assetid, price: 1_000_000, cur: 'RUB' });
    }
    const accountId = await seedMarketAccount(bed.app.runtime, { key, loops: { auto_sell: true } });
    await bed.app.db.query(
      `WITH t AS (INSERT INTO toy (market_hash_name) SELECT unnest($1::text[])
                  ON CONFLICT (market_hash_name) DO UPDATE SET updated_at = now() RETURNING id)
       INSERT INTO market_toy (toy, market, price_sell, price_buy) SELECT id, 'tm', 20000, 1 FROM t
       ON CONFLICT (toy, market) DO UPDATE SET price_sell = excluded.price_sell, price_buy = excluded.price_buy`,
      [names],
    );
    const searches = async () => {
      const stats = await bed.sim.control<Stats>('tm', 'GET', 'stats');
      return stats.keys[key]?.byMethod['search-list-items-by-hash-name-all'] ?? 0;
    };
    const tick = async () =>
      LIST_REPRICE_LOOP.tick(await createTradingContextForTest(bed.app.runtime, accountId, 'list-reprice'));
    // No list yet (or an old one): this tick fetches it. Every listing is dearer than the cheapest
    // competitor, so each name is about to change and is searched (3 pages), and all are repriced.
    await bed.app.db.query(
      `UPDATE bot_price_import SET last_import_at = '-infinity', refresh_claimed_until = NULL WHERE market = 'tm'`,
    );
    let before = await searches();
    expect((await tick()).summary).toMatch(/150 repriced/);
    expect((await searches()) - before).toBe(3);
    // Once the list is fetched again it shows ours as the cheapest (or alone): it cannot judge them, and one
    // page of names is confirmed per tick.
    await bed.app.db.query(`UPDATE bot_price_import SET last_import_at = '-infinity' WHERE market = 'tm'`);
    before = await searches();
    await tick();
    expect((await searches()) - before).toBe(1);
    // Stale, another process refreshing it: every name is searched again.
    await bed.app.db.query(
      `UPDATE bot_price_import SET last_import_at = clock_timestamp() - interval '1 hour',
         refresh_claimed_until = clock_timestamp() + interval '1 hour' WHERE market = 'tm'`,
    );
    before = await searches();
    await tick();
    expect((await searches()) - before).toBe(3);
  });

  it('a list that cannot be fetched leaves the loop on bid-ask, and the others do not retry it at once', async () => {
    const key = await bed.sim.account('tm', { money: 1_000_000 });
    const accountId = await seedMarketAccount(bed.app.runtime, { key, loops: { dynamic_orders: true } });
    await bed.app.db.query('UPDATE market_toy SET enable_dynamic_order = false');
    const names = bed.sim.names(320).slice(300, 303);
    await bed.app.db.query(
      `WITH t AS (INSERT INTO toy (market_hash_name) SELECT unnest($1::text[])
                  ON CONFLICT (market_hash_name) DO UPDATE SET updated_at = now() RETURNING id)
       INSERT INTO market_toy (toy, market, min_price_buy, max_price_buy, enable_dynamic_order)
       SELECT id, 'tm', 1, 1000000, true FROM t
       ON CONFLICT (toy, market) DO UPDATE SET enable_dynamic_order = true`,
      [names],
    );
    await bed.app.db.query(
      `UPDATE bot_price_import SET last_import_at = '-infinity', refresh_claimed_until = NULL WHERE market = 'tm'`,
    );
    await bed.sim.control('tm', 'POST', 'faults', {
      match: { path: '/api/v2/prices/class_instance/' },
      kind: 'html',
      status: 502,
    });
    try {
      const tick = async () =>
        DYNAMIC_ORDERS_LOOP.tick(
          await createTradingContextForTest(bed.app.runtime, accountId, 'dynamic-orders'),
        );
      const before = await bidAsks(key);
      expect((await tick()).summary).toMatch(/^3 placed/);
      expect((await bidAsks(key)) - before).toBe(3);
      const [claim] = await bed.app.db.query<{ held: boolean; listed: boolean }>(
        `SELECT refresh_claimed_until > clock_timestamp() AS held, isfinite(last_import_at) AS listed
         FROM bot_price_import WHERE market = 'tm'`,
      );
      expect(claim).toEqual({ held: true, listed: false });
    } finally {
      await bed.sim.control('tm', 'DELETE', 'faults');
    }
  });
});
