import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { botJob } from '@/test/bot-job';
import { commonData, commonWithTradeBot, jsonResponse, listPage } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';

import { MarketOrdersScreen } from './market-orders-screen';

const common = commonWithTradeBot([
  { id: 7, market: 'tm', label: 'Market CSGO trade_bot_01' },
  { id: 8, market: 'tm', label: 'Market CSGO trade_bot_02' },
]);

const ordersResult = {
  market: 'tm',
  accounts: [
    { market_account: 7, orders: 2, pages: 1 },
    { market_account: 8, orders: 1, pages: 1 },
  ],
  orders: [
    {
      market_account: 7,
      id: 'o1',
      market_hash_name: 'AK-47 | Redline (Field-Tested)',
      price: '800.00',
      currency: 'RUB',
      count: 1,
      phase: 'active',
    },
    {
      market_account: 7,
      id: 'o2',
      market_hash_name: 'AWP | Asiimov (Field-Tested)',
      price: '4100.00',
      currency: 'RUB',
      count: 2,
      phase: 'active',
    },
    {
      market_account: 8,
      id: 'o3',
      market_hash_name: 'Glock-18 | Fade (Factory New)',
      price: '90000.00',
      currency: 'RUB',
      count: 1,
      phase: 'active',
    },
  ],
};

const statsResult = {
  market: 'tm',
  orders: 3,
  items: 4,
  totals: [{ currency: 'RUB', count: 4, total: '99000.00' }],
  accounts: [
    { market_account: 7, orders: 2, total: '9000.00' },
    { market_account: 8, orders: 1, total: '90000.00' },
  ],
};

function stubBots(result: unknown = ordersResult) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    if (url.includes('/get-active-orders-stats/'))
      return jsonResponse(botJob('stats-1', { kind: 'orders.stats', state: 'done', result: statsResult }));
    if (url.includes('/get-active-orders/'))
      return jsonResponse(botJob('orders-1', { kind: 'orders.active', state: 'running' }), 202);
    if (url.includes('/api-node/jobs/orders-1/'))
      return jsonResponse(botJob('orders-1', { kind: 'orders.active', state: 'done', result }));
    if (url.includes('/api/market/toy-dynamic-settings/'))
      return jsonResponse(
        listPage([
          {
            id: 1,
            toy: 1,
            market: 'tm',
            market_account: null,
            market_hash_name: 'P250 | Sand Dune (Field-Tested)',
            scope: 'shared',
            phase: null,
            enable_dynamic_order: true,
            min_price_buy: '1.00',
            max_price_buy: '2.00',
            step: '0.01',
            max_orders: 1,
            updated_at: '2026-11-21T10:00:00Z',
          },
        ]),
      );
    return jsonResponse({}, 404);
  });
  return urls;
}

describe('Market orders screen', () => {
  it('reads the active orders and their stats, follows a job still running, filters by account', async () => {
    const urls = stubBots();
    const user = userEvent.setup();
    renderWithProviders(<MarketOrdersScreen market="tm" />, { common });
    expect(await screen.findByText('AWP | Asiimov (Field-Tested)')).toBeTruthy();
    expect(urls.some((url) => url.includes('/api-node/order-processing/tm/get-active-orders/?wait=25'))).toBe(
      true,
    );
    expect(urls.some((url) => url.includes('/api-node/jobs/orders-1/'))).toBe(true);
    expect(screen.getByTestId('orders-stats').textContent).toContain('Ордеров: 3, предметов: 4');
    expect(await screen.findByText('P250 | Sand Dune (Field-Tested)')).toBeTruthy();
    expect(
      urls.some((url) => url.includes('/api/market/toy-dynamic-settings/?') && url.includes('market=tm')),
    ).toBe(true);

    await user.click(screen.getByText('Market CSGO trade_bot_02: 1 / 90000.00'));
    await waitFor(() => expect(screen.queryByText('AWP | Asiimov (Field-Tested)')).toBeNull());
    expect(screen.getByText('Glock-18 | Fade (Factory New)')).toBeTruthy();
    expect(screen.getByTestId('orders-row-count').textContent).toBe('Показано 1 из 3');
  });

  it('one account with a rejected key: the good rows stay, the failing account is named with its reason', async () => {
    stubBots({
      ...ordersResult,
      failed_accounts: [
        { market_account: 9, reason: 'Order page 0 failed: tm.get-orders: Bad KEY', key_rejected: true },
      ],
    });
    const withThird = commonData({
      steamAccounts: [
        {
          ...common.steamAccounts[0]!,
          market_accounts: [
            ...common.steamAccounts[0]!.market_accounts,
            { id: 9, market: 'tm', label: 'Market CSGO trade_bot_03' },
          ],
        },
      ],
    });
    renderWithProviders(<MarketOrdersScreen market="tm" />, { common: withThird });
    expect(await screen.findByText('AWP | Asiimov (Field-Tested)')).toBeTruthy();
    expect(screen.getByText('Glock-18 | Fade (Factory New)')).toBeTruthy();
    const warning = screen.getByTestId('failed-accounts').textContent;
    expect(warning).toContain('не удалось прочитать аккаунтов — 1');
    expect(warning).toContain(
      'Market CSGO trade_bot_03: площадка отклонила API-ключ (Order page 0 failed: tm.get-orders: Bad KEY)',
    );
    expect(screen.queryByText(/Ордера недоступны/)).toBeNull();
  });

  it('shows every order-processing market as a tab', async () => {
    stubBots();
    renderWithProviders(<MarketOrdersScreen market="tm-mhn" />, { common });
    expect(
      screen.getByRole('tab', { name: 'Market CSGO (по названиям)' }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(screen.getAllByRole('tab')).toHaveLength(5);
  });
});
