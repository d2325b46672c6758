import { describe, test } from 'vitest';

import { ADD_TO_SALE_RETRY_WAIT_MS } from '@toydesk/contract';

import { simulatedClock, simulatorClient } from '../testing/tm-test-client.ts';
import type { SimItemsOptions } from '../testing/tm-simulator.ts';
import { useTmSimulator } from '../testing/use-tm-simulator.ts';
import { TmMarket } from './tm-market.ts';

/**
 * The spec's reaction to add-to-sale's inventory errors (sections 4 and 8): update-inventory, a 30 s wait
 * on the client's clock, one more try. The injected clock does not wait: it moves the simulator's clock by
 * the 30 s instead, so the refreshed inventory (10–20 s at tm) is there for the second try.
 */

const NAME = 'AWP | Asiimov (Field-Tested)';

const bed = useTmSimulator();

async function accountWith(items: SimItemsOptions, settings: Record<string, unknown> = {}) {
  const account = await bed.sim.createAccount(settings);
  const [item] = await bed.sim.addItems(account.key, { names: [NAME], ...items });
  const clock = simulatedClock(bed.sim);
  const tm = simulatorClient(bed.sim, bed.http, { apiKey: account.key, clock });
  return { key: account.key, assetId: item!.assetid, clock, tm };
}

describe.concurrent('add-to-sale inventory errors', () => {
  const healed: [string, SimItemsOptions, Record<string, unknown>][] = [
    ['item_not_recieved', { addToSaleError: 'item_not_recieved' }, {}],
    ['no_description_found', { addToSaleError: 'no_description_found', errorTimes: 2 }, {}],
    ['inventory_not_loaded', {}, { inventoryLoaded: false }],
    ['item_not_in_inventory', { visible: false }, {}],
  ];
  for (const [error, items, settings] of healed) {
    test(`${error}: update-inventory, a 30 s wait, and the second try lists it`, async ({ expect }) => {
      const { key, assetId, clock, tm } = await accountWith(items, settings);
      // The first answer really is that error.
      await expect(tm.selling.addToSale({ assetId, price: '10' })).rejects.toMatchObject({ code: error });

      const result = await tm.selling.listItem({ assetId, price: '10' });

      expect(result).toMatchObject({ assetId, error: null, retried: true });
      expect(result.itemId).toMatch(/^\d+$/);
      expect(clock.sleeps).toEqual([ADD_TO_SALE_RETRY_WAIT_MS]);
      expect(ADD_TO_SALE_RETRY_WAIT_MS).toBe(30_000);
      expect((await bed.sim.keyStats(key)).byMethod).toMatchObject({
        'add-to-sale': 3,
        'update-inventory': 1,
      });
    });
  }

  test('item_is_not_tradable: the same reaction, and the error when it persists', async ({ expect }) => {
    const { key, assetId, clock, tm } = await accountWith({ tradable: false });
    expect(await tm.selling.listItem({ assetId, price: '10' })).toEqual({
      assetId,
      itemId: null,
      error: 'item_is_not_tradable',
      retried: true,
    });
    expect(clock.sleeps).toEqual([30_000]);
    expect((await bed.sim.keyStats(key)).byMethod).toMatchObject({ 'add-to-sale': 2, 'update-inventory': 1 });
  });

  test('an error outside the list (item_not_inserted) is reported at once: no refresh, no wait', async ({
    expect,
  }) => {
    const { key, assetId, clock, tm } = await accountWith({ addToSaleError: 'item_not_inserted' });
    expect(await tm.selling.listItem({ assetId, price: '10' })).toEqual({
      assetId,
      itemId: null,
      error: 'item_not_inserted',
      retried: false,
    });
    expect(clock.sleeps).toEqual([]);
    expect((await bed.sim.keyStats(key)).byMethod).toEqual({ 'add-to-sale': 1 });
  });

  test('many items: one refresh and one wait for all that need it, results in the given order', async ({
    expect,
  }) => {
    const account = await bed.sim.createAccount({ names: [NAME, NAME] });
    const [late] = await bed.sim.addItems(account.key, { names: [NAME], visible: false });
    const [broken] = await bed.sim.addItems(account.key, {
      names: [NAME],
      addToSaleError: 'no_description_found',
      errorTimes: 2,
    });
    const clock = simulatedClock(bed.sim);
    const market = new TmMarket(simulatorClient(bed.sim, bed.http, { apiKey: account.key, clock }));
    const [a, b] = account.items;
    const results = await market.listForSale([
      { asset_id: a!.assetid, price: '100' },
      { asset_id: late!.assetid, price: '101' },
      { asset_id: broken!.assetid, price: '102' },
      { asset_id: b!.assetid, price: '103' },
    ]);
    expect(results.map((result) => [result.asset_id, result.listing_id !== null, result.error])).toEqual([
      [a!.assetid, true, null],
      [late!.assetid, true, null],
      [broken!.assetid, false, 'no_description_found'],
      [b!.assetid, true, null],
    ]);
    expect(clock.sleeps).toEqual([30_000]);
    expect((await bed.sim.keyStats(account.key)).byMethod).toEqual({
      'add-to-sale': 6,
      'update-inventory': 1,
    });
    const listings = (await market.getListings()).map((listing) => listing.price).sort();
    expect(listings).toEqual(['100.00', '101.00', '103.00']);
  });
});
