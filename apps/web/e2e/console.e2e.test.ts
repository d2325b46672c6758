import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { boot, type Booted } from '../../server/src/boot.ts';
import { loadConfig } from '../../server/src/config.ts';
import { ensureConsoleBuilt } from '../scripts/ensure-build.ts';
import { paths } from '../src/config/paths.ts';

/**
 * The console in Debian's Chromium (playwright-core, no downloaded browser) against the real server with
 * demo data: login through /admin/login/, the Steam accounts screen, a save, the 404 page, the language
 * switch, 50,000 virtualised rows, and a screenshot of every route in test-artifacts/screenshots/.
 */

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SCREENSHOTS = fileURLToPath(new URL('../../../test-artifacts/screenshots/', import.meta.url));
const ADMIN = { username: 'admin', password: 'e2e-console-password' };

/** Every page route, as the operator reaches it. */
const ROUTES: Array<[name: string, href: string]> = [
  ['steam-account-list', paths.steamAccount.list.getHref()],
  ['steam-account-check-list', paths.steamAccount.checkList.getHref()],
  ['market-account-list', paths.marketAccount.list.getHref()],
  ['market-account-orders', paths.marketAccount.orders.getHref('tm')],
  ['inventory-list', paths.inventory.list.getHref()],
  ['sell-items-list', paths.sellItems.list.getHref()],
  ['history-list', paths.history.list.getHref()],
  ['history-market-stats', paths.history.marketStats.getHref('tm')],
  ['toy-settings-common', paths.toySettings.common.getHref()],
  ['toy-settings-market', paths.toySettings.market.getHref()],
  ['proxy', paths.proxy.getHref()],
  ['tags', paths.tags.getHref()],
  ['server-groups', paths.serverGroups.getHref()],
  ['available-ips', paths.availableIps.getHref()],
  ['transactions', paths.transactions.getHref()],
  ['audit-log', paths.auditLog.getHref()],
  ['ui', paths.ui.getHref()],
];

let booted: Booted | undefined;
let browser: Browser | undefined;
let page: Page;
let baseUrl = '';
let dataDir = '';
const problems: string[] = [];

/** Waits for a table's first data row, or its empty text. */
async function waitForTable(target: Page) {
  await target.waitForSelector('[role="table"] [role="row"][aria-rowindex="2"], [role="table"] p', {
    timeout: 20_000,
  });
}

