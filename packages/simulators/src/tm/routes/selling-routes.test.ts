import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from '../../test-support/sim-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

interface InventoryReply {
  items: { id: string; classid: string; instanceid: string; market_hash_name: string; tradable: number }[];
}
interface ItemsReply {
  success: boolean;
  items: { item_id: string; price: number; status: string; position: number; left: number | null }[] | null;
}

describe('selling', () => {
  it('my-inventory shows Steam items with the assetid as id; listed ones disappear', async () => {
    const account = await h.account({
      names: ['AK-47 | Redline (Field-Tested)', 'AWP | Asiimov (Field-Tested)'],
    });
    const inventory = await h.v2<InventoryReply>('my-inventory', { key: account.key });
    expect(inventory.items.map((item) => item.id).sort()).toEqual(
      account.items.map((item) => item.assetid).sort(),
    );
    expect(inventory.items[0]).toMatchObject({ tradable: 1, market_price: expect.any(Number) });
    const id = inventory.items[0]?.id ?? '';
    const listed = await h.v2('add-to-sale', { key: account.key, id, price: 150000, cur: 'RUB' });
    expect(listed).toEqual({ success: true, item_id: expect.any(Number) });
    const after = await h.v2<InventoryReply>('my-inventory', { key: account.key });
    expect(after.items.map((item) => item.id)).not.toContain(id);
    expect(await h.v2('add-to-sale', { key: account.key, id, price: 150000 })).toEqual({
      success: false,
      error: 'item_not_in_inventory',
    });
  });

  it('adds items with given Steam asset ids (mirroring a simulated Steam account); refuses bad or taken ids', async () => {
    const { key } = await h.account({});
    const names = ['AK-47 | Redline (Field-Tested)', 'AWP | Asiimov (Field-Tested)'];
    const added = await h.control<{ items: { assetid: string }[] }>('POST', `accounts/${key}/items`, {
      names,
      assetids: ['900000000001', '900000000002'],
    });
    expect(added.body.items.map((item) => item.assetid)).toEqual(['900000000001', '900000000002']);
    const inventory = await h.v2<InventoryReply>('my-inventory', { key });
    expect(inventory.items.map((item) => item.id).sort()).toEqual(['900000000001', '900000000002']);
    const refused = async (body: unknown) => {
      const response = await h.control('POST', `accounts/${key}/items`, body);
      return response.status;
    };
    expect(await refused({ names, assetids: ['900000000003'] })).toBe(400);
    expect(await refused({ names: [names[0]], assetids: ['900000000001'] })).toBe(400);
    expect(await refused({ names: [names[0]], assetids: ['12a'] })).toBe(400);
    expect(await refused({ count: 1, assetids: ['900000000004'] })).toBe(400);
  });

  it('add-to-sale answers every documented error', async () => {
    const { key } = await h.account({ inventory: 1 });
    const [item] = (await h.v2<InventoryReply>('my-inventory', { key })).items;
    const id = item?.id ?? '';
    const err = (error: string) => ({ success: false, error });
    expect(await h.v2('add-to-sale', { key, price: 100 })).toEqual(err('bad_input'));
    expect(await h.v2('add-to-sale', { key, id: 'abc', price: 100 })).toEqual(err('bad_input'));
    expect(await h.v2('add-to-sale', { key, id, price: 100, cur: 'XYZ' })).toEqual(err('bad_input'));
    expect(await h.v2('add-to-sale', { key, id })).toEqual(err('bad_request'));
    expect(await h.v2('add-to-sale', { key, id, price: '12.5' })).toEqual(err('bad_request'));
    expect(await h.v2('add-to-sale', { key, id, price: 100, cur: 'USD' })).toMatchObject(
      err('wrong_currency'),
    );
    expect(await h.v2('add-to-sale', { key, id: '999', price: 100 })).toEqual(err('item_not_in_inventory'));

    const fails = async (options: Record<string, unknown>) => {
      const added = await h.control<{ items: { assetid: string }[] }>(
        'POST',
        `accounts/${key}/items`,
        options,
      );
      return added.body.items[0]?.assetid ?? '';
    };
    const notReceived = await fails({ addToSaleError: 'item_not_recieved' });
    expect(await h.v2('add-to-sale', { key, id: notReceived, price: 100 })).toEqual(err('item_not_recieved'));
    expect(await h.v2('add-to-sale', { key, id: notReceived, price: 100 })).toEqual(err('item_not_recieved'));
    await h.v2('update-inventory', { key });
    await h.advance(20_001);
    expect(await h.v2('add-to-sale', { key, id: notReceived, price: 100 })).toMatchObject({ success: true });

    const noDescription = await fails({ addToSaleError: 'no_description_found', errorTimes: 2 });
    expect(await h.v2('add-to-sale', { key, id: noDescription, price: 100 })).toEqual(
      err('no_description_found'),
    );
    expect(await h.v2('add-to-sale', { key, id: noDescription, price: 100 })).toEqual(
      err('no_description_found'),
    );
    expect(await h.v2('add-to-sale', { key, id: noDescription, price: 100 })).toMatchObject({
      success: true,
    });

    const notInserted = await fails({ addToSaleError: 'item_not_inserted' });
    expect(await h.v2('add-to-sale', { key, id: notInserted, price: 100 })).toEqual(err('item_not_inserted'));
    expect(await h.v2('add-to-sale', { key, id: notInserted, price: 100 })).toMatchObject({ success: true });

    const untradable = await fails({ tradable: false });
    expect(await h.v2('add-to-sale', { key, id: untradable, price: 100 })).toEqual(
      err('item_is_not_tradable'),
    );

    const unseen = await fails({ visible: false });
    expect(await h.v2('add-to-sale', { key, id: unseen, price: 100 })).toEqual(err('item_not_in_inventory'));
    await h.v2('update-inventory', { key });
    await h.advance(20_001);
    expect(await h.v2('add-to-sale', { key, id: unseen, price: 100 })).toMatchObject({ success: true });

    const unloaded = await h.account({ inventory: 1 });
    await h.control('PATCH', `accounts/${unloaded.key}`, { inventoryLoaded: false });
    const asset = unloaded.items[0]?.assetid ?? '';
    expect(await h.v2('add-to-sale', { key: unloaded.key, id: asset, price: 100 })).toEqual(
      err('inventory_not_loaded'),
    );
  });

  it('items: price in major units, status as a string, null when nothing is listed', async () => {
    const { key } = await h.account({ online: true });
    expect(await h.v2('items', { key })).toEqual({ success: true, items: null });
    const { itemId } = await h.list(key, 123456);
    const items = await h.v2<ItemsReply>('items', { key });
    expect(items.items).toEqual([
      expect.objectContaining({
        item_id: itemId,
        price: 1234.56,
        currency: 'RUB',
        status: '1',
        market_hash_name: 'AK-47 | Redline (Field-Tested)',
        position: expect.any(Number),
        left: null,
      }),
    ]);
    const usd = await h.account({ currency: 'USD' });
    await h.list(usd.key, 12345);
    expect((await h.v2<ItemsReply>('items', { key: usd.key })).items?.[0]).toMatchObject({
      price: 12.345,
      currency: 'USD',
    });
  });

  it('set-price reprices, 0 delists, an unknown id is bad_item', async () => {
    const { key } = await h.account();
    const { itemId } = await h.list(key, 5000);
    expect(await h.v2('set-price', { key, item_id: itemId, price: 4500, cur: 'RUB' })).toEqual({
      success: true,
    });
    expect((await h.v2<ItemsReply>('items', { key })).items?.[0]?.price).toBe(45);
    expect(await h.v2('set-price', { key, item_id: itemId, price: 4500, cur: 'EUR' })).toMatchObject({
      error: 'wrong_currency',
    });
    expect(await h.v2('set-price', { key, item_id: '1', price: 4500 })).toEqual({
      success: false,
      error: 'bad_item',
    });
    expect(await h.v2('set-price', { key, item_id: itemId, price: 'x' })).toEqual({
      success: false,
      error: 'bad_request',
    });
    expect(await h.v2('set-price', { key, item_id: itemId, price: 0 })).toEqual({ success: true });
    expect(await h.v2('items', { key })).toEqual({ success: true, items: null });
    expect((await h.v2<InventoryReply>('my-inventory', { key })).items).toHaveLength(1);
  });

  it('remove-all-from-sale answers {count, success}', async () => {
    const { key } = await h.account();
    expect(await h.v2('remove-all-from-sale', { key })).toEqual({ count: 0, success: true });
    await h.list(key, 5000);
    await h.list(key, 6000);
    expect(await h.v2('remove-all-from-sale', { key })).toEqual({ count: 2, success: true });
    expect(await h.v2('items', { key })).toEqual({ success: true, items: null });
  });

  it('mass-set-price-mhn reprices every listing of a name (POST JSON)', async () => {
    const { key } = await h.account();
    await h.list(key, 5000, 'AWP | Asiimov (Field-Tested)');
    await h.list(key, 6000, 'AWP | Asiimov (Field-Tested)');
    await h.list(key, 7000);
    const reply = await h.postJson<{ items: unknown[] }>(
      '/api/v2/mass-set-price-mhn',
      { key, cur: 'RUB' },
      { market_hash_name: 'AWP | Asiimov (Field-Tested)', price: 5500 },
    );
    expect(reply.body.items).toHaveLength(2);
    const prices = (await h.v2<ItemsReply>('items', { key })).items?.map((item) => item.price).sort();
    expect(prices).toEqual([55, 55, 70]);
  });

  it('MassSetPriceById: form list[<item_id>]=<kopecks>, 0 removes, minimum 50, replies with items', async () => {
    const { key } = await h.account();
    const a = await h.list(key, 5000);
    const b = await h.list(key, 6000);
    const c = await h.list(key, 7000);
    const form = `list[${a.itemId}]=4200&list[${b.itemId}]=0&list[${c.itemId}]=49&list[1]=100`;
    const reply = await h.postForm('/api/MassSetPriceById/', { key }, form);
    expect(reply.body).toEqual({
      success: true,
      items: [
        { item_id: a.itemId, success: true, price: 4200 },
        { item_id: b.itemId, success: true, price: 0, status: 'removed' },
        { item_id: c.itemId, success: false, error: 'bad_price' },
        { item_id: '1', success: false, error: 'bad_item' },
      ],
    });
    const items = (await h.v2<ItemsReply>('items', { key })).items ?? [];
    expect(items.map((item) => [item.item_id, item.price])).toEqual([
      [a.itemId, 42],
      [c.itemId, 70],
    ]);
    expect((await h.postForm('/api/MassSetPriceById/', { key }, '')).body).toEqual({
      success: false,
      error: 'bad_input',
    });
  });
});
