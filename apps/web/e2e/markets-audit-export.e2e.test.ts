import { readFile } from 'node:fs/promises';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { paths } from '../src/config/paths.ts';
import { describeInConsole, session } from './console-suite.ts';
import { apiRequest, waitForRows } from './harness.ts';

/**
 * Issue 12, deliverables 6 and 7 and the audit bullet: Справочники → Площадки edits a market's exchange rate,
 * every converted total then names the date of that rate; the audit log shows the change with the market's
 * name; «Экспорт CSV» downloads every row of a filtered list (not only the loaded page).
 */

interface Market {
  id: number;
  code: string;
  name: string;
  usd_to_rub_rate: string;
  rates_set_at: string | null;
}

let original: Market | null = null;

async function csfloat(): Promise<Market> {
  const answer = await apiRequest(session, 'GET', '/api/market/markets/?code=csfloat');
  return (answer.body as { results: Market[] }).results[0]!;
}

/** The date as the console shows it in the browser's own time zone: «25.11.2026». */
function browserDate(page: Page, iso: string, locale: string): Promise<string> {
  return page.evaluate(
    ([value, loc]) =>
      new Intl.DateTimeFormat(loc, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
        new Date(value!),
      ),
    [iso, locale],
  );
}

/** The last number of the row-count text: «Загружено 500 из 1 234» → 1234, «12 строк» → 12. */
async function shownTotal(page: Page): Promise<number> {
  const text = (await page.getByTestId('row-count').first().textContent()) ?? '';
  const digits = text.replace(/[\s\u00a0\u202f,]/g, '').match(/\d+/g) ?? [];
  return Number(digits.at(-1));
}

/** Clicks «Экспорт CSV» and reads the file the browser saved: its lines without the header. */
async function exportCsv(
  page: Page,
  control: 'link' | 'button' = 'link',
  name = 'Экспорт CSV',
): Promise<{ header: string; lines: string[]; bom: boolean }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole(control, { name }).first().click(),
  ]);
  const file = await download.path();
  const bytes = await readFile(file);
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  // Records end with CRLF; a quoted field may hold a bare LF (never CRLF in our data), so CRLF splits records.
  const [header = '', ...lines] = bytes
    .subarray(bom ? 3 : 0)
    .toString('utf8')
    .split('\r\n');
  return { header, lines: lines.filter((line) => line !== ''), bom };
}