describe.skipIf(!existsSync(CHROMIUM))('console in Chromium', () => {
  beforeAll(async () => {
    await ensureConsoleBuilt();
    dataDir = mkdtempSync(path.join(tmpdir(), 'toydesk-e2e-'));
    const config = loadConfig({
      TOYDESK_DEMO: '1',
      TOYDESK_DATA_DIR: dataDir,
      TOYDESK_ADMIN_USER: ADMIN.username,
      TOYDESK_ADMIN_PASSWORD: ADMIN.password,
      TOYDESK_LOG_LEVEL: 'warn',
    });
    booted = await boot(config);
    await booted.app.listen({ port: 0, host: '127.0.0.1' });
    const address = booted.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'ru-RU' });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.text().startsWith('[i18n] missing key')) problems.push(message.text());
    });
    mkdirSync(SCREENSHOTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await booted?.app.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is served by the server: hashed files cached, console paths answered with index.html', async () => {
    const deepLink = await fetch(`${baseUrl}/history/list`, { headers: { accept: 'text/html' } });
    expect(deepLink.status).toBe(200);
    expect(deepLink.headers.get('cache-control')).toBe('no-cache');
    const html = await deepLink.text();
    expect(html).toContain('<meta name="toydesk-build"');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${baseUrl}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const api = await fetch(`${baseUrl}/api/no-such-endpoint/`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toHaveProperty('detail');
    expect((await fetch(`${baseUrl}/tags`, { headers: { accept: 'application/json' } })).status).toBe(404);
  });

  it('sends a visitor without a session to the login page and back', async () => {
    await page.goto(`${baseUrl}${paths.steamAccount.list.getHref()}`);
    await page.waitForURL(/\/admin\/login\/\?next=%2Fsteam-account%2Flist/);
    await page.fill('#id_username', ADMIN.username);
    await page.fill('#id_password', ADMIN.password);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${baseUrl}/steam-account/list`);
    await waitForTable(page);
  });

  it('lists the real Steam accounts in a virtualised table', async () => {
    const table = page.getByRole('table', { name: 'Steam-аккаунты' });
    await expect(table.getByText('trade_bot_01', { exact: true }).isVisible()).resolves.toBe(true);
    const rowCount = await table.getAttribute('aria-rowcount');
    expect(Number(rowCount)).toBeGreaterThan(20);
    await expect(page.getByTestId('demo-badge').textContent()).resolves.toBe('DEMO');
    await expect(page.getByTestId('operator-name').textContent()).resolves.toBe(ADMIN.username);
    await page.getByRole('textbox', { name: 'Поиск' }).fill('trade_bot_02');
    await page.waitForFunction(() => document.querySelectorAll('[role="table"] [role="row"]').length === 2);
    await page.getByRole('textbox', { name: 'Поиск' }).fill('');
  });

  it('saves an account edited in the dialog (session, XSRF header, PATCH)', async () => {
    await page.getByRole('button', { name: 'Изменить trade_bot_01' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Заметки').fill('checked by the browser test');
    await expect(dialog.getByLabel('Пароль', { exact: true }).inputValue()).resolves.toBe('');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('alert').filter({ hasText: 'Аккаунт сохранён' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
  });

  it('answers an unknown path and a failed route validation with the 404 page', async () => {
    await page.goto(`${baseUrl}/no/such/page`);
    await page.getByText('Page Not Found: /no/such/page').waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Страница не найдена');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'not-found.png') });
    await page.goto(`${baseUrl}/history/market-stats/bogus`);
    await page.getByText('Page Not Found: /history/market-stats/bogus').waitFor();
  });

  it('switches the language to English and back', async () => {
    await page.goto(`${baseUrl}${paths.steamAccount.list.getHref()}`);
    await waitForTable(page);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    await page.getByRole('heading', { name: 'Steam accounts' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'steam-account-list-en.png') });
    await page.reload();
    await page.getByRole('link', { name: 'Log out' }).waitFor();
    await page.getByRole('button', { name: 'Русский' }).click();
    await page.getByRole('link', { name: 'Выйти' }).waitFor();
  });

  it('scrolls 50,000 rows with a few dozen in the DOM', async () => {
    await page.goto(`${baseUrl}${paths.ui.getHref()}`);
    await page.getByTestId('stress-toggle').click();
    const table = page.getByRole('table', { name: 'Виртуальная таблица' });
    await table.getByText('Item #1', { exact: true }).waitFor();
    for (let step = 1; step <= 10; step += 1) {
      await table.evaluate((element, fraction) => {
        element.scrollTop = element.scrollHeight * fraction;
      }, step / 10);
      await page.waitForTimeout(30);
    }
    await table.getByText('Item #50000', { exact: true }).waitFor();
    const rendered = await table.locator('[role="row"]').count();
    expect(rendered).toBeLessThan(100);
  });

  it('renders every route with its data and keeps a screenshot of each', async () => {
    for (const [name, href] of ROUTES) {
      await page.goto(`${baseUrl}${href}`);
      await waitForTable(page);
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('error-screen').count(), `${href} shows an error`).toBe(0);
      expect(await page.getByTestId('layout-error').count(), `${href} failed to render`).toBe(0);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
    }
    const audit = page.getByRole('table');
    await page.goto(`${baseUrl}${paths.auditLog.getHref()}`);
    await audit.getByText('steam_account', { exact: true }).first().waitFor();
  });

  it('met no page errors and no missing translations', () => {
    expect(problems).toEqual([]);
  });
});
