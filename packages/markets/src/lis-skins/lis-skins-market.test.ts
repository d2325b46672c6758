import { describe, expect, it } from 'vitest';

import { UnsupportedCapabilityError, type MarketCapability } from '../market.ts';
import { fromMajor } from '../kit/decimal-units.ts';
import { MarketApiError, MarketAuthError } from '../kit/market-errors.ts';
import { expectFailure } from '../testing/expect-failure.ts';
import { useSimulatedMarket } from '../testing/market-sim.ts';
import { LisSkinsMarket } from './lis-skins-market.ts';

const NAME = 'AK-47 | Redline (Field-Tested)';
const link = { partner: '1234567', token: 'AbCd1234' };

const bed = useSimulatedMarket('lis_skins', LisSkinsMarket, {
  account: { money: '100.10' },
});

describe('LisSkinsMarket against the simulator', () => {
  it('is buy-only: prices, buy and balance; the rest throws UnsupportedCapabilityError', async () => {
    expect([...bed.market.capabilities].sort()).toEqual(['balance', 'buy', 'prices']);
    const unsupported: [MarketCapability, () => Promise<unknown>][] = [
      ['inventory', () => bed.market.getInventory()],
      ['listings', () => bed.market.getListings()],
      ['list_for_sale', () => bed.market.listForSale([{ asset_id: '1', price: '1' }])],
      ['set_price', () => bed.market.setPrices([{ listing_id: '1', price: '1' }])],
      ['buy_orders', () => bed.market.getBuyOrders()],
      ['history', () => bed.market.getHistory(new Date(0), new Date())],
    ];
    for (const [capability, call] of unsupported) {
      await expectFailure(call(), UnsupportedCapabilityError, { capability });
    }
  });

  it('reads the USD float balance through its text', async () => {
    expect(await bed.market.getBalance()).toEqual({ amount: '100.10', currency: 'USD', on_hold: null });
  });

  it('refuses a wrong Bearer key as an auth error', async () => {
    const wrong = new LisSkinsMarket(bed.sim.config('nope'));
    await expectFailure(wrong.getBalance(), MarketAuthError, { reason: 'Unauthenticated.' });
  });

  it('finds the cheapest skin per name (names[] query) and leaves unknown names without a price', async () => {
    const prices = await bed.market.getPrices([NAME, 'Nothing Like This']);
    expect(prices[0]).toMatchObject({ market_hash_name: NAME, currency: 'USD' });
    expect(prices[0]?.price).toMatch(/^\d+\.\d{2}$/);
    expect(prices[1]).toMatchObject({ market_hash_name: 'Nothing Like This', price: null });
  });

  it('buys once when the connection drops after the purchase (checked by custom_id)', async () => {
    const { data } = await bed.market.client.search({ names: [NAME] });
    const skin = data[0]!;
    await bed.sim.dropAnswerOnce({ path: '/v1/market/buy' });
    const bought = await bed.market.buy({
      ids: [skin.id],
      max_price: '100',
      trade_link: link,
      custom_id: 'order-77',
    });
    expect(bought).toMatchObject({ custom_id: 'order-77', market_hash_name: NAME, currency: 'USD' });
    expect(bought.price).toBe(fromMajor(skin.price));
    const stats = await bed.sim.control.stats();
    expect(stats.accounts[bed.account.id]!.spends.byRef['buy:order-77']).toEqual({ calls: 1, effects: 1 });
    expect(stats.accounts[bed.account.id]!.byRoute['market/info']).toBe(1);
    await expectFailure(
      bed.market.buy({ ids: [skin.id], max_price: '100', trade_link: link, custom_id: 'order-77' }),
      MarketApiError,
      { code: 'custom_id_already_exists' },
    );
  });

  it('refuses a purchase above max_price (USD float) without spending', async () => {
    const { data } = await bed.market.client.search({ names: [NAME] });
    const before = await bed.market.getBalance();
    const error = await bed.market
      .buy({ ids: [data[0]!.id], max_price: '0.01', trade_link: link })
      .catch((e: unknown) => e);
    expect((error as MarketApiError).code).toBe('price_too_high');
    expect(await bed.market.getBalance()).toEqual(before);
  });
});
