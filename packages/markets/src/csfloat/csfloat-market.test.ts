import { describe, expect, it } from 'vitest';

import { MarketApiError, MarketAuthError } from '../kit/market-errors.ts';
import { expectFailure } from '../testing/expect-failure.ts';
import { useSimulatedMarket } from '../testing/market-sim.ts';
import { CsfloatMarket } from './csfloat-market.ts';

const NAME = 'Glock-18 | Water Elemental (Field-Tested)';

const bed = useSimulatedMarket('csfloat', CsfloatMarket, {
  account: { money: '80.07', names: [NAME, NAME] },
});

describe('CsfloatMarket against the simulator', () => {
  it('offers every capability, in USD', () => {
    expect(bed.market.capabilities.size).toBe(9);
    expect(bed.market.currency).toBe('USD');
  });

  it('reads the balance (cents) as dollars', async () => {
    expect(await bed.market.getBalance()).toEqual({ amount: '80.07', currency: 'USD', on_hold: '0.00' });
  });

  it('sends the key raw in Authorization and treats a refusal as an auth error', async () => {
    const wrong = new CsfloatMarket(bed.sim.config('nope'));
    await expectFailure(wrong.getBalance(), MarketAuthError, { status: 401 });
    const missing = await fetch(`${bed.sim.endpoint.baseUrl}/api/v1/me`);
    expect(missing.status).toBe(403);
  });

  it('reads the inventory and the price list', async () => {
    const inventory = await bed.market.getInventory();
    expect(inventory.map((item) => item.market_hash_name)).toEqual([NAME, NAME]);
    const [price] = await bed.market.getPrices([NAME]);
    expect(price).toMatchObject({ market_hash_name: NAME, currency: 'USD' });
    expect(price?.price).toMatch(/^\d+\.\d{2}$/);
  });

  it('lists (cents rounded up), reprices and delists', async () => {
    const [first, second] = (await bed.market.getInventory()).map((item) => item.asset_id);
    const results = await bed.market.listForSale([
      { asset_id: first!, price: '10.001' },
      { asset_id: second!, price: '7.5' },
      { asset_id: 'missing', price: '1' },
    ]);
    expect(results[0]).toMatchObject({ asset_id: first, error: null });
    expect(results[2]).toMatchObject({ listing_id: null, error: '8: item missing is not in the inventory' });
    const ids = results.map((r) => r.listing_id);
    expect((await bed.market.getListings()).map((l) => [l.listing_id, l.price]).sort()).toEqual(
      [
        [ids[0], '10.01'],
        [ids[1], '7.50'],
      ].sort(),
    );
    const changed = await bed.market.setPrices([
      { listing_id: ids[0]!, price: '9' },
      { listing_id: ids[1]!, price: null },
      { listing_id: '1', price: '3' },
    ]);
    expect(changed.map((c) => c.ok)).toEqual([true, true, false]);
    expect((await bed.market.getListings()).map((l) => [l.listing_id, l.price])).toEqual([[ids[0], '9.00']]);
  });

  it('records a sale in the trades history', async () => {
    await bed.sim.control.call('POST', `accounts/${bed.account.id}/sell`, { count: 1 });
    const history = await bed.market.getHistory(new Date(Date.now() - 60_000), new Date(Date.now() + 60_000));
    expect(history).toEqual([
      expect.objectContaining({ side: 'sell', market_hash_name: NAME, price: '9.00' }),
    ]);
  });

  it('places, replaces (delete + create) and removes buy orders', async () => {
    const placed = await bed.market.setBuyOrder({ market_hash_name: NAME, price: '5.559', count: 3 });
    expect(placed).toMatchObject({ market_hash_name: NAME, price: '5.55', count: 3 });
    expect(
      (await bed.market.setBuyOrder({ market_hash_name: NAME, price: '5.55', count: 3 }))?.order_id,
    ).toBe(placed?.order_id);
    const replaced = await bed.market.setBuyOrder({ market_hash_name: NAME, price: '6', count: 1 });
    expect(replaced?.order_id).not.toBe(placed?.order_id);
    expect(await bed.market.getBuyOrders()).toEqual([replaced]);
    expect(await bed.market.setBuyOrder({ market_hash_name: NAME, price: '6', count: 0 })).toBeNull();
    expect(await bed.market.getBuyOrders()).toEqual([]);
  });

  it('creates one buy order when the connection drops after the order was made', async () => {
    await bed.sim.dropAnswerOnce({ path: '/api/v1/buy-orders', method: 'POST' });
    const order = await bed.market.setBuyOrder({ market_hash_name: NAME, price: '4', count: 2 });
    expect(order).toMatchObject({ price: '4.00', count: 2 });
    expect(await bed.market.getBuyOrders()).toHaveLength(1);
  });

  it('buys a listing once under a dropped connection (checked in /me/trades)', async () => {
    const other = await bed.sim.control.account({ names: [NAME] });
    const seller = new CsfloatMarket(bed.sim.config(other.credential));
    const [listed] = await seller.listForSale([{ asset_id: other.items[0]!.asset_id, price: '3.21' }]);
    await bed.sim.dropAnswerOnce({ path: '/api/v1/listings/buy' });
    const bought = await bed.market.buy({ listing_id: listed!.listing_id!, price: '3.21' });
    expect(bought).toMatchObject({ purchase_id: listed!.listing_id, market_hash_name: NAME, price: '3.21' });
    const stats = await bed.sim.control.stats();
    expect(stats.accounts[bed.account.id]!.spends.byRef[`buy:${listed!.listing_id}`]).toEqual({
      calls: 1,
      effects: 1,
    });
    const again = await expectFailure(
      bed.market.buy({ listing_id: listed!.listing_id!, price: '3.21' }),
      MarketApiError,
    );
    expect((again as MarketApiError).message).toContain('listing is no longer available');
  });
});
