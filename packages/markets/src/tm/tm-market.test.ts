import { describe, expect, test } from 'vitest';

import { loadCatalogue } from '@toydesk/simulators';

import { MARKET_CAPABILITIES } from '../market.ts';
import { simulatorClient } from '../testing/tm-test-client.ts';
import type { TmSimHarness } from '../testing/tm-simulator.ts';
import { useTmSimulator } from '../testing/use-tm-simulator.ts';
import { TmMarket } from './tm-market.ts';

/** The common Market interface over the tm client, against the simulator. */

const catalogue = loadCatalogue();
const REDLINE = catalogue.byHashName('AK-47 | Redline (Field-Tested)')!;
const BUY_NAME = catalogue.items.slice(500).find((item) => item.refPriceKopecks < 50_000)!.marketHashName;

const bed = useTmSimulator();

async function marketFor(options: Parameters<TmSimHarness['createAccount']>[0] = {}) {
  const account = await bed.sim.createAccount(options);
  const market = new TmMarket(
    simulatorClient(bed.sim, bed.http, { apiKey: account.key, currency: options.currency ?? 'RUB' }),
  );
  return { account, market };
}

// Building and parsing the whole public price list holds the one event loop that runs both the simulator and
// the clients for a few dozen milliseconds: it runs first, alone, so that it cannot delay another test's
// requests between their rate-limit token and the wire (the limiter's margin is 100 ms).
describe('TmMarket public prices', () => {
  test('getPrices: the public class_instance list, filtered by names', async () => {
    const { market } = await marketFor();
    const prices = await market.getPrices([REDLINE.marketHashName, 'No Such Item']);
    expect(prices).toEqual([
      {
        market_hash_name: REDLINE.marketHashName,
        price: expect.stringMatching(/^\d+\.\d{2}$/),
        buy_order: expect.stringMatching(/^\d+\.\d{2}$/),
        currency: 'RUB',
        volume: expect.any(Number),
        classid_instanceid: `${REDLINE.classid}_${REDLINE.instanceid}`,
      },
    ]);
    expect((await market.getPrices()).length).toBeGreaterThan(500);
  });
});

describe.concurrent('TmMarket', () => {
  test('code, currency and every capability', async ({ expect }) => {
    const { market } = await marketFor({ currency: 'USD' });
    expect(market.code).toBe('tm');
    expect(market.currency).toBe('USD');
    expect([...market.capabilities].sort()).toEqual([...MARKET_CAPABILITIES].sort());
  });

  test('getInventory, listForSale, getListings', async ({ expect }) => {
    const { account, market } = await marketFor({ names: [REDLINE.marketHashName], inventory: 1 });
    const inventory = await market.getInventory();
    expect(inventory).toHaveLength(2);
    expect(inventory[0]).toEqual({
      asset_id: account.items[0]!.assetid,
      market_hash_name: REDLINE.marketHashName,
      classid: REDLINE.classid,
      instanceid: REDLINE.instanceid,
      tradable: true,
      market_price: '378.13',
    });
    const [listed] = await market.listForSale([{ asset_id: inventory[0]!.asset_id, price: '399.99' }]);
    expect(listed).toEqual({
      asset_id: inventory[0]!.asset_id,
      listing_id: expect.stringMatching(/^\d+$/),
      error: null,
    });
    expect(await market.getListings()).toEqual([
      {
        listing_id: listed!.listing_id,
        asset_id: inventory[0]!.asset_id,
        market_hash_name: REDLINE.marketHashName,
        price: '399.99',
        currency: 'RUB',
        status: 'on_sale',
        position: expect.any(Number),
      },
    ]);
    expect(await market.getInventory()).toHaveLength(1);
  });

  test('setPrices: MassSetPriceById in batches of 100; null and "0" take listings off sale', async ({
    expect,
  }) => {
    const { account, market } = await marketFor();
    const ids = await bed.sim.seedListings(account.key, 230, 10_000);
    const results = await market.setPrices([
      ...ids.slice(0, 228).map((id, i) => ({ listing_id: id, price: `${100 + i}.5` })),
      { listing_id: ids[228]!, price: null },
      { listing_id: ids[229]!, price: '0' },
      { listing_id: '12345', price: '1' },
    ]);
    expect(results).toHaveLength(231);
    expect(results.filter((result) => result.ok)).toHaveLength(230);
    expect(results[230]).toEqual({ listing_id: '12345', ok: false, error: 'bad_item' });
    expect((await bed.sim.keyStats(account.key)).byMethod).toEqual({ MassSetPriceById: 3 });
    const state = await bed.sim.accountState<{ listings: { item_id: string; price: number }[] }>(account.key);
    expect(state.listings).toHaveLength(228);
    expect(state.listings.find((listing) => listing.item_id === ids[227])?.price).toBe(32_750);
  });

  test('getBuyOrders reads every page; setBuyOrder places, replaces and removes', async ({ expect }) => {
    const { account, market } = await marketFor({ money: 10 });
    bed.sim.seedOrders(account.key, 150);
    expect(await market.getBuyOrders()).toHaveLength(150);
    const placed = await market.setBuyOrder({ market_hash_name: BUY_NAME, price: '12.34', count: 3 });
    expect(placed).toEqual({
      order_id: expect.stringMatching(/^\d+$/),
      market_hash_name: BUY_NAME,
      price: '12.34',
      currency: 'RUB',
      count: 3,
    });
    const replaced = await market.setBuyOrder({ market_hash_name: BUY_NAME, price: '12.5', count: 1 });
    expect(replaced).toMatchObject({ order_id: placed!.order_id, price: '12.50', count: 1 });
    expect(await market.setBuyOrder({ market_hash_name: BUY_NAME, price: '12.5', count: 0 })).toBeNull();
    const orders = await market.getBuyOrders();
    expect(orders).toHaveLength(150);
    expect(orders.some((order) => order.order_id === placed!.order_id)).toBe(false);
  });

  test('getBalance and getHistory (buys as buy, transfers as other)', async ({ expect }) => {
    const { account, market } = await marketFor({ money: 3000.25, payPassword: 'pp' });
    const receiver = await bed.sim.createAccount();
    const from = new Date(Date.now() - 60_000);
    expect(await market.getBalance()).toEqual({ amount: '3000.25', currency: 'RUB', on_hold: '0.00' });
    const bought = await market.client.buying.buy({ hashName: BUY_NAME, price: '2000' });
    await market.client.transfers.send({ amount: '1000', toApiKey: receiver.key, payPassword: 'pp' });
    const history = await market.getHistory(from, new Date(Date.now() + 60_000));
    const buy = history.find((entry) => entry.side === 'buy')!;
    expect(buy).toMatchObject({
      id: expect.any(String),
      market_hash_name: BUY_NAME,
      currency: 'RUB',
      status: '1',
    });
    expect(Date.parse(buy.at)).toBeGreaterThan(from.getTime());
    const info = await market.client.buying.getBuyInfoByCustomId(bought.customId);
    expect(buy.price).toBe(info!.paid);
    expect(history.find((entry) => entry.side === 'other')).toMatchObject({
      price: '1000.00',
      market_hash_name: null,
    });
    expect(account.key).not.toBe(receiver.key);
  });
});
