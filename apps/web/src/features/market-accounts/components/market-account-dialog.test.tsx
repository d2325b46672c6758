import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';

import { marketAccountRow } from '../testing/market-account-row';
import { MarketAccountDialog } from './market-account-dialog';

/**
 * The create dialog on Market CSGO with no spend guards: trade_bot_01 chosen and auto-sell switched on,
 * nothing sent yet; `created` answers the POST.
 */
async function newAccountWithAutoSell(created: Response) {
  const calls = stubApi(
    ({ url }) => (url.includes('/api-node/spend-guards/') ? jsonResponse({ results: [] }) : undefined),
    () => created,
  );
  const user = userEvent.setup();
  renderWithProviders(
    <MarketAccountDialog account={null} defaultMarket="tm" proxies={[]} onClose={() => {}} />,
  );
  await user.click(await screen.findByRole('combobox', { name: /Steam-аккаунт|Аккаунт Steam/ }));
  await user.click(await screen.findByRole('option', { name: 'trade_bot_01' }));
  await user.click(screen.getByRole('switch', { name: 'Автопродажа' }));
  return { calls, user };
}

describe('Market account dialog', () => {
  it('asks before an edit takes the account live; Cancel sends nothing, Confirm saves', async () => {
    const account = marketAccountRow(1, { auto_sell: true });
    const calls = stubApi(
      ({ url }) =>
        url.includes('/api-node/spend-guards/')
          ? jsonResponse({
              results: [
                {
                  market_account: 1,
                  daily_cap: '500.000',
                  currency: 'RUB',
                  max_price_percent: null,
                  spent_today: '12.500',
                  unknown_today: 0,
                  updated_at: null,
                },
              ],
            })
          : undefined,
      () => jsonResponse({ ...account, dry_run: false }),
    );
    const user = userEvent.setup();
    renderWithProviders(<MarketAccountDialog account={account} proxies={[]} onClose={() => {}} />);
    await user.click(await screen.findByRole('switch', { name: 'Пробный режим' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    const row = (await screen.findByTestId('go-live-1')).textContent?.replace(/\s/g, ' ');
    expect(row).toContain('Автопродажа');
    expect(row).toContain('500.00 ₽');
    expect(row).toContain('нет предела');
    expect(row).toContain('12.50 ₽');
    await user.click(within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByTestId('go-live-1')).toBeNull());
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await user.click(await screen.findByTestId('go-live-confirm'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({ dry_run: false });
  });

  it('asks before a new account is created live (dry run off, a loop on); Cancel creates nothing', async () => {
    const { calls, user } = await newAccountWithAutoSell(
      jsonResponse(marketAccountRow(9, { dry_run: false, auto_sell: true }), 201),
    );
    await user.click(screen.getByRole('switch', { name: 'Пробный режим' }));
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Создать аккаунт без пробного режима: Market CSGO trade_bot_01?',
    });
    const row = within(confirm).getByTestId('go-live-0').textContent?.replace(/\s/g, ' ');
    expect(row).toContain('Market CSGO trade_bot_01');
    expect(row).toContain('Автопродажа');
    expect(row).toContain('нет лимита');
    expect(row).toContain('нет предела');
    expect(within(confirm).getByTestId('go-live-unguarded')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByTestId('go-live-0')).toBeNull());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Создать' }));
    await user.click(await screen.findByRole('button', { name: 'Создать вживую' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      market: 'tm',
      steam_account: 1,
      auto_sell: true,
      dry_run: false,
    });
  });

  it('creates a dry-run account at once, without asking', async () => {
    const { calls, user } = await newAccountWithAutoSell(jsonResponse(marketAccountRow(9), 201));
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(screen.queryByTestId('go-live-confirm')).toBeNull();
  });
});
