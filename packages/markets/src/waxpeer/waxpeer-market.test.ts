import { describe, expect, it } from 'vitest';

import { MarketApiError, MarketAuthError } from '../kit/market-errors.ts';
import { MARKET_CAPABILITIES } from '../market.ts';
import { expectFailure } from '../testing/expect-failure.ts';
import { startMarketSim, useSimulatedMarket } from '../testing/market-sim.ts';
import { WaxpeerMarket } from './waxpeer-market.ts';

const NAME = 'AK-47 | Redline (Field-Tested)';
const link = { partner: '12345', token: 'AbCdEfGh' };

const bed = useSimulatedMarket('waxpeer', WaxpeerMarket, {
  config: { rateLimits: { 'list-items': null } },
  account: { money: '250.5', names: [NAME, NAME, NAME] },
});

describe('WaxpeerMarket against the simulator', () => {
  it('offers every capability (USD only)', () => {
    expect([...bed.market.capabilities].sort()).toEqual([...MARKET_CAPABILITIES].sort());
    expect(bed.market.currency).toBe('USD');
    expect(() => new WaxpeerMarket({ ...bed.sim.config('x'), currency: 'RUB' })).toThrow(/USD/);
  });

  it('reads the wallet (mils) as dollars', async () => {
    expect(await bed.market.getBalance()).toEqual({ amount: '250.50', currency: 'USD', on_hold: null });
    const profile = await bed.market.client.getProfile();
    expect(profile.user?.wallet).toBe(250_500);
  });

  it('refuses a wrong key as an auth error (401 {success:false,msg})', async () => {
    const wrong = new WaxpeerMarket(bed.sim.config('not-a-key'));
    await expectFailure(wrong.getBalance(), MarketAuthError, { status: 401, code: 'wrong api key' });
  });

  it('reads the inventory and the public prices in dollars', async () => {
    const inventory = await bed.market.getInventory();
    expect(inventory).toHaveLength(3);
    expect(inventory[0]).toMatchObject({ market_hash_name: NAME, tradable: true, instanceid: null });
    expect(inventory[0]?.market_price).toMatch(/^\d+\.\d{2,3}$/);
    const prices = await bed.market.getPrices([NAME]);
    expect(prices).toHaveLength(1);
    expect(prices[0]).toMatchObject({ market_hash_name: NAME, currency: 'USD', buy_order: null });
    expect(prices[0]?.price).toMatch(/^\d+\.\d{2,3}$/);
  });

  it('lists at mils rounded up, reprices, delists', async () => {
    const [first, second] = (await bed.market.getInventory()).map((item) => item.asset_id);
    const listed = await bed.market.listForSale([
      { asset_id: first!, price: '12.3456' },
      { asset_id: second!, price: '9.99' },
      { asset_id: '999', price: '1' },
      { asset_id: 'abc', price: '1' },
    ]);
    expect(listed).toEqual([
      { asset_id: first, listing_id: first, error: null },
      { asset_id: second, listing_id: second, error: null },
      { asset_id: '999', listing_id: null, error: 'item_not_in_inventory' },
      { asset_id: 'abc', listing_id: null, error: 'invalid asset id' },
    ]);
    const listings = await bed.market.getListings();
    expect(listings.find((l) => l.listing_id === first)).toMatchObject({
      price: '12.346',
      status: 'on_sale',
    });
    const changed = await bed.market.setPrices([
      { listing_id: first!, price: '11' },
      { listing_id: second!, price: '0' },
      { listing_id: 'nope', price: '5' },
    ]);
    expect(changed).toEqual([
      { listing_id: first, ok: true, error: null },
      { listing_id: second, ok: true, error: null },
      { listing_id: 'nope', ok: false, error: 'item_not_found' },
    ]);
    const after = await bed.market.getListings();
    expect(after.map((l) => [l.listing_id, l.price])).toEqual([[first, '11.00']]);
  });

  it('shows a sale in the history and the wallet', async () => {
    const [listing] = await bed.market.getListings();
    await bed.sim.control.call('POST', `accounts/${bed.account.id}/sell`, {
      listing_id: (await bed.sim.control.dump(bed.account.id)).listings[0]!.listing_id,
    });
    const history = await bed.market.getHistory(new Date(Date.now() - 60_000), new Date(Date.now() + 60_000));
    expect(history).toEqual([
      expect.objectContaining({
        side: 'sell',
        market_hash_name: NAME,
        price: listing!.price,
        currency: 'USD',
      }),
    ]);
    // 11.00 less the 5% fee, floored to the mil.
    expect((await bed.market.getBalance()).amount).toBe('260.95');
  });

  it('places, replaces and removes a buy order (mils rounded down)', async () => {
    const placed = await bed.market.setBuyOrder({ market_hash_name: NAME, price: '3.4567', count: 2 });
    expect(placed).toMatchObject({ market_hash_name: NAME, price: '3.456', count: 2, currency: 'USD' });
    const same = await bed.market.setBuyOrder({ market_hash_name: NAME, price: '3.456', count: 2 });
    expect(same?.order_id).toBe(placed?.order_id);
    const replaced = await bed.market.setBuyOrder({ market_hash_name: NAME, price: '4', count: 1 });
    expect(replaced).toMatchObject({ order_id: placed?.order_id, price: '4.00', count: 1 });
    expect(await bed.market.getBuyOrders()).toEqual([replaced]);
    expect(await bed.market.setBuyOrder({ market_hash_name: NAME, price: '0', count: 1 })).toBeNull();
    expect(await bed.market.getBuyOrders()).toEqual([]);
  });

  it('refuses an unknown item order with the market message', async () => {
    await expectFailure(
      bed.market.setBuyOrder({ market_hash_name: 'No Such Item', price: '1', count: 1 }),
      MarketApiError,
      { code: 'unknown_item' },
    );
  });

  it('buys once when the connection drops after the purchase (checked by project_id)', async () => {
    await bed.sim.dropAnswerOnce({ path: '/v1/buy-one-p2p-name' });
    const bought = await bed.market.buy({
      market_hash_name: NAME,
      max_price: '100',
      trade_link: link,
      custom_id: 'proj-1',
    });
    expect(bought).toMatchObject({ custom_id: 'proj-1', market_hash_name: NAME, currency: 'USD' });
    const stats = await bed.sim.control.stats();
    const mine = stats.accounts[bed.account.id]!;
    expect(mine.byRoute['buy-one-p2p-name']).toBe(1);
    expect(mine.byRoute['check-many-project-id']).toBe(1);
    expect(mine.spends.byRef['buy:proj-1']).toEqual({ calls: 1, effects: 1 });
    expect(stats.duplicateEffects).toBe(0);
  });

  it('creates one buy order when the connection drops after creating it', async () => {
    const calls = async () =>
      (await bed.sim.control.stats()).accounts[bed.account.id]!.byRoute['create-buy-order'] ?? 0;
    const before = await calls();
    await bed.sim.dropAnswerOnce({ path: '/v1/create-buy-order' });
    const order = await bed.market.setBuyOrder({ market_hash_name: NAME, price: '2', count: 1 });
    expect(order).toMatchObject({ price: '2.00', count: 1 });
    expect(await bed.market.getBuyOrders()).toHaveLength(1);
    expect((await calls()) - before).toBe(1);
  });
});

describe('Waxpeer simulator rate limit', () => {
  it('answers 429 on the third list-items call within 120 s and counts it', async () => {
    const strict = await startMarketSim('waxpeer');
    try {
      const acc = await strict.control.account({ inventory: 3 });
      const m = new WaxpeerMarket({
        baseUrl: strict.endpoint.baseUrl,
        http: strict.http,
        credential: acc.credential,
      });
      await m.listForSale([{ asset_id: acc.items[0]!.asset_id, price: '1' }]);
      await m.listForSale([{ asset_id: acc.items[1]!.asset_id, price: '1' }]);
      await expectFailure(m.listForSale([{ asset_id: acc.items[2]!.asset_id, price: '1' }]), MarketApiError, {
        status: 429,
      });
      expect((await strict.control.stats()).rateLimitViolations).toBe(1);
    } finally {
      await strict.close();
    }
  });
});
