import { describe, expect, it } from 'vitest';

import { MarketApiError } from '../kit/market-errors.ts';
import { fixture } from '@toydesk/http/testing/replay-server';
import { useMarketSim } from '../testing/market-sim.ts';
import { shapeDifferences } from '@toydesk/http/testing/wire-shape';
import { useReplayedMarket } from '../testing/use-replayed-market.ts';
import { WaxpeerMarket } from './waxpeer-market.ts';

/**
 * Waxpeer's documented example answers (fixtures/, sources in fixtures/SOURCES.md) through the real client over
 * real HTTP: a loopback server replays the recorded bytes. Prices are mils (1000 = $1) on every endpoint.
 */

const read = (name: string) => fixture(new URL(`./fixtures/${name}`, import.meta.url));
const TRADE_LINK = { partner: '900267897', token: 'P2YkRJOk' };

const bed = useReplayedMarket(WaxpeerMarket, 'recorded-key');

const lastQuery = () => new URL(bed.replay.received.at(-1)!.url, 'http://x').searchParams;

describe('Waxpeer recorded answers through the client', () => {
  it('reads the inventory (asset ids as strings) and the steam price in mils', async () => {
    bed.replay.answer('GET', '/v1/get-my-inventory', { body: read('get-my-inventory.json') });
    const [item] = await bed.market.getInventory();
    expect(item).toMatchObject({
      asset_id: '24758826121',
      market_hash_name: '★ Butterfly Knife | Gamma Doppler (Factory New)',
      market_price: '2767.941',
    });
    expect(lastQuery().get('api')).toBe('recorded-key');
    bed.replay.answer('GET', '/v1/fetch-my-inventory', { body: read('fetch-my-inventory.json') });
    expect(await bed.market.client.fetchMyInventory()).toMatchObject({ success: true });
  });

  it('lists in mils and reads listed and failed items (numeric item ids) per item', async () => {
    bed.replay.answer('POST', '/v1/list-items-steam', { body: read('list-items-steam-post.json') });
    const results = await bed.market.listForSale([
      { asset_id: '141414144', price: '1' },
      { asset_id: '141414145', price: '1.0005' },
    ]);
    expect(results).toEqual([
      { asset_id: '141414144', listing_id: '141414144', error: null },
      { asset_id: '141414145', listing_id: null, error: 'You can list your item after 40 seconds' },
    ]);
    expect(JSON.parse(bed.replay.received.at(-1)!.body)).toEqual({
      items: [
        { item_id: 141414144, price: 1000 },
        { item_id: 141414145, price: 1001 },
      ],
    });
  });

  it('refuses to send an asset id past 2^53 as a JSON number', async () => {
    const before = bed.replay.received.length;
    const [result] = await bed.market.listForSale([{ asset_id: '9007199254740993', price: '1' }]);
    expect(result).toMatchObject({ listing_id: null, error: 'invalid asset id' });
    expect(bed.replay.received.length).toBe(before);
  });

  it('reads our listings with prices in mils', async () => {
    bed.replay.answer('GET', '/v1/list-items-steam', { body: read('list-items-steam-get.json') });
    expect(await bed.market.getListings()).toEqual([
      {
        listing_id: '16037911576',
        asset_id: '16037911576',
        market_hash_name: '★ Butterfly Knife | Gamma Doppler (Factory New)',
        price: '2367.941',
        currency: 'USD',
        status: 'on_sale',
        position: 1,
      },
    ]);
  });

  it('reprices (string ids and prices in the answer) and delists (the answer only counts)', async () => {
    bed.replay.answer('POST', '/v1/edit-items', { body: read('edit-items.json') });
    bed.replay.answer('GET', '/v1/remove-items', { body: read('remove-items.json') });
    bed.replay.answer('GET', '/v1/list-items-steam', { body: read('list-items-steam-get.json') });
    const results = await bed.market.setPrices([
      { listing_id: '141414144', price: '1.00' },
      { listing_id: '141414145', price: '1.00' },
      { listing_id: '141414146', price: null },
    ]);
    expect(results).toEqual([
      { listing_id: '141414144', ok: true, error: null },
      { listing_id: '141414145', ok: false, error: 'You can update price after 40 seconds' },
      // remove-items said `count: 1`; the item is no longer among the listed ones.
      { listing_id: '141414146', ok: true, error: null },
    ]);
  });

  it('reads the public prices: min and steam price in mils', async () => {
    bed.replay.answer('GET', '/v1/prices', { body: read('prices.json') });
    const [price] = await bed.market.getPrices();
    expect(price).toMatchObject({
      market_hash_name: '★ Hand Wraps | Cobalt Skulls (Minimal Wear)',
      price: '937.999',
    });
  });

  it('buys by name (price cap in mils) and reads a purchase by project id (status 4)', async () => {
    bed.replay.answer('GET', '/v1/buy-one-p2p-name', { body: read('buy-one-p2p-name.json') });
    const bought = await bed.market.buy({
      market_hash_name: 'Nova | Sand Dune (Field-Tested)',
      max_price: '0.14',
      trade_link: TRADE_LINK,
      custom_id: 'My_custom_project_identifier_asgd6ad8sg68gasgas8d',
    });
    expect(bought).toMatchObject({
      purchase_id: '1',
      custom_id: 'My_custom_project_identifier_asgd6ad8sg68gasgas8d',
    });
    expect(lastQuery().get('price')).toBe('140');
    bed.replay.answer('GET', '/v1/check-many-project-id', { body: read('check-many-project-id.json') });
    const { trades } = await bed.market.client.checkProjectIds([
      'My_custom_project_identifier_asgd6ad8sg68gasgas8d',
    ]);
    expect(trades[0]).toMatchObject({ id: '1', price: 140, status: 4, done: false });
  });

  it('reads, creates, edits and removes buy orders (the remove answer is a count)', async () => {
    bed.replay.answer('GET', '/v1/buy-orders', { body: read('buy-orders.json') });
    expect(await bed.market.getBuyOrders()).toEqual([
      {
        order_id: '1',
        market_hash_name: 'MP9 | Hypnotic (Minimal Wear)',
        price: '0.001',
        currency: 'USD',
        count: 3,
      },
    ]);
    bed.replay.answer('POST', '/v1/create-buy-order', { body: read('create-buy-order.json') });
    expect(
      await bed.market.client.createBuyOrder({ name: 'MP9 | Hypnotic (Minimal Wear)', amount: 5, price: 1 }),
    ).toMatchObject({
      id: '2007',
    });
    bed.replay.answer('POST', '/v1/edit-buy-order', { body: read('edit-buy-order.json') });
    expect(await bed.market.client.editBuyOrder({ id: '2007', amount: 6, price: 2008 })).toMatchObject({
      success: true,
    });
    bed.replay.answer('GET', '/v1/remove-buy-order', { body: read('remove-buy-order.json') });
    expect(await bed.market.client.removeBuyOrders(['2007'])).toMatchObject({ removed: 5 });
  });

  it('reads the history: trades under data.trades, action buy/sell, price in mils', async () => {
    bed.replay.answer('POST', '/v1/my-history', { body: read('my-history.json') });
    const entries = await bed.market.getHistory(
      new Date('2022-10-01T00:00:00Z'),
      new Date('2022-11-01T00:00:00Z'),
    );
    expect(entries).toEqual([
      {
        id: '4258120',
        side: 'buy',
        market_hash_name: 'Sticker | BIG | Antwerp 2022',
        price: '0.024',
        currency: 'USD',
        at: '2022-10-29T23:52:17.318Z',
        status: '5',
      },
    ]);
  });

  it("turns the error envelope into a MarketApiError with Waxpeer's msg", async () => {
    bed.replay.answer('GET', '/v1/fetch-my-inventory', { body: read('error-no-token.json') });
    const error = await bed.market.client.fetchMyInventory().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MarketApiError);
    expect(error).toMatchObject({ status: 200, code: 'No token found', reason: 'No token found' });
  });
});

