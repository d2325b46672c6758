import { describe, expect, it } from 'vitest';

import { seedMarketAccount } from '../../../testing/seed-trading.ts';
import { useSimApp } from '../../../testing/use-sim-app.ts';
import { createTradingContextForTest } from '../trading-context.ts';
import { DYNAMIC_ORDERS_LOOP } from './dynamic-orders-loop.ts';

type SimOrder = { hash_name: string; phase: string; price: number; count: number };

/** One Doppler name, two phases: two buy orders at tm, each priced against its own phase's order book. */
describe('dynamic-orders by Doppler phase against the tm simulator', () => {
  const NAME = '★ Stiletto Knife | Doppler (Factory New)';
  const bed = useSimApp();

  async function account() {
    const key = await bed.sim.account('tm', { money: 10_000_000 });
    const id = await seedMarketAccount(bed.app.runtime, { key, loops: { dynamic_orders: true } });
    return { id, key };
  }

  /** The best bid of one phase of the name, in roubles. */
  async function bestBid(key: string, phase: string): Promise<number> {
    const book = await bed.sim.v2<{ bid: { price: number }[] }>('tm', 'bid-ask', {
      key,
      hash_name: NAME,
      phase,
    });
    return Math.max(...book.bid.map((level) => level.price)) / 100;
  }

  /** A shared dynamic setting of the toy on tm for one phase, with a band around that phase's book. */
  async function phaseSetting(phase: string, min: number, max: number, enabled = true) {
    await bed.app.db.query(
      `WITH t AS (INSERT INTO toy (market_hash_name) VALUES ($1)
                  ON CONFLICT (market_hash_name) DO UPDATE SET updated_at = now() RETURNING id)
       INSERT INTO toy_dynamic_setting (toy, market, phase, min_price_buy, max_price_buy, enable_dynamic_order)
       SELECT id, 'tm', $2, $3, $4, $5 FROM t
       ON CONFLICT (toy, market, market_account, phase) DO UPDATE SET min_price_buy = excluded.min_price_buy,
         max_price_buy = excluded.max_price_buy, enable_dynamic_order = excluded.enable_dynamic_order`,
      [NAME, phase, min.toFixed(2), max.toFixed(2), enabled],
    );
  }

  const orders = async (key: string) =>
    (await bed.sim.v2<{ orders: SimOrder[] | null }>('tm', 'get-orders', { key, page: 0 })).orders ?? [];
  const tick = async (id: number) =>
    DYNAMIC_ORDERS_LOOP.tick(await createTradingContextForTest(bed.app.runtime, id, 'dynamic-orders'));

  it('two orders for the same name in different phases coexist and are priced separately', async () => {
    const a = await account();
    const phase2 = await bestBid(a.key, 'phase2');
    const ruby = await bestBid(a.key, 'ruby');
    expect(ruby).toBeGreaterThan(phase2 * 2);
    await phaseSetting('phase2', phase2 / 2, phase2 * 2);
    await phaseSetting('ruby', ruby / 2, ruby * 2);

    expect((await tick(a.id)).summary).toContain('2 placed');
    const placed = (await orders(a.key)).map((order) => [order.hash_name, order.phase, order.price / 100]);
    expect(placed.sort()).toEqual(
      [
        [NAME, 'phase2', Math.round((phase2 + 0.01) * 100) / 100],
        [NAME, 'ruby', Math.round((ruby + 0.01) * 100) / 100],
      ].sort(),
    );
    const rows = await bed.app.db.query<{ phase: string }>(
      'SELECT phase FROM bot_dynamic_order WHERE market_account = $1 ORDER BY phase',
      [a.id],
    );
    expect(rows.map((row) => row.phase)).toEqual(['phase2', 'ruby']);

    // The next tick finds each order at its own target: nothing changes.
    expect((await tick(a.id)).summary).toContain('2 unchanged');

    // Switching one phase off removes that order only.
    await phaseSetting('ruby', ruby / 2, ruby * 2, false);
    expect((await tick(a.id)).summary).toContain('1 removed');
    expect((await orders(a.key)).map((order) => order.phase)).toEqual(['phase2']);
  });
});
