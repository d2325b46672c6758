import { profitItemsQuerySchema, profitQuerySchema } from '@toydesk/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Database } from '../database.ts';
import { migrate } from '../migrate.ts';
import { seedReferenceData } from '../reference-data.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import {
  itemTiers,
  profitByDay,
  profitByItem,
  profitByMarket,
  type ProfitSource,
  profitTotals,
} from './profit.ts';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  await seedReferenceData(db);
  // Rates of past days (the seed's rows are today's, later than every deal here).
  await db.query(
    `INSERT INTO market_rate_day (market, day, usd_to_rub_rate, eur_to_rub_rate) VALUES
       ('tm', '2026-01-01', 91, 100), ('dmarket', '2026-01-01', 90, 99), ('dmarket', '2026-02-01', 95, 104)`,
  );
  await db.query(
    `INSERT INTO market_fee (market, side, percent, fixed_amount, fixed_currency, source)
     VALUES ('dmarket', 'sell', 2, 0.10, 'USD', 'test')
     ON CONFLICT (market, side) DO UPDATE SET percent = EXCLUDED.percent, fixed_amount = EXCLUDED.fixed_amount,
       fixed_currency = EXCLUDED.fixed_currency`,
  );
});

afterAll(async () => {
  await db?.close();
});

interface HistoryRow {
  market_hash_name: string;
  side: string;
  price: string;
  currency: string;
  market: string | null;
  date: string;
  asset_id?: string | null;
  record_status?: string;
}

async function insertHistory(rows: HistoryRow[]): Promise<number[]> {
  const inserted = await db.query<{ id: number }>(
    `INSERT INTO toy_history (market_hash_name, side, price, currency, market, date, asset_id, record_status)
     SELECT x.r->>'market_hash_name', x.r->>'side', (x.r->>'price')::numeric, x.r->>'currency', x.r->>'market',
            (x.r->>'date')::timestamptz, x.r->>'asset_id', coalesce(x.r->>'record_status', 'normal')
     FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(r, n)
     ORDER BY x.n RETURNING id`,
    [JSON.stringify(rows)],
  );
  // Ids are drawn in the order the rows are inserted.
  return inserted.map((r) => r.id).sort((x, y) => x - y);
}

const q = (raw: Record<string, unknown>) => profitQuerySchema.parse(raw);

/** Every summary of a query from the day summaries (auto) and from profit_deal alone, to compare. */
async function everySummary(raw: Record<string, unknown>, source: ProfitSource) {
  const query = q(raw);
  const items = profitItemsQuerySchema.parse(raw);
  const worst = profitItemsQuerySchema.parse({ ...raw, ordering: 'profit', limit: '3' });
  return {
    totals: await profitTotals(db, query, source),
    days: await profitByDay(db, query, source),
    markets: await profitByMarket(db, query, source),
    best: await profitByItem(db, items, source),
    worst: await profitByItem(db, worst, source),
  };
}

