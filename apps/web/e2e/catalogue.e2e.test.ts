import type { Locator, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';

import { paths } from '../src/config/paths.ts';
import { api, describeInConsole, session } from './console-suite.ts';
import { apiRequest, problemsExcept, waitForRows, type Paged } from './harness.ts';

/**
 * The item catalogue, market prices, history and market stats in Debian's Chromium against the shared demo
 * server: a create, edit and delete round trip on each screen, the inline switches, bulk edits by ids and by
 * filter, deleting the ticked rows, the catalogue import with the server's per-row errors, the market prices
 * import with a bad row held back, and a point status set from the stats screen. Every row it makes carries
 * RUN in its name, so other files and demo rows are left alone.
 */

const RUN = `e2e-${Date.now()}`;

/** The import test's refused call, which the browser reports as a failed load. */
const EXPECTED_400 = /status of 400 .*toys-create-and-update/;

/** Polls until the value matches; the shared machine can be slow, so generously. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000, interval: 250 });

interface ToyRow {
  id: number;
  market_hash_name: string;
  ru_name: string | null;
  label: string;
  ignore_price: boolean;
  record_status: string;
}

async function toysNamed(search: string): Promise<ToyRow[]> {
  const reply = await api<Paged<ToyRow>>('GET', `/api/toy/toys/?search=${encodeURIComponent(search)}`);
  return reply.body.results;
}

/** Picks an option of a MUI select by its label. */
/**
 * Picks `option` in the select `label` and checks that it took. The menu opens with a transition and is
 * placed against the field: with other fonts installed a click sent while it still moved landed beside
 * the option, and the select kept its old value. So: wait for the listbox and the option to be visible and
 * for the option to stand still over two animation frames, click it by role and name, wait for the menu
 * to close, and read the value back from the field (one more try if the click was lost, then fail).
 */
async function choose(page: Page, scope: Locator | Page, label: string, option: string) {
  const field = scope.getByRole('combobox', { name: label });
  for (let attempt = 1; ; attempt += 1) {
    await field.click();
    const listbox = page.getByRole('listbox');
    await listbox.waitFor({ state: 'visible' });
    const item = listbox.getByRole('option', { name: option, exact: true });
    await item.waitFor({ state: 'visible' });
    await poll(async () => {
      const before = await item.boundingBox();
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      return JSON.stringify(before) === JSON.stringify(await item.boundingBox());
    }).toBe(true);
    await item.click();
    await listbox.waitFor({ state: 'hidden' });
    if ((await field.textContent())?.trim() === option) return;
    if (attempt === 2)
      expect((await field.textContent())?.trim(), `${label}: the choice did not take`).toBe(option);
  }
}

/** Waits for a success notification holding the text. */
async function notified(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

async function search(page: Page, text: string, label = 'Поиск') {
  const box = page.getByRole('textbox', { name: label });
  await box.fill(text);
}

/** Creates «<prefix> one», «two» and «three» and shows the catalogue searched for the prefix. */
async function showThreeToys(page: Page, prefix: string) {
  const made = await api('POST', '/api/toy/toys/toys-create-and-update/', [
    { market_hash_name: `${prefix} one` },
    { market_hash_name: `${prefix} two` },
    { market_hash_name: `${prefix} three` },
  ]);
  expect(made.status).toBe(200);
  await session.goto(paths.toySettings.common.getHref());
  await waitForRows(page);
  await search(page, prefix);
}

describeInConsole(
  'catalogue, prices, history and stats in Chromium',
  { path: paths.toySettings.common.getHref() },
  () => {
    afterAll(async () => {
      // Whatever a failed test left behind.
      for (const toy of (await toysNamed(RUN).catch(() => [])) ?? [])
        await apiRequest(session, 'DELETE', `/api/toy/toys/${toy.id}/`).catch(() => undefined);
    });

    it('creates, edits (inline and in the dialog) and deletes a toy', async () => {
      const { page } = session;
      const name = `${RUN} AK-47 | Test (Field-Tested)`;
      await waitForRows(page);
      await page.getByRole('button', { name: 'Добавить предмет' }).click();
      let dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Предмет', exact: true }).fill(name);
      await dialog.getByRole('textbox', { name: 'Название (рус.)' }).fill('Тестовый предмет');
      await choose(page, dialog, 'Название', 'Редкий');
      await dialog.getByRole('button', { name: 'Создать' }).click();
      await notified(page, 'Предмет добавлен');
      await search(page, RUN);
      const row = page.getByRole('row').filter({ hasText: name });
      await row.waitFor();
      let [toy] = await toysNamed(name);
      expect(toy).toMatchObject({ ru_name: 'Тестовый предмет', label: 'rare', ignore_price: false });

      await row.getByRole('switch', { name: `Без цены: ${name}` }).click();
      await poll(async () => (await toysNamed(name))[0]?.ignore_price).toBe(true);

      await row.getByRole('cell').nth(3).click();
      dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Название (рус.)' }).fill('Изменённый предмет');
      await dialog.getByRole('button', { name: 'Сохранить' }).click();
      await notified(page, 'Предмет сохранён');
      [toy] = await toysNamed(name);
      expect(toy?.ru_name).toBe('Изменённый предмет');
      await session.screenshot('catalogue-toy-edited');

      await row.getByRole('button', { name: 'Удалить' }).click();
      dialog = page.getByRole('dialog');
      await dialog.getByText(name).waitFor();
      await dialog.getByRole('button', { name: 'Удалить' }).click();
      await notified(page, 'Предмет удалён');
      await poll(async () => (await toysNamed(name)).length).toBe(0);
    });

    it('bulk-edits selected toys by ids and then every toy matching the filter', async () => {
      const { page } = session;
      const prefix = `${RUN} bulk`;
      await showThreeToys(page, prefix);
      await page
        .getByRole('row')
        .filter({ hasText: `${prefix} three` })
        .waitFor();
      await poll(() => page.getByRole('row').filter({ hasText: prefix }).count()).toBe(3);

      await page.getByRole('checkbox', { name: `Выбрать ${prefix} one` }).check();
      await page.getByRole('checkbox', { name: `Выбрать ${prefix} two` }).check();
      await page.getByRole('button', { name: 'Изменить выбранные' }).click();
      let dialog = page.getByRole('dialog');
      await choose(page, dialog, 'Название', 'Опасный');
      await session.screenshot('catalogue-bulk-selected');
      await dialog.getByRole('button', { name: 'Применить' }).click();
      await notified(page, 'Изменено записей: 2');
      const labels = Object.fromEntries((await toysNamed(prefix)).map((t) => [t.market_hash_name, t.label]));
      expect(labels).toEqual({
        [`${prefix} one`]: 'danger',
        [`${prefix} two`]: 'danger',
        [`${prefix} three`]: 'normal',
      });

      await page.getByRole('button', { name: /Изменить все по фильтру \(3\)/ }).click();
      dialog = page.getByRole('dialog');
      await dialog.getByTestId('bulk-scope').filter({ hasText: '3' }).waitFor();
      await choose(page, dialog, 'Статус записи', 'Устарела');
      await dialog.getByRole('button', { name: 'Применить' }).click();
      await notified(page, 'Изменено записей: 3');
      expect((await toysNamed(prefix)).map((t) => t.record_status)).toEqual([
        'outdated',
        'outdated',
        'outdated',
      ]);
    });

    it('imports toys from CSV: a bad value held back in the preview, the server 400 against its row', async () => {
      const { page } = session;
      await session.goto(paths.toySettings.common.getHref());
      await waitForRows(page);
      await page.getByRole('button', { name: 'Импорт' }).click();
      const dialog = page.getByRole('dialog');
      const text = dialog.getByRole('textbox', { name: 'Данные' });
      // A label outside the enum is caught by the contract's schema before anything is sent.
      await text.fill(
        `market_hash_name;ru_name;label\n${RUN} import A;Импорт А;rare\n${RUN} import B;Импорт Б;shiny`,
      );
      await dialog.getByTestId('invalid-rows').filter({ hasText: ': 3' }).waitFor();
      await dialog
        .getByRole('table')
        .getByText(/^label:/)
        .waitFor();
      await dialog.getByRole('button', { name: 'Импортировать (1)' }).waitFor();

      // A tag id that names no tag only the server can refuse: all or nothing, shown against its row.
      await text.fill(
        `market_hash_name;ru_name;tags\n${RUN} import A;Импорт А;\n${RUN} import B;Импорт Б;2000000000`,
      );
      await dialog.getByRole('button', { name: 'Импортировать (2)' }).click();
      await dialog.getByTestId('form-error').waitFor();
      await dialog
        .getByRole('table')
        .getByText(/^tags:/)
        .waitFor();
      await session.screenshot('catalogue-import-rejected');
      expect(await toysNamed(`${RUN} import`)).toEqual([]);

      await text.fill(
        `market_hash_name;ru_name;label\n${RUN} import A;Импорт А;rare\n${RUN} import B;Импорт Б;new`,
      );
      await dialog.getByRole('button', { name: 'Импортировать (2)' }).click();
      await notified(page, 'добавлено 2');
      const imported = await toysNamed(`${RUN} import`);
      expect(imported.map((t) => [t.ru_name, t.label]).sort()).toEqual([
        ['Импорт А', 'rare'],
        ['Импорт Б', 'new'],
      ]);
    });

    it('deletes the ticked toys after one confirmation and leaves the rest', async () => {
      const { page } = session;
      const prefix = `${RUN} delete`;
      await showThreeToys(page, prefix);
      await poll(() => page.getByRole('row').filter({ hasText: prefix }).count()).toBe(3);

      await page.getByRole('checkbox', { name: `Выбрать ${prefix} one` }).check();
      await page.getByRole('checkbox', { name: `Выбрать ${prefix} three` }).check();
      await page.getByRole('button', { name: 'Удалить выбранные' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Удалить 2 строки?').waitFor();
      await dialog.getByRole('button', { name: 'Удалить', exact: true }).click();
      await notified(page, 'Удалено записей: 2');
      expect((await toysNamed(prefix)).map((t) => t.market_hash_name)).toEqual([`${prefix} two`]);
      await poll(() => page.getByRole('row').filter({ hasText: prefix }).count()).toBe(1);
      // The deleted rows left the selection with the table.
      await page.getByTestId('selection-bar').waitFor({ state: 'detached' });
      await session.screenshot('catalogue-bulk-deleted');
    });

    it('imports market prices from CSV, by name and by toy id, with a bad row named and held back', async () => {
      const { page } = session;
      const byName = `${RUN} market import A`;
      const byId = `${RUN} market import B`;
      await api('POST', '/api/toy/toys/toys-create-and-update/', [{ market_hash_name: byId }]);
      const [toy] = await toysNamed(byId);
      expect(toy).toBeDefined();
      await session.goto(paths.toySettings.market.getHref());
      await waitForRows(page);
      await page.getByRole('button', { name: 'Импорт', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByRole('textbox', { name: 'Данные' })
        .fill(
          'market_hash_name;toy;market;price_buy;price_sell;min_price_buy;max_price_buy;enable_dynamic_order\n' +
            `${byName};;tm;90;110,50;;;нет\n` +
            `;${toy?.id};tm;;75;60;70;да\n` +
            `${RUN} market import C;;tm;;много;;;`,
        );
      await dialog.getByTestId('invalid-rows').filter({ hasText: ': 4' }).waitFor();
      await dialog
        .getByRole('table')
        .getByText(/^price_sell:/)
        .waitFor();
      await session.screenshot('market-import-preview');
      await dialog.getByRole('button', { name: 'Импортировать (2)' }).click();
      await notified(page, 'Импорт завершён: добавлено 2');

      const read = async (name: string) =>
        (
          await api<Paged<{ price_buy: string | null; price_sell: string; enable_dynamic_order: boolean }>>(
            'GET',
            `/api/market/toys/?market=tm&search=${encodeURIComponent(name)}`,
          )
        ).body.results;
      expect(await read(byName)).toMatchObject([
        { price_buy: '90.00', price_sell: '110.50', enable_dynamic_order: false },
      ]);
      expect(await read(byId)).toMatchObject([{ price_sell: '75.00', enable_dynamic_order: true }]);
      expect(await read(`${RUN} market import C`)).toEqual([]);
      await search(page, `${RUN} market import`);
      await poll(() =>
        page
          .getByRole('row')
          .filter({ hasText: `${RUN} market import` })
          .count(),
      ).toBe(2);
    });

    it('creates a market toy by name, refuses min above max, switches dynamic orders and deletes it', async () => {
      const { page } = session;
      const name = `${RUN} market item`;
      await session.goto(paths.toySettings.market.getHref());
      await waitForRows(page);
      await page.getByRole('button', { name: 'Добавить на площадку' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Предмет', exact: true }).fill(name);
      await choose(page, dialog, 'Площадка', 'Market CSGO');
      await dialog.getByRole('textbox', { name: 'Цена продажи' }).fill('150.00');
      await dialog.getByRole('textbox', { name: 'Мин. цена покупки' }).fill('120.00');
      await dialog.getByRole('textbox', { name: 'Макс. цена покупки' }).fill('100.00');
      await dialog.getByRole('button', { name: 'Создать' }).click();
      await dialog.getByText('Мин. цена покупки больше максимальной').waitFor();
      await session.screenshot('market-toy-range-refused');
      await dialog.getByRole('textbox', { name: 'Макс. цена покупки' }).fill('130.00');
      await dialog.getByRole('button', { name: 'Создать' }).click();
      await notified(page, 'Предмет на площадке сохранён');

      await search(page, RUN);
      const row = page.getByRole('row').filter({ hasText: name });
      await row.waitFor();
      const read = async () =>
        (
          await api<Paged<{ id: number; enable_dynamic_order: boolean; max_price_buy: string }>>(
            'GET',
            `/api/market/toys/?market=tm&search=${encodeURIComponent(name)}`,
          )
        ).body.results[0];
      expect((await read())?.max_price_buy).toBe('130.00');
      await row.getByRole('switch', { name: `Динамический ордер: ${name}` }).click();
      await poll(async () => (await read())?.enable_dynamic_order).toBe(true);

      // The per-account settings: a shared row through create-or-update.
      await row.getByRole('button', { name: `Настройки ордеров: ${name}` }).click();
      const settings = page.getByRole('dialog');
      await settings.getByRole('button', { name: 'Добавить настройку' }).click();
      const form = settings.getByRole('form', { name: 'Настройка ордера' });
      await form.getByRole('textbox', { name: 'Мин. цена покупки' }).fill('101.00');
      await form.getByRole('textbox', { name: 'Макс. цена покупки' }).fill('131.00');
      await form.getByRole('button', { name: 'Сохранить' }).click();
      // The notification sits outside the open dialog, which hides it from the accessibility tree: the row
      // in the dialog's table says it instead.
      await settings.getByRole('table').getByText('Общая (все аккаунты)').waitFor({ timeout: 30_000 });
      const dynamic = await api<
        Paged<{ market_account: number | null; max_price_buy: string; scope: string }>
      >('GET', `/api/market/toy-dynamic-settings/?market=tm&market_hash_name=${encodeURIComponent(name)}`);
      expect(dynamic.body.results).toMatchObject([
        { market_account: null, max_price_buy: '131.00', scope: 'shared' },
      ]);
      await session.screenshot('market-toy-dynamic-settings');
      await settings.getByRole('button', { name: 'Закрыть' }).click();

      await row.getByRole('button', { name: 'Удалить' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
      await notified(page, 'Запись удалена');
      await poll(async () => await read()).toBeUndefined();
    });

    it('creates, filters, bulk-edits, connects and deletes a history row, with the totals following', async () => {
      const { page } = session;
      const name = `${RUN} history item`;
      await session.goto(paths.history.list.getHref());
      await waitForRows(page);
      await page.getByRole('button', { name: 'Добавить сделку' }).click();
      let dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Предмет', exact: true }).fill(name);
      await choose(page, dialog, 'Сторона', 'Продажа');
      await dialog.getByRole('textbox', { name: 'Цена' }).fill('777.77');
      await choose(page, dialog, 'Площадка', 'Market CSGO');
      await dialog.getByRole('button', { name: 'Создать' }).click();
      await notified(page, 'Сделка добавлена');

      await search(page, RUN);
      const row = page.getByRole('row').filter({ hasText: name });
      await row.waitFor();
      await poll(() => page.getByTestId('totals-count').textContent()).toBe('1');
      await poll(() => page.getByTestId('totals-sold').textContent()).toBe('777.77\u00a0₽');
      await session.screenshot('history-filtered-totals');

      const read = async () =>
        (
          await api<Paged<{ id: number; price: string; record_status: string; comment: string | null }>>(
            'GET',
            `/api/toy/history/?search=${encodeURIComponent(name)}`,
          )
        ).body.results[0];
      const created = await read();
      expect(created?.price).toBe('777.77');

      await row.getByRole('cell').nth(4).click();
      dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Комментарий' }).fill('e2e edit');
      await dialog.getByRole('button', { name: 'Сохранить' }).click();
      await notified(page, 'Сделка сохранена');
      expect((await read())?.comment).toBe('e2e edit');

      await row.getByRole('checkbox', { name: new RegExp(`Выбрать #${created?.id} `) }).check();
      await page.getByRole('button', { name: 'Изменить выбранные' }).click();
      dialog = page.getByRole('dialog');
      await choose(page, dialog, 'Статус записи', 'Устарела');
      await dialog.getByRole('button', { name: 'Применить' }).click();
      await notified(page, 'Изменено записей: 1');
      expect((await read())?.record_status).toBe('outdated');

      await page.getByRole('button', { name: 'Связать с предметами' }).click();
      await notified(page, 'Связано:');

      await row.getByRole('button', { name: 'Удалить' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
      await notified(page, 'Сделка удалена');
      await poll(async () => await read()).toBeUndefined();
      await poll(() => page.getByTestId('totals-count').textContent()).toBe('0');
    });

    it('sets a price point status from the market stats screen', async () => {
      const { page } = session;
      // An item with collected points on Market CSGO (the demo keeps them for its most traded items).
      const stats = await api<Paged<{ market_hash_name: string }>>(
        'GET',
        '/api/toy/history-stats/?market=tm&ordering=-volume&page_size=1',
      );
      const item = stats.body.results[0]?.market_hash_name ?? '';
      expect(item).not.toBe('');
      await session.goto(paths.history.marketStats.getHref('tm'));
      // The averages of every item on the market: the slowest first read of this file on a busy machine.
      await waitForRows(page, { table: 'Средние цены по предметам', timeout: 60_000 });
      await page.getByTestId('trades-chart').waitFor();
      await search(page, item, 'Поиск по названию предмета');
      const averages = page.getByRole('table', { name: 'Средние цены по предметам' });
      const row = averages.getByRole('row').filter({ hasText: item }).first();
      await row.getByRole('cell').nth(1).click();
      await page.getByTestId('chosen-item').filter({ hasText: item }).waitFor();
      const points = page.getByRole('table', { name: 'Точки цен' });
      await points.getByRole('row').nth(1).waitFor();
      await session.screenshot('market-stats-item');

      const button = points.getByRole('button', { name: /Статус точки за/ }).first();
      await button.click();
      await page
        .getByRole('menu', { name: 'Статус точки' })
        .getByRole('menuitem', { name: 'Сильно устарела' })
        .click();
      await notified(page, 'Статус «Сильно устарела» установлен');
      await points.getByText('Сильно устарела').first().waitFor();

      // Back to normal, so the demo averages stay as they were for other files.
      await points
        .getByRole('button', { name: /Статус точки за/ })
        .first()
        .click();
      await page
        .getByRole('menu', { name: 'Статус точки' })
        .getByRole('menuitem', { name: 'Обычная' })
        .click();
      await notified(page, 'Статус «Обычная» установлен');
    });

    it('met no page errors, console errors or missing translations beyond the refused import', () => {
      expect(problemsExcept(session.problems, [EXPECTED_400])).toEqual([]);
    });
  },
);
