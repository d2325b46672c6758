import type { MarketFee, ProfitDeal, ProfitTotals } from '@toydesk/contract';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';

import { createMarketAccount, unique } from '../../testing/fixtures.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const t = useTestApp();

type Rows<T> = { count: number; next: string | null; previous: string | null; results: T[] };

const ITEM = unique('M4A4 | Howl (Field-Tested)');
let account: number;

/** Deals recorded through the history API, as the bots' ledger and the console record them. */
async function record(rows: Record<string, unknown>[]): Promise<void> {
  for (const row of rows) {
    const response = await t.client.post('/api/toy/history/', row);
    expect(response.status, response.text).toBe(201);
  }
}

beforeAll(async () => {
  account = await createMarketAccount(t.client, unique('profit-owner'), {
    market: 'tm',
    api_key: 'abcdef0123456789abcdef0123456789',
  });
  // tm sells at 5 % (the seeded fee): 2 bought at 100.00 and 120.00, one sold at 150.00 → 150 − 7.50 − 100 = 42.50.
  await record([
    {
      market_hash_name: ITEM,
      side: 'buy',
      price: '100.00',
      market: 'tm',
      market_account: account,
      date: '2026-03-01T10:00:00Z',
    },
    {
      market_hash_name: ITEM,
      side: 'buy',
      price: '120.00',
      market: 'tm',
      market_account: account,
      date: '2026-03-02T10:00:00Z',
    },
    {
      market_hash_name: ITEM,
      side: 'sell',
      price: '150.00',
      market: 'tm',
      market_account: account,
      date: '2026-03-05T10:00:00Z',
    },
  ]);
});