describeInConsole('markets, audit log and CSV export in Chromium', { path: paths.markets.getHref() }, () => {
  beforeAll(async () => {
    original = await csfloat();
  });
  afterAll(async () => {
    // Other files read the demo's rates: put CSFloat's back.
    if (original && session)
      await apiRequest(session, 'PATCH', `/api/market/markets/${original.id}/`, {
        usd_to_rub_rate: original.usd_to_rub_rate,
      });
  });

  it('edits a rate on Справочники → Площадки; a zero rate is refused in the form', async () => {
    const { page } = session;
    await page.getByRole('heading', { name: 'Площадки' }).waitFor();
    const table = page.getByRole('table', { name: 'Площадки' });
    await waitForRows(page, { table: 'Площадки' });
    await table.getByText('CSFloat', { exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Площадка CSFloat').waitFor();
    const usd = dialog.getByLabel('Курс USD, ₽');
    await usd.fill('0');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('Курс: число больше нуля, не более 6 знаков после точки').waitFor();
    await session.screenshot('markets-rate-refused');
    await usd.fill('97.35');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Площадка CSFloat сохранена').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await table.getByText('97.35', { exact: true }).waitFor();
    const after = await csfloat();
    expect(Number(after.usd_to_rub_rate)).toBe(97.35);
    expect(Date.parse(after.rates_set_at!)).toBeGreaterThan(Date.parse(original!.rates_set_at!));
    await session.screenshot('markets-list');
  });

  it('converted totals name the date of the rates, with the new rate in the tooltip', async () => {
    const { page } = session;
    const after = await csfloat();
    await session.goto(paths.transactions.getHref());
    const total = page.getByTestId('balance-total');
    await total.waitFor();
    const hint = total.getByTestId('rate-date-hint');
    await expect(hint.textContent()).resolves.toBe(
      `по курсу от ${await browserDate(page, after.rates_set_at!, 'ru-RU')}`,
    );
    // The tooltip (the hint's accessible name) lists each market's rates and their date.
    await expect(hint.getAttribute('aria-label')).resolves.toMatch(
      /CSFloat: USD 97\.35 ₽, EUR [\d.]+ ₽, заданы \d\d\.\d\d\.\d{4}/,
    );
    await hint.hover();
    await page.getByRole('tooltip').waitFor();
    await session.screenshot('transactions-rate-date');
    await session.goto(paths.steamAccount.list.getHref());
    await waitForRows(page);
    await expect(page.getByTestId('rate-date-hint').textContent()).resolves.toMatch(
      /^по курсу от \d\d\.\d\d\.\d{4}$/,
    );
  });

  it('the audit log shows the change by the market name, old → new, and exports that filtered list', async () => {
    const { page } = session;
    const started = Date.now();
    const listed = page.waitForResponse((response) => response.url().includes('/api/audit/'), {
      timeout: 60_000,
    });
    await session.goto(paths.auditLog.getHref());
    const answer = await listed;
    // What the first page took and said, for a failure's report (the demo's bots write the log all along).
    const report = `audit list ${answer.status()} after ${Date.now() - started} ms`;
    try {
      await waitForRows(page, { table: 'Журнал изменений', timeout: 40_000 });
    } catch (error) {
      await session.screenshot('audit-log-no-rows');
      throw new Error(`${report}: ${error instanceof Error ? error.message : String(error)}`);
    }
    await page.getByPlaceholder('Поиск').fill('CSFloat');
    const table = page.getByRole('table', { name: 'Журнал изменений' });
    const row = table.getByRole('row').filter({ hasText: 'CSFloat' }).filter({ hasText: 'Площадка' }).first();
    await row.waitFor();
    await expect(row.textContent()).resolves.not.toMatch(/market #/);
    await session.screenshot('audit-log-market');
    await row.click();
    const changes = page.getByTestId('audit-changes');
    const rate = changes.getByRole('row').filter({ hasText: 'Курс USD, ₽' });
    await expect(rate.textContent()).resolves.toMatch(/97\.35/);
    await page
      .getByRole('dialog')
      .getByText(/Изменение · CSFloat/)
      .waitFor();
    await session.screenshot('audit-log-market-change');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const api = await apiRequest(session, 'GET', '/api/audit/?search=CSFloat&page_size=1');
    const count = (api.body as { count: number }).count;
    await expect.poll(() => shownTotal(page)).toBe(count);
    const file = await exportCsv(page);
    expect(file.bom).toBe(true);
    expect(file.header.split(',')).toEqual(
      expect.arrayContaining(['id', 'operator', 'entity', 'object_name']),
    );
    expect(file.lines).toHaveLength(count);
    expect(file.lines.every((line) => line.includes('CSFloat') || /csfloat/i.test(line))).toBe(true);
  });

  it('exports every row of a filtered list, beyond the loaded page (История сделок)', async () => {
    const { page } = session;
    await session.goto(paths.history.list.getHref());
    await waitForRows(page, { table: 'История сделок' });
    const unfiltered = await shownTotal(page);
    await page.getByPlaceholder('Поиск').fill('AK-47');
    await expect.poll(() => shownTotal(page), { timeout: 30_000 }).not.toBe(unfiltered);
    const total = await shownTotal(page);
    // More than the 500 rows the table reads at first: the file must hold the rows never loaded too.
    expect(total).toBeGreaterThan(500);
    await session.screenshot('history-export');
    const file = await exportCsv(page);
    expect(file.bom).toBe(true);
    expect(file.lines).toHaveLength(total);
    const header = file.header.split(',');
    expect(header).toEqual(expect.arrayContaining(['id', 'market_hash_name', 'price', 'currency']));
  });

  it('exports a bot-service list (Передачи предметов) with the app token: the file holds the list count', async () => {
    const { page } = session;
    await session.goto(paths.botDeliveries.getHref());
    await page.getByTestId('row-count').first().waitFor();
    await expect.poll(() => shownTotal(page), { timeout: 30_000 }).toBeGreaterThan(0);
    const total = await shownTotal(page);
    const file = await exportCsv(page, 'button');
    expect(file.bom).toBe(true);
    expect(file.header.split(',')).toContain('id');
    // Deliveries keep coming in the demo: the file is read a moment after the count.
    expect(file.lines.length).toBeGreaterThanOrEqual(total);
    await session.screenshot('bot-deliveries-export');
  });

  it('in English: the markets screen, the export button and the rates date', async () => {
    const { page } = session;
    await session.goto(paths.markets.getHref());
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Markets' }).waitFor();
    await waitForRows(page, { table: 'Markets' });
    await page.getByRole('link', { name: 'Export CSV' }).waitFor();
    await page.getByRole('columnheader', { name: 'Rates set' }).waitFor();
    await session.screenshot('markets-list-en');
    await session.goto(paths.transactions.getHref());
    await expect(page.getByTestId('rate-date-hint').textContent()).resolves.toMatch(/^at the rate of /);
    await page.getByRole('button', { name: 'Русский' }).click();
    await page.getByRole('link', { name: 'Выйти' }).waitFor();
  });

  it('met no page errors', () => {
    expect(session.problems).toEqual([]);
  });
});
