import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, listPage } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';

import { MarketStatsScreen } from './market-stats-screen';

const avgRow = (name: string, sellCount: number) => ({
  market_hash_name: name,
  buy_count: 1,
  buy_avg: '100.00',
  buy_min: '90.00',
  buy_max: '110.00',
  sell_count: sellCount,
  sell_avg: '120.00',
  sell_min: '115.00',
  sell_max: '125.00',
});

const point = (id: number, date: string, status = 'normal') => ({
  id,
  market: 'tm',
  market_hash_name: 'AK-47 | Redline (Field-Tested)',
  toy: null,
  date,
  avg_price: '120.00',
  min_price: '115.00',
  max_price: '125.00',
  volume: 4,
  currency: 'RUB',
  point_status: status,
  created_at: '2026-11-01T00:00:00Z',
});

function stubApi() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({
      method: init.method ?? 'GET',
      url,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    if (url.includes('get-filtered-avg-stats-by-name'))
      return jsonResponse({
        currency: 'RUB',
        results: [avgRow('AK-47 | Redline (Field-Tested)', 5), avgRow('AWP | Asiimov (Field-Tested)', 9)],
      });
    if (url.includes('stats-by-date')) return jsonResponse({ currency: 'RUB', results: [] });
    if (url.includes('set-point-status')) return jsonResponse({ success: true, point: 1, history: 3 });
    if (url.includes('/api/toy/history-stats/'))
      return jsonResponse(listPage([point(11, '2026-11-01'), point(12, '2026-11-02', 'outdated')]));
    return jsonResponse({}, 404);
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('Market stats screen', () => {
  it('lists averages per item for the tab market, searchable, busiest first', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<MarketStatsScreen market="tm" />);
    const table = await screen.findByRole('table', { name: 'Средние цены по предметам' });
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBe(3));
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(names[0]).toContain('AWP | Asiimov');
    expect(calls.find((c) => c.url.includes('avg-stats-by-name'))?.body).toEqual({ markets: ['tm'] });
    await user.type(screen.getByRole('textbox', { name: 'Поиск по названию предмета' }), 'redline');
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBe(2));
  });

  it('shows an item’s price points and sets a point status from the menu', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<MarketStatsScreen market="tm" />);
    await user.click(await screen.findByText('AK-47 | Redline (Field-Tested)'));
    expect(screen.getByTestId('chosen-item').textContent).toContain('AK-47 | Redline (Field-Tested)');
    const pointsTable = await screen.findByRole('table', { name: 'Точки цен' });
    await waitFor(() => expect(within(pointsTable).getAllByRole('row').length).toBe(3));
    expect(
      calls.some((c) => c.url.includes('stats-by-date') && c.url.includes('market_hash_name=AK-47')),
    ).toBe(true);

    await user.click(within(pointsTable).getAllByRole('button', { name: /Статус точки за/ })[0]!);
    const menu = await screen.findByRole('menu', { name: 'Статус точки' });
    await user.click(within(menu).getByRole('menuitem', { name: 'Сильно устарела' }));
    await waitFor(() => {
      const call = calls.find((c) => c.url.includes('set-point-status'));
      expect(call?.url).toContain('id=12');
      expect(call?.url).toContain('status=very_outdated');
    });
  });

  it('takes its search, side and item from the URL and keeps a change there (issue 12)', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<MarketStatsScreen market="tm" />, {
      path: '/history/market-stats/tm?side=buy&search=Asiimov&item=AWP%20%7C%20Asiimov%20(Field-Tested)',
    });
    expect(await screen.findByTestId('chosen-item')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Покупка', pressed: true })).toBeTruthy();
    expect(
      (screen.getByRole('textbox', { name: 'Поиск по названию предмета' }) as HTMLInputElement).value,
    ).toBe('Asiimov');
    await user.click(screen.getByRole('button', { name: 'Продажа' }));
    expect(screen.getByRole('button', { name: 'Продажа', pressed: true })).toBeTruthy();
  });
});
