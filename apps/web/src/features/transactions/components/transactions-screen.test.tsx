import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { notifications } from '@/lib/notifications';
import { jsonResponse, listPage } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';

import { transactionRow } from '../testing/transaction-row';
import { TransactionsScreen } from './transactions-screen';

const rows = [transactionRow(1), transactionRow(2, { kind: 'output', comment: 'Вывод 2' })];

function reads({ url }: ApiCall): Response | undefined {
  if (url.includes('/api/steam/transactions/')) return jsonResponse(listPage(rows));
  if (url.includes('/api/market/accounts/extended/'))
    return jsonResponse(
      listPage([
        {
          id: 1,
          market: 'tm',
          market_name: 'Market CSGO',
          steam_account_name: 'a',
          label: 'tm a',
          balance: '100.10',
          currency: 'RUB',
          balance_rub: '100.10',
        },
        {
          id: 2,
          market: 'tm',
          market_name: 'Market CSGO',
          steam_account_name: 'b',
          label: 'tm b',
          balance: '1.00',
          currency: 'USD',
          balance_rub: '92.50',
        },
      ]),
    );
  if (url.includes('/api/steam/accounts/extended/'))
    return jsonResponse({ count: 0, next: null, previous: null, results: [] });
}

describe('Transactions screen', () => {
  it('shows the balances per market and filters the ledger by kind', async () => {
    const calls = stubApi(reads, () => jsonResponse({}, 500));
    const user = userEvent.setup();
    renderWithProviders(<TransactionsScreen />);
    expect(await screen.findByText('Пополнение 1')).toBeTruthy();
    const tm = await screen.findByTestId('balance-tm');
    expect(tm.textContent).toContain('Market CSGO (2)');
    expect(tm.textContent).toContain('192.60');

    await user.click(screen.getByLabelText('Вид'));
    await user.click(await screen.findByRole('option', { name: 'Вывод' }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('kind=output'))).toBe(true));
  });

  const write = () =>
    stubApi(reads, (call) =>
      call.method === 'DELETE' ? new Response(null, { status: 204 }) : jsonResponse(transactionRow(3), 201),
    );

  it('creates a manual transaction', { timeout: 60_000 }, async () => {
    const calls = write();
    const user = userEvent.setup();
    renderWithProviders(<TransactionsScreen />);
    await screen.findByText('Пополнение 1');
    await user.click(screen.getByRole('button', { name: 'Добавить операцию' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText(/Вид/));
    await user.click(await screen.findByRole('option', { name: 'Пополнение' }));
    await user.type(within(dialog).getByLabelText(/Сумма/), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      kind: 'input',
      amount: '25',
      payment_method: 'other',
      currency: 'RUB',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notifications.list()[0]).toMatchObject({ text: 'Операция создана', color: 'success' });
  });

  it('edits a transaction: only the changed field is sent', { timeout: 60_000 }, async () => {
    const calls = write();
    const user = userEvent.setup();
    renderWithProviders(<TransactionsScreen />);
    await user.click(await screen.findByText('Вывод 2'));
    const dialog = await screen.findByRole('dialog');
    const comment = within(dialog).getByLabelText(/Комментарий/);
    await user.clear(comment);
    await user.type(comment, 'Кт');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.url).toMatch(/\/api\/steam\/transactions\/2\/$/);
    expect(patch.body).toEqual({ comment: 'Кт' });
  });

  it('deletes a transaction after confirmation', { timeout: 60_000 }, async () => {
    const calls = write();
    const user = userEvent.setup();
    renderWithProviders(<TransactionsScreen />);
    await screen.findByText('Пополнение 1');
    await user.click(screen.getAllByRole('button', { name: 'Удалить' })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')!.url).toMatch(/\/api\/steam\/transactions\/1\/$/);
    expect(notifications.list()[0]).toMatchObject({ text: 'Операция удалена', color: 'success' });
  });
});
