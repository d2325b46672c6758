import { ERROR_MESSAGES } from '@toydesk/contract';
import { expect, it } from 'vitest';

import { paths } from '../src/config/paths.ts';
import { describeInConsole, session } from './console-suite.ts';
import { apiRequest, problemsExcept, waitForRows } from './harness.ts';

/**
 * What no single screen owns, in Debian's Chromium against the shared demo server: a failed back-end call
 * notified as 'Ошибка запроса', the 404 page, the language switch, 50,000 virtualised rows, and every route
 * rendering real rows with a screenshot kept in test-artifacts/screenshots/.
 */

/** Every page route, as the operator reaches it. A screen's own file tests what it does. */
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
  ['markets', paths.markets.getHref()],
  ['market-database', paths.marketDatabase.getHref()],
  ['price-board', paths.priceBoard.getHref()],
  ['daily-report', paths.dailyReport.getHref()],
  ['profit', paths.profit.getHref()],
  ['transactions', paths.transactions.getHref()],
  ['audit-log', paths.auditLog.getHref()],
  ['bot-deliveries', paths.botDeliveries.getHref()],
  ['ui', paths.ui.getHref()],
];

/** The browser's own report of the answer the 500 test makes the server give. */
const EXPECTED_500 = /status of 500/;

describeInConsole('console shell in Chromium', { path: paths.tags.getHref() }, () => {
  it("notifies a back-end 500 as 'Ошибка запроса' in the error colour, with the body's message", async () => {
    const { page } = session;
    let answered = 0;
    await page.route(
      (url) => url.pathname === '/api/tag/',
      async (route) => {
        answered += 1;
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'e2e: the database went away' }),
        });
      },
    );
    try {
      await session.goto(paths.tags.getHref());
      const alert = page.getByRole('alert').filter({ hasText: 'Ошибка запроса' });
      await alert.first().waitFor();
      await expect(alert.first().textContent()).resolves.toContain('e2e: the database went away');
      await expect(alert.first().getAttribute('class')).resolves.toMatch(/MuiAlert-filledError/);
      // The wrapper retries a GET once on a 500 before it gives up.
      expect(answered).toBeGreaterThanOrEqual(2);
      await session.screenshot('error-500-notification');
    } finally {
      await page.unroute((url) => url.pathname === '/api/tag/');
    }
  });

  it("notifies a 500 without an error field with the catalogue's message for the status", async () => {
    const { page } = session;
    await page.route(
      (url) => url.pathname === '/api/settings/server/',
      (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    );
    try {
      await session.goto(paths.serverGroups.getHref());
      await page
        .getByRole('alert')
        .filter({ hasText: 'Ошибка запроса' })
        .filter({ hasText: ERROR_MESSAGES.ru['500'] })
        .first()
        .waitFor();
    } finally {
      await page.unrouteAll();
    }
  });

  it('answers an unknown path and a failed route validation with the 404 page', async () => {
    const { page } = session;
    await session.goto('/no/such/page');
    await page.getByText('Page Not Found: /no/such/page').waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Страница не найдена');
    await expect(page.getByRole('link', { name: 'На главную' }).count()).resolves.toBe(1);
    await session.screenshot('not-found');
    await session.goto('/history/market-stats/bogus');
    await page.getByText('Page Not Found: /history/market-stats/bogus').waitFor();
  });

  it('switches the language to English, keeps it over a reload, and back to Russian', async () => {
    const { page } = session;
    await session.goto(paths.steamAccount.list.getHref());
    await waitForRows(page);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    await page.getByRole('heading', { name: 'Steam accounts' }).waitFor();
    await session.screenshot('steam-account-list-en');
    await page.reload();
    await page.getByRole('link', { name: 'Log out' }).waitFor();
    await page.getByRole('button', { name: 'Русский' }).click();
    await page.getByRole('link', { name: 'Выйти' }).waitFor();
    await page.getByRole('heading', { name: 'Steam-аккаунты' }).waitFor();
  });

  it('scrolls 50,000 rows with a few dozen in the DOM', async () => {
    const { page } = session;
    await session.goto(paths.ui.getHref());
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

  it('answers the start-up requests of index.html from the first screens, each sent once', async () => {
    const { page } = session;
    for (const href of ['/', paths.steamAccount.list.getHref(), paths.history.list.getHref()]) {
      const sent: string[] = [];
      const onRequest = (request: { url: () => string }) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) sent.push(`${url.pathname}${url.search}`);
      };
      page.on('request', onRequest);
      await session.goto(href);
      await waitForRows(page);
      await page.waitForLoadState('networkidle');
      page.off('request', onRequest);
      // The early-request plan (src/app/early-request-plan.ts) matches what each screen asks for first.
      const untaken = await page.evaluate(() =>
        Object.keys((window as unknown as { __toydeskEarly?: object }).__toydeskEarly ?? { missing: 1 }),
      );
      expect(untaken, href).toEqual([]);
      const twice = sent.filter((url, at) => sent.indexOf(url) !== at);
      expect(twice, `${href} sent a request twice`).toEqual([]);
      expect(sent, href).toContain('/api/frontend/common');
    }
  });

  it('renders every route with real rows and keeps a screenshot of each', async () => {
    const { page } = session;
    // The audit log starts empty on fresh demo data: one change through the API gives it a row.
    const tagName = `e2e-shell-${Date.now()}`;
    const created = await apiRequest(session, 'POST', '/api/tag/', { name: tagName });
    expect(created.status).toBe(201);
    const tagId = (created.body as { id: number }).id;
    expect((await apiRequest(session, 'DELETE', `/api/tag/${tagId}/`)).status).toBe(204);
    const empty: string[] = [];
    for (const [name, href] of ROUTES) {
      await session.goto(href);
      await page.waitForSelector('[role="table"] [role="row"][aria-rowindex="2"], [role="table"] p', {
        timeout: 20_000,
      });
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('error-screen').count(), `${href} shows an error`).toBe(0);
      expect(await page.getByTestId('layout-error').count(), `${href} failed to render`).toBe(0);
      if ((await page.locator('[role="table"] [role="row"][aria-rowindex="2"]').count()) === 0)
        empty.push(href);
      await session.screenshot(name);
    }
    // The demo data fills every screen: a table left empty means a screen that reads nothing.
    expect(empty).toEqual([]);
    await session.goto(paths.auditLog.getHref());
    // The audit log names the object (the tag's name), not its table.
    await page.getByRole('table').getByText(tagName, { exact: true }).first().waitFor();
  });

  it('met no page errors, console errors or missing translations beyond the 500s it asked for', () => {
    expect(problemsExcept(session.problems, [EXPECTED_500])).toEqual([]);
  });
});
