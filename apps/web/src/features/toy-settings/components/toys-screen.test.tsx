import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { notifications } from '@/lib/notifications';
import { jsonResponse, listPage } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';

import { toyRow } from '../testing/toy-row';
import { ToysScreen } from './toys-screen';

/** Reads answer the catalogue; the row's ignore-price switch always succeeds; the test answers the other writes. */
function stubToys(onWrite: (call: ApiCall) => Response = () => jsonResponse({ updated: 1 })) {
  return stubApi(
    ({ url }) => {
      if (url.includes('/api/toy/toy-group/'))
        return jsonResponse(listPage([{ id: 4, name: 'Ножи', description: null, created_at: '' }]));
      if (url.includes('/api/toy/toys/'))
        return jsonResponse(listPage([toyRow(1, { group: 4 }), toyRow(2, { ignore_price: true })]));
    },
    (call) =>
      call.url.includes('/api/toy/toys/set-ignore-price/') ? jsonResponse({ updated: 1 }) : onWrite(call),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Toys screen', () => {
  it('lists the catalogue with group names and sends the filters to the server', async () => {
    const calls = stubToys();
    const user = userEvent.setup();
    renderWithProviders(<ToysScreen />);
    expect(await screen.findByText('AK-47 | Redline (Field-Tested) #1')).toBeTruthy();
    expect(screen.getByText('Ножи')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Поиск' }), 'redline');
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('/api/toy/toys/') && c.url.includes('search=redline'))).toBe(
        true,
      ),
    );
  });

  it('switches ignore-price in the row through set-ignore-price', async () => {
    const calls = stubToys();
    const user = userEvent.setup();
    renderWithProviders(<ToysScreen />);
    await user.click(
      await screen.findByRole('switch', { name: 'Без цены: AK-47 | Redline (Field-Tested) #1' }),
    );
    await waitFor(() => {
      const call = calls.find((c) => c.url.includes('set-ignore-price'));
      expect(call?.url).toContain('id=1');
      expect(call?.url).toContain('value=true');
    });
  });

  it('bulk-edits the selected rows through the by-query endpoint with their ids', async () => {
    const calls = stubToys(() => jsonResponse({ updated: 2 }));
    const user = userEvent.setup();
    renderWithProviders(<ToysScreen />);
    await user.click(await screen.findByRole('checkbox', { name: 'Выбрать все загруженные строки' }));
    expect(screen.getByTestId('selection-bar').textContent).toContain('Выбрано 2 строки');
    await user.click(screen.getByRole('button', { name: 'Изменить выбранные' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Изменить поле «Без цены»' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Без цены' }));
    await user.click(within(dialog).getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const call = calls.find((c) => c.url.includes('bulk-toys-update-by-qs'));
    expect(call?.method).toBe('POST');
    expect(call?.url).toMatch(/id=1&id=2|id=2&id=1/);
    expect(call?.body).toEqual({ ignore_price: true });
  });

  it('asks before deleting a toy and then sends DELETE', async () => {
    const calls = stubToys(() => new Response(null, { status: 204 }));
    const user = userEvent.setup();
    renderWithProviders(<ToysScreen />);
    await screen.findByText('AK-47 | Redline (Field-Tested) #2');
    await user.click(screen.getAllByRole('button', { name: 'Удалить' })[1]!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('AK-47 | Redline (Field-Tested) #2');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toContain('/api/toy/toys/2/'));
  });

  it('deletes every ticked toy after one confirmation naming the count', async () => {
    const calls = stubToys(() => new Response(null, { status: 204 }));
    const user = userEvent.setup();
    renderWithProviders(<ToysScreen />);
    await user.click(await screen.findByRole('checkbox', { name: 'Выбрать все загруженные строки' }));
    await user.click(screen.getByRole('button', { name: 'Удалить выбранные' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Удалить 2 строки?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const listReads = calls.filter((c) => c.method === 'GET' && c.url.includes('/api/toy/toys/')).length;
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const deletes = calls.filter((c) => c.method === 'DELETE').map((c) => new URL(c.url).pathname);
    expect(deletes.sort()).toEqual(['/api/toy/toys/1/', '/api/toy/toys/2/']);
    expect(notifications.list()).toMatchObject([{ text: 'Удалено записей: 2', color: 'success' }]);
    expect(screen.queryByTestId('selection-bar')).toBeNull();
    // The list is read again without the deleted rows.
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'GET' && c.url.includes('/api/toy/toys/')).length,
      ).toBeGreaterThan(listReads),
    );
  });

  it('reports a partial bulk delete in one notification and keeps the failed rows selected', async () => {
    const calls = stubToys((call) =>
      call.url.includes('/api/toy/toys/2/')
        ? jsonResponse({ detail: 'Нет прав' }, 403)
        : new Response(null, { status: 204 }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ToysScreen />);
    await user.click(await screen.findByRole('checkbox', { name: 'Выбрать все загруженные строки' }));
    await user.click(screen.getByRole('button', { name: 'Удалить выбранные' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
    // One notification for the whole run, not one "request error" per failed row.
    expect(notifications.list()).toHaveLength(1);
    const [report] = notifications.list();
    expect(report).toMatchObject({ title: 'Удалено не всё', color: 'warning' });
    expect(report?.text).toContain('Удалено: 1, не удалось удалить: 1');
    expect(report?.text).toContain('Permissions error(403)');
    expect(screen.getByTestId('selection-bar').textContent).toContain('Выбрана 1 строка');
    expect(
      (
        screen.getByRole('checkbox', {
          name: 'Выбрать AK-47 | Redline (Field-Tested) #2',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
  });

  it('shows the server 400 of an import against the rows it names', async () => {
    stubToys((call) =>
      call.url.includes('toys-create-and-update')
        ? jsonResponse({ '1': { label: ['Неверный вариант'] } }, 400)
        : jsonResponse({}, 500),
    );
    const user = userEvent.setup();
    renderWithProviders(<ToysScreen />);
    await user.click(await screen.findByRole('button', { name: 'Импорт' }));
    const dialog = await screen.findByRole('dialog');
    const text = within(dialog).getByRole('textbox', { name: 'Данные' });
    await user.click(text);
    await user.paste(
      'market_hash_name,label\nAWP | Asiimov (Field-Tested),rare\nP90 | Asiimov (Field-Tested),rare',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Импортировать (2)' }));
    expect(await within(dialog).findByText('label: Неверный вариант')).toBeTruthy();
    expect(within(dialog).getByTestId('form-error').textContent).toContain('1');
  });
});
