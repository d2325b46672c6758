import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createSimClock } from '../../clock/sim-clock.ts';
import { startHarness, type Harness } from '../../test-support/sim-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ clock: createSimClock({ frozen: true, startAt: Date.UTC(2025, 0, 10, 12) }) });
});
afterAll(() => h.close());

interface ItemsReply {
  items: { item_id: string; status: string; left: number | null; price: number }[] | null;
}
interface P2pReply {
  success: boolean;
  offers: {
    partner: number;
    token: string;
    tradeoffermessage: string;
    items: { appid: number; contextid: string; assetid: string; amount: number }[];
  }[];
}
interface TradesReply {
  trades: {
    dir: string;
    trade_id: string;
    secret?: string;
    list_item_id?: Record<string, { assetid: string }>;
  }[];
}

const ping = (key: string) => h.postJson('/api/v2/ping-new', { key }, { access_token: 'token' });

describe('the sold-item lifecycle', () => {
  it('listing → sold (status 2, left counts down) → p2p offer → trade-ready → accepted → paid less 5%', async () => {
    const { key } = await h.account({ money: 0 });
    const { assetid, itemId } = await h.list(key, 100_000);
    const date = Math.floor(Date.UTC(2025, 0, 10) / 1000);

    const offline = await h.control('POST', `accounts/${key}/sell`, { item_id: itemId });
    expect(offline.status).toBe(409);
    expect(await h.v2('trade-request-give-p2p-all', { key })).toEqual({ success: false, error: 'nothing' });

    await ping(key);
    const sold = await h.control<{ sold: { item_id: string; tradeoffermessage: string }[] }>(
      'POST',
      `accounts/${key}/sell`,
      { item_id: itemId },
    );
    expect(sold.body.sold).toEqual([expect.objectContaining({ item_id: itemId })]);
    const code = sold.body.sold[0]?.tradeoffermessage;

    const items = await h.v2<ItemsReply>('items', { key });
    expect(items.items?.[0]).toMatchObject({ item_id: itemId, status: '2', left: 1800 });
    await h.advance(60_000);
    expect((await h.v2<ItemsReply>('items', { key })).items?.[0]?.left).toBe(1740);

    const p2p = await h.v2<P2pReply>('trade-request-give-p2p-all', { key });
    expect(p2p.success).toBe(true);
    expect(p2p.offers).toEqual([
      {
        partner: expect.any(Number),
        token: expect.stringMatching(/^.{8}$/),
        tradeoffermessage: code,
        items: [{ appid: 730, contextid: '2', assetid, amount: 1 }],
      },
    ]);

    expect(await h.v2('trade-ready', { key })).toEqual({ success: false, error: 'bad_input' });
    expect(await h.v2('trade-ready', { key, tradeoffer: '7000000001' })).toEqual({ success: true });
    const trades = await h.v2<TradesReply>('trades', { key, extended: 1 });
    expect(trades.trades).toEqual([
      expect.objectContaining({
        dir: 'out',
        trade_id: '7000000001',
        secret: code,
        list_item_id: { [itemId]: expect.objectContaining({ assetid }) },
      }),
    ]);
    // Still owed until the trade completes: the bot must not send it twice.
    expect((await h.v2<P2pReply>('trade-request-give-p2p-all', { key })).offers).toHaveLength(1);
    expect((await h.v2<ItemsReply>('items', { key })).items?.[0]?.left).toBe(7 * 3600);

    const accepted = await h.control('POST', `accounts/${key}/trade-accepted`, { tradeoffer: '7000000001' });
    expect(accepted.body).toEqual({ listings: [itemId], purchases: [] });
    expect(await h.v2('items', { key })).toEqual({ success: true, items: null });
    expect(await h.v2('get-money', { key })).toMatchObject({ money: 950 });
    expect(await h.v2('trades', { key })).toEqual({ success: true, trades: [] });
    expect(await h.v2('trade-request-give-p2p-all', { key })).toEqual({ success: false, error: 'nothing' });
    const history = await h.v2<{ data: Record<string, unknown>[] }>('history', { key, date });
    expect(history.data).toEqual([
      expect.objectContaining({
        event: 'sell',
        stage: '2',
        item_id: itemId,
        paid: 100_000,
        received: 95_000,
      }),
    ]);
    expect(await h.v2('history', { key, date: date - 86_400, date_end: date - 1 })).toEqual({
      success: true,
      data: [],
    });
    expect(await h.v2('history', { key })).toEqual({ success: false, error: 'bad_input' });
    const operations = await h.v2<{ data: unknown[] }>('operation-history', {
      key,
      date,
      date_end: date + 86_400,
    });
    expect(operations.data).toHaveLength(1);
    const inventory = await h.v2<{ items: { id: string }[] }>('my-inventory', { key });
    expect(inventory.items.map((item) => item.id)).not.toContain(assetid);
  });

  it('a sale without a registered offer fails when the transfer window ends', async () => {
    const { key } = await h.account({ online: true });
    const { assetid, itemId } = await h.list(key, 5_000);
    await h.control('POST', `accounts/${key}/sell`, { item_id: itemId });
    await h.advance(30 * 60_000 + 1);
    expect(await h.v2('items', { key })).toEqual({ success: true, items: null });
    expect(await h.v2('get-money', { key })).toMatchObject({ money: 0 });
    const inventory = await h.v2<{ items: { id: string }[] }>('my-inventory', { key });
    expect(inventory.items.map((item) => item.id)).toContain(assetid);
    const history = await h.v2<{ data: { stage: string }[] }>('history', { key, date: 0 });
    expect(history.data[0]?.stage).toBe('5');
  });

  it('a registered offer left unaccepted for 7 hours counts as failed', async () => {
    const { key } = await h.account({ online: true });
    const { itemId } = await h.list(key, 5_000);
    await h.control('POST', `accounts/${key}/sell`, { item_id: itemId });
    await h.v2('trade-ready', { key, tradeoffer: '7000000002' });
    await h.advance(7 * 3_600_000 - 1000);
    expect((await h.v2<ItemsReply>('items', { key })).items?.[0]?.status).toBe('2');
    await h.advance(1000);
    expect(await h.v2('items', { key })).toEqual({ success: true, items: null });
    expect(await h.v2('trades', { key })).toEqual({ success: true, trades: [] });
  });

  it('auto-accepts after autoAcceptTradeMs when configured; sales to one buyer share an offer', async () => {
    await h.control('POST', 'config', { autoAcceptTradeMs: 120_000 });
    const seller = await h.account({ online: true });
    const buyer = await h.account({ money: 10_000 });
    const a = await h.list(seller.key, 10_000);
    const b = await h.list(seller.key, 20_000);
    await h.control('POST', `accounts/${seller.key}/sell`, { count: 2, buyerKey: buyer.key });
    const p2p = await h.v2<P2pReply>('trade-request-give-p2p-all', { key: seller.key });
    expect(p2p.offers).toHaveLength(1);
    expect(p2p.offers[0]?.items.map((item) => item.assetid).sort()).toEqual([a.assetid, b.assetid].sort());
    expect(p2p.offers[0]?.partner).toBe(buyer.steamid32);
    expect(p2p.offers[0]?.token).toBe(buyer.tradeToken);

    const bought = await h.v2<ItemsReply>('items', { key: buyer.key });
    expect(bought.items?.map((item) => item.status)).toEqual(['3', '3']);
    await h.v2('trade-ready', { key: seller.key, tradeoffer: '7000000003' });
    const incoming = await h.v2<TradesReply>('trades', { key: buyer.key });
    expect(incoming.trades).toEqual([
      expect.objectContaining({ dir: 'in', trade_id: '7000000003' }),
      expect.objectContaining({ dir: 'in', trade_id: '7000000003' }),
    ]);
    expect((await h.v2<ItemsReply>('items', { key: buyer.key })).items?.map((item) => item.status)).toEqual([
      '4',
      '4',
    ]);
    await h.advance(120_000);
    expect(await h.v2('items', { key: seller.key })).toEqual({ success: true, items: null });
    expect(await h.v2('items', { key: buyer.key })).toEqual({ success: true, items: null });
    expect(await h.v2('get-money', { key: seller.key })).toMatchObject({ money: 285 });
    expect(await h.v2('get-money', { key: buyer.key })).toMatchObject({ money: 9700 });
    // The items arrive under a trade hold and become visible after update-inventory.
    await h.v2('update-inventory', { key: buyer.key });
    await h.advance(20_001);
    const inventory = await h.v2<{ items: { tradable: number }[] }>('my-inventory', { key: buyer.key });
    expect(inventory.items.map((item) => item.tradable)).toEqual([0, 0]);
    await h.advance(7 * 86_400_000);
    const later = await h.v2<{ items: { tradable: number }[] }>('my-inventory', { key: buyer.key });
    expect(later.items.map((item) => item.tradable)).toEqual([1, 1]);
    await h.control('POST', 'config', { autoAcceptTradeMs: null });
  });

  it('random sales (randomSalesPerHour) sell online listings only', async () => {
    const online = await h.account({ online: true });
    const offline = await h.account();
    await h.list(online.key, 5_000);
    await h.list(offline.key, 5_000);
    await h.control('POST', 'config', { randomSalesPerHour: 1000 });
    await h.advance(60_000);
    await h.control('POST', 'config', { randomSalesPerHour: 0 });
    expect((await h.v2<ItemsReply>('items', { key: online.key })).items?.[0]?.status).toBe('2');
    expect((await h.v2<ItemsReply>('items', { key: offline.key })).items?.[0]?.status).toBe('1');
  });
});