/** Migration 028's summaries hold exactly the aggregate of profit_deal now. */
async function summariesMatchDeals(): Promise<{ day: boolean; item: boolean; month: boolean }> {
  const sums = `count(*)::int AS deals,
    sum(coalesce(sell_rub, 0)) AS a, sum(coalesce(sell_fee_rub, 0)) AS b, sum(coalesce(buy_rub, 0)) AS c,
    sum(coalesce(buy_fee_rub, 0)) AS e, sum(coalesce(profit_rub, 0)) AS f, sum(coalesce(sell_usd, 0)) AS g,
    sum(coalesce(sell_fee_usd, 0)) AS h, sum(coalesce(buy_usd, 0)) AS i, sum(coalesce(buy_fee_usd, 0)) AS j,
    sum(coalesce(profit_usd, 0)) AS k, sum(coalesce(extract(epoch FROM sell_date - buy_date), 0)) AS l`;
  const held = `deals, sales_rub, sale_fees_rub, purchases_rub, purchase_fees_rub, profit_rub, sales_usd, sale_fees_usd,
    purchases_usd, purchase_fees_usd, profit_usd, holding_seconds`;
  const [row] = await db.query<{ day: boolean; item: boolean; month: boolean }>(
    `SELECT NOT EXISTS (
              (SELECT status, (coalesce(sell_date, buy_date) AT TIME ZONE 'UTC')::date, sell_market, buy_market, ${sums}
               FROM profit_deal GROUP BY 1, 2, 3, 4
               EXCEPT SELECT status, day, sell_market, buy_market, ${held} FROM profit_day)
              UNION ALL
              (SELECT status, day, sell_market, buy_market, ${held} FROM profit_day
               EXCEPT SELECT status, (coalesce(sell_date, buy_date) AT TIME ZONE 'UTC')::date, sell_market, buy_market, ${sums}
               FROM profit_deal GROUP BY 1, 2, 3, 4)) AS day,
            NOT EXISTS (
              (SELECT (sell_date AT TIME ZONE 'UTC')::date, market_hash_name, sell_market, buy_market, ${sums}
               FROM profit_deal WHERE status = 'sold' GROUP BY 1, 2, 3, 4
               EXCEPT SELECT day, market_hash_name, sell_market, buy_market, ${held} FROM profit_item_day)
              UNION ALL
              (SELECT day, market_hash_name, sell_market, buy_market, ${held} FROM profit_item_day
               EXCEPT SELECT (sell_date AT TIME ZONE 'UTC')::date, market_hash_name, sell_market, buy_market, ${sums}
               FROM profit_deal WHERE status = 'sold' GROUP BY 1, 2, 3, 4)) AS item,
            NOT EXISTS (
              (SELECT date_trunc('month', sell_date AT TIME ZONE 'UTC')::date, market_hash_name, ${sums}
               FROM profit_deal WHERE status = 'sold' GROUP BY 1, 2
               EXCEPT SELECT month, market_hash_name, ${held} FROM profit_item_month)
              UNION ALL
              (SELECT month, market_hash_name, ${held} FROM profit_item_month
               EXCEPT SELECT date_trunc('month', sell_date AT TIME ZONE 'UTC')::date, market_hash_name, ${sums}
               FROM profit_deal WHERE status = 'sold' GROUP BY 1, 2)) AS month`,
  );
  return row!;
}

const A = 'AK-47 | Redline (Field-Tested)';
const B = 'AWP | Asiimov (Field-Tested)';
const C = 'Glock-18 | Fade (Factory New)';
const DAY = 86400;

describe('itemTiers: whole months from profit_item_month, the other days from profit_item_day', () => {
  const tiers = (lo: string | null, hi: string | null) => itemTiers({ lo, hi }, true);
  it('splits a range into its first days, whole months and the month of its end', () => {
    expect(tiers('2026-09-15', '2026-12-10')).toEqual({
      days: [{ from: '2026-09-15', to: '2026-10-01' }],
      months: { from: '2026-10-01', to: '2026-12-01' },
      endMonth: { month: '2026-12-01', from: '2026-12-01', to: '2026-12-10' },
    });
    // This month so far: its month whole when nothing after today was sold.
    expect(tiers('2026-11-01', '2026-11-29')).toEqual({
      days: [],
      months: null,
      endMonth: { month: '2026-11-01', from: '2026-11-01', to: '2026-11-29' },
    });
    // The last 30 days, open-ended: the days of last month, every month from this one on.
    expect(tiers('2026-10-29', null)).toEqual({
      days: [{ from: '2026-10-29', to: '2026-11-01' }],
      months: { from: '2026-11-01', to: null },
      endMonth: null,
    });
    expect(tiers(null, '2026-03-01')).toEqual({
      days: [],
      months: { from: null, to: '2026-03-01' },
      endMonth: null,
    });
    expect(tiers(null, null)).toEqual({ days: [], months: { from: null, to: null }, endMonth: null });
  });
  it('reads days alone inside one month not from its first day, or with a market filter', () => {
    expect(tiers('2026-10-29', '2026-10-31')).toEqual({
      days: [{ from: '2026-10-29', to: '2026-10-31' }],
      months: null,
      endMonth: null,
    });
    expect(itemTiers({ lo: '2026-09-15', hi: '2026-12-10' }, false)).toEqual({
      days: [{ from: '2026-09-15', to: '2026-12-10' }],
      months: null,
      endMonth: null,
    });
  });
});

