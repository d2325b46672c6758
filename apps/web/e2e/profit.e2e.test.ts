import { readFile } from 'node:fs/promises';
import path from 'node:path';

import type { MarketFee, ProfitTotals } from '@toydesk/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { paths } from '../src/config/paths.ts';
import {
  presetRange,
  summaryQuery,
  defaultProfitFilters,
} from '../src/features/profit/utils/profit-range.ts';
import { formatAmount } from '../src/lib/format.ts';
import { api, describeInConsole, session } from './console-suite.ts';
import { SCREENSHOTS_DIR } from './e2e-constants.ts';
import { waitForRows } from './harness.ts';

/**
 * Issue 16, item 1: the profit screen on the demo. The demo's 50,000 history rows (about half purchases,
 * half sales of the same popular items over 90 days) are matched into profit_deal by migration 025's
 * trigger as they are seeded, so this month already has sold deals with a profit; the screen shows the
 * server's totals, the CSV link downloads the deals of the filters, and a fee edit asks first and then
 * moves the totals.
 */

const DEALS = 'Сделки';

interface Page<Row> {
  count: number;
  results: Row[];
}

const qs = (query: Record<string, string | undefined>) =>
  new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();

async function totals(query: Record<string, string | undefined>): Promise<ProfitTotals> {
  const answer = await api<ProfitTotals>('GET', `/api/profit/totals/?${qs(query)}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The month's summary query as the screen builds it on open. */
const monthQuery = (currency: 'RUB' | 'USD') => summaryQuery(defaultProfitFilters(new Date()), currency);

/** The text of a totals card's figure, spaces normalised. */
async function card(testId: string): Promise<string> {
  const text = (await session.page.getByTestId(`${testId}-value`).textContent()) ?? '';
  return text.replace(/\s/g, ' ');
}
const normal = (text: string) => text.replace(/\s/g, ' ');

async function fullScreenshot(name: string) {
  await session.page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}.png`), fullPage: true });
}

let tmSell: MarketFee | undefined;

