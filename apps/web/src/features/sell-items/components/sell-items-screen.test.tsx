import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { notifications } from '@/lib/notifications';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';

import { sellItemRow } from '../testing/sell-item-row';
import { SellItemsScreen } from './sell-items-screen';

const rows = [sellItemRow(1), sellItemRow(2, { price: '90.00', position: 1 })];

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function stubApi(onWrite: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = {
      method: init.method ?? 'GET',
      url,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    if (call.method !== 'GET') return onWrite(call);
    if (url.includes('/api/market/sell/items/count-by-mhn/'))
      return jsonResponse({
        results: [
          {
            market_hash_name: 'AWP | Asiimov (Field-Tested)',
            count: 4,
            min_price: '100.00',
            max_price: '150.00',
            total: '500.00',
          },
        ],
      });
    if (url.includes('/api/market/sell/items/for-sell/'))
      return jsonResponse({
        count: 1,
        next: null,
        previous: null,
        results: [
          {
            inventory_id: 9,
            steam_account: 1,
            steam_account_name: 'trade_bot_01',
            asset_id: '777',
            classid_instanceid: null,
            market_hash_name: 'M4A1-S | Hyper Beast (Minimal Wear)',
            toy: 3,
            icon_url: null,
            market: 'tm',
            price_sell: '1200.00',
            on_sale_count: 0,
          },
        ],
      });
    if (url.includes('/api/market/sell/items/'))
      return jsonResponse({ count: rows.length, next: null, previous: null, results: rows });
    return jsonResponse({}, 404);
  });
  return calls;
}

describe('Sell items screen', () => {
  it('lists the items on sale filtered by status and sets one price on the selected items', async () => {
    const calls = stubApi(() => jsonResponse({ updated: 2, results: [] }));
    const user = userEvent.setup();
    renderWithProviders(<SellItemsScreen />);
    expect(await screen.findByText('AK-47 | Redline (Field-Tested) #1')).toBeTruthy();
    const listCall = calls.find((call) => call.url.includes('/api/market/sell/items/?'))!;
    expect(listCall.url).toContain('status=on_sale');

    await user.click(screen.getByRole('checkbox', { name: 'Выбрать все загруженные предметы' }));
    await user.click(screen.getByRole('button', { name: 'Задать цену выбранным' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Цена'), '99.50');
    await user.click(within(dialog).getByRole('button', { name: 'Применить' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/\/api\/market\/sell\/items\/bulk-update-by-ids\/$/);
    expect(post.body).toEqual({ ids: [1, 2], fields: { price: '99.50' } });
    expect(notifications.list()[0]).toMatchObject({ text: 'Цена задана предметам: 2', color: 'success' });
  });

  it('takes one item off sale after confirmation and sets the price of one', async () => {
    const calls = stubApi((call) =>
      call.method === 'PATCH'
        ? jsonResponse(sellItemRow(2, { price: '95.00' }))
        : jsonResponse({ updated: 1, results: [] }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SellItemsScreen />);
    await user.click(
      await screen.findByRole('button', { name: 'Снять с продажи AK-47 | Redline (Field-Tested) #1' }),
    );
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByTestId('confirm-button'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      ids: [1],
      fields: { status: 'removed' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Цена: AK-47 | Redline (Field-Tested) #2' }));
    const priceDialog = await screen.findByRole('dialog');
    const price = within(priceDialog).getByLabelText(/Цена/);
    await user.clear(price);
    await user.type(price, '95');
    await user.click(within(priceDialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.url).toMatch(/\/api\/market\/sell\/items\/2\/$/);
    expect(patch.body).toEqual({ price: '95' });
  });

  it('shows the counts by name and the candidates for sale', async () => {
    stubApi(() => jsonResponse({}, 500));
    const user = userEvent.setup();
    renderWithProviders(<SellItemsScreen />);
    await user.click(screen.getByRole('tab', { name: 'По предметам' }));
    expect(await screen.findByText('AWP | Asiimov (Field-Tested)')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Кандидаты на продажу' }));
    expect(await screen.findByText('M4A1-S | Hyper Beast (Minimal Wear)')).toBeTruthy();
    expect(screen.getByText('trade_bot_01')).toBeTruthy();
  });
});
