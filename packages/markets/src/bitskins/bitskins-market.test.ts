import { describe, expect, it } from 'vitest';

import { UnsupportedCapabilityError } from '../market.ts';
import { MarketApiError, MarketAuthError } from '../kit/market-errors.ts';
import { expectFailure } from '../testing/expect-failure.ts';
import { useSimulatedMarket } from '../testing/market-sim.ts';
import { BitskinsMarket } from './bitskins-market.ts';

const NAME = 'Glock-18 | Water Elemental (Minimal Wear)';

const bed = useSimulatedMarket('bitskins', BitskinsMarket, {
  account: { money: '19.999', names: [NAME, NAME] },
});

describe('BitskinsMarket against the simulator', () => {
  it('has no buy orders: setBuyOrder and getBuyOrders throw UnsupportedCapabilityError', async () => {
    expect(bed.market.capabilities.has('buy_orders')).toBe(false);
    expect([...bed.market.capabilities]).toHaveLength(8);
    await expect(bed.market.getBuyOrders()).rejects.toBeInstanceOf(UnsupportedCapabilityError);
    await expect(bed.market.setBuyOrder({ market_hash_name: NAME, price: '1', count: 1 })).rejects.toThrow(
      'bitskins does not offer buy_orders',
    );
  });

  it('reads the balance in mils as dollars', async () => {
    expect(await bed.market.getBalance()).toEqual({ amount: '19.999', currency: 'USD', on_hold: null });
  });

  it('refuses a missing key (401) and a wrong one (403) as auth errors', async () => {
    const wrong = new BitskinsMarket(bed.sim.config('wrong-key'));
    await expectFailure(wrong.getBalance(), MarketAuthError, { status: 403, code: 'GLO_002' });
    const missing = await fetch(`${bed.sim.endpoint.baseUrl}/account/profile/balance`, {
      method: 'POST',
      body: '{}',
    });
    expect(missing.status).toBe(401);
  });

  it('reads the Steam inventory and the public in-sell prices', async () => {
    expect((await bed.market.getInventory()).map((item) => item.market_hash_name)).toEqual([NAME, NAME]);
    const [price] = await bed.market.getPrices([NAME]);
    expect(price?.price).toMatch(/^\d+\.\d{2,3}$/);
  });

  it('deposits (lists) in mils, reprices and delists', async () => {
    const [a, b] = (await bed.market.getInventory()).map((item) => item.asset_id);
    const listed = await bed.market.listForSale([
      { asset_id: a!, price: '5.0001' },
      { asset_id: b!, price: '6' },
    ]);
    expect(listed.every((row) => row.error === null)).toBe(true);
    expect((await bed.market.getListings()).map((l) => l.price).sort()).toEqual(['5.001', '6.00']);
    const changed = await bed.market.setPrices([
      { listing_id: listed[0]!.listing_id!, price: '4.5' },
      { listing_id: listed[1]!.listing_id!, price: null },
      { listing_id: '42', price: '1' },
    ]);
    expect(changed).toEqual([
      { listing_id: listed[0]!.listing_id, ok: true, error: null },
      { listing_id: listed[1]!.listing_id, ok: true, error: null },
      { listing_id: '42', ok: false, error: 'listing_not_found' },
    ]);
    expect((await bed.market.getListings()).map((l) => l.price)).toEqual(['4.50']);
  });

  it('buys a listing once when the connection drops after the purchase (checked in the history)', async () => {
    const seller = await bed.sim.control.account({ names: [NAME] });
    const sellerMarket = new BitskinsMarket(bed.sim.config(seller.credential));
    const [listed] = await sellerMarket.listForSale([
      { asset_id: seller.items[0]!.asset_id, price: '2.345' },
    ]);
    await bed.sim.dropAnswerOnce({ path: '/market/buy/single' });
    const bought = await bed.market.buy({ listing_id: listed!.listing_id!, max_price: '3' });
    expect(bought).toMatchObject({ purchase_id: listed!.listing_id, market_hash_name: NAME, price: '2.345' });
    expect(await bed.market.getBalance()).toMatchObject({ amount: '17.654' });
    const stats = await bed.sim.control.stats();
    expect(stats.accounts[bed.account.id]!.spends.byRef[`buy:${listed!.listing_id}`]).toEqual({
      calls: 1,
      effects: 1,
    });
    const history = await bed.market.getHistory(new Date(Date.now() - 60_000), new Date(Date.now() + 60_000));
    expect(history.map((h) => [h.side, h.price])).toEqual([['buy', '2.345']]);
  });

  it('refuses a purchase above max_price without spending', async () => {
    const [cheapest] = (await bed.market.client.searchMarket({ names: [NAME], limit: 1 })).list;
    await expectFailure(bed.market.buy({ listing_id: cheapest!.id, max_price: '0.001' }), MarketApiError, {
      code: 'price_too_high',
    });
  });
});