describe('the Waxpeer simulator answers with the recorded shapes', () => {
  const sim = useMarketSim('waxpeer');
  const NAME = 'AK-47 | Redline (Field-Tested)';

  it('edit-items, remove-items, buy orders and my-history have the fields and types of the real answers', async () => {
    const account = await sim.control.account({ money: '100.00', names: [NAME, NAME] });
    const simMarket = new WaxpeerMarket(sim.config(account.credential));
    type Answer = Record<string, unknown> & { id: number; data: { trades: Record<string, unknown>[] } };
    const get = async (path: string, init: RequestInit = {}) =>
      (await (
        await fetch(
          `${sim.endpoint.baseUrl}${path}${path.includes('?') ? '&' : '?'}api=${account.credential}`,
          init,
        )
      ).json()) as Answer;
    const [first, second] = await simMarket.getInventory();
    const listed = await get('/v1/list-items-steam?game=csgo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [
          { item_id: Number(first!.asset_id), price: 5000 },
          { item_id: Number(second!.asset_id), price: 5000 },
        ],
      }),
    });
    expect(shapeDifferences(JSON.parse(read('list-items-steam-post.json')).listed, listed.listed)).toEqual(
      [],
    );
    const edited = await get('/v1/edit-items?game=csgo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ item_id: Number(first!.asset_id), price: 4000 }] }),
    });
    expect(shapeDifferences(JSON.parse(read('edit-items.json')).updated, edited.updated)).toEqual([]);
    const removed = await get(`/v1/remove-items?id=${second!.asset_id}`);
    expect(removed).toEqual({ success: true, count: 1 });
    const created = await get(
      `/v1/create-buy-order?name=${encodeURIComponent(NAME)}&amount=2&price=1000&game=csgo`,
      { method: 'POST' },
    );
    expect(shapeDifferences(JSON.parse(read('create-buy-order.json')), created)).toEqual([]);
    const edit = await get('/v1/edit-buy-order', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: created.id, amount: 3, price: 1100 }),
    });
    expect(shapeDifferences(JSON.parse(read('edit-buy-order.json')), edit)).toEqual([]);
    const orders = await get('/v1/buy-orders?own=1&game=csgo');
    expect(
      shapeDifferences({ ...JSON.parse(read('buy-orders.json')), offers: [] }, { ...orders, offers: [] }),
    ).toEqual([]);
    const gone = await get(`/v1/remove-buy-order?id=${String(created.id)}`);
    expect(shapeDifferences(JSON.parse(read('remove-buy-order.json')), gone)).toEqual([]);
    await sim.control.call('POST', `accounts/${account.id}/sell`, { count: 1 });
    const history = await get('/v1/my-history', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ skip: 0, start: '2000-01-01T00:00:00Z', end: '2100-01-01T00:00:00Z' }),
    });
    const real = JSON.parse(read('my-history.json'));
    expect(shapeDifferences({ ...real, data: { trades: real.data.trades } }, history)).toEqual([]);
    expect(history.data.trades[0]).toMatchObject({ action: 'sell', status: 5 });
  });
});
