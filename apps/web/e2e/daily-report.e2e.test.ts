import { readFile } from 'node:fs/promises';

import { DAILY_REPORT_CSV_COLUMNS, type DailyReport } from '@toydesk/contract';
import { expect, it } from 'vitest';

import { paths } from '../src/config/paths.ts';
import { shiftDay, todayUtc } from '../src/features/daily-report/utils/report-day.ts';
import { formatAmount, formatNumber } from '../src/lib/format.ts';
import { api, describeInConsole, session } from './console-suite.ts';
import { problemsExcept } from './harness.ts';

/**
 * Issue 16, item 4: the daily report on the demo, whose deal log covers the last 90 days (so yesterday has
 * deals on several markets and accounts): the table per account and market agrees with the API, the day
 * moves back and forth, the CSV and JSON files download, today's report follows a new deal through the live
 * stream; in Russian and in English.
 */

async function report(date?: string): Promise<DailyReport> {
  const answer = await api<DailyReport>('GET', `/api/reports/daily/${date ? `?date=${date}` : ''}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function download(name: string): Promise<string> {
  const { page } = session;
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return (await readFile(await file.path())).toString('utf8');
}

const yesterday = () => shiftDay(todayUtc(), -1);

describeInConsole('daily report in Chromium (Russian)', { path: paths.tags.getHref() }, () => {
  it("shows yesterday's trading per account and market, with the API's totals", async () => {
    const expected = await report();
    expect(expected.date).toBe(yesterday());
    // The demo's deal log has yesterday's deals on several markets: a report with rows, not an empty page.
    expect(expected.rows.length).toBeGreaterThan(1);
    expect(expected.totals.deals_bought + expected.totals.deals_sold).toBeGreaterThan(0);
    expect(new Set(expected.rows.map((r) => r.market)).size).toBeGreaterThan(1);

    const { page } = session;
    await session.goto(paths.dailyReport.getHref());
    await page.getByRole('heading', { name: 'Отчёт за день' }).waitFor();
    await page.getByTestId('report-row').first().waitFor();
    expect(await page.getByTestId('report-date').inputValue()).toBe(yesterday());
    expect(await page.getByTestId('report-row').count()).toBe(expected.rows.length);
    const totals = page.getByTestId('report-totals');
    await totals.getByText('Итого').waitFor();
    expect(await totals.getByTestId('report-profit').textContent()).toBe(
      formatAmount(expected.totals.profit_rub, 'RUB', 'ru'),
    );
    await totals.getByText(formatNumber(expected.totals.deals_sold, 'ru'), { exact: true }).first().waitFor();
    await page.getByText('Сутки по UTC').waitFor();
    await session.screenshot('daily-report');
  });

  it('moves to the previous and the next day, and not past today', async () => {
    const { page } = session;
    const before = shiftDay(yesterday(), -1);
    const expected = await report(before);
    const answered = page.waitForResponse((r) => r.url().includes(`/api/reports/daily/?date=${before}`));
    await page.getByRole('button', { name: 'Предыдущий день' }).click();
    expect((await answered).status()).toBe(200);
    expect(await page.getByTestId('report-date').inputValue()).toBe(before);
    await expect
      .poll(() => page.getByTestId('report-row').count(), { timeout: 10_000 })
      .toBe(expected.rows.length);
    await page.getByRole('button', { name: 'Следующий день' }).click();
    await page.getByRole('button', { name: 'Следующий день' }).click();
    expect(await page.getByTestId('report-date').inputValue()).toBe(todayUtc());
    expect(await page.getByRole('button', { name: 'Следующий день' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Вчера' }).click();
    expect(await page.getByTestId('report-date').inputValue()).toBe(yesterday());
  });

  it('downloads the report as CSV (columns named as the JSON fields, totals last) and as JSON', async () => {
    const expected = await report();
    const csv = await download('Скачать CSV');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(DAILY_REPORT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(expected.rows.length + 2);
    expect(lines.at(-1)!.startsWith('total,')).toBe(true);
    const json = JSON.parse(await download('Скачать JSON')) as DailyReport;
    expect(json.date).toBe(yesterday());
    expect(json.rows).toHaveLength(expected.rows.length);
  });

  it("today's report follows a new deal through the live stream", async () => {
    const { page } = session;
    await page.getByTestId('report-date').fill(todayUtc());
    await page.getByTestId('report-totals').waitFor();
    const mine = `e2e daily report ${Date.now()}`;
    const created = await api('POST', '/api/toy/history/', {
      market_hash_name: mine,
      side: 'buy',
      price: '1.00',
      market: 'tm',
      date: new Date().toISOString(),
    });
    expect(created.status).toBe(201);
    // No polling on this screen: only the stream's `history` event reads the report again. The demo's bots
    // may add deals of their own meanwhile, so the count shown reaches at least the one read after the POST.
    const after = await report(todayUtc());
    const shown = async () =>
      Number(
        ((await page.getByTestId('report-totals').locator('td').nth(1).textContent()) ?? '').replace(
          /\D/g,
          '',
        ),
      );
    await expect.poll(shown, { timeout: 15_000 }).toBeGreaterThanOrEqual(after.totals.deals_bought);
  });

  it('met no page errors or console errors', () => {
    expect(problemsExcept(session.problems, [])).toEqual([]);
  });
});

describeInConsole('daily report in Chromium (English)', { path: paths.tags.getHref(), uiLang: 'en' }, () => {
  it('reads in English', async () => {
    const expected = await report();
    const { page } = session;
    await session.goto(paths.dailyReport.getHref());
    await page.getByRole('heading', { name: 'Daily report' }).waitFor();
    await page.getByTestId('report-row').first().waitFor();
    for (const header of [
      'Market',
      'Account',
      'Bought',
      'Sold',
      'Profit, RUB',
      'Failed deliveries',
      'Alerts',
    ])
      await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
    await page.getByTestId('report-totals').getByText('Total').waitFor();
    await page.getByText('A UTC day').waitFor();
    await page.getByRole('link', { name: 'Download CSV' }).waitFor();
    // The converted columns follow the currency chosen.
    await page.getByLabel('Convert to').click();
    await page.getByRole('option', { name: 'USD' }).click();
    await page.getByRole('columnheader', { name: 'Profit, USD', exact: true }).waitFor();
    expect(await page.getByTestId('report-totals').getByTestId('report-profit').textContent()).toBe(
      formatAmount(expected.totals.profit_usd, 'USD', 'en'),
    );
    await session.screenshot('daily-report-en');
  });

  it('met no page errors or console errors', () => {
    expect(problemsExcept(session.problems, [])).toEqual([]);
  });
});
