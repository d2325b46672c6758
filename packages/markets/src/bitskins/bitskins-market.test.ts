import type { KitCreatedAccount } from '@toydesk/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { UnsupportedCapabilityError } from '../market.ts';
import { MarketApiError, MarketAuthError } from '../kit/market-errors.ts';
import { expectFailure } from '../testing/expect-failure.ts';
import { startSimulatedMarket, type MarketSim } from '../testing/market-sim.ts';
import { BitskinsMarket } from './bitskins-market.ts';

let sim: MarketSim;
let account: KitCreatedAccount;
let market: BitskinsMarket;
const NAME = 'Glock-18 | Water Elemental (Minimal Wear)';

beforeAll(async () => {
  ({ sim, account, market } = await startSimulatedMarket('bitskins', BitskinsMarket, {
    account: { money: '19.999', names: [NAME, NAME] },
  }));
});
afterAll(() => sim.close());

describe('BitskinsMarket against the simulator', () => {
  it('has no buy orders: setBuyOrder and getBuyOrders throw UnsupportedCapabilityError', async () => {
    expect(market.capabilities.has('buy_orders')).toBe(false);
    expect([...market.capabilities]).toHaveLength(8);
    await expect(market.getBuyOrders()).rejects.toBeInstanceOf(UnsupportedCapabilityError);
    await expect(market.setBuyOrder({ market_hash_name: NAME, price: '1', count: 1 })).rejects.toThrow(
      'bitskins does not offer buy_orders',
    );
  });

  it('reads the balance in mils as dollars', async () => {
    expect(await market.getBalance()).toEqual({ amount: '19.999', currency: 'USD', on_hold: null });
  });

  it('refuses a missing key (401) and a wrong one (403) as auth errors', async () => {
    const wrong = new BitskinsMarket(sim.config('wrong-key'));
    await expectFailure(wrong.getBalance(), MarketAuthError, { status: 403, code: 'GLO_002' });
    const missing = await fetch(`${sim.endpoint.baseUrl}/account/profile/balance`, {
      method: 'POST',
      body: '{}',
    });
    expect(missing.status).toBe(401);
  });

  it('reads the Steam inventory and the public in-sell prices', async () => {
    expect((await market.getInventory()).map((item) => item.market_hash_name)).toEqual([NAME, NAME]);
    const [price] = await market.getPrices([NAME]);
    expect(price?.price).toMatch(/^\d+\.\d{2,3}$/);
  });

  it('deposits (lists) in mils, reprices and delists', async () => {
    const [a, b] = (await market.getInventory()).map((item) => item.asset_id);
    const listed = await market.listForSale([
      { asset_id: a!, price: '5.0001' },
      { asset_id: b!, price: '6' },
    ]);
    expect(listed.every((row) => row.error === null)).toBe(true);
    expect((await market.getListings()).map((l) => l.price).sort()).toEqual(['5.001', '6.00']);
    const changed = await market.setPrices([
      { listing_id: listed[0]!.listing_id!, price: '4.5' },
      { listing_id: listed[1]!.listing_id!, price: null },
      { listing_id: '42', price: '1' },
    ]);
    expect(changed).toEqual([
      { listing_id: listed[0]!.listing_id, ok: true, error: null },
      { listing_id: listed[1]!.listing_id, ok: true, error: null },
      { listing_id: '42', ok: false, error: 'listing_not_found' },
    ]);
    expect((await market.getListings()).map((l) => l.price)).toEqual(['4.50']);
  });

  it('buys a listing once when the connection drops after the purchase (checked in the history)', async () => {
    const seller = await sim.control.account({ names: [NAME] });
    const sellerMarket = new BitskinsMarket(sim.config(seller.credential));
    const [listed] = await sellerMarket.listForSale([
      { asset_id: seller.items[0]!.asset_id, price: '2.345' },
    ]);
    await sim.dropAnswerOnce({ path: '/market/buy/single' });
    const bought = await market.buy({ listing_id: listed!.listing_id!, max_price: '3' });
    expect(bought).toMatchObject({ purchase_id: listed!.listing_id, market_hash_name: NAME, price: '2.345' });
    expect(await market.getBalance()).toMatchObject({ amount: '17.654' });
    const stats = await sim.control.stats();
    expect(stats.accounts[account.id]!.spends.byRef[`buy:${listed!.listing_id}`]).toEqual({
      calls: 1,
      effects: 1,
    });
    const history = await market.getHistory(new Date(Date.now() - 60_000), new Date(Date.now() + 60_000));
    expect(history.map((h) => [h.side, h.price])).toEqual([['buy', '2.345']]);
  });

  it('refuses a purchase above max_price without spending', async () => {
    const [cheapest] = (await market.client.searchMarket({ names: [NAME], limit: 1 })).list;
    await expectFailure(market.buy({ listing_id: cheapest!.id, max_price: '0.001' }), MarketApiError, {
      code: 'price_too_high',
    });
  });
});
