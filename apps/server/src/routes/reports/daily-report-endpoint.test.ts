import {
  DAILY_REPORT_CSV_COLUMNS,
  type DailyReport,
  dailyReportResponseSchema,
  utcDayBefore,
  utcToday,
} from '@toydesk/contract';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';

import { createMarketAccount, unique } from '../../testing/fixtures.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const t = useTestApp();

const DAY = '2025-06-15';
const ITEM = unique('AWP | Asiimov (Field-Tested)');
let account: number;

beforeAll(async () => {
  account = await createMarketAccount(t.client, unique('report-owner'), {
    market: 'tm',
    api_key: 'abcdef0123456789abcdef0123456789',
  });
  // Bought the day before, sold on the day at tm's seeded 5 % fee: 150 − 7.50 − 100 = 42.50.
  for (const row of [
    { side: 'buy', price: '100.00', date: '2025-06-14T23:00:00Z' },
    { side: 'sell', price: '150.00', date: `${DAY}T10:00:00Z` },
    { side: 'buy', price: '90.00', date: `${DAY}T11:00:00Z` },
  ]) {
    const response = await t.client.post('/api/toy/history/', {
      market_hash_name: ITEM,
      market: 'tm',
      market_account: account,
      ...row,
    });
    expect(response.status, response.text).toBe(201);
  }
});

describe('GET /api/reports/daily/', () => {
  it("answers the day's rows per market account and the totals", async () => {
    const response = await t.client.get<DailyReport>('/api/reports/daily/', { query: { date: DAY } });
    expect(response.status, response.text).toBe(200);
    const report = dailyReportResponseSchema.parse(response.body);
    expect(report).toMatchObject({ date: DAY, time_zone: 'UTC', from: `${DAY}T00:00:00.000Z` });
    const row = report.rows.find((r) => r.market_account === account);
    expect(row).toMatchObject({
      market: 'tm',
      currency: 'RUB',
      deals_bought: 1,
      deals_sold: 1,
      volume_bought: '90.00',
      volume_sold: '150.00',
      fees_rub: '7.50',
      profit_rub: '42.50',
    });
    expect(report.totals.deals_sold).toBeGreaterThanOrEqual(1);
  });

  it('defaults to yesterday (UTC)', async () => {
    const response = await t.client.get<DailyReport>('/api/reports/daily/');
    expect(response.status, response.text).toBe(200);
    expect(response.body.date).toBe(utcDayBefore(utcToday()));
    expect(response.headers.get('content-disposition')).toBeNull();
    const today = await t.client.get<DailyReport>('/api/reports/daily/', { query: { date: utcToday() } });
    expect(today.status, today.text).toBe(200);
    // format=json named (the console's download button): the same answer, as a file.
    const file = await t.client.get<DailyReport>('/api/reports/daily/', {
      query: { date: DAY, format: 'json' },
    });
    expect(file.headers.get('content-disposition')).toContain(`daily-report-${DAY}.json`);
    expect(file.body.date).toBe(DAY);
  });

  it('format=csv: a header of the JSON field names, a line per row and a totals line', async () => {
    const response = await t.client.get<string>('/api/reports/daily/', {
      query: { date: DAY, format: 'csv' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toContain(`daily-report-${DAY}.csv`);
    const lines = response.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(DAILY_REPORT_CSV_COLUMNS.join(','));
    const cells = lines.map((l) => l.split(','));
    expect(cells.every((c) => c.length === DAILY_REPORT_CSV_COLUMNS.length)).toBe(true);
    const col = (name: string) => DAILY_REPORT_CSV_COLUMNS.indexOf(name);
    const mine = cells.find((c) => c[col('market_account')] === String(account))!;
    expect(mine[col('row')]).toBe('account');
    expect(mine[col('profit_rub')]).toBe('42.50');
    expect(cells.at(-1)![col('row')]).toBe('total');
    expect(cells.slice(1, -1).every((c) => c[col('row')] === 'account')).toBe(true);
  });

  it('bad input is a 400 naming the field', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const [query, field] of [
      [{ date: 'yesterday' }, 'date'],
      [{ date: '2026-02-30' }, 'date'],
      [{ date: '2026-13-01' }, 'date'],
      [{ date: tomorrow }, 'date'],
      [{ date: '1999-12-31' }, 'date'],
      [{ date: '2026-01-01T00:00:00Z' }, 'date'],
      [{ format: 'xlsx' }, 'format'],
    ] as const) {
      const response = await t.client.get<Record<string, unknown>>('/api/reports/daily/', { query });
      expect(response.status, `${JSON.stringify(query)}: ${response.text}`).toBe(400);
      expect(response.body[field], response.text).toBeDefined();
    }
  });

  it('generated junk in the query string is a 400 or a 200, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('date', 'format', 'market', 'page'),
          fc.oneof(
            fc.string(),
            fc.constantFrom('', 'csv', 'json', '2026-02-29', '2024-02-29', '0000-01-01', '9999-12-31', '../'),
          ),
        ),
        async (query) => {
          const response = await t.client.get('/api/reports/daily/', { query });
          expect([200, 400], response.text).toContain(response.status);
        },
      ),
      { numRuns: 40 },
    );
  });
});
