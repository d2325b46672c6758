import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createSimClock } from '../../clock/sim-clock.ts';
import { loadCatalogue } from '../../data/catalogue.ts';
import type { StatsSnapshot } from '../stats/sim-stats.ts';
import { startHarness, type Harness } from '../../test-support/sim-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ clock: createSimClock({ frozen: true }) });
});
afterAll(() => h.close());

const NAME = 'AK-47 | Redline (Field-Tested)';

interface SearchReply {
  currency: string;
  data: { market_hash_name: string; price: number; class: string; instance: string; count: number }[];
}
interface BuyInfo {
  success: boolean;
  data: { stage: number; trade_id: string | null; paid: number; time: number; settlement: number };
}
interface ItemsReply {
  items: { item_id: string; status: string; left: number | null }[] | null;
}

const cheapest = async (key: string, name = NAME) =>
  (await h.v2<SearchReply>('search-item-by-hash-name', { key, hash_name: name })).data[0]?.price ?? 0;

describe('buying', () => {
  it('search endpoints answer integer minor units of the caller currency', async () => {
    const rub = await h.account();
    const usd = await h.account({ currency: 'USD' });
    const rubSearch = await h.v2<SearchReply>('search-item-by-hash-name', { key: rub.key, hash_name: NAME });
    expect(rubSearch.currency).toBe('RUB');
    expect(rubSearch.data[0]).toMatchObject({ market_hash_name: NAME, count: expect.any(Number) });
    expect(Number.isInteger(rubSearch.data[0]?.price)).toBe(true);
    const prices = rubSearch.data.map((entry) => entry.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const usdSearch = await h.v2<SearchReply>('search-item-by-hash-name', { key: usd.key, hash_name: NAME });
    expect(usdSearch.currency).toBe('USD');
    expect(usdSearch.data[0]?.price).toBe(Math.ceil(((rubSearch.data[0]?.price ?? 0) / 100 / 90) * 1000));

    const all = await h.v2<{ data: Record<string, { id: number; price: number }[]> }>(
      'search-list-items-by-hash-name-all',
      { key: rub.key, 'list_hash_name[]': [NAME, 'AWP | Asiimov (Field-Tested)'] },
    );
    expect(Object.keys(all.data)).toEqual([NAME, 'AWP | Asiimov (Field-Tested)']);
    expect(all.data[NAME]?.[0]).toMatchObject({ id: expect.any(Number), price: prices[0] });
    const tooMany = Array.from({ length: 51 }, (_, i) => `name ${i}`);
    expect(
      await h.v2('search-list-items-by-hash-name-all', { key: rub.key, 'list_hash_name[]': tooMany }),
    ).toMatchObject({ success: false, error: 'bad_input' });

    const specific = await h.v2<{ data: { extra: { float: string } }[] }>(
      'search-item-by-hash-name-specific',
      {
        key: rub.key,
        hash_name: NAME,
      },
    );
    expect(specific.data[0]?.extra.float).toMatch(/^0\.\d{6}$/);

    const book = await h.v2<{ bid: { price: number }[]; ask: { price: number }[] }>('bid-ask', {
      key: rub.key,
      hash_name: NAME,
    });
    expect(book.ask[0]?.price).toBe(prices[0]);
    expect(book.bid.length).toBeGreaterThan(0);
    expect(Math.max(...book.bid.map((bid) => bid.price))).toBeLessThan(prices[0] ?? 0);
  });

  it('buy by hash_name: status 3 → 4 → accepted (stage 2), the item arrives', async () => {
    const { key } = await h.account({ money: 100_000 });
    const price = await cheapest(key);
    expect(await h.v2('buy', { key, hash_name: NAME, price: price - 1 })).toEqual({
      success: false,
      error: 'price_too_low',
    });
    expect(await h.v2('buy', { key, hash_name: NAME, price, cur: 'USD' })).toMatchObject({
      error: 'wrong_currency',
    });
    const bought = await h.v2<{ success: boolean; id: string }>('buy', {
      key,
      hash_name: NAME,
      price,
      cur: 'RUB',
      custom_id: 'c-1',
    });
    expect(bought).toEqual({ success: true, id: expect.any(String) });
    expect(await h.v2('get-money', { key })).toMatchObject({ money: (10_000_000 - price) / 100 });
    expect((await h.v2<ItemsReply>('items', { key })).items?.[0]).toMatchObject({
      item_id: bought.id,
      status: '3',
      settlement: 0,
    });
    let info = await h.v2<BuyInfo>('get-buy-info-by-custom-id', { key, custom_id: 'c-1' });
    expect(info.data).toMatchObject({ stage: 1, trade_id: null, paid: price, settlement: 0 });

    await h.advance(60_000);
    const delivered = await h.v2<ItemsReply>('items', { key });
    expect(delivered.items?.[0]).toMatchObject({ status: '4', left: 7 * 3600 });
    info = await h.v2<BuyInfo>('get-buy-info-by-custom-id', { key, custom_id: 'c-1' });
    const tradeId = info.data.trade_id ?? '';
    expect(tradeId).toMatch(/^\d+$/);
    expect((await h.v2<{ trades: unknown[] }>('trades', { key })).trades).toEqual([
      expect.objectContaining({ dir: 'in', trade_id: tradeId }),
    ]);
    await h.control('POST', `accounts/${key}/trade-accepted`, { tradeoffer: tradeId });
    info = await h.v2<BuyInfo>('get-buy-info-by-custom-id', { key, custom_id: 'c-1' });
    expect(info.data.stage).toBe(2);
    // In the buyer's inventory; tm settles it when the 7-day trade protection ends (unix seconds).
    expect(info.data.settlement).toBeGreaterThanOrEqual(info.data.time + 7 * 86_400);
    expect(await h.v2('items', { key })).toEqual({ success: true, items: null });
    await h.v2('update-inventory', { key });
    await h.advance(20_001);
    const inventory = await h.v2<{ items: { market_hash_name: string; tradable: number }[] }>(
      'my-inventory',
      {
        key,
      },
    );
    expect(inventory.items).toEqual([expect.objectContaining({ market_hash_name: NAME, tradable: 0 })]);
    const history = await h.v2<{ data: Record<string, unknown>[] }>('history', { key, date: 0 });
    expect(history.data).toEqual([
      expect.objectContaining({ event: 'buy', stage: '2', custom_id: 'c-1', paid: price, app: 730 }),
    ]);
  });

  it('buy is idempotent per custom_id and counted in the stats', async () => {
    const { key } = await h.account({ money: 100_000 });
    const price = await cheapest(key);
    const first = await h.v2('buy', { key, hash_name: NAME, price: price * 2, custom_id: 'same' });
    const second = await h.v2('buy', { key, hash_name: NAME, price: price * 2, custom_id: 'same' });
    expect(second).toEqual(first);
    expect((await h.v2<ItemsReply>('items', { key })).items).toHaveLength(1);
    await h.v2('buy', { key, hash_name: NAME, price: price * 2 });
    const stats = (await h.control<StatsSnapshot>('GET', 'stats')).body.keys[key];
    expect(stats?.buys).toMatchObject({ calls: 3, purchases: 2, withoutCustomId: 1 });
    expect(stats?.buys.byCustomId.same).toEqual({ calls: 2, effects: 1 });
  });

  it('buy by id, own items, unknown ids, missing money and a failed purchase (stage 5, refund)', async () => {
    const seller = await h.account({ online: true });
    const buyer = await h.account({ money: 10 });
    const { itemId } = await h.list(seller.key, 5_000);
    expect(await h.v2('buy', { key: seller.key, id: itemId, price: 5_000 })).toMatchObject({
      error: 'cannot_buy_own_item',
    });
    expect(await h.v2('buy', { key: buyer.key, id: itemId, price: 5_000 })).toMatchObject({
      error: 'not_enough_money',
    });
    expect(await h.v2('buy', { key: buyer.key, id: '1', price: 5_000 })).toMatchObject({
      error: 'item_not_found',
    });
    expect(await h.v2('buy', { key: buyer.key, price: 5_000 })).toMatchObject({ error: 'bad_input' });
    await h.control('POST', `accounts/${buyer.key}/money`, { amount: 100 });
    expect(await h.v2('buy', { key: buyer.key, id: itemId, price: 4_999 })).toMatchObject({
      error: 'price_too_low',
    });
    const bought = await h.v2<{ id: string }>('buy', {
      key: buyer.key,
      id: itemId,
      price: 5_000,
      custom_id: 'x',
    });
    expect((await h.v2<ItemsReply>('items', { key: seller.key })).items?.[0]?.status).toBe('2');

    const failed = await h.control('POST', `accounts/${buyer.key}/purchases/fail`, { custom_id: 'x' });
    expect(failed.status).toBe(200);
    expect(await h.v2('get-money', { key: buyer.key })).toMatchObject({ money: 110 });
    const info = await h.v2<BuyInfo>('get-buy-info-by-custom-id', { key: buyer.key, custom_id: 'x' });
    expect(info.data.stage).toBe(5);
    expect(await h.v2('items', { key: seller.key })).toEqual({ success: true, items: null });
    expect(bought.id).toBeTruthy();
    expect(await h.v2('get-buy-info-by-custom-id', { key: buyer.key, custom_id: 'none' })).toMatchObject({
      success: false,
    });
  });

  it('a simulated seller that never delivers: the offer expires after 7 hours, money returns', async () => {
    const { key } = await h.account({ money: 100_000 });
    const price = await cheapest(key);
    await h.v2('buy', { key, hash_name: NAME, price, custom_id: 'slow' });
    await h.advance(60_000 + 7 * 3_600_000);
    const info = await h.v2<BuyInfo>('get-buy-info-by-custom-id', { key, custom_id: 'slow' });
    expect(info.data.stage).toBe(5);
    expect(await h.v2('get-money', { key })).toMatchObject({ money: 100_000 });
  });
});

describe('buy orders', () => {
  it('set-order upserts, get-orders pages by 100 in a stable order, price 0 deletes', async () => {
    const { key } = await h.account({ money: 1_000 });
    const names = loadCatalogue()
      .items.slice(0, 130)
      .map((item) => item.marketHashName);
    for (const name of names) await h.v2('set-order', { key, market_hash_name: name, count: 2, price: 1000 });
    const page0 = await h.v2<{ orders: { id: string; hash_name: string }[] }>('get-orders', { key, page: 0 });
    const page1 = await h.v2<{ orders: { id: string; hash_name: string }[] }>('get-orders', { key, page: 1 });
    expect(page0.orders).toHaveLength(100);
    expect(page1.orders).toHaveLength(30);
    expect([...page0.orders, ...page1.orders].map((order) => order.hash_name)).toEqual(names);
    expect((await h.v2<{ orders: unknown[] }>('get-orders', { key })).orders).toHaveLength(100);
    expect(await h.v2('get-orders', { key, page: 2 })).toEqual({ success: true, orders: [] });

    const replaced = await h.v2('set-order', {
      key,
      market_hash_name: names[0] ?? '',
      count: 1,
      price: 1500,
    });
    expect(replaced).toMatchObject({
      success: true,
      order: { id: page0.orders[0]?.id, price: 1500, count: 1 },
    });
    expect(await h.v2('set-order', { key, market_hash_name: names[0] ?? '' })).toEqual({
      success: true,
      order: null,
    });
    expect(await h.v2('set-order', { key, market_hash_name: 'No Such Item', price: 10 })).toMatchObject({
      error: 'item_not_found',
    });
    expect(await h.v2('delete-orders', { key })).toEqual({ success: true, deleted_orders: 129 });
    const stats = (await h.control<StatsSnapshot>('GET', 'stats')).body.keys[key];
    expect(stats?.ordersSet.calls).toBe(133);
  });

  it('fill-orders: simulated sellers fill at the order price', async () => {
    const { key } = await h.account({ money: 100 });
    await h.v2('set-order', { key, market_hash_name: NAME, count: 3, price: 2_500 });
    const fill = await h.control<{ filled: unknown[]; skipped: unknown[] }>(
      'POST',
      `accounts/${key}/fill-orders`,
      {
        count: 2,
      },
    );
    expect(fill.body.filled).toHaveLength(2);
    expect(await h.v2('get-money', { key })).toMatchObject({ money: 50 });
    expect((await h.v2<{ orders: { count: number }[] }>('get-orders', { key })).orders[0]?.count).toBe(1);
    expect((await h.v2<ItemsReply>('items', { key })).items?.map((item) => item.status)).toEqual(['3', '3']);
    await h.control('POST', `accounts/${key}/money`, { set: 10 });
    const broke = await h.control<{ skipped: { reason: string }[] }>(
      'POST',
      `accounts/${key}/fill-orders`,
      {},
    );
    expect(broke.body.skipped).toEqual([expect.objectContaining({ reason: 'not_enough_money' })]);
  });

  it('legacy ProcessOrder: insert, same_price, update, buy at once, delete; DeleteOrders', async () => {
    const { key } = await h.account({ money: 100_000 });
    const item = loadCatalogue().byHashName(NAME);
    const path = (price: number) => `/api/ProcessOrder/${item?.classid}/${item?.instanceid}/${price}/`;
    const get = async (price: number) => (await h.request('GET', h.url(path(price), { key }))).body;
    expect(await get(100)).toEqual({ success: true, way: 'insert' });
    expect(await get(100)).toEqual({ success: false, error: 'same_price' });
    expect(await get(200)).toEqual({ success: true, way: 'update' });
    expect(await get(0)).toEqual({ success: true, way: 'delete' });
    expect(await get(0)).toMatchObject({ success: false, error: 'order_not_found' });
    const price = await cheapest(key);
    expect(await get(price)).toEqual({ success: true, way: 'buy', id: expect.any(String) });
    expect((await h.v2<ItemsReply>('items', { key })).items).toHaveLength(1);
    await get(100);
    expect((await h.request('GET', h.url('/api/DeleteOrders/', { key }))).body).toEqual({
      success: true,
      deleted_orders: 1,
    });
  });
});
