import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse, listPage } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';

import { ProfitFeesTable } from './profit-fees-table';

const tmSell = {
  id: 1,
  market: 'tm',
  side: 'sell',
  percent: '5.000000',
  fixed_amount: '0.00',
  fixed_currency: 'RUB',
  source: 'tm docs',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('ProfitFeesTable', () => {
  it('adds a fee where a market and side have none, after showing it against no fee', async () => {
    const calls = stubApi(
      ({ url }) => (url.includes('/api/profit/fees/') ? jsonResponse(listPage([tmSell])) : undefined),
      (call) => jsonResponse({ ...(call.body as object), id: 2, created_at: '', updated_at: '' }, 201),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <ProfitFeesTable marketName={(code) => (code === 'tm' ? 'Market CSGO' : String(code))} />,
    );
    await screen.findByText('tm docs');
    await user.click(screen.getByRole('button', { name: 'Добавить комиссию' }));
    const dialog = await screen.findByRole('dialog');
    // tm's sale fee exists: the first free choice is tm's purchase, then Steam's sale.
    await user.click(within(dialog).getByRole('combobox', { name: 'Площадка и сторона сделки' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Market CSGO · Покупка', 'steam · Продажа', 'steam · Покупка']);
    await user.click(screen.getByRole('option', { name: 'steam · Продажа' }));
    await user.clear(within(dialog).getByTestId('fee-percent'));
    await user.type(within(dialog).getByTestId('fee-percent'), '13,04');
    await user.click(within(dialog).getByTestId('fee-edit-next'));
    const change = await screen.findByTestId('fee-change');
    expect(within(change).getAllByRole('row')[1]!.textContent).toBe('Комиссия, %—13.04 %');
    // Nothing sent before the second step.
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    await user.click(screen.getByTestId('fee-edit-confirm'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      market: 'steam',
      side: 'sell',
      percent: '13.04',
      fixed_amount: '0.00',
      fixed_currency: 'RUB',
      source: null,
    });
  });
});
