import { randomUUID } from 'node:crypto';

import type { BotJob } from '@toydesk/contract';

import { beforeEach, describe, expect, it } from 'vitest';

import { loopActions } from '../../../testing/loop-actions.ts';
import { useSimApp } from '../../../testing/use-sim-app.ts';
import { tickAttempts } from '../../../testing/job-attempts.ts';
import { createTradingContextForTest } from '../trading-context.ts';
import { DYNAMIC_ORDERS_LOOP } from './dynamic-orders-loop.ts';
import { bestCompetingBid, orderBand, orderTarget } from './order-price-rule.ts';

describe('the dynamic order pricing rule', () => {
  const band = orderBand('10', '20', null)!;

  it('outbids the best competing order by one step within [min_price_buy, max_price_buy]', () => {
    expect(orderTarget(band, '15.50')).toBe('15.51');
    expect(orderTarget(band, '19.995')).toBe('20.00');
    expect(orderTarget(band, '25')).toBe('20.00');
    expect(orderTarget(band, '3')).toBe('10.00');
    expect(orderTarget(band, null)).toBe('10.00');
    expect(orderTarget(orderBand('10', '20', '0.5')!, '15')).toBe('15.50');
  });

  it('takes our own order out of the book before looking for the best competitor', () => {
    const bids = [
      { price: '16', count: 1 },
      { price: '15', count: 3 },
    ];
    expect(bestCompetingBid(bids, { price: '16', count: 1 })).toBe('15');
    expect(bestCompetingBid(bids, { price: '15', count: 1 })).toBe('16');
    expect(bestCompetingBid([{ price: '16', count: 2 }], { price: '16.00', count: 1 })).toBe('16');
    expect(bestCompetingBid([{ price: '16', count: 1 }], { price: '16.00', count: 1 })).toBeNull();
  });

  it('has no band without both bounds, or with min above max', () => {
    expect(orderBand(null, '20', null)).toBeNull();
    expect(orderBand('30', '20', null)).toBeNull();
    expect(orderBand('0', '20', null)).toBeNull();
  });
});

type Stats = {
  keys: Record<string, { byMethod: Record<string, number>; ordersSet: { calls: number } }>;
};
type SimOrder = { id: string; hash_name: string; price: number; count: number };