describeInConsole('profit screen in Chromium (ru)', { path: paths.tags.getHref() }, () => {
  beforeAll(async () => {
    const fees = await api<Page<MarketFee>>('GET', '/api/profit/fees/?market=tm&side=sell');
    tmSell = fees.body.results[0];
  });
  afterAll(async () => {
    // Other files (the price board) read the fee table: put tm's sale fee back.
    if (tmSell) {
      const { percent, fixed_amount, fixed_currency, source } = tmSell;
      await api('PATCH', `/api/profit/fees/${tmSell.id}/`, { percent, fixed_amount, fixed_currency, source });
    }
  });

  it("shows this month's totals from the demo's own history", async () => {
    const month = await totals(monthQuery('RUB'));
    // The demo's history makes sold deals with a profit (not a screen of zeros).
    expect(month.deals).toBeGreaterThan(0);
    expect(Number(month.sales)).toBeGreaterThan(0);
    expect(month.held_units).toBeGreaterThan(0);

    const { page } = session;
    await session.goto(paths.profit.getHref());
    await page.getByRole('heading', { name: 'Прибыль', level: 1 }).waitFor();
    await page.getByTestId('total-profit').waitFor();
    await waitForRows(page, { table: DEALS });
    expect(await card('total-profit')).toBe(normal(formatAmount(month.profit, 'RUB', 'ru')));
    expect(await card('total-sales')).toBe(normal(formatAmount(month.sales, 'RUB', 'ru')));
    expect(await card('total-deals')).toBe(normal(month.deals.toLocaleString('ru-RU')));
    // A bar per day of the month so far, and the markets of sale.
    const days = Number(await page.getByTestId('profit-by-day').getAttribute('data-days'));
    expect(days).toBe(new Date().getUTCDate());
    await page.getByTestId('profit-by-day').locator('.recharts-bar-rectangle').first().waitFor();
    await page.getByTestId('profit-by-market').getByRole('row').first().waitFor();
    await page.getByTestId('profit-best').locator('li').first().waitFor();
    await page.getByTestId('profit-worst').locator('li').first().waitFor();
    await page.getByTestId('profit-held').locator('li').first().waitFor();
    await page.waitForLoadState('networkidle');
    await session.screenshot('profit');
    await fullScreenshot('profit-full');

    // The same in dollars, from the server's USD columns.
    const usd = await totals(monthQuery('USD'));
    await page.getByRole('group', { name: 'Валюта' }).getByRole('button', { name: 'USD' }).click();
    await expect.poll(() => card('total-profit')).toBe(normal(formatAmount(usd.profit, 'USD', 'ru')));
    await page.getByRole('group', { name: 'Валюта' }).getByRole('button', { name: 'RUB' }).click();
  });

  it('downloads the deals of the current filters as CSV', async () => {
    const { page } = session;
    await page.getByRole('group', { name: 'Период' }).getByRole('button', { name: '7 дней' }).click();
    const week = presetRange('days7', new Date());
    const listQuery = {
      ordering: '-sell_date,-id',
      sell_date__gte: `${week.from}T00:00:00Z`,
      sell_date__lt: `${new Date(Date.parse(`${week.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`,
    };
    const expected = (
      await api<Page<unknown>>('GET', `/api/profit/deals/?${qs({ ...listQuery, page_size: '1' })}`)
    ).body.count;
    expect(expected).toBeGreaterThan(0);
    await page
      .getByTestId('profit-deals-count')
      .filter({ hasText: `Строк: ${expected}` })
      .waitFor();
    const href = (await page.getByTestId('profit-csv').getAttribute('href')) ?? '';
    expect(href).toContain('format=csv');
    expect(href).toContain(`sell_date__gte=${encodeURIComponent(listQuery.sell_date__gte)}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('profit-csv').click(),
    ]);
    const bytes = await readFile((await download.path())!);
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    const [header = '', ...lines] = text.split('\r\n').filter((line) => line !== '');
    expect(header).toContain('profit_rub');
    expect(header).toContain('market_hash_name');
    expect(lines).toHaveLength(expected);
  });

  it('narrows to an item picked from the names offered, and a reload keeps the filters', async () => {
    const { page } = session;
    const best = await api<{ results: { market_hash_name: string }[] }>(
      'GET',
      `/api/profit/by-item/?${qs({ ...monthQuery('RUB'), ordering: '-profit', limit: '1' })}`,
    );
    const name = best.body.results[0]?.market_hash_name;
    expect(name, "the month's best item").toBeDefined();
    const itemTotals = await totals({ ...monthQuery('RUB'), market_hash_name: name });
    await session.goto(paths.profit.getHref());
    await page.getByTestId('total-profit').waitFor();
    // Most of the name is typed; the list offers the catalogue's names that match, and the pick filters.
    const field = page.getByTestId('profit-item');
    await field.fill(name!.slice(0, -4));
    await page.getByRole('option', { name: name!, exact: true }).click();
    await expect.poll(() => card('total-deals')).toBe(normal(itemTotals.deals.toLocaleString('ru-RU')));
    expect(await card('total-profit')).toBe(normal(formatAmount(itemTotals.profit, 'RUB', 'ru')));
    expect(new URL(page.url()).searchParams.get('item')).toBe(name);
    await session.screenshot('profit-item');
    await page.reload();
    await page.getByTestId('total-profit').waitFor();
    expect(await field.inputValue()).toBe(name);
    await expect.poll(() => card('total-profit')).toBe(normal(formatAmount(itemTotals.profit, 'RUB', 'ru')));
    await session.goto(paths.profit.getHref());
    await page.getByTestId('total-profit').waitFor();
  });

  it('asks before a fee edit, shows old and new, then the totals change', async () => {
    expect(tmSell, "tm's sale fee row").toBeDefined();
    const { page } = session;
    await page.getByRole('group', { name: 'Период' }).getByRole('button', { name: 'Этот месяц' }).click();
    const before = await totals(monthQuery('RUB'));
    await expect.poll(() => card('total-profit')).toBe(normal(formatAmount(before.profit, 'RUB', 'ru')));

    const oldPercent = Number(tmSell!.percent);
    const newPercent = String(oldPercent + 2);
    const fees = page.getByTestId('profit-fees');
    await fees.scrollIntoViewIfNeeded();
    await fees
      .getByRole('button', { name: /^Изменить: .* · Продажа$/ })
      .first()
      .waitFor();
    await page.locator('[data-fee="tm/sell"]').getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('fee-percent').fill(newPercent);
    await dialog.getByTestId('fee-edit-next').click();
    // The second step: nothing sent yet, the old and new figures side by side, and the warning.
    const change = dialog.getByTestId('fee-change');
    await change.waitFor();
    const percentRow = change.getByRole('row').filter({ hasText: 'Комиссия, %' });
    await percentRow.getByText(`${oldPercent} %`, { exact: true }).waitFor();
    await percentRow.getByText(`${newPercent} %`, { exact: true }).waitFor();
    await dialog.getByText('Все сделки этой площадки будут пересчитаны', { exact: false }).waitFor();
    expect((await totals(monthQuery('RUB'))).profit).toBe(before.profit);
    await session.screenshot('profit-fee-confirm');
    await dialog.getByTestId('fee-edit-confirm').click();
    await page.getByRole('alert').filter({ hasText: 'Комиссия изменена' }).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const after = await totals(monthQuery('RUB'));
    // A higher sale fee on tm takes more from every tm sale of the month.
    expect(Number(after.profit)).toBeLessThan(Number(before.profit));
    expect(Number(after.sale_fees)).toBeGreaterThan(Number(before.sale_fees));
    expect(after.sales).toBe(before.sales);
    await expect.poll(() => card('total-profit')).toBe(normal(formatAmount(after.profit, 'RUB', 'ru')));
    await page.locator('[data-fee="tm/sell"]').getByText(`${newPercent} %`).waitFor();
  });

  it('met no page errors', () => {
    expect(session.problems).toEqual([]);
  });
});

describeInConsole('profit screen in Chromium (en)', { path: paths.tags.getHref(), uiLang: 'en' }, () => {
  it('shows the screen in English with the same figures', async () => {
    const month = await totals(monthQuery('RUB'));
    const { page } = session;
    await session.goto(paths.profit.getHref());
    await page.getByRole('heading', { name: 'Profit', level: 1 }).waitFor();
    await waitForRows(page, { table: 'Deals' });
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'This month' }).waitFor();
    expect(await card('total-profit')).toBe(normal(formatAmount(month.profit, 'RUB', 'en')));
    await page.getByRole('table', { name: 'Market fees' }).waitFor();
    await page.getByTestId('profit-by-day').locator('.recharts-bar-rectangle').first().waitFor();
    await page.waitForLoadState('networkidle');
    await session.screenshot('profit-en');
    await fullScreenshot('profit-full-en');
  });

  it('met no page errors', () => {
    expect(session.problems).toEqual([]);
  });
});
