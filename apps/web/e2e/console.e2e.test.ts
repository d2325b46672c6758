import { expect, it } from 'vitest';

import { paths } from '../src/config/paths.ts';
import { describeInConsole, session } from './console-suite.ts';
import { e2eServer, waitForTable, watchProblems } from './harness.ts';

/**
 * The console as the server serves it, in Debian's Chromium against the shared demo server (global-setup.ts):
 * the built files and their caching, the login round trip through /admin/login/, the Steam accounts screen
 * and a save through its dialog. The shell (404, 500, language, every route) is in shell.e2e.test.ts.
 */

describeInConsole('console in Chromium', { path: paths.steamAccount.list.getHref() }, () => {
  it('is served by the server: hashed files cached, console paths answered with index.html', async () => {
    const { baseUrl } = e2eServer();
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
    const { baseUrl, admin } = e2eServer();
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const visitor = await context.newPage();
      const problems = watchProblems(visitor);
      await visitor.goto(`${baseUrl}${paths.steamAccount.list.getHref()}`);
      await visitor.waitForURL(/\/admin\/login\/\?next=%2Fsteam-account%2Flist/);
      await visitor.fill('#id_username', admin.username);
      await visitor.fill('#id_password', admin.password);
      await visitor.click('button[type="submit"]');
      await visitor.waitForURL(`${baseUrl}/steam-account/list`);
      await waitForTable(visitor);
      // The common-data call that found no session is the one expected failure.
      expect(problems.filter((line) => !/status of 40[13]/.test(line))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lists the real Steam accounts in a virtualised table', async () => {
    const { page } = session;
    const table = page.getByRole('table', { name: 'Steam-аккаунты' });
    await expect(table.getByText('trade_bot_01', { exact: true }).isVisible()).resolves.toBe(true);
    const rowCount = await table.getAttribute('aria-rowcount');
    expect(Number(rowCount)).toBeGreaterThan(20);
    await expect(page.getByTestId('demo-badge').textContent()).resolves.toBe('DEMO');
    await expect(page.getByTestId('operator-name').textContent()).resolves.toBe(e2eServer().admin.username);
    await page.getByRole('textbox', { name: 'Поиск' }).fill('trade_bot_02');
    await page.waitForFunction(() => document.querySelectorAll('[role="table"] [role="row"]').length === 2);
    await page.getByRole('textbox', { name: 'Поиск' }).fill('');
  });

  it('saves an account edited in the dialog (session, XSRF header, PATCH)', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Изменить trade_bot_01' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Заметки').fill('checked by the browser test');
    await expect(dialog.getByLabel('Пароль', { exact: true }).inputValue()).resolves.toBe('');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('alert').filter({ hasText: 'Аккаунт сохранён' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
  });

  it('met no page errors, console errors or missing translations', () => {
    expect(session.problems).toEqual([]);
  });
});