describe('profit of a hand-worked set of deals', () => {
  let ids: number[];
  beforeAll(async () => {
    await db.query('DELETE FROM toy_history');
    ids = await insertHistory([
      // A: a1 and a4 share asset 111; a3 (no asset) takes a2 first in, first out.
      {
        market_hash_name: A,
        side: 'buy',
        price: '1000.00',
        currency: 'RUB',
        market: 'tm',
        date: '2026-01-05T10:00:00Z',
        asset_id: '111',
      },
      {
        market_hash_name: A,
        side: 'buy',
        price: '1100.00',
        currency: 'RUB',
        market: 'tm',
        date: '2026-01-06T10:00:00Z',
      },
      {
        market_hash_name: A,
        side: 'sell',
        price: '13.00',
        currency: 'USD',
        market: 'dmarket',
        date: '2026-01-10T10:00:00Z',
      },
      {
        market_hash_name: A,
        side: 'sell',
        price: '1250.00',
        currency: 'RUB',
        market: 'tm',
        date: '2026-02-10T10:00:00Z',
        asset_id: '111',
      },
      // B: three bought, one sold at a loss, two held.
      {
        market_hash_name: B,
        side: 'buy',
        price: '50.00',
        currency: 'USD',
        market: 'dmarket',
        date: '2026-01-15T10:00:00Z',
      },
      {
        market_hash_name: B,
        side: 'buy',
        price: '52.00',
        currency: 'USD',
        market: 'dmarket',
        date: '2026-02-03T10:00:00Z',
      },
      {
        market_hash_name: B,
        side: 'buy',
        price: '4700.00',
        currency: 'RUB',
        market: 'tm',
        date: '2026-02-04T10:00:00Z',
      },
      {
        market_hash_name: B,
        side: 'sell',
        price: '4500.00',
        currency: 'RUB',
        market: 'tm',
        date: '2026-02-20T10:00:00Z',
      },
      // C: an outdated purchase does not count, so the sale has no purchase before it; the later one is held.
      {
        market_hash_name: C,
        side: 'buy',
        price: '10.00',
        currency: 'RUB',
        market: 'tm',
        date: '2026-01-01T10:00:00Z',
        record_status: 'outdated',
      },
      {
        market_hash_name: C,
        side: 'sell',
        price: '800.00',
        currency: 'RUB',
        market: 'tm',
        date: '2026-01-20T10:00:00Z',
      },
      {
        market_hash_name: C,
        side: 'buy',
        price: '700.00',
        currency: 'RUB',
        market: 'tm',
        date: '2026-01-25T10:00:00Z',
      },
      {
        market_hash_name: C,
        side: 'unknown',
        price: '1.00',
        currency: 'RUB',
        market: 'tm',
        date: '2026-01-26T10:00:00Z',
      },
    ]);
  });

  it('matches by asset id first, then first in, first out, and prices each side at its date', async () => {
    const deals = await db.query<Record<string, unknown>>(
      `SELECT buy_history, sell_history, status, match_kind, buy_rub, buy_fee_rub, sell_rub, sell_fee_rub, profit_rub,
              buy_usd, buy_fee_usd, sell_usd, sell_fee_usd, profit_usd
       FROM profit_deal ORDER BY coalesce(sell_history, 1000000), buy_history`,
    );
    const [a1, a2, a3, a4, b1, b2, b3, b4, , c1, c2] = ids;
    expect(deals).toEqual([
      // a2 → a3: 13 USD × 90 = 1170.00; fee 2 % of 13 = 0.26 USD + 0.10 USD = 0.36 USD × 90 = 32.40;
      // 1170.00 − 32.40 − 1100.00 = 37.60. In USD: 1100 / 91 (tm's rate) = 12.09; 13.00 − 0.36 − 12.09 = 0.55.
      {
        buy_history: a2,
        sell_history: a3,
        status: 'sold',
        match_kind: 'fifo',
        buy_rub: '1100.00',
        buy_fee_rub: '0.00',
        sell_rub: '1170.00',
        sell_fee_rub: '32.40',
        profit_rub: '37.60',
        buy_usd: '12.09',
        buy_fee_usd: '0.00',
        sell_usd: '13.00',
        sell_fee_usd: '0.36',
        profit_usd: '0.55',
      },
      // a1 → a4: 1250.00 − 5 % (62.50) − 1000.00 = 187.50. USD: 13.74 − 0.69 − 10.99 = 2.06.
      {
        buy_history: a1,
        sell_history: a4,
        status: 'sold',
        match_kind: 'asset',
        buy_rub: '1000.00',
        buy_fee_rub: '0.00',
        sell_rub: '1250.00',
        sell_fee_rub: '62.50',
        profit_rub: '187.50',
        buy_usd: '10.99',
        buy_fee_usd: '0.00',
        sell_usd: '13.74',
        sell_fee_usd: '0.69',
        profit_usd: '2.06',
      },
      // b1 → b4 at a loss: 50 USD × 90 = 4500.00; 4500.00 − 225.00 − 4500.00 = −225.00. USD: 49.45 − 2.47 − 50.00 = −3.02.
      {
        buy_history: b1,
        sell_history: b4,
        status: 'sold',
        match_kind: 'fifo',
        buy_rub: '4500.00',
        buy_fee_rub: '0.00',
        sell_rub: '4500.00',
        sell_fee_rub: '225.00',
        profit_rub: '-225.00',
        buy_usd: '50.00',
        buy_fee_usd: '0.00',
        sell_usd: '49.45',
        sell_fee_usd: '2.47',
        profit_usd: '-3.02',
      },
      // c1 was sold with no purchase before it.
      {
        buy_history: null,
        sell_history: c1,
        status: 'unbought',
        match_kind: 'none',
        buy_rub: null,
        buy_fee_rub: null,
        sell_rub: '800.00',
        sell_fee_rub: '40.00',
        profit_rub: null,
        buy_usd: null,
        buy_fee_usd: null,
        sell_usd: '8.79',
        sell_fee_usd: '0.44',
        profit_usd: null,
      },
      // Held: b2 (52 USD × 95, February's dmarket rate = 4940.00), b3, c2.
      {
        buy_history: b2,
        sell_history: null,
        status: 'held',
        match_kind: 'none',
        buy_rub: '4940.00',
        buy_fee_rub: '0.00',
        sell_rub: null,
        sell_fee_rub: null,
        profit_rub: null,
        buy_usd: '52.00',
        buy_fee_usd: '0.00',
        sell_usd: null,
        sell_fee_usd: null,
        profit_usd: null,
      },
      {
        buy_history: b3,
        sell_history: null,
        status: 'held',
        match_kind: 'none',
        buy_rub: '4700.00',
        buy_fee_rub: '0.00',
        sell_rub: null,
        sell_fee_rub: null,
        profit_rub: null,
        buy_usd: '51.65',
        buy_fee_usd: '0.00',
        sell_usd: null,
        sell_fee_usd: null,
        profit_usd: null,
      },
      {
        buy_history: c2,
        sell_history: null,
        status: 'held',
        match_kind: 'none',
        buy_rub: '700.00',
        buy_fee_rub: '0.00',
        sell_rub: null,
        sell_fee_rub: null,
        profit_rub: null,
        buy_usd: '7.69',
        buy_fee_usd: '0.00',
        sell_usd: null,
        sell_fee_usd: null,
        profit_usd: null,
      },
    ]);
  });

  it('totals: sales − fees − purchases of the sold units, in RUB and in USD', async () => {
    expect(await profitTotals(db, q({}))).toEqual({
      currency: 'RUB',
      deals: 3,
      sales: '6920.00', // 1170.00 + 1250.00 + 4500.00
      sale_fees: '319.90', // 32.40 + 62.50 + 225.00
      purchases: '6600.00', // 1100.00 + 1000.00 + 4500.00
      purchase_fees: '0.00',
      profit: '0.10', // 37.60 + 187.50 − 225.00
      avg_holding_seconds: (4 * DAY + 36 * DAY + 36 * DAY) / 3,
      held_units: 3,
      held_cost: '10340.00', // 4940.00 + 4700.00 + 700.00
      unbought_sales: 1,
    });
    expect(await profitTotals(db, q({ currency: 'USD' }))).toMatchObject({
      currency: 'USD',
      sales: '76.19', // 13.00 + 13.74 + 49.45
      sale_fees: '3.52', // 0.36 + 0.69 + 2.47
      purchases: '73.08', // 12.09 + 10.99 + 50.00
      profit: '-0.41', // 0.55 + 2.06 − 3.02
    });
  });

  it('filters by the sale date (a day is the whole UTC day), market, account and item', async () => {
    const february = await profitTotals(db, q({ date_from: '2026-02-01', date_to: '2026-02-20' }));
    expect(february).toMatchObject({ deals: 2, profit: '-37.50' }); // 187.50 − 225.00
    const dmarket = await profitTotals(db, q({ market: 'dmarket' })); // either side on dmarket: a2→a3, b1→b4
    expect(dmarket).toMatchObject({ deals: 2, profit: '-187.40', held_units: 1 });
    const itemA = await profitTotals(db, q({ market_hash_name: [A] }));
    expect(itemA).toMatchObject({ deals: 2, profit: '225.10', held_units: 0 });
    expect(await profitTotals(db, q({ market_account: '1' }))).toMatchObject({ deals: 0, profit: '0.00' });
  });

  it('per day, per market of sale, and the best and worst items', async () => {
    const days = await profitByDay(db, q({}));
    expect(days.map((d) => [d.day, d.deals, d.profit])).toEqual([
      ['2026-01-10', 1, '37.60'],
      ['2026-02-10', 1, '187.50'],
      ['2026-02-20', 1, '-225.00'],
    ]);
    const markets = await profitByMarket(db, q({}));
    expect(markets.map((m) => [m.market, m.deals, m.profit])).toEqual([
      ['dmarket', 1, '37.60'],
      ['tm', 2, '-37.50'],
    ]);
    const best = await profitByItem(db, profitItemsQuerySchema.parse({}));
    expect(best.map((i) => [i.market_hash_name, i.profit, i.avg_holding_seconds])).toEqual([
      [A, '225.10', 20 * DAY],
      [B, '-225.00', 36 * DAY],
    ]);
    const worst = await profitByItem(db, profitItemsQuerySchema.parse({ ordering: 'profit', limit: '1' }));
    expect(worst.map((i) => i.market_hash_name)).toEqual([B]);
  });

  it('prices the deals again when a fee changes, and matches again when history rows change', async () => {
    await db.query(`UPDATE market_fee SET percent = 10 WHERE market = 'tm' AND side = 'sell'`);
    // a4: 1250.00 − 125.00 − 1000.00 = 125.00; b4: 4500.00 − 450.00 − 4500.00 = −450.00.
    expect(await profitTotals(db, q({}))).toMatchObject({ deals: 3, profit: '-287.40' });
    await db.query(`UPDATE market_fee SET percent = 5 WHERE market = 'tm' AND side = 'sell'`);

    // b4 marked outdated: not a deal any more, b1 is held again.
    await db.query(`UPDATE toy_history SET record_status = 'outdated' WHERE id = $1`, [ids[7]]);
    expect(await profitTotals(db, q({}))).toMatchObject({ deals: 2, profit: '225.10', held_units: 4 });
    await db.query(`UPDATE toy_history SET record_status = 'normal' WHERE id = $1`, [ids[7]]);
    // a sale removed: its purchase is held.
    await db.query(`DELETE FROM toy_history WHERE id = $1`, [ids[2]]);
    expect(await profitTotals(db, q({}))).toMatchObject({ deals: 2, profit: '-37.50', held_units: 4 });
  });

  it('answers from the day summaries as from profit_deal, whole days or not', async () => {
    expect(await summariesMatchDeals()).toEqual({ day: true, item: true, month: true });
    for (const raw of [
      {},
      { date_from: '2026-02-01', date_to: '2026-02-20' },
      { date_from: '2026-01-10T12:00:00Z', date_to: '2026-02-20T09:59:59Z' },
      { date_from: '2026-01-10T10:00:00Z', date_to: '2026-02-20T10:00:00Z' },
      { date_from: '2026-02-10T00:00:00Z', currency: 'USD' },
      { date_to: '2026-02-10' },
      { market: 'dmarket' },
      { market: ['tm', 'steam'], date_from: '2026-01-06' },
      { market_hash_name: [A], date_from: '2026-01-01' },
      { date_from: '2026-02-10T08:00:00Z', date_to: '2026-02-10T20:00:00Z' },
    ]) {
      expect(await everySummary(raw, {}), JSON.stringify(raw)).toEqual(
        await everySummary(raw, { source: 'deals' }),
      );
    }
  });
});

