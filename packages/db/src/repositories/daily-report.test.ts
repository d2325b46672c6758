import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../database.ts';
import { migrate } from '../migrate.ts';
import { seedReferenceData } from '../reference-data.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { dailyReport } from './daily-report.ts';

let db: Database;
let alpha: number;
let beta: number;
let tmAccount: number;
let dmAccount: number;

const DAY = '2026-03-10';

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  await seedReferenceData(db);
  // Rates and fees worked by hand below: tm 90 RUB/USD, dmarket 100; a 5 % sale fee on tm, 2 % on dmarket.
  await db.query(
    `INSERT INTO market_rate_day (market, day, usd_to_rub_rate, eur_to_rub_rate) VALUES
       ('tm', '2026-01-01', 90, 100), ('dmarket', '2026-01-01', 100, 110)`,
  );
  await db.query(`DELETE FROM market_fee`);
  await db.query(
    `INSERT INTO market_fee (market, side, percent, source) VALUES ('tm', 'sell', 5, 'test'), ('dmarket', 'sell', 2, 'test')`,
  );
  [alpha, beta] = (
    await db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name) VALUES ('alpha'), ('beta') RETURNING id`,
    )
  ).map((r) => r.id) as [number, number];
  [tmAccount, dmAccount] = (
    await db.query<{ id: number }>(
      `INSERT INTO market_account (market, steam_account, currency) VALUES ('tm', $1, 'RUB'), ('dmarket', $2, 'USD')
       RETURNING id`,
      [alpha, beta],
    )
  ).map((r) => r.id) as [number, number];

  const deal = (
    mhn: string,
    side: string,
    price: string,
    currency: string,
    market: string,
    account: number,
    steam: number,
    date: string,
  ) => ({ mhn, side, price, currency, market, account, steam, date });
  const rows = [
    // Bought the day before (not counted on the day), sold on the day: profit 1200 − 60 − 1000 = 140 RUB.
    deal('A', 'buy', '1000', 'RUB', 'tm', tmAccount, alpha, '2026-03-09T23:59:59Z'),
    deal('A', 'sell', '1200', 'RUB', 'tm', tmAccount, alpha, '2026-03-10T10:00:00Z'),
    // Bought at the first instant of the day, held.
    deal('B', 'buy', '10.00', 'USD', 'dmarket', dmAccount, beta, '2026-03-10T00:00:00Z'),
    // Sold at the day's last second with no purchase in the history: a sale with no profit.
    deal('C', 'sell', '20.00', 'USD', 'dmarket', dmAccount, beta, '2026-03-10T23:59:59Z'),
    // The next day's first instant: not on the day.
    deal('D', 'buy', '500', 'RUB', 'tm', tmAccount, alpha, '2026-03-11T00:00:00Z'),
  ];
  await db.query(
    `INSERT INTO toy_history (market_hash_name, side, price, currency, market, market_account, steam_account, date)
     SELECT x.mhn, x.side, x.price::numeric, x.currency, x.market, x.account, x.steam, x.date::timestamptz
     FROM jsonb_to_recordset($1::jsonb)
       AS x(mhn text, side text, price text, currency text, market text, account int, steam int, date text)`,
    [JSON.stringify(rows)],
  );
  await db.query(
    `INSERT INTO bot_delivery (market_account, market, deal_id, market_hash_name, price, currency, state, finished_at)
     VALUES ($1, 'tm', 'f1', 'A', 1200, 'RUB', 'failed', '2026-03-10T12:00:00Z'),
            ($1, 'tm', 'f2', 'A', 1200, 'RUB', 'failed', '2026-03-11T00:00:00Z'),
            ($1, 'tm', 'ok', 'A', 1200, 'RUB', 'delivered', '2026-03-10T13:00:00Z')`,
    [tmAccount],
  );
  await db.query(
    `INSERT INTO bot_alert (kind, severity, message, market_account, steam_account, first_at, last_at) VALUES
       ('ban', 'error', 'on the day', $1, NULL, '2026-03-10T08:00:00Z', '2026-03-10T08:00:00Z'),
       ('session', 'warning', 'steam only', NULL, $2, '2026-03-10T09:00:00Z', '2026-03-10T09:00:00Z'),
       ('old', 'warning', 'the day before, raised again on the day', $1, NULL, '2026-03-09T09:00:00Z',
        '2026-03-10T09:00:00Z')`,
    [tmAccount, beta],
  );
});

afterAll(async () => {
  await db?.close();
});

const zeros = {
  deals_bought: 0,
  deals_sold: 0,
  volume_bought: '0.00',
  volume_sold: '0.00',
  volume_bought_rub: '0.00',
  volume_bought_usd: '0.00',
  volume_sold_rub: '0.00',
  volume_sold_usd: '0.00',
  fees_rub: '0.00',
  fees_usd: '0.00',
  profit_rub: '0.00',
  profit_usd: '0.00',
  unbought_sales: 0,
  failed_deliveries: 0,
  alerts: 0,
};

describe('dailyReport', () => {
  it('sums one UTC day per market account and currency, hand-worked', async () => {
    const report = await dailyReport(db, DAY);
    expect(report.date).toBe(DAY);
    expect(report.time_zone).toBe('UTC');
    expect(report.from).toBe('2026-03-10T00:00:00.000Z');
    expect(report.to).toBe('2026-03-11T00:00:00.000Z');
    expect(report.rows).toEqual([
      {
        ...zeros,
        market: 'dmarket',
        market_account: dmAccount,
        steam_account: beta,
        steam_account_name: 'beta',
        currency: 'USD',
        deals_bought: 1,
        deals_sold: 1,
        volume_bought: '10.00',
        volume_sold: '20.00',
        volume_bought_rub: '1000.00',
        volume_bought_usd: '10.00',
        volume_sold_rub: '2000.00',
        volume_sold_usd: '20.00',
        fees_rub: '40.00',
        fees_usd: '0.40',
        unbought_sales: 1,
      },
      {
        ...zeros,
        market: 'tm',
        market_account: tmAccount,
        steam_account: alpha,
        steam_account_name: 'alpha',
        currency: 'RUB',
        deals_sold: 1,
        volume_sold: '1200.00',
        volume_sold_rub: '1200.00',
        // 1200 / 90, 60 / 90 and 1000 / 90, each rounded: 13.33 − 0.67 − 11.11 = 1.55.
        volume_sold_usd: '13.33',
        fees_rub: '60.00',
        fees_usd: '0.67',
        profit_rub: '140.00',
        profit_usd: '1.55',
        failed_deliveries: 1,
        alerts: 1,
      },
      {
        ...zeros,
        market: null,
        market_account: null,
        steam_account: beta,
        steam_account_name: 'beta',
        currency: null,
        alerts: 1,
      },
    ]);
    expect(report.totals).toEqual({
      deals_bought: 1,
      deals_sold: 2,
      volume_bought_rub: '1000.00',
      volume_bought_usd: '10.00',
      volume_sold_rub: '3200.00',
      volume_sold_usd: '33.33',
      fees_rub: '100.00',
      fees_usd: '1.07',
      profit_rub: '140.00',
      profit_usd: '1.55',
      unbought_sales: 1,
      failed_deliveries: 1,
      alerts: 2,
      failed_jobs: 0,
    });
  });

  it('answers zero totals and no rows on a day with nothing', async () => {
    const report = await dailyReport(db, '2026-03-12');
    expect(report.rows).toEqual([]);
    const { failed_jobs, ...sums } = report.totals;
    expect(failed_jobs).toBe(0);
    const { volume_bought, volume_sold, ...rest } = zeros;
    expect([volume_bought, volume_sold]).toEqual(['0.00', '0.00']);
    expect(sums).toEqual(rest);
  });

  it('counts the day before and the day after on their own days', async () => {
    const before = await dailyReport(db, '2026-03-09');
    expect(before.totals).toMatchObject({ deals_bought: 1, volume_bought_rub: '1000.00', alerts: 1 });
    const after = await dailyReport(db, '2026-03-11');
    expect(after.totals).toMatchObject({
      deals_bought: 1,
      volume_bought_rub: '500.00',
      failed_deliveries: 1,
    });
  });
});