describe('profit endpoints', () => {
  it('totals, per day, per market and per item answer from the matched deals', async () => {
    const query = { market_hash_name: ITEM };
    const totals = await t.client.get<ProfitTotals>('/api/profit/totals/', { query });
    expect(totals.status, totals.text).toBe(200);
    expect(totals.body).toMatchObject({
      currency: 'RUB',
      deals: 1,
      sales: '150.00',
      sale_fees: '7.50',
      purchases: '100.00',
      profit: '42.50',
      held_units: 1,
      held_cost: '120.00',
      avg_holding_seconds: 4 * 86400,
    });
    const byDay = await t.client.get<{ results: { day: string; profit: string }[] }>('/api/profit/by-day/', {
      query,
    });
    expect(byDay.body.results).toMatchObject([{ day: '2026-03-05', profit: '42.50' }]);
    const byMarket = await t.client.get<{ results: { market: string }[] }>('/api/profit/by-market/', {
      query,
    });
    expect(byMarket.body.results).toMatchObject([{ market: 'tm', deals: 1 }]);
    const byItem = await t.client.get<{ results: { market_hash_name: string }[] }>('/api/profit/by-item/', {
      query: { ...query, ordering: 'profit', limit: '5' },
    });
    expect(byItem.body.results).toMatchObject([{ market_hash_name: ITEM, profit: '42.50' }]);
    const account2 = await t.client.get<ProfitTotals>('/api/profit/totals/', {
      query: { market_account: String(account), date_from: '2026-03-05', date_to: '2026-03-05' },
    });
    expect(account2.body).toMatchObject({ deals: 1, profit: '42.50' });
  });

  it('lists the deals DRF-style: filters, ordering, the units held longest, CSV', async () => {
    const held = await t.client.get<Rows<ProfitDeal>>('/api/profit/deals/', {
      query: { market_hash_name: ITEM, status: 'held', ordering: 'buy_date' },
    });
    expect(held.status, held.text).toBe(200);
    expect(held.body).toMatchObject({ count: 1, next: null, previous: null });
    expect(held.body.results[0]).toMatchObject({
      buy_price: '120.00',
      sell_history: null,
      buy_market_account: account,
    });
    expect(held.body.results[0]!.holding_seconds).toBeGreaterThan(0);
    const sold = await t.client.get<Rows<ProfitDeal>>('/api/profit/deals/', {
      query: {
        market: 'tm',
        market_account: String(account),
        sell_date__gte: '2026-03-01T00:00:00Z',
        ordering: '-profit_rub',
      },
    });
    expect(sold.body.results.map((d) => [d.status, d.profit_rub, d.holding_seconds])).toEqual([
      ['sold', '42.50', 4 * 86400],
    ]);
    const csv = await t.client.get<string>('/api/profit/deals/', {
      query: { market_hash_name: ITEM, format: 'csv' },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.text).toContain('profit_rub');
    expect(csv.text).toContain('42.50');
  });

  it('fees are edited by operators and price the deals again', async () => {
    const fees = await t.client.get<Rows<MarketFee>>('/api/profit/fees/', {
      query: { market: 'tm', side: 'sell' },
    });
    const fee = fees.body.results[0]!;
    expect(fee).toMatchObject({ percent: '5.000000', source: expect.stringContaining('GetDiscounts') });
    const changed = await t.client.patch<MarketFee>(`/api/profit/fees/${fee.id}/`, {
      percent: '10',
      fixed_amount: '1.00',
    });
    expect(changed.status, changed.text).toBe(200);
    const totals = await t.client.get<ProfitTotals>('/api/profit/totals/', {
      query: { market_hash_name: ITEM },
    });
    expect(totals.body.profit).toBe('34.00'); // 150 − (15.00 + 1.00) − 100
    await t.client.patch(`/api/profit/fees/${fee.id}/`, { percent: '5', fixed_amount: '0' });
  });

  it('bad input is a 400 naming the field, and writes nothing', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['/api/profit/totals/', { date_from: 'yesterday' }, 'date_from'],
      ['/api/profit/totals/', { currency: 'EUR' }, 'currency'],
      ['/api/profit/by-day/', { market: 'nowhere' }, 'market'],
      ['/api/profit/by-item/', { limit: '0' }, 'limit'],
      ['/api/profit/by-item/', { ordering: 'price' }, 'ordering'],
      ['/api/profit/deals/', { market_account: 'x' }, 'market_account'],
    ];
    for (const [path, query, field] of cases) {
      const response = await t.client.get<Record<string, unknown>>(path, { query });
      expect(response.status, `${path} ${JSON.stringify(query)}: ${response.text}`).toBe(400);
      expect(response.body[field], response.text).toBeDefined();
    }
    const before = await t.client.get<Rows<MarketFee>>('/api/profit/fees/');
    for (const [body, field] of [
      [{ market: 'tm', side: 'buy', percent: '100' }, 'percent'],
      [{ market: 'tm', side: 'buy', percent: '-1' }, 'percent'],
      [{ market: 'tm', side: 'buy', fixed_amount: '-0.01' }, 'fixed_amount'],
      [{ market: 'nowhere', side: 'buy' }, 'market'],
      [{ market: 'tm', side: 'both' }, 'side'],
      [{ market: 'tm', side: 'sell' }, 'non_field_errors'], // tm's sale fee exists: one per market and side
    ] as const) {
      const response = await t.client.post<Record<string, unknown>>('/api/profit/fees/', body);
      expect(response.status, response.text).toBe(400);
      expect(Object.keys(response.body), response.text).toContain(field);
    }
    const after = await t.client.get<Rows<MarketFee>>('/api/profit/fees/');
    expect(after.body.count).toBe(before.body.count);
  });

  it('generated junk in the summaries query string is a 400 or a 200, never a 500', async () => {
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom('', '-1', '2026-13-01', 'RUB', 'USD', 'tm', '1e9', '../'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/profit/totals/', '/api/profit/by-day/', '/api/profit/by-item/'),
        fc.dictionary(
          fc.constantFrom(
            'date_from',
            'date_to',
            'market',
            'market_account',
            'currency',
            'limit',
            'ordering',
          ),
          value,
        ),
        async (path, query) => {
          const response = await t.client.get(path, { query });
          expect([200, 400], response.text).toContain(response.status);
        },
      ),
      { numRuns: 40 },
    );
  });
});