/** The matching rule written as the loop it is: asset pairs first, then a queue of purchases per item. */
function referencePairs(rows: (HistoryRow & { id: number })[]): string[] {
  const counted = rows
    .filter(
      (r) =>
        (r.side === 'buy' || r.side === 'sell') && ['normal', 'locked'].includes(r.record_status ?? 'normal'),
    )
    .sort((x, y) => Date.parse(x.date) - Date.parse(y.date) || x.id - y.id);
  const pairs: string[] = [];
  const taken = new Set<number>();
  const byAsset = new Map<string, { buy: typeof counted; sell: typeof counted }>();
  for (const r of counted) {
    if (!r.asset_id) continue;
    const key = `${r.market_hash_name}\u0000${r.asset_id}`;
    const group = byAsset.get(key) ?? { buy: [], sell: [] };
    group[r.side as 'buy' | 'sell'].push(r);
    byAsset.set(key, group);
  }
  for (const { buy, sell } of byAsset.values()) {
    for (let k = 0; k < Math.min(buy.length, sell.length); k++) {
      if (Date.parse(buy[k]!.date) <= Date.parse(sell[k]!.date)) {
        pairs.push(`${buy[k]!.id}>${sell[k]!.id}`);
        taken.add(buy[k]!.id).add(sell[k]!.id);
      }
    }
  }
  const queues = new Map<string, number[]>();
  for (const r of counted) {
    if (taken.has(r.id)) continue;
    const queue = queues.get(r.market_hash_name) ?? [];
    queues.set(r.market_hash_name, queue);
    if (r.side === 'buy') queue.push(r.id);
    else pairs.push(`${queue.shift() ?? '-'}>${r.id}`);
  }
  for (const queue of queues.values()) for (const id of queue) pairs.push(`${id}>-`);
  return pairs.sort();
}

