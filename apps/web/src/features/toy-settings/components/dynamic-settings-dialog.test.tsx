import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { commonWithTradeBot, jsonResponse, listPage } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';

import { DynamicSettingsDialog } from './dynamic-settings-dialog';

const setting = (id: number, marketAccount: number | null, overrides: Record<string, unknown> = {}) => ({
  id,
  toy: 5,
  market: 'tm',
  market_account: marketAccount,
  market_hash_name: 'AK-47 | Redline (Field-Tested)',
  scope: marketAccount ? 'private' : 'shared',
  min_price_buy: '100.00',
  max_price_buy: '120.00',
  enable_dynamic_order: true,
  step: '0.01',
  max_orders: 1,
  created_at: '',
  updated_at: '',
  ...overrides,
});

const common = commonWithTradeBot([
  { id: 7, market: 'tm', label: 'Market CSGO trade_bot_01' },
  { id: 8, market: 'dmarket', label: 'DMarket trade_bot_01' },
]);

function stubApi() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = {
      method: init.method ?? 'GET',
      url,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    if (url.includes('create-or-update')) return jsonResponse({ created: 1, updated: 0 });
    if (call.method === 'DELETE') return new Response(null, { status: 204 });
    if (url.includes('/api/market/toy-dynamic-settings/'))
      return jsonResponse(listPage([setting(1, null), setting(2, 7, { enable_dynamic_order: false })]));
    return jsonResponse({}, 404);
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('Dynamic settings dialog', () => {
  it('lists the shared and per-account rows of the toy on the market', async () => {
    const calls = stubApi();
    renderWithProviders(
      <DynamicSettingsDialog toy={5} market="tm" name="AK-47 | Redline (Field-Tested)" onClose={() => {}} />,
      { common },
    );
    expect(await screen.findByText('Общая (все аккаунты)')).toBeTruthy();
    expect(screen.getByText('Market CSGO trade_bot_01')).toBeTruthy();
    expect(calls[0]?.url).toMatch(/toy=5.*market=tm|market=tm.*toy=5/);
  });

  it('shows the prices of a dollar market in $ (Market CSGO USD), of Market CSGO in ₽', async () => {
    stubApi();
    const { unmount } = renderWithProviders(
      <DynamicSettingsDialog
        toy={5}
        market="tm_usd"
        name="AK-47 | Redline (Field-Tested)"
        onClose={() => {}}
      />,
      { common },
    );
    expect(await screen.findAllByText('100.00 $')).toHaveLength(2);
    expect(screen.queryByText('100.00 ₽')).toBeNull();
    unmount();
    renderWithProviders(
      <DynamicSettingsDialog toy={5} market="tm" name="AK-47 | Redline (Field-Tested)" onClose={() => {}} />,
      { common },
    );
    expect(await screen.findAllByText('100.00 ₽')).toHaveLength(2);
  });

  it('refuses min above max, then saves a private row of one account through create-or-update', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(
      <DynamicSettingsDialog toy={5} market="tm" name="AK-47 | Redline (Field-Tested)" onClose={() => {}} />,
      { common },
    );
    await user.click(await screen.findByRole('button', { name: 'Добавить настройку' }));
    const form = screen.getByRole('form', { name: 'Настройка ордера' });
    await user.click(within(form).getByRole('combobox', { name: 'Аккаунт площадки' }));
    // Only the accounts of this market are offered.
    expect(screen.queryByRole('option', { name: 'DMarket trade_bot_01' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Market CSGO trade_bot_01' }));
    await user.type(within(form).getByRole('textbox', { name: 'Мин. цена покупки' }), '50');
    await user.type(within(form).getByRole('textbox', { name: 'Макс. цена покупки' }), '40');
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(await within(form).findByText('Мин. цена покупки больше максимальной')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('create-or-update'))).toBe(false);

    await user.clear(within(form).getByRole('textbox', { name: 'Макс. цена покупки' }));
    await user.type(within(form).getByRole('textbox', { name: 'Макс. цена покупки' }), '60');
    await user.click(within(form).getByRole('checkbox', { name: 'Динамический ордер' }));
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('create-or-update'))?.body).toEqual({
        toy: 5,
        market: 'tm',
        market_account: 7,
        scope: 'private',
        min_price_buy: '50',
        max_price_buy: '60',
        step: '0.01',
        max_orders: 1,
        enable_dynamic_order: true,
      }),
    );
  });

  it('a Doppler: rows per phase, and a new row saved for one phase', async () => {
    const doppler = '★ Karambit | Doppler (Factory New)';
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('create-or-update')) return jsonResponse({ created: 1, updated: 0 });
      if (url.includes('/api/market/toy-dynamic-settings/'))
        return jsonResponse(
          listPage([
            setting(1, null, { market_hash_name: doppler, phase: null }),
            setting(2, null, { market_hash_name: doppler, phase: 'phase2', min_price_buy: '900.00' }),
          ]),
        );
      return jsonResponse({}, 404);
    });
    const user = userEvent.setup();
    renderWithProviders(<DynamicSettingsDialog toy={5} market="tm" name={doppler} onClose={() => {}} />, {
      common,
    });
    expect(await screen.findByText('Без фазы')).toBeTruthy();
    expect(screen.getByText('Фаза 2')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Добавить настройку' }));
    const form = screen.getByRole('form', { name: 'Настройка ордера' });
    await user.click(within(form).getByRole('combobox', { name: 'Фаза' }));
    // A Doppler's phases: no Emerald (that is Gamma Doppler's).
    expect(screen.queryByRole('option', { name: 'Изумруд' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Рубин' }));
    await user.type(within(form).getByRole('textbox', { name: 'Мин. цена покупки' }), '5000');
    await user.type(within(form).getByRole('textbox', { name: 'Макс. цена покупки' }), '6000');
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('create-or-update'))?.body).toMatchObject({
        toy: 5,
        market: 'tm',
        market_account: null,
        phase: 'ruby',
        min_price_buy: '5000',
        max_price_buy: '6000',
      }),
    );
  });
});
