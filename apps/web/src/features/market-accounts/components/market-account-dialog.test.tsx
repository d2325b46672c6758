import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';

import { marketAccountRow } from '../testing/market-account-row';
import { MarketAccountDialog } from './market-account-dialog';

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
});