describe('profit of generated histories', () => {
  beforeEach(async () => {
    await db.query('DELETE FROM toy_history');
  });

  const rowArb = fc.record({
    market_hash_name: fc.constantFrom(A, B, C),
    side: fc.constantFrom('buy', 'buy', 'sell', 'sell', 'unknown'),
    price: fc.integer({ min: 1, max: 9_999_999 }).map((cents) => (cents / 100).toFixed(2)),
    currency: fc.constantFrom('RUB', 'USD'),
    market: fc.constantFrom('tm', 'dmarket', 'steam', null),
    date: fc
      .integer({ min: 0, max: 120 })
      .map((h) => new Date(Date.UTC(2026, 0, 1) + h * 3_600_000 * 12).toISOString()),
    asset_id: fc.constantFrom(null, null, '111', '222'),
    record_status: fc.constantFrom('normal', 'normal', 'normal', 'locked', 'outdated'),
  });

  it('matches like the loop and total profit = sales − purchases − fees of the matched units', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { maxLength: 40 }), fc.nat(), async (rows, cut) => {
        await db.query('DELETE FROM toy_history');
        // Two statements: the second one's items are matched again with the first one's rows.
        const at = rows.length ? cut % (rows.length + 1) : 0;
        const ids = [...(await insertHistory(rows.slice(0, at))), ...(await insertHistory(rows.slice(at)))];
        const withIds = rows.map((r, i) => ({ ...r, id: ids[i]! }));
        const got = await db.query<{ pair: string }>(
          `SELECT coalesce(buy_history::text, '-') || '>' || coalesce(sell_history::text, '-') AS pair FROM profit_deal`,
        );
        expect(got.map((r) => r.pair).sort()).toEqual(referencePairs(withIds));

        const [check] = await db.query<Record<string, string | boolean>>(
          `SELECT coalesce(sum(profit_rub), 0) = coalesce(sum(sell_rub - sell_fee_rub - buy_rub - buy_fee_rub), 0) AS rub,
                  coalesce(sum(profit_usd), 0) = coalesce(sum(sell_usd - sell_fee_usd - buy_usd - buy_fee_usd), 0) AS usd,
                  bool_and(buy_date <= sell_date) IS NOT FALSE AS ordered
           FROM profit_deal WHERE status = 'sold'`,
        );
        expect(check).toEqual({ rub: true, usd: true, ordered: true });
        for (const currency of ['RUB', 'USD'] as const) {
          const t = await profitTotals(db, q({ currency }));
          const [sums] = await db.query<{ ok: boolean }>(
            `SELECT $1::numeric = $2::numeric - $3::numeric - $4::numeric - $5::numeric AS ok`,
            [t.profit, t.sales, t.sale_fees, t.purchases, t.purchase_fees],
          );
          expect(sums?.ok).toBe(true);
        }
      }),
      { numRuns: 25 },
    );
  });

  // Bounds near the rows' own times (a sale on the first or last, partial day is what the summary path
  // must take from profit_deal): a row's time (by index) moved a little, as a day or as an exact time.
  const bound = fc.option(
    fc.record({
      row: fc.nat(),
      shift: fc.constantFrom(-6 * 3_600_000, -1, 0, 1, 6 * 3_600_000, DAY * 1000),
      asDay: fc.boolean(),
    }),
    { nil: undefined, freq: 4 },
  );
  const boundText = (b: { row: number; shift: number; asDay: boolean } | undefined, rows: HistoryRow[]) => {
    if (!b) return undefined;
    const at = rows.length ? Date.parse(rows[b.row % rows.length]!.date) : Date.UTC(2026, 0, 10);
    const iso = new Date(at + b.shift).toISOString();
    return b.asDay ? iso.slice(0, 10) : iso;
  };
  const often = <T>(arb: fc.Arbitrary<T>) =>
    fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: arb, weight: 1 });
  const queryArb = fc.record({
    date_from: bound,
    date_to: bound,
    market: often(fc.subarray(['tm', 'dmarket', 'steam'], { minLength: 1 })),
    market_hash_name: often(fc.subarray([A, B, C], { minLength: 1, maxLength: 2 })),
    currency: fc.constantFrom('RUB', 'USD'),
  });
  // Several sales a day (every 6 hours over 5 days), purchases mostly before sales, so that most sales
  // are matched and the partial days at either end of a range hold some.
  const denseRowArb = fc
    .tuple(rowArb, fc.constantFrom(A, B), fc.constantFrom('buy', 'sell'), fc.integer({ min: 0, max: 14 }))
    .map(([r, name, side, h]) => ({
      ...r,
      market_hash_name: name,
      side,
      record_status: r.record_status === 'outdated' ? 'normal' : r.record_status,
      date: new Date(Date.UTC(2026, 0, 1) + (side === 'buy' ? h : h + 6) * 6 * 3_600_000).toISOString(),
    }));

  it('the day summaries stay equal to profit_deal and answer every query like it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(denseRowArb, { minLength: 10, maxLength: 40 }),
        fc.nat(),
        fc.array(queryArb, { minLength: 1, maxLength: 4 }),
        async (rows, cut, rawQueries) => {
          await db.query('DELETE FROM toy_history');
          const at = rows.length ? cut % (rows.length + 1) : 0;
          const ids = [...(await insertHistory(rows.slice(0, at))), ...(await insertHistory(rows.slice(at)))];
          // Updates and deletes of history, and a fee change, go through the same triggers.
          if (ids.length > 2) {
            await db.query(`UPDATE toy_history SET record_status = 'outdated' WHERE id = $1`, [
              ids[cut % ids.length],
            ]);
            await db.query(`DELETE FROM toy_history WHERE id = $1`, [ids[(cut + 1) % ids.length]]);
          }
          await db.query(`UPDATE market_fee SET percent = percent + 1 WHERE market = 'tm' AND side = 'sell'`);
          await db.query(`UPDATE market_fee SET percent = percent - 1 WHERE market = 'tm' AND side = 'sell'`);
          expect(await summariesMatchDeals()).toEqual({ day: true, item: true, month: true });
          const queries = rawQueries.map(({ date_from, date_to, ...rest }) => ({
            ...rest,
            date_from: boundText(date_from, rows),
            date_to: boundText(date_to, rows),
          }));
          for (const raw of queries) {
            const auto = await everySummary(raw, {});
            expect(auto, JSON.stringify(raw)).toEqual(await everySummary(raw, { source: 'deals' }));
          }
        },
      ),
      { numRuns: 40 },
    );
    // Hundreds of history statements on in-memory PGlite: longer than the default on a busy machine.
  }, 240_000);

  // Migration 031: ranges over several months read whole months from profit_item_month (also the month of
  // the range's end when nothing after the end was sold in it), the other days from profit_item_day.
  it('the best and worst items over months answer like profit_deal, whatever the range and order', async () => {
    const names = [A, B, C, 'M4A1-S | Printstream (Minimal Wear)', 'USP-S | Kill Confirmed (Field-Tested)'];
    const monthRowArb = fc
      .tuple(
        rowArb,
        fc.constantFrom(...names),
        fc.constantFrom('buy', 'sell'),
        fc.integer({ min: 0, max: 80 }),
      )
      .map(([r, name, side, h]) => ({
        ...r,
        market_hash_name: name,
        side,
        record_status: r.record_status === 'outdated' ? 'normal' : r.record_status,
        // Purchases over January's first ten days, sales from 20 January to the end of March.
        date: new Date(
          side === 'buy'
            ? Date.UTC(2026, 0, 1) + h * 3 * 3_600_000
            : Date.UTC(2026, 0, 20) + h * 26 * 3_600_000,
        ).toISOString(),
      }));
    const edge = fc.option(
      fc.oneof(
        fc.constantFrom(
          '2026-01-01',
          '2026-02-01',
          '2026-02-01T00:00:00.000Z',
          '2026-02-15',
          '2026-02-28',
          '2026-03-01',
          '2026-03-31',
          '2026-04-01',
          '2026-03-15T12:00:00.000Z',
        ),
        fc.record({ row: fc.nat(), shift: fc.constantFrom(-1, 0, 1, DAY * 1000), asDay: fc.boolean() }),
      ),
      { nil: undefined, freq: 4 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(monthRowArb, { minLength: 10, maxLength: 60 }),
        fc.array(
          fc.record({
            date_from: edge,
            date_to: edge,
            market: often(fc.subarray(['tm', 'dmarket'], { minLength: 1 })),
            market_hash_name: often(fc.subarray(names, { minLength: 1, maxLength: 3 })),
            currency: fc.constantFrom('RUB', 'USD'),
            ordering: fc.constantFrom(
              'profit',
              '-profit',
              'deals',
              '-deals',
              'market_hash_name',
              '-market_hash_name',
            ),
            limit: fc.constantFrom('1', '2', '3', '10'),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        async (rows, rawQueries) => {
          await db.query('DELETE FROM toy_history');
          await insertHistory(rows);
          expect(await summariesMatchDeals()).toEqual({ day: true, item: true, month: true });
          for (const { date_from, date_to, ...rest } of rawQueries) {
            const text = (b: typeof date_from) => (typeof b === 'object' ? boundText(b, rows) : b);
            const raw = { ...rest, date_from: text(date_from), date_to: text(date_to) };
            const items = profitItemsQuerySchema.parse(raw);
            expect(await profitByItem(db, items), JSON.stringify(raw)).toEqual(
              await profitByItem(db, items, { source: 'deals' }),
            );
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 240_000);

  /** profit_deal as a sorted list of its rows without the id (which the two paths draw differently). */
  async function dealRows(): Promise<string[]> {
    const rows = await db.query<{ r: string }>(
      `SELECT (to_jsonb(d) - 'id')::text AS r FROM profit_deal d ORDER BY 1`,
    );
    return rows.map((x) => x.r);
  }

  // Migration 030: rows later than every counted row of their item continue from the held units
  // (profit_append) instead of matching the item whole; the result must be the whole match's, row for row.
  it('rows appended later in time match as the whole item matched again would', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowArb, { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.boolean(),
        fc.boolean(),
        async (raw, cuts, shuffle, ties) => {
          await db.query('DELETE FROM toy_history');
          // Times in order; without ties each row is a second later than the one before.
          const rows = [...raw]
            .sort((x, y) => x.date.localeCompare(y.date))
            .map((r, i) =>
              ties ? r : { ...r, date: new Date(Date.parse(r.date) + i * 1000).toISOString() },
            );
          const at = [...new Set(cuts.map((c) => c % rows.length))].sort((x, y) => x - y);
          const chunks = [0, ...at, rows.length]
            .slice(1)
            .map((end, i, ends) => rows.slice(i === 0 ? 0 : ends[i - 1], end))
            .filter((c) => c.length > 0);
          // Shuffled chunks come before rows already there: those take the whole-item path.
          if (shuffle) chunks.reverse();
          for (const chunk of chunks) await insertHistory(chunk);
          const appended = await dealRows();
          expect(await summariesMatchDeals()).toEqual({ day: true, item: true, month: true });
          await db.query(`SELECT profit_rematch(ARRAY(SELECT DISTINCT market_hash_name FROM toy_history))`);
          await db.query(`SELECT profit_reprice('true')`);
          expect(appended).toEqual(await dealRows());
        },
      ),
      { numRuns: 40 },
    );
  }, 240_000);

  it("a later row keeps the item's other deals (the append path ran), an earlier one matches the item whole", async () => {
    await db.query('DELETE FROM toy_history');
    const row = (side: string, day: number, asset_id: string | null = null): HistoryRow => ({
      market_hash_name: A,
      side,
      price: side === 'buy' ? '100.00' : '130.00',
      currency: 'RUB',
      market: 'tm',
      date: new Date(Date.UTC(2026, 0, day)).toISOString(),
      asset_id,
    });
    await insertHistory([row('buy', 1, '7'), row('buy', 2), row('sell', 3)]);
    const ids = async () =>
      (await db.query<{ id: number }>(`SELECT id FROM profit_deal ORDER BY id`)).map((r) => r.id);
    const before = await ids();
    // The sale of asset 7 links to its purchase, which the first sale took first in, first out: whole item.
    await insertHistory([row('sell', 4, '7')]);
    const whole = await ids();
    expect(whole.some((id) => before.includes(id))).toBe(false);
    // A later purchase and a later sale without an asset: the earlier deals stay as they are.
    await insertHistory([row('buy', 5)]);
    await insertHistory([row('sell', 6)]);
    const after = await ids();
    expect(whole.every((id) => after.includes(id))).toBe(true);
    const deals = await db.query<{ status: string; match_kind: string; profit_rub: string | null }>(
      `SELECT status, match_kind, profit_rub::text FROM profit_deal ORDER BY buy_history NULLS LAST, sell_history`,
    );
    expect(deals).toEqual([
      { status: 'sold', match_kind: 'asset', profit_rub: '23.50' },
      { status: 'sold', match_kind: 'fifo', profit_rub: '23.50' },
      { status: 'sold', match_kind: 'fifo', profit_rub: '23.50' },
    ]);
  });
});
