import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { botJob } from '@/test/bot-job';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';

import { steamAccountRow } from '../testing/steam-account-row';
import { STEAM_ACTIONS } from '../utils/steam-actions';
import { SteamActionDialog } from './steam-action-dialog';

const action = (key: string) => STEAM_ACTIONS.find((item) => item.key === key)!;

function stubServices() {
  return stubApi(
    ({ url }) => {
      if (url.includes('/api-node/jobs/'))
        return jsonResponse(botJob('j7', { kind: 'steam.action', state: 'done', attempts: 1, result: {} }));
    },
    () => jsonResponse(botJob('j7', { kind: 'steam.action' }), 202),
  );
}

const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

describe('Steam account menu: the Steam market calls ask first', () => {
  it('previews a buy order (item, account, price × quantity in the wallet currency) and Cancel sends nothing', async () => {
    const calls = stubServices();
    const user = userEvent.setup();
    const account = steamAccountRow(2, { balance_currency: 'USD' });
    renderWithProviders(
      <SteamActionDialog account={account} action={action('marketOrder')} onClose={() => {}} />,
    );
    const form = await screen.findByRole('dialog');
    await user.type(
      within(form).getByRole('textbox', { name: /Market hash name|Название/ }),
      'AK-47 | Redline',
    );
    await user.type(within(form).getByRole('textbox', { name: /Цена/ }), '12.5');
    const quantity = within(form).getByRole('spinbutton');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(form).getByTestId('run-action'));

    const preview = await screen.findByRole('dialog', { name: /Поставить ордер на покупку в Steam/ });
    expect(preview.textContent).toContain('trade_bot_02');
    const row = within(preview).getByTestId('money-preview-row');
    expect(row.textContent).toContain('AK-47 | Redline');
    expect(row.textContent).toMatch(/37[.,]50\s\$/);
    expect(row.textContent).toMatch(/3 шт\. × 12[.,]50\s\$/);
    expect(within(preview).getByTestId('money-preview-totals').textContent).toMatch(/37[.,]50\s\$/);
    expect(posts(calls)).toHaveLength(0);

    await user.click(within(preview).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByTestId('money-preview-table')).toBeNull());
    expect(posts(calls)).toHaveLength(0);

    await user.click(within(form).getByTestId('run-action'));
    const again = await screen.findByRole('dialog', { name: /Поставить ордер/ });
    await user.click(within(again).getByTestId('money-preview-confirm'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    const [post] = posts(calls);
    expect(post!.url).toMatch(/\/api-node\/steam\/2\/market\/create-order\/?$/);
    expect(post!.body).toEqual({ market_hash_name: 'AK-47 | Redline', price: '12.5', quantity: 3 });
  });

  it('previews a listing (asset id as a string, price in ₽) and sends it only after confirmation', async () => {
    const calls = stubServices();
    const user = userEvent.setup();
    renderWithProviders(
      <SteamActionDialog account={steamAccountRow(1)} action={action('marketList')} onClose={() => {}} />,
    );
    const form = await screen.findByRole('dialog');
    const [asset, price] = within(form).getAllByRole('textbox');
    await user.type(asset!, '38350177023487412345');
    await user.type(price!, '99.90');
    await user.click(within(form).getByTestId('run-action'));
    const preview = await screen.findByRole('dialog', {
      name: /Выставить предмет на торговую площадку Steam/,
    });
    expect(within(preview).getByTestId('money-preview-row').textContent).toMatch(
      /38350177023487412345.*trade_bot_01.*99[.,]90\s₽/,
    );
    expect(posts(calls)).toHaveLength(0);
    await user.click(within(preview).getByTestId('money-preview-confirm'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({ asset_id: '38350177023487412345', price: '99.90' });
  });

  it('does not ask for a call that moves no money', async () => {
    const calls = stubServices();
    const user = userEvent.setup();
    renderWithProviders(
      <SteamActionDialog account={steamAccountRow(1)} action={action('relogin')} onClose={() => {}} />,
    );
    await user.click(await screen.findByTestId('run-action'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(screen.queryByTestId('money-preview-table')).toBeNull();
  });
});
