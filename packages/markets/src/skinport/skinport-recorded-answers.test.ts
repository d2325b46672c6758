import { describe, expect, it } from 'vitest';

import { MarketAuthError } from '../kit/market-errors.ts';
import { fixture } from '@toydesk/http/testing/replay-server';
import { startMarketSim } from '../testing/market-sim.ts';
import { shapeDifferences } from '@toydesk/http/testing/wire-shape';
import { useReplayedMarket } from '../testing/use-replayed-market.ts';
import { SkinportMarket } from './skinport-market.ts';

/**
 * Skinport's documented example answers (fixtures/, sources in fixtures/SOURCES.md) through the real client over
 * real HTTP: a loopback server replays the recorded bytes. Amounts are major-unit floats in the currency asked.
 */

const read = (name: string) => fixture(new URL(`./fixtures/${name}`, import.meta.url));

const bed = useReplayedMarket(SkinportMarket, 'client-id:client-secret');

describe('Skinport recorded answers through the client', () => {
  it('reads /items: min prices as decimals, nothing for a name with no offers', async () => {
    bed.replay.answer('GET', '/v1/items', { body: read('items.json') });
    const prices = await bed.market.getPrices();
    expect(prices).toEqual([
      {
        market_hash_name: 'AK-47 | Aquamarine Revenge (Battle-Scarred)',
        price: '11.33',
        buy_order: null,
        currency: 'EUR',
        volume: null,
      },
      {
        market_hash_name: '★ M9 Bayonet | Fade (Factory New)',
        price: null,
        buy_order: null,
        currency: 'EUR',
        volume: null,
      },
    ]);
    const request = bed.replay.received.at(-1)!;
    expect(request.headers['accept-encoding']).toContain('br');
    expect(request.headers.authorization).toBeUndefined();
  });

  it('reads /sales/history with its older fields (sales list, no 24 h period)', async () => {
    bed.replay.answer('GET', '/v1/sales/history', { body: read('sales-history.json') });
    const [key, knife] = await bed.market.client.getSalesHistory('EUR', ['Glove Case Key']);
    expect(key).toMatchObject({ market_hash_name: 'Glove Case Key', last_24_hours: null });
    expect(key!.last_7_days).toMatchObject({ min: 1.77, avg: 1.81, volume: 4 });
    expect(knife!.last_7_days).toMatchObject({ min: null, volume: 0 });
  });

  it('reads /account/transactions: a sale credit (sub_type item), a withdrawal with items null, a purchase', async () => {
    bed.replay.answer('GET', '/v1/account/transactions', { body: read('account-transactions.json') });
    const history = await bed.market.getHistory(
      new Date('2021-01-01T00:00:00Z'),
      new Date('2022-01-01T00:00:00Z'),
    );
    expect(history).toEqual([
      {
        id: '9999993',
        side: 'sell',
        market_hash_name: 'Mann Co. Supply Crate Key',
        price: '1.57',
        currency: 'EUR',
        at: '2021-10-11T21:22:24.425Z',
        status: 'complete',
      },
      {
        id: '9999992',
        side: 'other',
        market_hash_name: null,
        price: '1333.70',
        currency: 'EUR',
        at: '2021-10-11T05:30:10.880Z',
        status: 'complete',
      },
      {
        id: '9999991',
        side: 'buy',
        market_hash_name: '★ Huntsman Knife',
        price: '90.01',
        currency: 'EUR',
        at: '2021-08-27T03:00:34.728Z',
        status: 'complete',
      },
    ]);
    expect(bed.replay.received.at(-1)!.headers.authorization).toBe(
      `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`,
    );
  });

  it('treats a 401 (documented: wrong credentials) as an auth error', async () => {
    bed.replay.answer('GET', '/v1/account/transactions', { status: 401, body: '' });
    await expect(bed.market.client.getTransactions()).rejects.toBeInstanceOf(MarketAuthError);
  });
});

describe('the Skinport simulator answers with the recorded shapes', () => {
  it('items, sales history and transactions have the fields and types of the real answers', async () => {
    const sim = await startMarketSim('skinport');
    try {
      const NAME = 'AK-47 | Redline (Field-Tested)';
      const account = await sim.control.account({ money: '100.00', names: [NAME] });
      await sim.control.call('POST', `accounts/${account.id}/history`, {
        side: 'sell',
        market_hash_name: NAME,
        price: '12.50',
      });
      await sim.control.call('POST', `accounts/${account.id}/history`, {
        side: 'buy',
        market_hash_name: NAME,
        price: '10.00',
      });
      const simMarket = new SkinportMarket(sim.config(account.credential));
      const items = await fetch(`${sim.endpoint.baseUrl}/v1/items?app_id=730&currency=EUR`, {
        headers: { 'accept-encoding': 'br' },
      });
      const [first] = (await items.json()) as unknown[];
      expect(shapeDifferences(JSON.parse(read('items.json'))[0], first)).toEqual([]);
      const sales = await fetch(
        `${sim.endpoint.baseUrl}/v1/sales/history?app_id=730&currency=EUR&market_hash_name=${encodeURIComponent(NAME)}`,
      );
      const [summary] = (await sales.json()) as Record<string, unknown>[];
      const recordedSales = JSON.parse(read('sales-history.json')) as Record<string, unknown>[];
      expect(shapeDifferences(recordedSales[0], summary)).toEqual([]);
      const transactions = await simMarket.client.getTransactions();
      const raw = await fetch(`${sim.endpoint.baseUrl}/v1/account/transactions`, {
        headers: { authorization: `Basic ${Buffer.from(account.credential).toString('base64')}` },
      });
      const body = (await raw.json()) as { data: Record<string, unknown>[] };
      const real = JSON.parse(read('account-transactions.json')) as { data: Record<string, unknown>[] };
      const credit = body.data.find((row) => row.type === 'credit');
      const purchase = body.data.find((row) => row.type === 'purchase');
      expect(shapeDifferences(real.data[0], credit)).toEqual([]);
      expect(shapeDifferences(real.data[2], purchase)).toEqual([]);
      expect(transactions.data.map((row) => [row.type, row.sub_type])).toEqual(
        expect.arrayContaining([
          ['credit', 'item'],
          ['purchase', null],
        ]),
      );
    } finally {
      await sim.close();
    }
  });
});