describe('dynamic-orders against the tm simulator', () => {
  const bed = useSimApp({ names: 40 });

  // Every account here trades on tm: each test starts with the earlier tests' toys switched off.
  beforeEach(async () => {
    await bed.app.db.query('UPDATE market_toy SET enable_dynamic_order = false');
  });

  async function account(options: { dryRun?: boolean; usd?: boolean } = {}) {
    const usd = options.usd ?? false;
    const key = await bed.sim.account('tm', { money: 1_000_000, currency: usd ? 'USD' : 'RUB' });
    const [steam] = await bed.app.db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name) VALUES ($1) RETURNING id`,
      [`orders-${randomUUID().slice(0, 8)}`],
    );
    const [row] = await bed.app.db.query<{ id: number }>(
      `INSERT INTO market_account (market, steam_account, api_key, currency, dynamic_orders, dry_run)
       VALUES ($4, $1, $2, $5, true, $3) RETURNING id`,
      [
        steam!.id,
        bed.app.runtime.vault.encrypt(key),
        options.dryRun ?? false,
        usd ? 'tm_usd' : 'tm',
        usd ? 'USD' : 'RUB',
      ],
    );
    return { id: row!.id, key };
  }

  async function toy(name: string, min: string, max: string, enabled = true, market = 'tm') {
    await bed.app.db.query(
      `WITH t AS (INSERT INTO toy (market_hash_name) VALUES ($1)
                  ON CONFLICT (market_hash_name) DO UPDATE SET updated_at = now() RETURNING id)
       INSERT INTO market_toy (toy, market, min_price_buy, max_price_buy, enable_dynamic_order)
       SELECT id, $5, $2, $3, $4 FROM t
       ON CONFLICT (toy, market) DO UPDATE SET min_price_buy = excluded.min_price_buy,
         max_price_buy = excluded.max_price_buy, enable_dynamic_order = excluded.enable_dynamic_order`,
      [name, min, max, enabled, market],
    );
  }

  /** The best bid of a name on the simulated market, in roubles. */
  async function bestBid(key: string, name: string): Promise<number> {
    const book = await bed.sim.v2<{ bid: { price: number }[] }>('tm', 'bid-ask', { key, hash_name: name });
    return Math.max(...book.bid.map((level) => level.price)) / 100;
  }

  async function orders(key: string): Promise<SimOrder[]> {
    const answer = await bed.sim.v2<{ orders: SimOrder[] | null }>('tm', 'get-orders', { key, page: 0 });
    return answer.orders ?? [];
  }

  async function setOrderCalls(key: string): Promise<number> {
    const stats = await bed.sim.control<Stats>('tm', 'GET', 'stats');
    return stats.keys[key]?.ordersSet.calls ?? 0;
  }

  const actions = (id: number) => loopActions(bed.app.db, id, 'dynamic-orders');

  async function tracked(id: number) {
    return bed.app.db.query<{ market_hash_name: string; price: string }>(
      `SELECT market_hash_name, price::text AS price FROM bot_dynamic_order WHERE market_account = $1`,
      [id],
    );
  }

  async function context(id: number) {
    return createTradingContextForTest(bed.app.runtime, id, 'dynamic-orders');
  }

  it('keeps one order one step over the best competitor, raised within the band, removed when disabled', async () => {
    const name = bed.freshName();
    const { id, key } = await account();
    const best = await bestBid(key, name);
    await toy(name, '1.00', (best * 10).toFixed(2));
    // An order of the operator's own on another name: never the loop's to touch.
    const manual = bed.freshName();
    await bed.sim.v2('tm', 'set-order', { key, market_hash_name: manual, count: 1, price: 100 });

    expect((await DYNAMIC_ORDERS_LOOP.tick(await context(id))).summary).toMatch(/^1 placed, 0 repriced/);
    const placed = (await orders(key)).find((order) => order.hash_name === name)!;
    expect(placed.price).toBe(Math.round(best * 100) + 1);
    expect(placed.count).toBe(1);
    expect(await tracked(id)).toEqual([{ market_hash_name: name, price: (best + 0.01).toFixed(3) }]);

    // Nothing moved: the order stays, set-order is not called again (2 = the manual order + ours).
    expect((await DYNAMIC_ORDERS_LOOP.tick(await context(id))).summary).toMatch(/1 unchanged/);
    expect(await setOrderCalls(key)).toBe(2);

    // A competitor outbids us: we go one step over it.
    const rival = await bed.sim.account('tm', { money: 1_000_000 });
    const rivalPrice = Math.round(best * 100) + 100;
    await bed.sim.v2('tm', 'set-order', { key: rival, market_hash_name: name, count: 1, price: rivalPrice });
    expect((await DYNAMIC_ORDERS_LOOP.tick(await context(id))).summary).toMatch(/^0 placed, 1 repriced/);
    expect((await orders(key)).filter((order) => order.hash_name === name)).toEqual([
      expect.objectContaining({ price: rivalPrice + 1 }),
    ]);

    // The band's top is under the competitor: the order sits at max_price_buy.
    const max = ((rivalPrice - 50) / 100).toFixed(2);
    await toy(name, '1.00', max);
    await DYNAMIC_ORDERS_LOOP.tick(await context(id));
    expect((await orders(key)).find((order) => order.hash_name === name)!.price).toBe(rivalPrice - 50);

    // Disabled: the order goes, the operator's order stays.
    await toy(name, '1.00', max, false);
    expect((await DYNAMIC_ORDERS_LOOP.tick(await context(id))).summary).toMatch(/1 removed/);
    expect((await orders(key)).map((order) => order.hash_name)).toEqual([manual]);
    expect(await tracked(id)).toEqual([]);
    expect((await actions(id)).map((action) => action.kind)).toEqual([
      'order-removed',
      'order-repriced',
      'order-repriced',
      'order-placed',
    ]);
  });

  it('prices a USD account (tm_usd) in its own currency, from the tm_usd market toys', async () => {
    const name = bed.freshName();
    const { id, key } = await account({ usd: true });
    const book = await bed.sim.v2<{ bid: { price: number }[] }>('tm', 'bid-ask', { key, hash_name: name });
    // Mils (1/1000 USD); the order goes one cent over, rounded to cents.
    const bestMils = Math.max(...book.bid.map((level) => level.price));
    await toy(name, '0.01', '1000.00', true, 'tm_usd');
    // A toy of the RUB market (tm) is not this account's: one order only.
    await toy(bed.freshName(), '1.00', '5.00', true, 'tm');
    expect((await DYNAMIC_ORDERS_LOOP.tick(await context(id))).summary).toMatch(/^1 placed/);
    const placed = await orders(key);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.price).toBe(Math.round((bestMils + 10) / 10) * 10);
    expect((await DYNAMIC_ORDERS_LOOP.tick(await context(id))).summary).toMatch(/1 unchanged/);
  });

  it('lets a toy_dynamic_setting override the market toy, a private one over a shared one', async () => {
    const name = bed.freshName();
    const { id, key } = await account();
    const other = await account();
    const best = await bestBid(key, name);
    await toy(name, '1.00', (best * 10).toFixed(2));
    const [row] = await bed.app.db.query<{ id: number }>('SELECT id FROM toy WHERE market_hash_name = $1', [
      name,
    ]);
    // Shared: off for every account of tm. Private to the first account: on, a 0.50 step, 2 items.
    await bed.app.db.query(
      `INSERT INTO toy_dynamic_setting (toy, market, market_account, scope, min_price_buy, max_price_buy,
                                        enable_dynamic_order, step, max_orders)
       VALUES ($1, 'tm', NULL, 'shared', 1, 100000, false, 0.01, 1),
              ($1, 'tm', $2, 'private', 1, 100000, true, 0.50, 2)`,
      [row!.id, id],
    );
    await DYNAMIC_ORDERS_LOOP.tick(await context(id));
    await DYNAMIC_ORDERS_LOOP.tick(await context(other.id));
    expect(await orders(key)).toEqual([
      expect.objectContaining({ hash_name: name, price: Math.round(best * 100) + 50, count: 2 }),
    ]);
    expect(await orders(other.key)).toEqual([]);
  });

  it('stop removes every order the loop placed', async () => {
    const first = bed.freshName();
    const second = bed.freshName();
    const { id, key } = await account();
    await toy(first, '1.00', '5.00');
    await toy(second, '1.00', '5.00');
    await DYNAMIC_ORDERS_LOOP.tick(await context(id));
    expect(await orders(key)).toHaveLength(2);
    await DYNAMIC_ORDERS_LOOP.stop!(await context(id));
    expect(await orders(key)).toHaveLength(0);
    expect(await tracked(id)).toEqual([]);
  });

  it('leaves one order when the set-order answer is lost and the tick runs again', async () => {
    const name = bed.freshName();
    const { id, key } = await account();
    await toy(name, '1.00', '5.00');
    await bed.sim.control('tm', 'POST', 'faults', {
      match: { path: '/api/v2/set-order', key },
      kind: 'drop',
      phase: 'after',
      count: 1,
    });
    const { attempt } = await tickAttempts(bed.app, id, 'dynamic-orders');
    // The answer is lost; set-order is not sent again blindly: get-orders shows it landed.
    expect((await DYNAMIC_ORDERS_LOOP.tick(attempt(1))).summary).toMatch(/^1 placed/);
    expect((await DYNAMIC_ORDERS_LOOP.tick(attempt(2))).summary).toMatch(
      /^0 placed, 0 repriced, 0 removed, 1 unchanged/,
    );
    expect(await setOrderCalls(key)).toBe(1);
    expect(await orders(key)).toHaveLength(1);
  });

  it('records a filled order as a purchase once, when its item has arrived', async () => {
    const name = bed.freshName();
    const { id, key } = await account();
    await toy(name, '1.00', '500.00');
    await DYNAMIC_ORDERS_LOOP.tick(await context(id));
    const [order] = await orders(key);
    const filled = await bed.sim.control<{ filled: { purchase_id: string; price: number }[] }>(
      'tm',
      'POST',
      `accounts/${key}/fill-orders`,
      { hash_name: name, count: 1 },
    );
    expect(filled.filled).toHaveLength(1);
    const purchaseId = String(filled.filled[0]!.purchase_id);
    const ledger = () =>
      bed.app.db.query<{ external_id: string; amount: string }>(
        `SELECT external_id, amount::text AS amount FROM bot_ledger_entry WHERE market_account = $1 AND kind = 'purchase'`,
        [id],
      );

    // Bought, not yet received: it could still fail and be refunded, so nothing is recorded.
    await DYNAMIC_ORDERS_LOOP.tick(await context(id));
    expect(await ledger()).toEqual([]);

    await bed.sim.control('tm', 'POST', `accounts/${key}/purchases/deliver`, { id: purchaseId });
    await bed.sim.control('tm', 'POST', `accounts/${key}/trade-accepted`, { all: true });
    expect((await DYNAMIC_ORDERS_LOOP.tick(await context(id))).summary).toMatch(/1 purchases recorded/);
    expect((await DYNAMIC_ORDERS_LOOP.tick(await context(id))).summary).not.toMatch(/purchases recorded/);
    const price = (order!.price / 100).toFixed(2);
    expect(await ledger()).toEqual([{ external_id: purchaseId, amount: price }]);
    const history = await bed.app.db.query<{ side: string; price: string; market_hash_name: string }>(
      `SELECT side, price::text AS price, market_hash_name FROM toy_history WHERE market_account = $1`,
      [id],
    );
    expect(history).toEqual([{ side: 'buy', price, market_hash_name: name }]);
    expect((await actions(id)).filter((action) => action.kind === 'purchase-recorded')).toHaveLength(1);
  });

  it('in dry-run mode records the order it would place and places none', async () => {
    const name = bed.freshName();
    const { id, key } = await account({ dryRun: true });
    await toy(name, '1.00', '5.00');
    await DYNAMIC_ORDERS_LOOP.tick(await context(id));
    expect(await setOrderCalls(key)).toBe(0);
    expect(await orders(key)).toEqual([]);
    expect(await tracked(id)).toEqual([]);
    expect(await actions(id)).toEqual([
      expect.objectContaining({
        kind: 'order-placed',
        dry_run: true,
        detail: expect.objectContaining({ market_hash_name: name }),
      }),
    ]);
  });

  it('runs as a job of the trading runner (bot-trading.run)', async () => {
    const name = bed.freshName();
    const { id, key } = await account();
    await toy(name, '1.00', '5.00');
    const run = await bed.app.request<BotJob>('POST', `/api-node/trading/${id}/dynamic-orders/run`);
    expect(run.status, run.text).toBe(202);
    expect((await bed.app.runtime.queue.waitFor(run.body.id, 30_000))?.state).toBe('done');
    expect((await orders(key)).map((order) => order.hash_name)).toEqual([name]);
  });
});
