import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { botJob } from '@/test/bot-job';
import { jsonResponse, listPage } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';

import { MarketDatabaseScreen } from './market-database-screen';

const AK = 'AK-47 | Redline (Field-Tested)';
const AWP = 'AWP | Asiimov (Field-Tested)';

function stubServices() {
  let reads = 0;
  return stubApi(({ url, method, body }) => {
    if (url.includes('/orders/get-stats/'))
      return jsonResponse({
        market: 'tm',
        items: 1200,
        with_buy_order: 800,
        last_import_at: '2026-01-01T10:00:00Z',
        last_import_job: null,
        distribution: [{ market_account: 4, items: 30 }],
      });
    if (url.includes('/orders/reset-distribution/')) return jsonResponse({ success: true, removed: 30 });
    if (url.includes('/api/market/toys/only-market-hash-name/'))
      return jsonResponse({ count: 2, results: [AK, AWP] });
    if (url.includes('/api/market/accounts/'))
      return jsonResponse(listPage([{ id: 4, market: 'tm', label: 'Market CSGO · trade_bot_01' }]));
    if (url.includes('/prices/get-prices/') && method === 'POST') {
      const names = (body as { marketHashNames: string[] }).marketHashNames;
      return jsonResponse({
        currency: 'RUB',
        results: names
          .filter((name) => name !== 'Nope')
          .map((name) => ({
            market: 'tm',
            market_hash_name: name,
            price: '275.59',
            buy_order: null,
            currency: 'RUB',
            volume: 12,
            updated_at: '2026-01-01T10:00:00Z',
          })),
        missing: names.filter((name) => name === 'Nope'),
      });
    }
    if (url.includes('/browser-parser/') || url.includes('/get-items/'))
      return jsonResponse(botJob('j5', { kind: 'orders.mhn', state: 'running' }), 202);
    if (url.includes('/api-node/jobs/')) {
      reads += 1;
      return jsonResponse(
        botJob('j5', { kind: 'orders.mhn', state: 'done', attempts: 1, result: { results: [], reads } }),
      );
    }
  });
}

const table = () => screen.getByRole('table', { name: 'Цены из базы площадки' });

describe('Market database screen', () => {
  it("shows the stats and our toys' prices in their currency", async () => {
    const calls = stubServices();
    renderWithProviders(<MarketDatabaseScreen />);
    expect(await screen.findByText('В базе 1200 предм., с ордером на покупку 800')).toBeTruthy();
    expect(await screen.findByText(/Market CSGO · trade_bot_01 — 30/)).toBeTruthy();
    await waitFor(() => expect(within(table()).getByText(AWP)).toBeTruthy());
    expect(within(table()).getAllByText(/275[.,]59\s₽/)).toHaveLength(2);
    expect(calls.find((call) => call.url.includes('/get-prices/'))?.body).toEqual({
      marketHashNames: [AK, AWP],
    });
  });

  it('looks up typed names: prices, and our tm orders as a job', async () => {
    const calls = stubServices();
    const user = userEvent.setup();
    renderWithProviders(<MarketDatabaseScreen />);
    await waitFor(() => expect(within(table()).getByText(AWP)).toBeTruthy());
    await user.type(screen.getByRole('textbox', { name: /Названия предметов/ }), `${AK}{Enter}Nope`);
    await user.click(screen.getByRole('button', { name: 'Цены из базы' }));
    expect(await screen.findByTestId('missing-names')).toBeTruthy();
    await waitFor(() => expect(within(table()).queryByText(AWP)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Наши ордера Market CSGO по названиям' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('orders-job')).getByTestId('job-state').textContent).toBe('Готово'),
    );
    const orders = calls.find((call) => call.url.includes('/get-orders-mhn'));
    expect(orders?.method).toBe('POST');
    expect(orders?.url).toMatch(/wait=0/);
    expect(orders?.body).toEqual({ marketHashNames: [AK, 'Nope'] });
    await user.click(screen.getByRole('button', { name: 'Все наши ордера Market CSGO' }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/get-all-orders-mhn'))).toBe(true));
  });

  it("reads one account's items as a job", async () => {
    const calls = stubServices();
    const user = userEvent.setup();
    renderWithProviders(<MarketDatabaseScreen />);
    await user.click(await screen.findByRole('combobox', { name: 'Аккаунт площадки' }));
    await user.click(await screen.findByRole('option', { name: 'Market CSGO · trade_bot_01' }));
    await user.click(screen.getByRole('button', { name: 'Предметы аккаунта на площадке' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('items-job')).getByTestId('job-state').textContent).toBe('Готово'),
    );
    expect(calls.some((call) => /\/market-database\/tm\/items\/4\/get-items\/\?wait=0$/.test(call.url))).toBe(
      true,
    );
  });

  it('resets the order distribution only after a confirmation', async () => {
    const calls: ApiCall[] = stubServices();
    const user = userEvent.setup();
    renderWithProviders(<MarketDatabaseScreen />);
    await screen.findByText('В базе 1200 предм., с ордером на покупку 800');
    await user.click(screen.getByRole('button', { name: 'Сбросить распределение' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/30 назначений, аккаунтов: 1/)).toBeTruthy();
    expect(calls.some((call) => call.url.includes('reset-distribution'))).toBe(false);
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      calls.filter((call) => call.url.includes('/market-database/tm/orders/reset-distribution/')),
    ).toHaveLength(1);
  });
});
