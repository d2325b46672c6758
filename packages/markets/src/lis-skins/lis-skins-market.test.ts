import type { KitCreatedAccount } from '@toydesk/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { UnsupportedCapabilityError, type MarketCapability } from '../market.ts';
import { fromMajor } from '../kit/decimal-units.ts';
import { MarketApiError, MarketAuthError } from '../kit/market-errors.ts';
import { expectFailure } from '../testing/expect-failure.ts';
import { startSimulatedMarket, type MarketSim } from '../testing/market-sim.ts';
import { LisSkinsMarket } from './lis-skins-market.ts';

let sim: MarketSim;
let account: KitCreatedAccount;
let market: LisSkinsMarket;
const NAME = 'AK-47 | Redline (Field-Tested)';
const link = { partner: '1234567', token: 'AbCd1234' };

beforeAll(async () => {
  ({ sim, account, market } = await startSimulatedMarket('lis_skins', LisSkinsMarket, {
    account: { money: '100.10' },
  }));
});
afterAll(() => sim.close());

describe('LisSkinsMarket against the simulator', () => {
  it('is buy-only: prices, buy and balance; the rest throws UnsupportedCapabilityError', async () => {
    expect([...market.capabilities].sort()).toEqual(['balance', 'buy', 'prices']);
    const unsupported: [MarketCapability, () => Promise<unknown>][] = [
      ['inventory', () => market.getInventory()],
      ['listings', () => market.getListings()],
      ['list_for_sale', () => market.listForSale([{ asset_id: '1', price: '1' }])],
      ['set_price', () => market.setPrices([{ listing_id: '1', price: '1' }])],
      ['buy_orders', () => market.getBuyOrders()],
      ['history', () => market.getHistory(new Date(0), new Date())],
    ];
    for (const [capability, call] of unsupported) {
      await expectFailure(call(), UnsupportedCapabilityError, { capability });
    }
  });

  it('reads the USD float balance through its text', async () => {
    expect(await market.getBalance()).toEqual({ amount: '100.10', currency: 'USD', on_hold: null });
  });

  it('refuses a wrong Bearer key as an auth error', async () => {
    const wrong = new LisSkinsMarket(sim.config('nope'));
    await expectFailure(wrong.getBalance(), MarketAuthError, { reason: 'Unauthenticated.' });
  });

  it('finds the cheapest skin per name (names[] query) and leaves unknown names without a price', async () => {
    const prices = await market.getPrices([NAME, 'Nothing Like This']);
    expect(prices[0]).toMatchObject({ market_hash_name: NAME, currency: 'USD' });
    expect(prices[0]?.price).toMatch(/^\d+\.\d{2}$/);
    expect(prices[1]).toMatchObject({ market_hash_name: 'Nothing Like This', price: null });
  });

  it('buys once when the connection drops after the purchase (checked by custom_id)', async () => {
    const { data } = await market.client.search({ names: [NAME] });
    const skin = data[0]!;
    await sim.dropAnswerOnce({ path: '/v1/market/buy' });
    const bought = await market.buy({
      ids: [skin.id],
      max_price: '100',
      trade_link: link,
      custom_id: 'order-77',
    });
    expect(bought).toMatchObject({ custom_id: 'order-77', market_hash_name: NAME, currency: 'USD' });
    expect(bought.price).toBe(fromMajor(skin.price));
    const stats = await sim.control.stats();
    expect(stats.accounts[account.id]!.spends.byRef['buy:order-77']).toEqual({ calls: 1, effects: 1 });
    expect(stats.accounts[account.id]!.byRoute['market/info']).toBe(1);
    await expectFailure(
      market.buy({ ids: [skin.id], max_price: '100', trade_link: link, custom_id: 'order-77' }),
      MarketApiError,
      { code: 'custom_id_already_exists' },
    );
  });

  it('refuses a purchase above max_price (USD float) without spending', async () => {
    const { data } = await market.client.search({ names: [NAME] });
    const before = await market.getBalance();
    const error = await market
      .buy({ ids: [data[0]!.id], max_price: '0.01', trade_link: link })
      .catch((e: unknown) => e);
    expect((error as MarketApiError).code).toBe('price_too_high');
    expect(await market.getBalance()).toEqual(before);
  });
});
