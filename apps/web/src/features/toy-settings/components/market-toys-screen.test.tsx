import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { notifications } from '@/lib/notifications';
import { jsonResponse, listPage } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';

import { DELETE_CONCURRENCY } from '../api/delete-many';
import { marketToyRow, toyRow } from '../testing/toy-row';
import { MarketToysScreen } from './market-toys-screen';

const ROWS = [1, 2, 3, 4, 5, 6].map((id) => marketToyRow(id));

/** The API of the screen: six market rows, toys 101-106, and writes answered by `onWrite`. */
function reads({ url }: ApiCall): Response | undefined {
  if (url.includes('/api/market/toys/')) return jsonResponse(listPage(ROWS));
  if (url.includes('/api/toy/toys/')) {
    const ids = new URL(url).searchParams.getAll('id').map(Number);
    return jsonResponse(listPage(ids.filter((id) => id > 100 && id < 107).map((id) => toyRow(id))));
  }
}

afterEach(() => vi.unstubAllGlobals());

async function openImport() {
  const user = userEvent.setup();
  renderWithProviders(<MarketToysScreen />);
  await screen.findByText('AWP | Asiimov (Field-Tested) #1');
  await user.click(screen.getByRole('button', { name: 'Импорт' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('textbox', { name: 'Данные' }));
  return { user, dialog };
}

describe('Market toys screen', () => {
  it('deletes the ticked rows a few at a time and reports what failed in one notification', async () => {
    let inFlight = 0;
    let peak = 0;
    const calls = stubApi(reads, async (call) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight -= 1;
      return call.url.includes('/api/market/toys/3/')
        ? jsonResponse({ error: 'Запись заблокирована' }, 400)
        : new Response(null, { status: 204 });
    });
    const user = userEvent.setup();
    renderWithProviders(<MarketToysScreen />);
    await user.click(await screen.findByRole('checkbox', { name: 'Выбрать все загруженные строки' }));
    await user.click(screen.getByRole('button', { name: 'Удалить выбранные' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Удалить 6 строк?')).toBeTruthy();
    expect(dialog.textContent).toContain('сами предметы останутся в каталоге');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const deletes = calls.filter((c) => c.method === 'DELETE').map((c) => new URL(c.url).pathname);
    expect(deletes.sort()).toEqual([1, 2, 3, 4, 5, 6].map((id) => `/api/market/toys/${id}/`));
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(DELETE_CONCURRENCY);
    expect(notifications.list()).toHaveLength(1);
    expect(notifications.list()[0]?.text).toBe(
      'Удалено: 5, не удалось удалить: 1 (эти строки остались выбранными). Запись заблокирована',
    );
    expect(screen.getByTestId('selection-bar').textContent).toContain('Выбрана 1 строка');
    expect(
      (screen.getByRole('checkbox', { name: 'Выбрать AWP | Asiimov (Field-Tested) #3' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
  });

  it('imports a CSV of market prices, a toy named by id included, through the bulk upsert', async () => {
    const calls = stubApi(reads, () => jsonResponse({ created: 1, updated: 1 }));
    const { user, dialog } = await openImport();
    await user.paste(
      'market_hash_name;toy;market;price_buy;price_sell;min_price_buy;max_price_buy;enable_dynamic_order\n' +
        'M4A1-S | Printstream (Field-Tested);;tm;1000;1200,50;;;нет\n' +
        ';102;dmarket;;15.5;10;12;да',
    );
    expect(within(dialog).getByText('Строк: 2, готовы к импорту: 2')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Импортировать (2)' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const lookup = calls.find((c) => c.method === 'GET' && c.url.includes('/api/toy/toys/'));
    expect(new URL(lookup?.url ?? 'http://x/').searchParams.getAll('id')).toEqual(['102']);
    const upsert = calls.find((c) => c.url.includes('bulk-create-or-update-by-market-hash-name'));
    expect(upsert?.method).toBe('POST');
    expect(upsert?.body).toEqual([
      {
        market_hash_name: 'M4A1-S | Printstream (Field-Tested)',
        market: 'tm',
        price_buy: '1000',
        price_sell: '1200.50',
        min_price_buy: null,
        max_price_buy: null,
        enable_dynamic_order: false,
      },
      {
        market_hash_name: 'AK-47 | Redline (Field-Tested) #102',
        market: 'dmarket',
        price_buy: null,
        price_sell: '15.5',
        min_price_buy: '10',
        max_price_buy: '12',
        enable_dynamic_order: true,
      },
    ]);
    expect(notifications.list()).toMatchObject([
      { text: 'Импорт завершён: добавлено 1, обновлено 1', color: 'success' },
    ]);
  });

  it('names the row and the field of a bad row and sends only the good ones', async () => {
    const calls = stubApi(reads, () => jsonResponse({ created: 1, updated: 0 }));
    const { user, dialog } = await openImport();
    await user.paste(
      'market_hash_name,market,price_sell,enable_dynamic_order,min_price_buy\n' +
        'P90 | Asiimov (Field-Tested),tm,35.00,,\n' +
        'AWP | Dragon Lore (Factory New),tm,abc,,\n' +
        'Glock-18 | Fade (Factory New),nowhere,10,,\n' +
        'USP-S | Kill Confirmed (Minimal Wear),tm,10,true,5',
    );
    const table = within(dialog).getByRole('table', { name: 'Предпросмотр импорта' });
    const rowOf = (line: number) =>
      within(table)
        .getAllByRole('row')
        .find((row) => within(row).queryAllByRole('cell')[0]?.textContent === String(line));
    expect(rowOf(3)?.textContent).toContain('price_sell: Введите сумму');
    expect(rowOf(4)?.textContent).toContain('market: ');
    expect(rowOf(5)?.textContent).toContain('max_price_buy: Обязательное поле');
    expect(rowOf(2)?.textContent).toContain('✓');
    expect(within(dialog).getByTestId('invalid-rows').textContent).toBe(
      'Строки с ошибками не будут отправлены: 3, 4, 5',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Импортировать (1)' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const upsert = calls.find((c) => c.url.includes('bulk-create-or-update-by-market-hash-name'));
    expect(upsert?.body).toEqual([
      {
        market_hash_name: 'P90 | Asiimov (Field-Tested)',
        market: 'tm',
        price_sell: '35.00',
        enable_dynamic_order: false,
        min_price_buy: null,
      },
    ]);
  });

  it('refuses an import whose toy id names no toy, before writing anything', async () => {
    const calls = stubApi(reads, () => jsonResponse({ created: 1, updated: 0 }));
    const { user, dialog } = await openImport();
    await user.paste('[{"toy": 999, "market": "tm", "price_sell": 10}]');
    await user.click(within(dialog).getByRole('button', { name: 'Импортировать (1)' }));
    expect(await within(dialog).findByText('toy: Нет предмета с id 999')).toBeTruthy();
    expect(within(dialog).getByTestId('form-error').textContent).toContain('1');
    expect(calls.some((c) => c.url.includes('bulk-create-or-update-by-market-hash-name'))).toBe(false);
  });
});
