import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';

import { historyRow } from '../testing/history-row';
import { HistoryScreen } from './history-screen';

const rows = [historyRow(1), historyRow(2, { side: 'sell', price: '1500.00' })];

function reads({ url }: ApiCall): Response | undefined {
  if (url.includes('/api/toy/history/history-extended/'))
    return jsonResponse({ count: 2, next: null, previous: null, results: rows });
  if (url.includes('/api/toy/history-stats/stats-by-date/'))
    return jsonResponse({
      currency: 'RUB',
      results: [
        {
          date: '2026-11-19',
          side: 'buy',
          count: 2,
          total: '2000.50',
          avg_price: '1000.25',
          min_price: '1',
          max_price: '2',
        },
        {
          date: '2026-11-20',
          side: 'sell',
          count: 1,
          total: '2500.00',
          avg_price: '2500',
          min_price: '1',
          max_price: '2',
        },
      ],
    });
}

afterEach(() => vi.unstubAllGlobals());

/** The address the screen is at, for the URL-kept filters. */
function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

describe('History screen', () => {
  it('shows the rows and the server totals of the filter, and refilters both', async () => {
    const calls = stubApi(reads, () => jsonResponse({}, 500));
    const user = userEvent.setup();
    renderWithProviders(<HistoryScreen />);
    expect(await screen.findByText('AWP | Asiimov (Field-Tested) #1')).toBeTruthy();
    expect(screen.getAllByText('Market CSGO trade_bot_01').length).toBe(2);
    await waitFor(() => expect(screen.getByTestId('totals-count').textContent).toBe('3'));
    expect(screen.getByTestId('totals-bought').textContent).toBe('2\u00a0000.50\u00a0₽');
    expect(screen.getByTestId('totals-profit').textContent).toBe('499.50\u00a0₽');
    // With no status filter the totals ask for every status, like the list shows.
    expect(calls.find((c) => c.url.includes('stats-by-date'))?.url).toContain('record_status=outdated');

    await user.type(screen.getByRole('textbox', { name: 'Цена от' }), '1200');
    await waitFor(() => {
      expect(calls.some((c) => c.url.includes('history-extended') && c.url.includes('price__gte=1200'))).toBe(
        true,
      );
      expect(calls.some((c) => c.url.includes('stats-by-date') && c.url.includes('price__gte=1200'))).toBe(
        true,
      );
    });
  });

  it('bulk-edits the selected rows by ids and connects them to items', async () => {
    const calls = stubApi(reads, (call) =>
      call.url.includes('connect-items')
        ? jsonResponse({ connected: 1, by_classid_instanceid: 0, by_market_hash_name: 1, unmatched: 0 })
        : jsonResponse({ updated: 1, results: [] }),
    );
    const user = userEvent.setup();
    renderWithProviders(<HistoryScreen />);
    await user.click(
      await screen.findByRole('checkbox', { name: 'Выбрать #2 AWP | Asiimov (Field-Tested) #2' }),
    );
    await user.click(screen.getByRole('button', { name: 'Связать с предметами' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('connect-items'))?.body).toEqual({ ids: [2] }),
    );

    await user.click(screen.getByRole('button', { name: 'Изменить выбранные' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Статус записи' }));
    await user.click(await screen.findByRole('option', { name: 'Устарела' }));
    await user.click(within(dialog).getByRole('button', { name: 'Применить' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('bulk-update-by-ids'))?.body).toEqual({
        ids: [2],
        fields: { record_status: 'outdated' },
      }),
    );
  });

  it('reads its filters from the URL and writes a changed filter back to it (issue 12)', async () => {
    const calls = stubApi(reads, () => jsonResponse({}, 500));
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <HistoryScreen />
        <LocationProbe />
      </>,
      { path: '/history/list?side=sell&date_from=2026-11-20&price_to=900&unlinked=1' },
    );
    await screen.findByText('AWP | Asiimov (Field-Tested) #1');
    const first = new URL(calls.find((c) => c.url.includes('history-extended'))?.url ?? 'http://x/');
    expect(first.searchParams.getAll('side')).toEqual(['sell']);
    expect(first.searchParams.get('price__lte')).toBe('900');
    expect(first.searchParams.get('toy__isnull')).toBe('true');
    expect(first.searchParams.get('date__gte')).toMatch(/^2026-11-(19|20)T\d\d:00:00\.000Z$/);
    expect((screen.getByLabelText('С даты') as HTMLInputElement).value).toBe('2026-11-20');
    expect((screen.getByRole('textbox', { name: 'Цена до' }) as HTMLInputElement).value).toBe('900');

    await user.type(screen.getByRole('textbox', { name: 'Цена от' }), '100');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '?side=sell&price_from=100&price_to=900&date_from=2026-11-20&unlinked=1',
      ),
    );
    await user.clear(screen.getByRole('textbox', { name: 'Цена до' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).not.toContain('price_to'));
  });
});
