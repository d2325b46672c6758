import { randomUUID } from 'node:crypto';

import type { MarketCode, PriceBoardResponse, PriceBoardRow } from '@toydesk/contract';
import { storeImportedPrices, type ImportedPrice } from '@toydesk/db';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestApp } from '../../testing/use-test-app.ts';

const t = useTestApp({ TOYDESK_BOTS_EMBEDDED: '0' });

const AK = 'AK-47 | Redline (Field-Tested)';
const AWP = 'AWP | Asiimov (Field-Tested)';
const M4 = 'M4A1-S | Nightwatch (Minimal Wear)';

function price(
  name: string,
  value: string,
  currency: string,
  volume: number,
  buyOrder: string | null = null,
): ImportedPrice {
  return {
    market_hash_name: name,
    price: value,
    buy_order: buyOrder,
    currency,
    volume,
    classid_instanceid: null,
  };
}

async function setRate(code: MarketCode, usd: string) {
  const list = await t.client.get<{ results: { id: number }[] }>('/api/market/markets/', { query: { code } });
  const res = await t.client.patch(`/api/market/markets/${list.body.results[0]!.id}/`, {
    usd_to_rub_rate: usd,
  });
  expect(res.status).toBe(200);
}

async function board(query: Record<string, string> = {}) {
  const res = await t.client.get<PriceBoardResponse>('/api/market/price-board/', { query });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const row = (b: PriceBoardResponse, name: string): PriceBoardRow =>
  b.results.find((r) => r.market_hash_name === name)!;

beforeAll(async () => {
  // tm and tm_usd share one rate (90 RUB per USD), csfloat has its own (100): each list converts by its market's.
  await setRate('tm', '90');
  await setRate('tm_usd', '90');
  await setRate('csfloat', '100');
  const db = t.services.db;
  await storeImportedPrices(
    db,
    'tm',
    [
      price(AK, '1000.00', 'RUB', 10, '900.00'),
      price(AWP, '3000.00', 'RUB', 2),
      price(M4, '500.00', 'RUB', 7),
    ],
    randomUUID(),
  );
  await storeImportedPrices(
    db,
    'tm_usd',
    [price(AK, '12.000', 'USD', 5, '11.500'), price(AWP, '30.000', 'USD', 1)],
    randomUUID(),
  );
  await storeImportedPrices(db, 'csfloat', [price(AK, '10.50', 'USD', 3)], randomUUID());
  const toy = await t.client.post<{ id: number }>('/api/toy/toys/', { market_hash_name: AK });
  expect(toy.status).toBe(201);
  const mt = await t.client.post('/api/market/toys/', {
    toy: toy.body.id,
    market: 'tm',
    price_sell: '1100.00',
  });
  expect(mt.status).toBe(201);
});

describe('GET /api/market/price-board/', () => {
  it('compares the markets in RUB after fees (hand-computed)', async () => {
    const b = await board();
    expect(b.currency).toBe('RUB');
    expect(b.count).toBe(3);
    // Default order: the widest spread first, rows without a spread last.
    expect(b.results.map((r) => r.market_hash_name)).toEqual([AWP, AK, M4]);
    const ak = row(b, AK);
    // tm 1000 RUB; tm_usd 12 USD × 90 = 1080; csfloat 10.50 USD × 100 = 1050. Cheapest: tm.
    // Sales after fees: tm 1000 × 0.95 = 950; tm_usd 1080 × 0.95 = 1026; csfloat 1050 × 0.98 = 1029.
    expect(ak).toMatchObject({
      best_buy: '1000.00',
      buy_market: 'tm',
      best_sell: '1029.00',
      sell_market: 'csfloat',
      spread: '29.00',
      spread_pct: '2.90',
      volume: 18,
      catalogue_markets: ['tm'],
    });
    expect(ak.toy).toEqual(expect.any(Number));
    const tmUsd = ak.markets.find((m) => m.market === 'tm_usd')!;
    // The buy order 11.5 USD × 90 × 0.95 = 983.25.
    expect(tmUsd).toMatchObject({ buy: '1080.00', sell: '1026.00', buy_order: '983.25', fee: '0.05' });
    expect(tmUsd).toMatchObject({ price: '12.000', currency: 'USD', volume: 5 });
    expect(tmUsd.age_seconds).toBeGreaterThanOrEqual(0);
    // AWP: tm_usd 30 × 90 = 2700 is the cheapest; tm sells at 3000 × 0.95 = 2850: 150.00, 150 / 2700 = 5.56 %.
    expect(row(b, AWP)).toMatchObject({
      best_buy: '2700.00',
      buy_market: 'tm_usd',
      best_sell: '2850.00',
      sell_market: 'tm',
      spread: '150.00',
      spread_pct: '5.56',
      volume: 3,
      toy: null,
      catalogue_markets: [],
    });
    // Only on one market: nothing to sell elsewhere.
    expect(row(b, M4)).toMatchObject({ best_buy: '500.00', best_sell: null, spread: null, spread_pct: null });
  });

  it('converts to USD with each market’s rate', async () => {
    const b = await board({ currency: 'USD' });
    expect(b.currency).toBe('USD');
    const ak = row(b, AK);
    // tm 1000 / 90 = 11.11; tm_usd 12.00; csfloat 10.50 (USD already): the cheapest is now csfloat.
    // Sales elsewhere: tm 1000 × 0.95 / 90 = 10.56; tm_usd 12 × 0.95 = 11.40. Spread 0.90, 0.90 / 10.50 = 8.57 %.
    expect(ak).toMatchObject({
      best_buy: '10.50',
      buy_market: 'csfloat',
      best_sell: '11.40',
      sell_market: 'tm_usd',
      spread: '0.90',
      spread_pct: '8.57',
    });
    expect(ak.markets.find((m) => m.market === 'tm')).toMatchObject({ buy: '11.11', sell: '10.56' });
  });

  it('filters by spread, volume, markets and name, and sorts', async () => {
    expect((await board({ min_spread_pct: '5' })).results.map((r) => r.market_hash_name)).toEqual([AWP]);
    expect((await board({ min_volume: '10' })).results.map((r) => r.market_hash_name)).toEqual([AK]);
    // Without csfloat the best sale of AK is tm_usd's 1026: 26.00, 2.60 %.
    const two = await board({ markets: 'tm,tm_usd', search: 'redline' });
    expect(two.results).toHaveLength(1);
    expect(two.results[0]).toMatchObject({ spread: '26.00', spread_pct: '2.60', sell_market: 'tm_usd' });
    expect(two.results[0]!.markets.map((m) => m.market)).toEqual(['tm', 'tm_usd']);
    expect(Object.keys(two.fees)).toEqual(['tm', 'tm_usd']);
    const byBuy = await board({ ordering: 'best_buy' });
    expect(byBuy.results.map((r) => r.market_hash_name)).toEqual([M4, AK, AWP]);
    const byName = await board({ ordering: '-market_hash_name' });
    expect(byName.results.map((r) => r.market_hash_name)).toEqual([M4, AWP, AK]);
  });

  it('pages DRF-style', async () => {
    const first = await board({ page_size: '2' });
    expect(first).toMatchObject({ count: 3, previous: null });
    expect(first.results).toHaveLength(2);
    expect(first.next).toContain('page=2');
    const second = await board({ page_size: '2', page: '2' });
    expect(second.results.map((r) => r.market_hash_name)).toEqual([M4]);
    expect(second.next).toBeNull();
    const beyond = await t.client.get('/api/market/price-board/', { query: { page: '9' } });
    expect(beyond.status).toBe(404);
  });

  it.each([
    ['min_spread_pct', 'abc'],
    ['min_volume', '-1'],
    ['markets', 'tm,nowhere'],
    ['currency', 'EUR'],
    ['ordering', 'price'],
    ['page_size', '0'],
  ])('refuses a bad %s with a 400 naming it', async (field, value) => {
    const res = await t.client.get<Record<string, unknown>>('/api/market/price-board/', {
      query: { [field]: value },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual([field]);
  });
  it('takes the fee table: buy fees on the cost, percent and fixed sale fees off the sale', async () => {
    const fees = await t.client.get<{ results: { id: number; market: string; side: string }[] }>(
      '/api/profit/fees/',
      { query: { page_size: '100' } },
    );
    const sellFee = (market: string) =>
      fees.body.results.find((f) => f.market === market && f.side === 'sell')!;
    expect(
      (await t.client.patch(`/api/profit/fees/${sellFee('csfloat').id}/`, { percent: '10' })).status,
    ).toBe(200);
    expect(
      (
        await t.client.patch(`/api/profit/fees/${sellFee('tm').id}/`, {
          fixed_amount: '10.00',
          fixed_currency: 'RUB',
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.client.post('/api/profit/fees/', { market: 'csfloat', side: 'buy', percent: '1' })).status,
    ).toBe(201);
    const b = await board({ search: 'redline' });
    const ak = row(b, AK);
    // csfloat: buy 10.50 × 1.01 × 100 = 1060.50, sale 1050 × 0.90 = 945.00; tm: sale 950 − 10 = 940.00.
    // The best sale elsewhere is now tm_usd's 1026.00: 26.00, 2.60 %.
    expect(ak.markets.find((m) => m.market === 'csfloat')).toMatchObject({
      buy: '1060.50',
      sell: '945.00',
      fee: '0.1',
    });
    expect(ak.markets.find((m) => m.market === 'tm')).toMatchObject({ buy: '1000.00', sell: '940.00' });
    expect(ak).toMatchObject({
      best_buy: '1000.00',
      sell_market: 'tm_usd',
      spread: '26.00',
      spread_pct: '2.60',
    });
    expect(b.fees.csfloat).toBe('0.1');
  });
});
