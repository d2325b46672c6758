import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';

import { paths } from '../src/config/paths.ts';
import { describeInConsole, session } from './console-suite.ts';
import { apiRequest, waitForRows } from './harness.ts';

/**
 * Operations in Debian's Chromium against the shared demo server: a bot action with its live progress
 * (relogin of a demo Steam account from the row menu), the proxies round trip (add with a write-only
 * password, check now, edit with the password left empty, delete), the tags round trip, the sign-up
 * checklist dialog, and the bot jobs, alerts and deliveries screens. What it creates carries RUN in its name.
 */

const RUN = `e2e-${Date.now()}`;
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000, interval: 250 });

async function notified(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

interface TagRow {
  id: number;
  name: string;
  color: string;
}

async function tagsNamed(search: string): Promise<TagRow[]> {
  const reply = (await apiRequest(session, 'GET', `/api/tag/?search=${encodeURIComponent(search)}`)) as {
    body: { results: TagRow[] };
  };
  return reply.body.results;
}

describeInConsole('operations in Chromium', { path: paths.steamAccount.list.getHref() }, () => {
  afterAll(async () => {
    for (const tag of (await tagsNamed(RUN).catch(() => [])) ?? [])
      await apiRequest(session, 'DELETE', `/api/tag/${tag.id}/`).catch(() => undefined);
  });

  it('relogs a demo Steam account in from the row menu and follows the job to its end', async () => {
    const { page } = session;
    await waitForRows(page);
    await page.getByRole('button', { name: 'Действия с trade_bot_01' }).click();
    await page.getByRole('menuitem', { name: 'Перелогин' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('run-action').click();
    const state = dialog.getByTestId('job-state');
    await state.waitFor();
    await poll(() => state.textContent()).toBe('Готово');
    expect(await dialog.getByTestId('job-attempts').textContent()).toMatch(/^Попытка 1 из \d+$/);
    await session.screenshot('operations-relogin-done');
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('reads the Steam wallet balance as a job without holding the call', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Действия с trade_bot_01' }).click();
    await page.getByRole('menuitem', { name: 'Баланс Steam-кошелька' }).click();
    const dialog = page.getByRole('dialog');
    const [reply] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/market/get-balance-info/')),
      dialog.getByTestId('run-action').click(),
    ]);
    expect([200, 202]).toContain(reply.status());
    await poll(() => dialog.getByTestId('job-state').textContent()).toBe('Готово');
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('adds a proxy, checks it now, edits it and deletes it', async () => {
    const { page } = session;
    const port = 40000 + (Date.now() % 20000);
    const label = `http://127.0.0.1:${port}`;
    await session.goto(paths.proxy.getHref());
    await page.getByRole('button', { name: 'Добавить прокси' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Хост' }).fill('127.0.0.1');
    await dialog.getByRole('textbox', { name: 'Порт' }).fill(String(port));
    await dialog.getByRole('textbox', { name: 'Пользователь' }).fill(RUN);
    await dialog.getByLabel('Пароль').fill('e2e-secret');
    await dialog.getByRole('button', { name: 'Создать' }).click();
    await notified(page, 'Прокси добавлен');
    const row = page.getByRole('row').filter({ hasText: label });
    await row.waitFor();
    // The password never comes back in clear.
    expect(await page.content()).not.toContain('e2e-secret');

    await row.getByRole('button', { name: `Проверить ${label} сейчас` }).click();
    // Nothing listens on that port: the check ends and the proxy is marked down.
    await poll(() => row.getByText('Не работает').count()).toBe(1);
    await session.screenshot('operations-proxy-checked');

    // Edit: the dialog starts from the stored proxy, the password empty (left so, it is kept).
    await row.getByRole('button', { name: `Изменить ${label}` }).click();
    dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('textbox', { name: 'Пользователь' }).inputValue()).toBe(RUN);
    expect(await dialog.getByLabel('Пароль').inputValue()).toBe('');
    await dialog.getByText('Оставьте пустым, чтобы не менять').waitFor();
    await session.screenshot('operations-proxy-edit');
    const moved = port + 1;
    const movedLabel = `http://127.0.0.1:${moved}`;
    await dialog.getByRole('textbox', { name: 'Порт' }).fill(String(moved));
    await dialog.getByRole('textbox', { name: 'Комментарий' }).fill(`${RUN} edited`);
    const [saved] = await Promise.all([
      page.waitForResponse(
        (response) => response.request().method() === 'PATCH' && response.url().includes('/api-node/proxy/'),
      ),
      dialog.getByRole('button', { name: 'Сохранить' }).click(),
    ]);
    expect(saved.status()).toBe(200);
    // Only what changed went out: no password, so the stored one stays (its mask still answers).
    expect(JSON.parse(saved.request().postData() ?? '{}')).toEqual({ port: moved, comment: `${RUN} edited` });
    expect((await saved.json()) as { password: string | null }).toMatchObject({ password: '••••••••' });
    await notified(page, 'Прокси сохранён');
    const movedRow = page.getByRole('row').filter({ hasText: movedLabel });
    await movedRow.getByText(`${RUN} edited`).waitFor();
    // A new endpoint is checked again at once: nothing listens there either.
    await poll(() => movedRow.getByText('Не работает').count()).toBe(1);

    await movedRow.getByRole('button', { name: `Удалить ${movedLabel}` }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByTestId('confirm-button').click();
    await notified(page, 'Удалён 1 прокси');
    await poll(() => page.getByRole('row').filter({ hasText: movedLabel }).count()).toBe(0);
  });

  it('creates, edits and deletes a tag', async () => {
    const { page } = session;
    const name = `${RUN} tag`;
    await session.goto(paths.tags.getHref());
    await waitForRows(page);
    await page.getByRole('button', { name: 'Создать' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Название' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Цвет' }).fill('#123456');
    await dialog.getByRole('button', { name: 'Создать' }).click();
    await notified(page, 'Запись создана');
    await poll(async () => (await tagsNamed(name)).length).toBe(1);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();

    await row.getByRole('button', { name: 'Изменить' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Цвет' }).fill('#654321');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await notified(page, 'Запись сохранена');
    await poll(async () => (await tagsNamed(name))[0]?.color).toBe('#654321');

    await row.getByRole('button', { name: 'Удалить' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByTestId('confirm-button').click();
    await poll(async () => (await tagsNamed(name)).length).toBe(0);
  });

  it('opens an account checklist step by step', async () => {
    const { page } = session;
    await session.goto(paths.steamAccount.checkList.getHref());
    await waitForRows(page);
    await page.getByRole('row').filter({ hasText: 'trade_bot_01' }).first().click();
    const dialog = page.getByRole('dialog');
    await poll(() => dialog.locator('li[data-step]').count()).toBe(10);
    await session.screenshot('operations-checklist');
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
  });

  it('lists the bot jobs, among them the relogin, with its log', async () => {
    const { page } = session;
    await session.goto(paths.botJobs.getHref());
    await waitForRows(page);
    // The demo server runs many jobs; the kind filter finds ours.
    const kind = page.getByRole('combobox', { name: 'Тип задачи' });
    // Kinds are shown by their title in the UI's language (steam.relogin).
    await kind.fill('Повторный вход в Steam');
    await page.getByRole('option', { name: 'Повторный вход в Steam', exact: true }).click();
    await page.keyboard.press('Escape');
    const relogin = page.getByRole('row').filter({ hasText: 'Повторный вход в Steam' }).first();
    await relogin.click();
    const dialog = page.getByRole('dialog');
    await poll(() => dialog.getByTestId('job-state').textContent()).toBe('Готово');
    await session.screenshot('operations-bot-job');
    await dialog.getByRole('button', { name: 'Закрыть' }).click();

    await session.goto(paths.botAlerts.getHref());
    await page.getByRole('heading', { name: 'Оповещения ботов' }).waitFor();
    await session.screenshot('operations-bot-alerts');
  });

  it('lists the deliveries of sold items from the demo data, filtered by state', async () => {
    const { page } = session;
    await session.goto(paths.botDeliveries.getHref());
    await waitForRows(page, { table: 'Передачи предметов' });
    const table = page.getByRole('table', { name: 'Передачи предметов' });
    await table.getByText('Передан', { exact: true }).first().waitFor();
    await session.screenshot('operations-bot-deliveries');

    await page.getByRole('combobox', { name: 'Состояние' }).click();
    await page.getByRole('option', { name: 'Не передан' }).click();
    await page.keyboard.press('Escape');
    await poll(() => table.getByText('Передан', { exact: true }).count()).toBe(0);
    const failed = table.getByRole('row').filter({ hasText: 'Не передан' }).first();
    await failed.waitFor();
    // A failed delivery says why: Steam's answer to the offer, or the market ending the deal.
    expect(await failed.textContent()).toMatch(/Обмен в Steam: \S+|Площадка отменила сделку/);
  });

  it('met no page errors', () => {
    expect(session.problems).toEqual([]);
  });
});
